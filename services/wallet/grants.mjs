// ERC-7715 permissions as the visitor grants them in the frame (docs/permissions.md): `wallet_grantPermissions` is
// checked and summed up in plain words before the approval is offered; approved, the frame signs the delegation
// (permissions.mjs) with the visitor's key, and, while the account is still a plain EOA, the EIP-7702 authorization
// and the operation that upgrades it in place (delegation.mjs), since only an upgraded account can run a permission.
// `wallet_revokePermissions` disables the delegation on chain, from the visitor's own account, after its approval;
// `wallet_getPermissions` lists this network's grants with where each stands on chain.
// Loaded on first use, as smartRequests.mjs's other requests are.
import { parseSignature } from 'viem'

import {
  authorizationRequest,
  checkAuthorization,
  delegationState,
  prepareDelegatedOperation,
  sendDelegatedOperation,
} from './delegation.mjs'
import { DELEGATION_MANAGER, DISABLE_DELEGATION_SELECTOR, EIP7702_DELEGATE } from './delegationFramework.mjs'
import { WalletError, invalidRequest } from './errors.mjs'
import {
  delegationOf,
  delegationOfContext,
  delegationTypedData,
  grantAnswer,
  parsePermissionRequest,
  permissionStatus,
  revocationCalls,
  signedDelegation,
  summarizeGrant,
  tokenOf,
} from './permissions.mjs'
import { clientsOf, deserialize, serialize } from './smartAccounts.mjs'

/** @typedef {import('./networks.mjs').WalletNetwork} WalletNetwork */
/** @typedef {import('./accounts.mjs').WalletUser} WalletUser */
/** @typedef {import('./relay.mjs').Step} Step */

/**
 * The chain's latest block time in milliseconds: the enforcers read the block's time, which lags the wall clock
 * between blocks (a period starting after the last block would refuse its first use).
 *
 * @param {WalletNetwork} network
 */
async function chainNow(network) {
  return Number((await clientsOf(network).client.getBlock()).timestamp) * 1000
}

/**
 * Checks a grant before its approval is offered (INVALID_REQUEST saying what is wrong) and gives what the approval
 * keeps: the request as the site sent it, whether the approval also upgrades the account, and the words the frame
 * shows.
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {unknown} params
 * @returns {Promise<{ request: unknown, upgrade: boolean, summary: string }>}
 */
export async function checkGrant(network, user, params) {
  if (!Array.isArray(params) || params.length !== 1) throw invalidRequest('Invalid params for wallet_grantPermissions: one request')
  const [request] = params
  if (!network.bundlerUrl) throw new WalletError(400, 'UNSUPPORTED_ACCOUNT_TYPE', 'Permissions are not available on this network')
  const { client } = clientsOf(network)
  // A chain qualifies when the delegate is deployed there (docs/wallets.md): anywhere else a permission could not run.
  if (!(await client.getCode({ address: EIP7702_DELEGATE }))) {
    throw new WalletError(400, 'UNSUPPORTED_ACCOUNT_TYPE', 'Permissions are not available on this network')
  }
  const grant = parsePermissionRequest(request, { chainId: Number(network.id), account: user.evmAddress, now: await chainNow(network) })
  const [token, state] = await Promise.all([
    grant.permission.type === 'erc20-token-periodic'
      ? tokenOf(network, /** @type {`0x${string}`} */ (grant.permission.data.tokenAddress))
      : undefined,
    delegationState(network, user.evmAddress),
  ])
  const lines = [summarizeGrant(grant, token)]
  if (!state.upgraded) lines.push(upgradeLine(network))
  return { request, upgrade: !state.upgraded, summary: lines.join('\n') }
}

/** What the approval says of the authorization it also signs. @param {WalletNetwork} network */
export const upgradeLine = (network) =>
  `Upgrade this account to a smart account: delegate ${EIP7702_DELEGATE} on chain ${network.id}. Same address, same key; you can undo it from Account.`

/** The calls a grant's or a revocation's operation makes, for the site's sponsorship policy. @param {string} method @param {any} params */
export function callsToSponsor(method, params) {
  if (method === 'wallet_grantPermissions') return params.upgrade ? [] : undefined
  return [{ to: DELEGATION_MANAGER, data: DISABLE_DELEGATION_SELECTOR }]
}

/** A signing job's typed data as JSON: its bigints as decimal strings, which EIP-712 hashing reads the same. @param {unknown} value */
export const jsonSafe = (value) => JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item)))

/**
 * The grant's progress while the frame signs: the delegation (then signed), the authorization asked for, the
 * upgrading operation.
 *
 * @typedef {{ delegation: string, signed?: boolean, authorization?: import('./delegation.mjs').AuthorizationRequest,
 *   userOperation?: string, sponsorship?: string }} GrantProgress
 */

/**
 * The first signing job of an approved grant: the delegation's EIP-712 message, for the visitor's key.
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @returns {Promise<Step>}
 */
export async function firstGrantStep(network, user, row) {
  const now = await chainNow(network)
  const grant = parsePermissionRequest(row.params.request, { chainId: Number(network.id), account: user.evmAddress, now })
  const delegation = delegationOf(grant, now)
  return {
    job: { kind: 'evm_typed', typedData: jsonSafe(delegationTypedData(delegation, grant.chainId)) },
    progress: /** @type {any} */ ({ delegation: serialize(delegation) }),
  }
}

/**
 * Checks what the frame signed for the grant's current job and answers the next job, or the grant (ERC-7715's
 * answer) once the delegation is signed and the account upgraded.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @param {GrantProgress} progress @param {{ signature?: string }} signed
 * @param {(calls: readonly import('./relay.mjs').EvmCall[]) => Promise<import('./smartAccounts.mjs').Sponsor | undefined>} sponsorOf
 * @returns {Promise<Step>}
 */
export async function nextGrantStep(deps, network, user, row, progress, signed, sponsorOf) {
  const owner = user.evmAddress
  const signature = signatureOf(signed)
  if (!progress.signed) {
    const delegation = await signedDelegation(deserialize(progress.delegation), Number(network.id), signature)
    const next = { delegation: serialize(delegation), signed: true }
    if ((await delegationState(network, owner)).upgraded) return granted(deps, network, user, row, next)
    const authorization = await authorizationRequest(network, owner)
    return { job: { kind: 'evm_authorization', authorization }, progress: /** @type {any} */ ({ ...next, authorization }) }
  }
  if (progress.authorization && !progress.userOperation) {
    const { r, s, yParity } = parseSignature(signature)
    const authorization = await checkAuthorization(progress.authorization, owner, { ...progress.authorization, r, s, yParity })
    // The upgrade alone: an operation with no calls, whose transaction carries the authorization.
    const prepared = await prepareDelegatedOperation(network, owner, [], { authorization, sponsor: await sponsorOf([]) })
    return {
      job: { kind: 'evm_typed', typedData: jsonSafe(prepared.typedData) },
      progress: /** @type {any} */ ({
        ...progress,
        userOperation: prepared.serialized,
        ...(prepared.sponsorship && { sponsorship: prepared.sponsorship }),
      }),
    }
  }
  if (!progress.userOperation) throw invalidRequest('Nothing is waiting for a signature')
  await sendOperation(deps, network, owner, progress, signature)
  return granted(deps, network, user, row, progress)
}

/**
 * Sends an operation the frame signed and settles its sponsorship; a reverted one fails the request.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {WalletNetwork} network @param {`0x${string}`} owner
 * @param {{ userOperation?: string, sponsorship?: string }} progress @param {`0x${string}`} signature
 */
async function sendOperation(deps, network, owner, progress, signature) {
  const sent = await sendDelegatedOperation(network, owner, /** @type {string} */ (progress.userOperation), signature)
  if (progress.sponsorship) {
    const { settleSponsorship } = await import('./sponsorship.mjs')
    await settleSponsorship(deps.database, progress.sponsorship, sent.userOpHash, sent.actualGasCost)
  }
  if (!sent.success) throw new WalletError(400, 'RPC_ERROR', 'The operation failed on chain', { rpcCode: -32603 })
  return sent
}

/**
 * Keeps the granted permission with its request (for wallet_getPermissions and revocation) and answers it.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @param {{ delegation: string }} progress
 * @returns {Promise<Step>}
 */
async function granted(deps, network, user, row, progress) {
  const delegation = deserialize(progress.delegation)
  const grant = parsePermissionRequest(row.params.request, {
    chainId: Number(network.id),
    account: user.evmAddress,
    now: await chainNow(network),
  })
  const answer = grantAnswer(grant, delegation)
  const token =
    grant.permission.type === 'erc20-token-periodic'
      ? await tokenOf(network, /** @type {`0x${string}`} */ (grant.permission.data.tokenAddress))
      : undefined
  // Account lists it in the words the visitor approved (their first line: what the site may do, until when).
  const summary = summarizeGrant(grant, token).split('\n')[0]
  await deps.database.query('UPDATE wallet.approvals SET result = $2::jsonb WHERE id = $1', [
    row.id,
    JSON.stringify({ expiry: grant.expiry, context: answer.context, answer, summary }),
  ])
  return { result: answer, progress: {} }
}

/** @param {{ signature?: string }} signed */
function signatureOf(signed) {
  if (typeof signed.signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signed.signature))
    throw invalidRequest('signature must be 65 bytes of hex')
  return /** @type {`0x${string}`} */ (signed.signature)
}

/**
 * A live grant of this user on this network by its context: its approval's id and answer; INVALID_REQUEST when none
 * (never granted here, another user's, revoked).
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {string} userId @param {WalletNetwork} network @param {unknown} context
 */
export async function liveGrant({ database }, userId, network, context) {
  const { rows } = await database.query(
    `SELECT id, result FROM wallet.approvals
     WHERE user_id = $1 AND chain_id = $2 AND method = 'wallet_grantPermissions' AND status = 'approved' AND result->>'context' = $3
       AND NOT coalesce((result->>'revoked')::boolean, false)`,
    [userId, network.id, typeof context === 'string' ? context.toLowerCase() : ''],
  )
  if (!rows[0]) throw invalidRequest('wallet_revokePermissions: no live permission has this context')
  return { id: rows[0].id, answer: rows[0].result.answer, delegation: delegationOfContext(rows[0].result.context) }
}

/**
 * Checks a revocation before its approval is offered: `[{ permissionsContext }]` naming a live grant of this user.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {WalletUser} user @param {WalletNetwork} network @param {unknown} params
 */
export async function checkRevocation(deps, user, network, params) {
  const context = Array.isArray(params) && params.length === 1 ? params[0]?.permissionsContext : undefined
  if (typeof context !== 'string') throw invalidRequest('Invalid params for wallet_revokePermissions: [{ permissionsContext }]')
  const grant = await liveGrant(deps, user.id, network, context)
  return { permissionsContext: context.toLowerCase(), summary: revocationSummary(grant.answer) }
}

/** @param {any} answer */
const revocationSummary = (answer) =>
  `Revoke this permission, on chain, from your account ${answer.address}: ${JSON.stringify(answer.permissions[0])}. The site can no longer use it.`

/**
 * The revocation's one signing job: the user operation that calls disableDelegation from the visitor's account.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @param {(calls: readonly import('./relay.mjs').EvmCall[]) => Promise<import('./smartAccounts.mjs').Sponsor | undefined>} sponsorOf
 * @returns {Promise<Step>}
 */
export async function firstRevocationStep(deps, network, user, row, sponsorOf) {
  const { delegation } = await liveGrant(deps, user.id, network, row.params.permissionsContext)
  const calls = revocationCalls(delegation)
  const prepared = await prepareDelegatedOperation(network, user.evmAddress, calls, { sponsor: await sponsorOf(calls) })
  return {
    job: { kind: 'evm_typed', typedData: jsonSafe(prepared.typedData) },
    progress: /** @type {any} */ ({
      userOperation: prepared.serialized,
      ...(prepared.sponsorship && { sponsorship: prepared.sponsorship }),
    }),
  }
}

/**
 * Sends the signed revocation and marks the grant revoked; answers null (ERC-7715).
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @param {{ userOperation?: string, sponsorship?: string }} progress @param {{ signature?: string }} signed
 * @returns {Promise<Step>}
 */
export async function nextRevocationStep(deps, network, user, row, progress, signed) {
  const grant = await liveGrant(deps, user.id, network, row.params.permissionsContext)
  await sendOperation(deps, network, user.evmAddress, progress, signatureOf(signed))
  await deps.database.query(`UPDATE wallet.approvals SET result = result || '{"revoked": true}'::jsonb WHERE id = $1`, [grant.id])
  return { result: null, progress: {} }
}

/**
 * wallet_getPermissions: this user's grants on this network, newest first, each ERC-7715's answer with the words the
 * visitor approved (`summary`) and where it stands on chain (`status`: `active` with what is left of this period in
 * `availableThisPeriod`, `revoked`, `expired`).
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {WalletUser} user @param {WalletNetwork} network
 */
export async function permissionsOf(deps, user, network) {
  const { rows } = await deps.database.query(
    `SELECT result FROM wallet.approvals
     WHERE user_id = $1 AND chain_id = $2 AND method = 'wallet_grantPermissions' AND status = 'approved' AND result ? 'context'
     ORDER BY created_at DESC LIMIT 100`,
    [user.id, network.id],
  )
  const now = await chainNow(network)
  return Promise.all(
    rows.map(async ({ result }) => {
      const { availableThisPeriod, ...status } = await permissionStatus(network, delegationOfContext(result.context), now)
      return {
        ...result.answer,
        summary: result.summary,
        ...status,
        ...(availableThisPeriod !== undefined && { availableThisPeriod: `0x${availableThisPeriod.toString(16)}` }),
      }
    }),
  )
}
