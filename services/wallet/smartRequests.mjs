// The unsafe requests a smart-account wallet adds to rules §6's list: a user operation (ERC-4337
// `eth_sendUserOperation`) and permissions (ERC-7715 `wallet_grantPermissions`, `wallet_revokePermissions`). Each waits
// for the visitor's approval in the frame, like a signature; what each does once approved is in docs/wallets.md.
// rpc.mjs checks their params here before an approval is offered, and runs them here once it is given.
import * as v from 'valibot'

import { WalletError, invalidRequest } from './errors.mjs'

/** The requests of this module, all unsafe (each needs the visitor's approval). */
export const SMART_REQUEST_METHODS = new Set(['eth_sendUserOperation', 'wallet_grantPermissions', 'wallet_revokePermissions'])

/** rules §9's pending limit keeps the grants few; one asks for at most this many permissions. */
const MAX_PERMISSIONS = 10
/** A grant lasts at most a year: the visitor should not forget what they allowed. */
const MAX_GRANT_SECONDS = 365 * 24 * 3600

const ADDRESS = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'an address starting with 0x'))
const HEX = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/, 'hex starting with 0x'), v.maxLength(100_000))
const TYPE_NAME = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'a type name of letters, digits, "-" or "_"'))
const DATA = v.pipe(
  v.record(v.string(), v.unknown()),
  v.check((data) => JSON.stringify(data).length <= 4_000, 'data of at most 4000 characters'),
)
const GRANT = v.tuple([
  v.object({
    chainId: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,14}$/, 'chainId in hex')),
    address: v.optional(ADDRESS),
    expiry: v.pipe(v.number(), v.safeInteger('expiry in whole seconds'), v.minValue(1)),
    signer: v.object({ type: TYPE_NAME, data: v.optional(DATA) }),
    permissions: v.pipe(
      v.array(
        v.object({
          type: TYPE_NAME,
          data: v.optional(DATA),
          policies: v.optional(v.pipe(v.array(v.object({ type: TYPE_NAME, data: v.optional(DATA) })), v.maxLength(MAX_PERMISSIONS))),
          required: v.optional(v.boolean()),
        }),
      ),
      v.minLength(1, 'at least one permission'),
      v.maxLength(MAX_PERMISSIONS, `at most ${MAX_PERMISSIONS} permissions`),
    ),
  }),
])
const REVOKE = v.tuple([v.object({ permissionsContext: v.pipe(v.string(), v.uuid('permissionsContext must be a granted context')) })])
const USER_OPERATION = v.tuple([
  v.looseObject({ sender: ADDRESS, callData: HEX }),
  v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'the EntryPoint address')),
])

/**
 * @template {v.GenericSchema} S
 * @param {S} schema @param {string} method @param {unknown} params
 * @returns {v.InferOutput<S>}
 */
function parse(schema, method, params) {
  const result = v.safeParse(schema, params)
  if (!result.success) throw invalidRequest(`Invalid params for ${method}: ${result.issues[0].message}`)
  return result.output
}

const same = (/** @type {string} */ a, /** @type {string} */ b) => a.toLowerCase() === b.toLowerCase()

/**
 * Checks a request's params before an approval is offered, and gives what the approval stores: the params, with a user
 * operation's calls decoded (the visitor approves the calls, not opaque bytes).
 *
 * @param {import('./rpc.mjs').RpcDeps} deps
 * @param {import('./accounts.mjs').WalletUser} user
 * @param {string} method
 * @param {unknown} params
 * @param {{ network: import('./networks.mjs').WalletNetwork, evm: Awaited<ReturnType<typeof import('./rpc.mjs').evmAccountOf>> | undefined }} where
 */
export async function checkSmartRequest(deps, user, method, params, { network, evm }) {
  if (network.namespace !== 'eip155' || !evm) throw invalidRequest(`${method} is for EVM networks`)
  if (method === 'eth_sendUserOperation') {
    const [operation, entryPoint] = parse(USER_OPERATION, method, params)
    if (!evm.smartAccount) throw new WalletError(400, 'UNSUPPORTED_ACCOUNT_TYPE', 'Smart accounts are not available on this network')
    if (!same(operation.sender, evm.smartAccount.address))
      throw invalidRequest(`${method} names ${operation.sender}, not this wallet's smart account`)
    const { ENTRY_POINT_08, decodeAccountCalls } = await import('./foyerAccount.mjs')
    if (!same(entryPoint, ENTRY_POINT_08)) throw invalidRequest(`${method}: this wallet's accounts use EntryPoint ${ENTRY_POINT_08}`)
    let calls
    try {
      calls = decodeAccountCalls(/** @type {`0x${string}`} */ (operation.callData))
    } catch {
      throw invalidRequest(`${method}: callData must be the account's execute or executeBatch`)
    }
    if (calls.length === 0 || calls.length > 10) throw invalidRequest(`${method}: 1 to 10 calls`)
    return { sender: operation.sender, calls: calls.map(({ to, value, data }) => ({ to, value: `0x${value.toString(16)}`, data })) }
  }
  if (method === 'wallet_grantPermissions') {
    const [grant] = parse(GRANT, method, params)
    if (Number.parseInt(grant.chainId, 16) !== Number(network.id)) throw invalidRequest(`${method}: chainId must be the current network's`)
    if (grant.address && !same(grant.address, evm.address) && !same(grant.address, user.evmAddress))
      throw invalidRequest(`${method} names ${grant.address}, not this wallet's address`)
    const now = Math.floor(deps.now() / 1000)
    if (grant.expiry <= now || grant.expiry > now + MAX_GRANT_SECONDS)
      throw invalidRequest(`${method}: expiry must be within a year from now`)
    return [{ ...grant, address: grant.address ?? evm.address }]
  }
  const [{ permissionsContext }] = parse(REVOKE, method, params)
  if (!(await liveGrant(deps, user.id, permissionsContext))) throw invalidRequest(`${method}: no live permission has this context`)
  return [{ permissionsContext }]
}

/**
 * A grant of this user that is approved, not revoked and not expired.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {string} userId @param {string} context
 */
async function liveGrant({ database, now }, userId, context) {
  const { rows } = await database.query(
    `SELECT result FROM wallet.approvals WHERE id = $1 AND user_id = $2 AND method = 'wallet_grantPermissions' AND status = 'approved'`,
    [context, userId],
  )
  const result = rows[0]?.result
  return result && !result.revoked && result.expiry * 1000 > now()
}

/**
 * What the panel says the request does.
 *
 * @param {string} method @param {any} params
 */
export function summarizeSmartRequest(method, params) {
  if (method === 'eth_sendUserOperation') {
    const lines = params.calls.map(
      (/** @type {any} */ call) => `Send ${BigInt(call.value)} wei to ${call.to}${call.data && call.data !== '0x' ? ' with data' : ''}`,
    )
    return `${lines.join('\n')}\nFrom your smart account ${params.sender}, as one operation`
  }
  if (method === 'wallet_grantPermissions') {
    const [grant] = params
    return [
      `Grant ${grant.signer.type} signer permissions for ${grant.address} until ${new Date(grant.expiry * 1000).toISOString()}:`,
      ...grant.permissions.map(
        (/** @type {any} */ permission) => `- ${permission.type}${permission.data ? ` ${JSON.stringify(permission.data)}` : ''}`,
      ),
      'This wallet lets no other signer act for your account: every request still asks you.',
    ].join('\n')
  }
  return `Revoke the permissions granted as ${params[0].permissionsContext}`
}

/**
 * Runs an approved grant or revocation; nothing is signed (eth_sendUserOperation is signed in the frame and sent by
 * relay.mjs, as the smart account's other operations are).
 *
 * @param {import('./rpc.mjs').RpcDeps} deps
 * @param {any} row the approvals row
 * @param {import('./networks.mjs').WalletNetwork} _network
 */
export async function runSmartRequest(deps, row, _network) {
  if (row.method === 'wallet_grantPermissions') {
    const [grant] = row.params
    await deps.database.query('UPDATE wallet.approvals SET result = $2 WHERE id = $1', [row.id, JSON.stringify({ expiry: grant.expiry })])
    return { ...grant, context: row.id }
  }
  const [{ permissionsContext }] = row.params
  const { rows } = await deps.database.query(
    `UPDATE wallet.approvals SET result = result || '{"revoked": true}'::jsonb
     WHERE id = $1 AND user_id = $2 AND method = 'wallet_grantPermissions' AND status = 'approved' RETURNING id`,
    [permissionsContext, row.user_id],
  )
  if (!rows[0]) throw invalidRequest('No live permission has this context')
  return null
}
