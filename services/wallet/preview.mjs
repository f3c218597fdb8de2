// What an approval will do, for the frame's approval panel (docs/previews.md): the calls of a transaction simulated
// by the network's own node (eth_simulateV1, on the RPC this service is configured with), or a typed-data permit
// read as the allowance it grants. Computed here from the request as stored with its approval, and answered to the
// frame page alone: the host page can neither hide it nor change it, and it describes exactly what will be signed.
import { tokenIconUrl } from '../api/tokenIconUrl.mjs'
import { callJsonRpc } from '../jsonRpc.mjs'
import { decodePermit } from 'foyer/protocol'
import { readTokenMetadata, simulateCalls } from 'foyer/protocol/evm'

/** A node slower than this is reported as unable to preview, rather than hold the approval panel. */
export const PREVIEW_TIMEOUT_MS = 8_000

/** The methods whose calls are simulated. */
const CALL_METHODS = new Set(['eth_sendTransaction', 'wallet_sendCalls', 'eth_sendUserOperation'])

/**
 * @typedef {import('foyer/protocol/evm').EvmSimulation} Simulation
 * @typedef {{ status: 'permit', allowances: Array<import('foyer/protocol').PermitAllowance & { symbol: string, decimals: number }> }} PermitPreview
 * @typedef {Simulation | PermitPreview} Preview
 */

/**
 * The preview of a stored request: its calls simulated from `account` (the address that sends them: the smart account
 * or the EOA), a permit's allowances, 'unavailable' for a transaction no node here can simulate (Solana's), or
 * undefined for what moves nothing by itself (a message, typed data that is no permit, a permission).
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {{ method: string, params: any, account: `0x${string}` }} request
 * @returns {Promise<Preview | undefined>}
 */
export async function previewOf(network, { method, params, account }) {
  const known = previewWithoutNode(network, method, params)
  if (known !== NODE_NEEDED) return known ?? undefined
  const request = nodeRequest(network.rpcUrl)
  if (CALL_METHODS.has(method)) return simulateCalls({ request, account, calls: callsOf(method, params) })
  return permitPreview(request, params[1])
}

/** previewWithoutNode's answer for a request whose preview the network's node gives. */
export const NODE_NEEDED = Symbol('the node is asked')

/**
 * The preview of a request when no node needs asking, as JSON: null for what moves nothing by itself (a message,
 * typed data that is no permit, a permission), 'unavailable' for a Solana transaction; NODE_NEEDED for calls to
 * simulate and a permit's tokens to read. The approval's answer carries it (rpc.mjs), so the frame asks for none.
 *
 * @param {import('./networks.mjs').WalletNetwork} network @param {string} method @param {any} params
 * @returns {Preview | null | typeof NODE_NEEDED}
 */
export function previewWithoutNode(network, method, params) {
  if (method === 'solana_signTransaction' || method === 'solana_signAndSendTransaction')
    return { status: 'unavailable', reason: 'Solana transactions are not previewed.' }
  if (network.namespace !== 'eip155') return null
  if (CALL_METHODS.has(method)) return NODE_NEEDED
  if (method === 'eth_signTypedData_v4') return permitOf(params[1]) ? NODE_NEEDED : null
  return null
}

/**
 * @param {string} method @param {any} params
 * @returns {import('foyer/protocol/evm').EvmSimulatedCall[]}
 */
function callsOf(method, params) {
  const calls = method === 'eth_sendTransaction' ? [params[0]] : method === 'wallet_sendCalls' ? params[0].calls : params.calls
  return calls.map((/** @type {any} */ call) => ({
    to: call.to,
    ...(call.value === undefined ? {} : { value: BigInt(call.value) }),
    ...(call.data === undefined ? {} : { data: call.data }),
  }))
}

/**
 * @param {import('foyer/protocol/evm').SimulationRequest} request @param {unknown} typedData
 * @returns {Promise<PermitPreview | undefined>}
 */
async function permitPreview(request, typedData) {
  const allowances = permitOf(typedData)
  if (!allowances) return undefined
  const described = await Promise.all(
    allowances.map(async (allowance) => ({
      ...allowance,
      ...(await readTokenMetadata(request, allowance.token).catch(() => ({ symbol: allowance.token, decimals: 0 }))),
    })),
  )
  return { status: 'permit', allowances: described }
}

/** The allowances typed data grants, when it is a permit. @param {unknown} typedData */
function permitOf(typedData) {
  try {
    return decodePermit(typeof typedData === 'string' ? JSON.parse(typedData) : /** @type {any} */ (typedData))
  } catch {
    return undefined
  }
}

/**
 * An EIP-1193 `request` to the node; its JSON-RPC errors thrown with their message, as simulateCalls reads them.
 *
 * @param {string} rpcUrl
 * @returns {import('foyer/protocol/evm').SimulationRequest}
 */
function nodeRequest(rpcUrl) {
  return async ({ method, params }) => {
    const body = await callJsonRpc(rpcUrl, method, params, { timeoutMs: PREVIEW_TIMEOUT_MS })
    if (body.error) throw Object.assign(new Error(String(body.error.message ?? 'RPC error')), { code: body.error.code })
    return body.result
  }
}

/**
 * The preview as JSON for the frame: amounts as decimal strings (JSON has no bigint).
 *
 * @param {Preview | undefined} preview
 */
export function previewJson(preview) {
  return JSON.parse(JSON.stringify(preview ?? null, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)))
}

/**
 * The preview as the frame draws it: each asset and allowance with its token's mark (`icon`, a `data:image/svg+xml`
 * URL), the same marks the modal draws (services/api/tokenIconUrl.mjs, docs/looks.md#marks). The network's coin and a
 * token the wallet's token lists name on this network get their brand mark, under the list's symbol; any other token
 * keeps its symbol's letters, since anyone can deploy a token called USDC. The frame loads no icon set: the few marks
 * it shows come with the preview.
 *
 * @param {any} preview previewJson's answer
 * @param {import('./networks.mjs').WalletNetwork | undefined} network
 * @param {ReadonlyMap<string, readonly import('../api/tokenLists.mjs').ListedToken[]>} listed the token lists' tokens, by CAIP-2 id
 */
export async function withTokenMarks(preview, network, listed) {
  if (!network || (preview?.status !== 'ok' && preview?.status !== 'permit')) return preview
  const known = new Map((listed.get(`eip155:${network.id}`) ?? []).map((token) => [token.address.toLowerCase(), token.symbol]))
  /** @param {{ kind?: string, token?: string, symbol: string }} asset */
  const marked = async (asset) => {
    const listedSymbol = asset.token === undefined ? undefined : known.get(asset.token.toLowerCase())
    const vouched = asset.kind === 'native' || listedSymbol !== undefined
    return { ...asset, icon: await tokenIconUrl(listedSymbol ?? asset.symbol, { vouched }) }
  }
  const allowances = await Promise.all(preview.allowances.map(marked))
  if (preview.status === 'permit') return { ...preview, allowances }
  const [outgoing, incoming] = await Promise.all([Promise.all(preview.outgoing.map(marked)), Promise.all(preview.incoming.map(marked))])
  return { ...preview, outgoing, incoming, allowances }
}
