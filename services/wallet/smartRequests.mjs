// The unsafe requests a smart-account wallet adds to rules §6's list: a user operation (ERC-4337
// `eth_sendUserOperation`), permissions (ERC-7715 `wallet_grantPermissions`, `wallet_revokePermissions`) and turning
// an EIP-7702 account back into a plain EOA (`foyer_undelegateAccount`). Each waits
// for the visitor's approval in the frame, like a signature; what each does once approved is in docs/wallets.md and
// docs/permissions.md. rpc.mjs checks their params here before an approval is offered; grants.mjs runs the two
// permission requests once approved, relay.mjs the user operation.
import * as v from 'valibot'

import { WalletError, invalidRequest } from './errors.mjs'

/** The requests of this module, all unsafe (each needs the visitor's approval). */
export const SMART_REQUEST_METHODS = new Set([
  'eth_sendUserOperation',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  // Account's "Turn off smart account" (docs/wallets.md#turning-the-smart-account-off): no standard names it.
  'foyer_undelegateAccount',
])

const ADDRESS = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'an address starting with 0x'))
const HEX = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/, 'hex starting with 0x'), v.maxLength(100_000))
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
    if (!evm.smartAccount) {
      // An EIP-7702 wallet is a smart account at its own address, whose operations the wallet builds itself.
      if (network.eip7702 && user.accountMode === 'eip7702') {
        throw new WalletError(
          400,
          'UNSUPPORTED_ACCOUNT_TYPE',
          `${method}: this account is a smart account at its own address; send its calls with wallet_sendCalls`,
        )
      }
      throw new WalletError(400, 'UNSUPPORTED_ACCOUNT_TYPE', 'Smart accounts are not available on this network')
    }
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
  if (method === 'foyer_undelegateAccount') {
    if (params !== undefined && !(Array.isArray(params) && params.length === 0)) throw invalidRequest(`${method} takes no params`)
    return (await import('./delegation.mjs')).checkUndelegation(network, user.evmAddress)
  }
  const { checkGrant, checkRevocation } = await import('./grants.mjs')
  if (method === 'wallet_grantPermissions') return checkGrant(network, user, params)
  return checkRevocation(deps, user, network, params)
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
  // A grant or a revocation: its words were written when it was checked (grants.mjs), with the token's name read.
  return params.summary
}
