// APP_RPC_REQUEST (rules §6): read-only requests run at once on the service's RPC; requests that spend or sign
// wait for the user's click inside the frame (an approval); anything else is refused.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'

import { getBase58Encoder } from '@solana/kit'
import * as v from 'valibot'

import { joinedUser, joinedUserColumns, userById } from './accounts.mjs'
import { WalletError, invalidRequest, notAllowed } from './errors.mjs'
import { walletAssets } from './assets.mjs'
import { jsonRpcCall } from './jsonRpcCall.mjs'
import { FRAME_KEY_COLUMNS, FRAME_KEY_JOINS, frameKeysOf } from './keyShares.mjs'
import { findNetwork, wireChainId } from './networks.mjs'
import { SMART_REQUEST_METHODS, checkSmartRequest, summarizeSmartRequest } from './smartRequests.mjs'

/** An approval the user neither gave nor refused is void after this. */
export const APPROVAL_TTL_MS = 10 * 60_000
/** rules §9: at most this many requests of one user wait for approval at once; the next is refused until one settles. */
export const PENDING_TRANSACTIONS_LIMIT = 99

/**
 * The user's EVM account on `network` as requests see it (rules §6, docs/wallets.md#account-modes): on a network with
 * EIP-7702, a wallet made since is its own EOA (`eip7702`), a smart account once `upgraded`; elsewhere with a bundler,
 * the ERC-4337 smart account unless the user chose eoa (smartAccount is eip155's default); otherwise the EOA.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {import('./accounts.mjs').WalletUser} user
 * @returns {Promise<EvmAccount>}
 */
export async function evmAccountOf(network, user) {
  if (network.namespace !== 'eip155' || !network.bundlerUrl) return { type: 'eoa', address: user.evmAddress }
  if (network.eip7702 && user.accountMode === 'eip7702') {
    const { delegationState } = await import('./delegation.mjs')
    return { type: 'eip7702', address: user.evmAddress, upgraded: (await delegationState(network, user.evmAddress)).upgraded }
  }
  const { smartAccountState } = await import('./smartAccounts.mjs')
  const smartAccount = await smartAccountState(network, user.evmAddress)
  const type = user.preferredAccountType ?? 'smartAccount'
  return { type, address: type === 'smartAccount' ? smartAccount.address : user.evmAddress, smartAccount }
}

/**
 * @typedef {{ type: 'eoa' | 'smartAccount', address: `0x${string}`, smartAccount?: { address: `0x${string}`, deployed: boolean } }
 *   | { type: 'eip7702', address: `0x${string}`, upgraded: boolean, smartAccount?: undefined }} EvmAccount
 */
/** @typedef {'eoa' | 'smartAccount' | 'eip7702'} AccountType what an approval was made for (approvals.account_type) */

/** rules §6 safe, EVM: chain reads and raw transactions (already signed, so nothing of the user's is spent here). */
export const SAFE_EVM_METHODS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'net_version',
  'web3_clientVersion',
])
/** rules §6 safe, Solana: reads and already-signed transactions. */
export const SAFE_SOLANA_METHODS = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getSignatureStatuses',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTransaction',
  'sendTransaction',
  'simulateTransaction',
])
/** rules §6 unsafe: each waits for the user's approval in the frame. */
export const UNSAFE_METHODS = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  // smartRequests.mjs: a user operation, and permissions.
  ...SMART_REQUEST_METHODS,
])

const hex = (/** @type {RegExp} */ pattern, /** @type {string} */ what) => v.pipe(v.string(), v.regex(pattern, what))
const ADDRESS = hex(/^0x[0-9a-fA-F]{40}$/, "'to' must be an address starting with 0x")
const QUANTITY = v.union([hex(/^0x[0-9a-fA-F]{1,64}$/, 'a quantity in hex'), hex(/^\d{1,78}$/, 'a quantity')])
/** rules §5: 'to' starts with 0x; 'data', when present, starts with 0x. */
const CALL = v.object({
  to: ADDRESS,
  value: v.optional(QUANTITY),
  data: v.optional(hex(/^0x[0-9a-fA-F]*$/, "'data' must start with 0x")),
  gas: v.optional(QUANTITY),
  from: v.optional(v.string()),
})
const BASE58 = hex(/^[1-9A-HJ-NP-Za-km-z]{1,2000}$/, 'base58 text')
const BASE64 = hex(/^[A-Za-z0-9+/]{4,20000}={0,2}$/, 'base64 text')
/** Params per unsafe method, checked before an approval is even offered. */
const PARAMS = {
  personal_sign: v.tuple([v.pipe(v.string(), v.maxLength(20_000)), v.string()]),
  eth_signTypedData_v4: v.tuple([v.string(), v.union([v.pipe(v.string(), v.maxLength(50_000)), v.record(v.string(), v.unknown())])]),
  eth_sendTransaction: v.tuple([CALL]),
  wallet_sendCalls: v.tuple([
    v.object({
      calls: v.pipe(v.array(CALL), v.minLength(1), v.maxLength(10)),
      from: v.optional(v.string()),
      // EIP-5792's capabilities: paymasterService (ERC-7677) asks for the fee to be paid; its URL is never fetched
      // (a page never names a URL this service calls): the site's own sponsorship policy here answers instead.
      capabilities: v.optional(v.looseObject({ paymasterService: v.optional(v.looseObject({ url: v.optional(v.string()) })) })),
    }),
  ]),
  solana_signMessage: v.object({ message: BASE58, pubkey: v.optional(v.string()) }),
  solana_signTransaction: v.object({ transaction: BASE64 }),
  solana_signAndSendTransaction: v.object({ transaction: BASE64 }),
}

/**
 * @typedef {object} RpcDeps
 * @property {import('../storage/index.mjs').Database} database
 * @property {readonly import('./networks.mjs').WalletNetwork[]} networks
 * @property {() => number} now
 * @property {import('./sponsorship.mjs').SponsorshipOptions} [sponsorship] the paymaster sponsored operations use
 * @property {ReadonlyMap<string, readonly import('../api/tokenLists.mjs').ListedToken[]>} [listedTokens] the token lists'
 *   tokens by CAIP-2 id: the tokens whose brand marks the approval panel shows
 */
/** @typedef {{ method: string, params?: unknown, chainId?: string | number, sponsorGas?: boolean }} RpcRequest */
/** @typedef {{ projectId: string, origin: string }} RequestSite the project asking, and its page's verified origin */

/**
 * @param {RpcDeps} deps
 * @param {import('./accounts.mjs').WalletUser} user
 * @param {RpcRequest} request
 * @param {RequestSite} [site] who asks, for sponsored gas
 * @returns {Promise<{ result: unknown } | { approval: { requestId: string, secret: string, method: string, summary: string } }>}
 */
export async function handleRpcRequest(deps, user, { method, params, chainId, sponsorGas }, site) {
  const network = findNetwork(deps.networks, chainId ?? user.chainId ?? deps.networks[0]?.id)
  if (!network)
    throw new WalletError(400, 'UNSUPPORTED_CHAIN', `Chain ${String(chainId)} is not a network of this wallet`, { rpcCode: 4902 })
  const evm = network.namespace === 'eip155' ? await evmAccountOf(network, user) : undefined
  const own = evm ? evm.address : user.solanaAddress
  const local = localAnswer(method, network, own, evm, Boolean(deps.sponsorship))
  if (local !== undefined) return { result: local }
  if (method === 'wallet_getCallsStatus' && network.namespace === 'eip155') return { result: await callsStatus(deps, user.id, params) }
  if (method === 'wallet_getAssets') return { result: await walletAssets(deps, user, params, network) }
  if (method === 'wallet_getPermissions' && network.namespace === 'eip155' && network.bundlerUrl) {
    return { result: await (await import('./grants.mjs')).permissionsOf(deps, user, network) }
  }
  const safe = network.namespace === 'eip155' ? SAFE_EVM_METHODS : SAFE_SOLANA_METHODS
  if (safe.has(method)) return { result: await jsonRpcCall(network.rpcUrl, method, params ?? []) }
  if (!UNSAFE_METHODS.has(method) || namespaceOf(method) !== network.namespace) throw notAllowed()
  const checked = SMART_REQUEST_METHODS.has(method)
    ? await checkSmartRequest(deps, user, method, params, { network, evm })
    : checkParams(method, params, [user.evmAddress, ...(evm ? [evm.address] : [])])
  const accountType = evm?.type ?? 'eoa'
  const sponsorship =
    site && (sponsorGas || askedForPaymaster(method, checked))
      ? await sponsorshipOf(deps, user, {
          method,
          params: checked,
          network,
          accountType,
          site,
          payer: PERMISSION_METHODS.has(method) ? user.evmAddress : own,
        })
      : undefined
  const upgrade = evm?.type === 'eip7702' && !evm.upgraded && sendsOperation(method, checked, 'eip7702', sponsorship)
  return { approval: await createApproval(deps, user, { method, params: checked, network, accountType, sponsorship, upgrade }) }
}

/**
 * Whether an approved request goes out as one user operation: always from the ERC-4337 account; from an EIP-7702
 * account when the site pays its fee or its calls must be atomic (a batch), since only an operation can be sponsored
 * or carry the upgrade (docs/wallets.md#account-modes); a single call the visitor pays for stays an EOA transaction.
 *
 * @param {string} method @param {any} params the checked params @param {AccountType} accountType
 * @param {Sponsorship | undefined} sponsorship
 */
export function sendsOperation(method, params, accountType, sponsorship) {
  if (method === 'eth_sendUserOperation') return true
  if (method !== 'eth_sendTransaction' && method !== 'wallet_sendCalls') return false
  if (accountType === 'smartAccount') return true
  if (accountType !== 'eip7702') return false
  return Boolean(sponsorship?.site) || (method === 'wallet_sendCalls' && params[0].calls.length > 1)
}

/** EIP-5792: a wallet_sendCalls with the paymasterService capability. @param {string} method @param {any} params */
const askedForPaymaster = (method, params) => method === 'wallet_sendCalls' && Boolean(params[0].capabilities?.paymasterService)

/** The requests that send from an EVM account, and so have a network fee someone pays. */
const FEE_METHODS = new Set(['eth_sendTransaction', 'wallet_sendCalls', 'eth_sendUserOperation'])
/** The permission requests, sent from the visitor's upgraded EOA (grants.mjs): its operations are user operations too. */
const PERMISSION_METHODS = new Set(['wallet_grantPermissions', 'wallet_revokePermissions'])

/**
 * Who pays the fee of a request whose site asked to pay it (docs/sponsored-gas.md): the site, when its policy allows
 * the operation now, or the visitor, told why not (and whether they have the ETH to pay it themselves).
 *
 * @param {RpcDeps} deps @param {import('./accounts.mjs').WalletUser} user
 * @param {{ method: string, params: any, network: import('./networks.mjs').WalletNetwork, accountType: AccountType,
 *   site: RequestSite, payer: string }} request
 * @returns {Promise<Sponsorship | undefined>}
 */
async function sponsorshipOf(deps, user, { method, params, network, accountType, site, payer }) {
  const permission = PERMISSION_METHODS.has(method)
  if (!FEE_METHODS.has(method) && !permission) return undefined
  const { projectId } = site
  const refused = async (/** @type {string} */ reason) => {
    const balance = await jsonRpcCall(network.rpcUrl, 'eth_getBalance', [payer, 'latest']).catch(() => undefined)
    return { projectId, refused: reason, ...(balance !== undefined && BigInt(balance) === 0n && { noFunds: true }) }
  }
  // A paymaster pays for user operations only: the standard account pays its fees as it always does.
  if (method !== 'eth_sendUserOperation' && !permission && accountType === 'eoa') return undefined
  // A grant to an account already upgraded sends nothing.
  const calls = permission
    ? (await import('./grants.mjs')).callsToSponsor(method, params)
    : method === 'wallet_sendCalls'
      ? params[0].calls
      : method === 'eth_sendUserOperation'
        ? params.calls
        : [params[0]]
  if (!calls) return undefined
  if (!deps.sponsorship) return refused('this wallet service has no paymaster')
  const { sponsorshipRefusal } = await import('./sponsorship.mjs')
  const refusal = await sponsorshipRefusal(deps, { projectId, userId: user.id, chainId: network.id, calls })
  return refusal ? refused(refusal.reason) : { projectId, site: site.origin }
}

/**
 * What the approval records of who pays its fee: the site (its verified origin), or the visitor, with the policy's
 * reason and whether their account holds no ETH.
 *
 * @typedef {{ projectId: string, site?: string, refused?: string, noFunds?: boolean }} Sponsorship
 */

/** The approval's line on the fee. @param {Sponsorship} sponsorship */
function feeLine({ site, refused, noFunds }) {
  if (site) return `Network fee: paid by ${site}`
  return `Network fee: paid by you. Not sponsored: ${refused}.${noFunds ? ' Your account has no ETH to pay it.' : ''}`
}

/** @param {string} method */
const namespaceOf = (method) => (method.startsWith('solana_') ? 'solana' : 'eip155')

/**
 * What the wallet answers itself: the accounts, the chain, the capabilities (EIP-5792: atomic batches from a smart
 * account, one user operation; `ready` from an EIP-7702 account not upgraded yet, which its first batch upgrades; an
 * EOA sends calls one by one).
 *
 * @param {string} method @param {import('./networks.mjs').WalletNetwork} network @param {string} own
 * @param {EvmAccount | undefined} evm
 * @param {boolean} sponsors whether the service has a paymaster
 */
function localAnswer(method, network, own, evm, sponsors) {
  if (network.namespace === 'eip155') {
    if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [own]
    if (method === 'eth_chainId') return `0x${Number(network.id).toString(16)}`
    if (method === 'wallet_getCapabilities') {
      const smart = evm?.type === 'smartAccount' || evm?.type === 'eip7702'
      const atomic = evm?.type === 'eip7702' && !evm.upgraded ? 'ready' : smart ? 'supported' : 'unsupported'
      return {
        [`0x${Number(network.id).toString(16)}`]: {
          atomic: { status: atomic },
          // A site's policy decides each request (docs/sponsored-gas.md); a smart account is what a paymaster can pay for.
          ...(smart && sponsors && { paymasterService: { supported: true } }),
        },
      }
    }
  }
  if (network.namespace === 'solana' && (method === 'solana_requestAccounts' || method === 'solana_getAccounts')) return [{ pubkey: own }]
  return undefined
}

/**
 * wallet_getCallsStatus: a batch this user sent, by its id, with its receipts (EIP-5792: 100 pending, 200 done).
 *
 * @param {RpcDeps} deps @param {string} userId @param {unknown} params
 */
async function callsStatus(deps, userId, params) {
  const id = Array.isArray(params) ? params[0] : undefined
  const { rows } = await deps.database.query(
    `SELECT chain_id, result FROM wallet.approvals WHERE id = $1 AND user_id = $2 AND method = 'wallet_sendCalls' AND status = 'approved'`,
    [typeof id === 'string' ? id : '', userId],
  )
  const network = rows[0] && findNetwork(deps.networks, rows[0].chain_id)
  if (!rows[0] || !network) throw new WalletError(400, 'RPC_ERROR', 'Unknown bundle id', { rpcCode: 5730 })
  const chainId = `0x${Number(network.id).toString(16)}`
  if (rows[0].result && !Array.isArray(rows[0].result)) {
    // A smart account's batch: one user operation, all or nothing.
    const { userOperationStatus } = await import('./smartAccounts.mjs')
    return { version: '2.0.0', id, chainId, atomic: true, ...(await userOperationStatus(network, rows[0].result.userOpHash)) }
  }
  const receipts = await Promise.all(
    rows[0].result.map((/** @type {string} */ hash) => jsonRpcCall(network.rpcUrl, 'eth_getTransactionReceipt', [hash])),
  )
  const done = receipts.every(Boolean)
  return { version: '2.0.0', id, chainId, atomic: false, status: done ? 200 : 100, receipts: done ? receipts : [] }
}

/**
 * @param {string} method @param {unknown} params @param {readonly string[]} own the addresses the user signs for
 */
function checkParams(method, params, own) {
  const result = v.safeParse(PARAMS[/** @type {keyof typeof PARAMS} */ (method)], params)
  if (!result.success) throw invalidRequest(`Invalid params for ${method}: ${result.issues[0].message}`)
  const output = /** @type {any} */ (result.output)
  // The signer named in the request must be this user: a request for another address is the page's mistake.
  const named =
    method === 'personal_sign'
      ? output[1]
      : method === 'eth_signTypedData_v4'
        ? output[0]
        : method === 'eth_sendTransaction'
          ? output[0].from
          : undefined
  if (named !== undefined && !own.some((address) => address.toLowerCase() === named.toLowerCase())) {
    throw invalidRequest(`${method} names ${named}, not this wallet's address`)
  }
  return output
}

/**
 * Stores the pending request; its secret goes only to the frame page that asked (the host never sees the
 * backend's answers) and is kept here as a hash.
 *
 * @param {RpcDeps} deps @param {import('./accounts.mjs').WalletUser} user
 * @param {{ method: string, params: unknown, network: import('./networks.mjs').WalletNetwork, accountType: AccountType,
 *   sponsorship?: Sponsorship, upgrade?: boolean }} request `upgrade`: the operation also upgrades the EOA in place
 */
async function createApproval({ database, now }, user, { method, params, network, accountType, sponsorship, upgrade = false }) {
  const requestId = randomUUID()
  const secret = randomBytes(32).toString('base64url')
  // Stored only while fewer than the limit wait: the count and the insert in one statement, one round trip.
  const { rows } = await database.query(
    `INSERT INTO wallet.approvals (id, user_id, secret_hash, method, params, chain_id, expires_at, created_at, account_type, sponsorship, progress)
     SELECT $1, $2, $3, $4, $5::jsonb, $6, $7::timestamptz, $8::timestamptz, $9, $10::jsonb, $12::jsonb
     WHERE (SELECT count(*) FROM wallet.approvals WHERE user_id = $2 AND status = 'pending' AND expires_at > $8) < $11
     RETURNING id`,
    [
      requestId,
      user.id,
      sha256(secret),
      method,
      JSON.stringify(params),
      network.id,
      new Date(now() + APPROVAL_TTL_MS),
      new Date(now()),
      accountType,
      sponsorship ? JSON.stringify(sponsorship) : null,
      PENDING_TRANSACTIONS_LIMIT,
      // What the visitor approves: the authorization is signed only for an approval that said so (relay.mjs).
      upgrade ? JSON.stringify({ upgrade: true }) : null,
    ],
  )
  if (rows.length === 0) {
    throw new WalletError(429, 'TOO_MANY_PENDING', `${PENDING_TRANSACTIONS_LIMIT} requests are waiting for approval already`, {
      rpcCode: -32005,
    })
  }
  const from = accountType === 'smartAccount' ? '\nFrom your smart account, as one operation' : ''
  const { NODE_NEEDED, previewWithoutNode } = await import('./preview.mjs')
  const preview = previewWithoutNode(network, method, params)
  return {
    requestId,
    secret,
    method,
    chainId: wireChainId(network),
    summary: summarize(method, params) + (/^(eth_sendTransaction|wallet_sendCalls)$/.test(method) ? from : ''),
    // Who pays the network fee, when the site offered to (the frame shows it under the summary).
    ...(sponsorship && { fee: feeLine(sponsorship) }),
    // That approving upgrades the account (7702): shown beside the fee, never folded away with the raw call.
    ...(upgrade && { upgrade: (await import('./grants.mjs')).upgradeLine(network) }),
    // Whose key share the frame looks for (KEYS.md): a browser without one asks for the recovery phrase with Approve.
    userId: user.id,
    // What the panel shows of it, when no node needs asking (a message's: nothing): the frame then asks for none.
    ...(preview !== NODE_NEEDED && { preview }),
  }
}

/** @param {string} secret */
const sha256 = (secret) => createHash('sha256').update(secret).digest()

/**
 * What the Approve panel says the request does.
 *
 * @param {string} method @param {any} params
 */
export function summarize(method, params) {
  if (SMART_REQUEST_METHODS.has(method)) return summarizeSmartRequest(method, params)
  if (method === 'personal_sign') {
    const [message] = params
    return `Sign this message:\n${/^0x[0-9a-f]*$/i.test(message) ? Buffer.from(message.slice(2), 'hex').toString('utf8') : message}`
  }
  if (method === 'eth_signTypedData_v4')
    return `Sign typed data:\n${typeof params[1] === 'string' ? params[1] : JSON.stringify(params[1], null, 2)}`
  if (method === 'eth_sendTransaction' || method === 'wallet_sendCalls') {
    const calls = method === 'wallet_sendCalls' ? params[0].calls : [params[0]]
    return calls
      .map(
        (/** @type {any} */ call) =>
          `Send ${BigInt(call.value ?? 0)} wei to ${call.to}${call.data && call.data !== '0x' ? ' with data' : ''}`,
      )
      .join('\n')
  }
  if (method === 'solana_signMessage')
    return `Sign this message:\n${Buffer.from(getBase58Encoder().encode(params.message)).toString('utf8')}`
  return method === 'solana_signTransaction' ? 'Sign a Solana transaction' : 'Sign and send a Solana transaction'
}

/**
 * The frame's Approve or Reject. The secret proves the click came from the frame page that received the
 * request; the request is settled before it runs, so a second click cannot run it twice. Approved, it answers
 * the first signing job and what the frame needs to rebuild the key for it (KEYS.md, Signing): the key never
 * comes here.
 *
 * @param {RpcDeps} deps
 * @param {{ userId: string, requestId: string, secret: unknown, approved: boolean }} decision
 */
export async function decideApproval(deps, { userId, requestId, secret, approved }) {
  const row = await claimApproval(deps, { userId, requestId, secret, from: 'pending', to: approved ? 'relaying' : 'rejected' })
  if (!approved) throw new WalletError(400, 'USER_REJECTED', 'User rejected the request', { rpcCode: 4001 })
  await refuseWhatWouldFail(deps, row)
  return step(deps, row, async (network, user) => (await import('./relay.mjs')).firstStep(network, user, row, deps))
}

/**
 * The approval panel's preview of a pending request (preview.mjs, docs/previews.md), for the frame that holds its
 * secret: what the stored calls would do, simulated by the network's node, or the permit's allowances; null for what
 * moves nothing by itself. Each token carries its mark (withTokenMarks).
 *
 * @param {RpcDeps} deps
 * @param {{ userId: string, requestId: string, secret: unknown }} claim
 */
export async function approvalPreview(deps, claim) {
  const row = await approvalOf(deps.database, claim)
  if (row.status !== 'pending' || new Date(row.expires_at).getTime() <= deps.now()) throw settled()
  const { previewJson, withTokenMarks } = await import('./preview.mjs')
  const preview = previewJson(await previewRow(deps, row))
  return { preview: await withTokenMarks(preview, findNetwork(deps.networks, row.chain_id), deps.listedTokens ?? new Map()) }
}

/** @param {RpcDeps} deps @param {any} row */
async function previewRow(deps, row) {
  const network = findNetwork(deps.networks, row.chain_id)
  if (!network) return undefined
  const user = row.user ?? (await userById(deps.database, row.user_id))
  const evm = network.namespace === 'eip155' && row.account_type === 'smartAccount' ? await evmAccountOf(network, user) : undefined
  const { previewOf } = await import('./preview.mjs')
  return previewOf(network, { method: row.method, params: row.params, account: evm?.smartAccount?.address ?? user.evmAddress })
}

/**
 * A transaction the node says would revert is never sent, whoever clicked: the frame disables Approve for it, and
 * the service simulates it again when approved (the chain may have moved since the panel showed it).
 *
 * @param {RpcDeps} deps @param {any} row
 */
async function refuseWhatWouldFail(deps, row) {
  if (!['eth_sendTransaction', 'wallet_sendCalls', 'eth_sendUserOperation'].includes(row.method)) return
  const preview = await previewRow(deps, row)
  if (preview?.status !== 'reverts') return
  await deps.database.query(`UPDATE wallet.approvals SET status = 'failed' WHERE id = $1`, [row.id])
  throw new WalletError(400, 'RPC_ERROR', `The transaction would fail: ${preview.reason}`, { rpcCode: -32603 })
}

/**
 * What the frame signed for the request's current job: checked, relayed, and answered with the result or the next
 * job (a batch of transactions from an EOA is signed one by one, each with its own nonce and fees).
 *
 * @param {RpcDeps} deps
 * @param {{ userId: string, requestId: string, secret: unknown, signed: { signature?: string, transaction?: string } }} submission
 */
export async function submitSigned(deps, { userId, requestId, secret, signed }) {
  // Claimed before it runs: the same signature sent twice is relayed once.
  const row = await claimApproval(deps, { userId, requestId, secret, from: 'signing', to: 'relaying' })
  return step(deps, row, async (network, user) =>
    (await import('./relay.mjs')).nextStep(network, user, row, row.progress ?? {}, signed, deps),
  )
}

/**
 * Moves the user's request from status `from` to `to` (a click on a request signed as asked: to `signing` at once,
 * SIGNED_AS_ASKED) when `secret` is its own, and reads what its next step needs
 * with it: the request, its user, and the keys a signing job hands the frame (keyShares.mjs). One statement, so two
 * clicks at once cannot both move it. A request expires while it waits for the visitor; once approved, its jobs may
 * take their time. Refused as UNKNOWN_REQUEST (not this user's), APPROVAL_FORBIDDEN (another secret) or
 * REQUEST_SETTLED (answered, or expired).
 *
 * @param {RpcDeps} deps
 * @param {{ userId: string, requestId: string, secret: unknown, from: string, to: string }} claim
 * @returns {Promise<any>} the request's row, with `user` and `keys`
 */
async function claimApproval({ database, now }, { userId, requestId, secret, from, to }) {
  const secretHash = typeof secret === 'string' ? sha256(secret) : Buffer.alloc(0)
  const { rows } = await database.query(
    `WITH claimed AS (
       UPDATE wallet.approvals SET status = CASE WHEN $5 = 'relaying' AND $4 = 'pending' AND method = ANY($7) THEN 'signing' ELSE $5 END
       WHERE id = $1 AND user_id = $2 AND secret_hash = $3 AND status = $4 AND ($4 <> 'pending' OR expires_at > $6)
       RETURNING *
     )
     SELECT claimed.*, ${joinedUserColumns('u')}, ${FRAME_KEY_COLUMNS}
     FROM claimed JOIN wallet.users u ON u.id = claimed.user_id ${FRAME_KEY_JOINS}`,
    [requestId, userId, secretHash, from, to, new Date(now()), SIGNED_AS_ASKED],
  )
  const row = rows[0]
  if (!row) {
    // Why not, read apart: the usual request never gets here.
    await approvalOf(database, { userId, requestId, secret })
    throw settled()
  }
  const user = joinedUser(row)
  return { ...row, user, keys: frameKeysOf(user, row) }
}

/**
 * The methods whose first job is the request itself, to be signed as asked (relay.mjs firstStep, whose progress for
 * them is `{}`): nothing is recorded before the frame signs, so the click moves them straight to `signing`, where the
 * others wait in `relaying` for their job to be recorded (one statement fewer an approval, docs/budgets.md).
 */
const SIGNED_AS_ASKED = [
  'personal_sign',
  'eth_signTypedData_v4',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]

/** @param {{ query: import('../storage/index.mjs').Query }} db @param {{ userId: string, requestId: string, secret: unknown }} claim */
async function approvalOf(db, { userId, requestId, secret }) {
  const { rows } = await db.query('SELECT * FROM wallet.approvals WHERE id = $1 AND user_id = $2', [requestId, userId])
  const found = rows[0]
  if (!found) throw new WalletError(404, 'UNKNOWN_REQUEST', 'No such request')
  if (typeof secret !== 'string' || !timingSafeEqual(sha256(secret), found.secret_hash)) {
    throw new WalletError(403, 'APPROVAL_FORBIDDEN', 'Only the wallet frame can approve a request')
  }
  return found
}

const settled = () => new WalletError(409, 'REQUEST_SETTLED', 'This request was already answered or has expired')

/**
 * Runs one step of an approved request and records it: a result settles the request, a job waits for the frame.
 *
 * @param {RpcDeps} deps @param {any} row a claimed request (claimApproval), with its `user` and `keys`
 * @param {(network: import('./networks.mjs').WalletNetwork, user: import('./accounts.mjs').WalletUser) => Promise<import('./relay.mjs').Step>} run
 */
async function step(deps, row, run) {
  const network = findNetwork(deps.networks, row.chain_id)
  try {
    if (!network) throw new WalletError(400, 'UNSUPPORTED_CHAIN', `Chain ${row.chain_id} is no longer served`)
    const next = await run(network, row.user)
    if ('job' in next) {
      // A request the click moved to `signing` already (SIGNED_AS_ASKED) has nothing more to record.
      if (row.status !== 'signing' || Object.keys(next.progress).length > 0) {
        await deps.database.query(`UPDATE wallet.approvals SET status = 'signing', progress = $2 WHERE id = $1`, [
          row.id,
          JSON.stringify(next.progress),
        ])
      }
      return { sign: { job: next.job, keys: row.keys } }
    }
    const { hashes, userOpHash } = /** @type {{ hashes?: string[], userOpHash?: string }} */ (next.progress)
    // A batch keeps what wallet_getCallsStatus reads; anything else keeps the result it recorded itself (a grant).
    const sent = userOpHash && row.method === 'wallet_sendCalls' ? { userOpHash } : hashes
    await deps.database.query(
      `UPDATE wallet.approvals SET status = 'approved', progress = $2, result = COALESCE($3::jsonb, result) WHERE id = $1`,
      [row.id, JSON.stringify(next.progress), sent === undefined ? null : JSON.stringify(sent)],
    )
    return { result: next.result }
  } catch (error) {
    await deps.database.query(`UPDATE wallet.approvals SET status = 'failed' WHERE id = $1`, [row.id])
    if (error instanceof WalletError) throw error
    // What the chain or the signer refused (not enough funds, a reverted call): the user's to read, not a 500.
    const { shortMessage, message } = /** @type {{ shortMessage?: string, message: string }} */ (error)
    throw new WalletError(400, 'RPC_ERROR', shortMessage ?? message, { rpcCode: -32603 })
  }
}
