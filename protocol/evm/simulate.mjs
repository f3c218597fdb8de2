// What a list of calls would do to an account, computed by the chain's node with eth_simulateV1 rather than guessed
// from the calldata: the assets leaving and arriving, the allowances granted, or the revert and its reason, in the
// ERC standards' own terms. docs/previews.md says what is shown and why. Plain JavaScript, its types in JSDoc, written
// once for the browser's previews (the EVM chain turns it into protocol/simulation.mjs's chain-neutral shape) and the
// wallet service.
import { decodeAbiParameters, hexToBigInt, hexToString, isAddressEqual, trim } from 'viem'
import { UNLIMITED_THRESHOLD } from '../simulation.mjs'

/** The address eth_simulateV1's `traceTransfers` gives the synthetic logs of ETH movements. */
export const NATIVE_TRANSFER_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * An EIP-1193 `request`: the wallet's provider, or a JSON-RPC client of the chain's node.
 *
 * @typedef {(args: { method: string, params: unknown[] }) => Promise<unknown>} SimulationRequest
 */

/**
 * One call as an EVM wallet sends it.
 *
 * @typedef {object} EvmSimulatedCall
 * @property {`0x${string}`} [to]
 * @property {bigint} [value]
 * @property {`0x${string}`} [data]
 */

/**
 * One asset leaving or arriving: ETH (no token), an ERC-20 amount, an NFT by id.
 *
 * @typedef {object} EvmAssetChange
 * @property {'native' | 'erc20' | 'erc721' | 'erc1155'} kind
 * @property {`0x${string}`} [token] The contract, lower case; absent for ETH.
 * @property {bigint} [tokenId] ERC-721 and ERC-1155 only.
 * @property {bigint} amount In the token's smallest unit, always positive (the list it is in says which way it goes).
 * @property {string} symbol
 * @property {number} decimals
 */

/**
 * An allowance the calls grant: `approve` (kind 'erc20') or `setApprovalForAll` (kind 'all', amount 1 or 0).
 *
 * @typedef {object} EvmAllowance
 * @property {'erc20' | 'all'} kind
 * @property {`0x${string}`} token
 * @property {`0x${string}`} spender
 * @property {bigint} amount
 * @property {string} symbol
 * @property {number} decimals
 * @property {boolean} unlimited At least UNLIMITED_THRESHOLD, or every token of a collection.
 */

/**
 * @typedef {{ status: 'ok', outgoing: EvmAssetChange[], incoming: EvmAssetChange[], allowances: EvmAllowance[] }
 *   | { status: 'reverts', callIndex: number, reason: string }
 *   | { status: 'unavailable', reason: string }} EvmSimulation
 */

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const APPROVAL_FOR_ALL = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'
const TRANSFER_SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'

const ERROR_STRING = '0x08c379a0'
const PANIC = '0x4e487b71'
const SYMBOL = '0x95d89b41'
const DECIMALS = '0x313ce567'

/** Whatever the node answered, read as untyped JSON. */
/** @typedef {any} Json */

/**
 * Asks the node what `calls`, sent in order by `account` in the next block, would do. Never throws: a node that cannot
 * simulate (no eth_simulateV1, an error, an answer it cannot read) gives `{ status: 'unavailable' }`.
 *
 * @param {{ request: SimulationRequest, account: `0x${string}`, calls: ReadonlyArray<EvmSimulatedCall> }} options
 * @returns {Promise<EvmSimulation>}
 * @example
 * const simulation = await simulateCalls({ request: provider.request, account, calls: [{ to, value: 10n ** 18n }] })
 */
export async function simulateCalls({ request, account, calls }) {
  /** @type {Json} */
  let blocks
  try {
    blocks = await request({
      method: 'eth_simulateV1',
      params: [
        {
          blockStateCalls: [
            { calls: calls.map((call) => ({ from: account, to: call.to, value: toQuantity(call.value ?? 0n), data: call.data ?? '0x' })) },
          ],
          traceTransfers: true,
          validation: false,
        },
        'latest',
      ],
    })
  } catch (error) {
    return { status: 'unavailable', reason: reasonOf(error) }
  }
  const results = Array.isArray(blocks) ? blocks.flatMap((block) => (Array.isArray(block?.calls) ? block.calls : [])) : []
  if (results.length !== calls.length)
    return { status: 'unavailable', reason: 'The node answered eth_simulateV1 with no result for some calls.' }
  const failed = results.findIndex((result) => result.status !== '0x1')
  if (failed >= 0) return { status: 'reverts', callIndex: failed, reason: revertReason(results[failed]) }
  const logs = results.flatMap((result) => (Array.isArray(result.logs) ? result.logs : []))
  try {
    return await readChanges(request, account, logs)
  } catch (error) {
    return { status: 'unavailable', reason: reasonOf(error) }
  }
}

/**
 * @param {SimulationRequest} request
 * @param {`0x${string}`} account
 * @param {Json[]} logs
 * @returns {Promise<EvmSimulation>}
 */
async function readChanges(request, account, logs) {
  /** @type {Map<string, { kind: EvmAssetChange['kind'], token?: `0x${string}`, tokenId?: bigint, amount: bigint }>} */
  const net = new Map()
  /** @param {EvmAssetChange['kind']} kind @param {`0x${string}` | undefined} token @param {bigint | undefined} tokenId @param {bigint} amount */
  const add = (kind, token, tokenId, amount) => {
    const key = `${kind}:${token ?? ''}:${tokenId ?? ''}`
    const entry = net.get(key) ?? { kind, token, tokenId, amount: 0n }
    entry.amount += amount
    net.set(key, entry)
  }
  /** @type {Map<string, { kind: EvmAllowance['kind'], token: `0x${string}`, spender: `0x${string}`, amount: bigint }>} */
  const allowances = new Map()
  const mine = (/** @type {string} */ topic) => isAddressEqual(topicAddress(topic), account)
  for (const log of logs) {
    const topics = /** @type {`0x${string}`[]} */ (log.topics ?? [])
    const token = /** @type {`0x${string}`} */ (log.address.toLowerCase())
    const [signature, first = '0x', second = '0x', third = '0x'] = topics
    if (signature === TRANSFER && (topics.length === 3 || topics.length === 4)) {
      const native = token === NATIVE_TRANSFER_ADDRESS
      const kind = native ? 'native' : topics.length === 4 ? 'erc721' : 'erc20'
      const amount = kind === 'erc721' ? 1n : hexToBigInt(log.data)
      const tokenId = kind === 'erc721' ? hexToBigInt(third) : undefined
      if (mine(first)) add(kind, native ? undefined : token, tokenId, -amount)
      if (mine(second)) add(kind, native ? undefined : token, tokenId, amount)
    } else if (signature === TRANSFER_SINGLE || signature === TRANSFER_BATCH) {
      const [ids, values] =
        signature === TRANSFER_SINGLE
          ? decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data).map((value) => [value])
          : decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data)
      ids.forEach((/** @type {bigint} */ id, /** @type {number} */ index) => {
        const value = /** @type {bigint} */ (values[index])
        if (mine(second)) add('erc1155', token, id, -value)
        if (mine(third)) add('erc1155', token, id, value)
      })
    } else if (signature === APPROVAL && topics.length === 3 && mine(first)) {
      const spender = topicAddress(second)
      allowances.set(`${token}:${spender}`, { kind: 'erc20', token, spender, amount: hexToBigInt(log.data) })
    } else if (signature === APPROVAL_FOR_ALL && topics.length === 3 && mine(first)) {
      const spender = topicAddress(second)
      allowances.set(`${token}:${spender}:all`, { kind: 'all', token, spender, amount: hexToBigInt(log.data) === 0n ? 0n : 1n })
    }
  }
  const moved = [...net.values()].filter((entry) => entry.amount !== 0n)
  const tokens = [
    ...new Set([...moved.flatMap((entry) => (entry.token ? [entry.token] : [])), ...[...allowances.values()].map((a) => a.token)]),
  ]
  const metadata = new Map(
    await Promise.all(tokens.map(async (token) => /** @type {const} */ ([token, await readTokenMetadata(request, token)]))),
  )
  const describe = (/** @type {`0x${string}` | undefined} */ token) =>
    (token ? metadata.get(token) : undefined) ?? { symbol: 'ETH', decimals: 18 }
  /** @type {(entry: typeof moved[number]) => EvmAssetChange} */
  const change = ({ kind, token, tokenId, amount }) => ({
    kind,
    ...(token ? { token } : {}),
    ...(tokenId === undefined ? {} : { tokenId }),
    amount: amount < 0n ? -amount : amount,
    ...describe(token),
  })
  return {
    status: 'ok',
    outgoing: moved.filter((entry) => entry.amount < 0n).map(change),
    incoming: moved.filter((entry) => entry.amount > 0n).map(change),
    allowances: [...allowances.values()].map((allowance) => ({
      ...allowance,
      ...describe(allowance.token),
      unlimited: allowance.kind === 'all' ? allowance.amount > 0n : allowance.amount >= UNLIMITED_THRESHOLD,
    })),
  }
}

/**
 * A token's symbol and decimals, read from the contract; a contract without them (an NFT has no decimals) gets 0
 * decimals and its shortened address as symbol.
 *
 * @param {SimulationRequest} request
 * @param {`0x${string}`} token
 */
export async function readTokenMetadata(request, token) {
  const read = (/** @type {string} */ data) => request({ method: 'eth_call', params: [{ to: token, data }, 'latest'] }).catch(() => '0x')
  const [symbolData, decimalsData] = /** @type {[`0x${string}`, `0x${string}`]} */ (await Promise.all([read(SYMBOL), read(DECIMALS)]))
  return {
    symbol: decodeSymbol(symbolData) ?? `${token.slice(0, 6)}…${token.slice(-4)}`,
    decimals: decimalsData.length >= 66 ? Number(hexToBigInt(decimalsData)) : 0,
  }
}

/** A `symbol()` answer as a string (ABI string, or bytes32 as some old tokens return). @param {`0x${string}`} data */
function decodeSymbol(data) {
  try {
    if (data.length > 66) return decodeAbiParameters([{ type: 'string' }], data)[0] || undefined
    if (data.length === 66) return hexToString(trim(data, { dir: 'right' })) || undefined
  } catch {
    // neither form: the caller falls back to the address
  }
  return undefined
}

/**
 * Why a simulated call failed, in words: an `Error(string)` reason, a Panic code, a custom error's selector, or the
 * node's own message.
 *
 * @param {Json} result one call's result from eth_simulateV1
 */
export function revertReason(result) {
  const data = /** @type {string} */ (result?.returnData ?? result?.error?.data ?? '0x')
  try {
    if (data.startsWith(ERROR_STRING)) return decodeAbiParameters([{ type: 'string' }], `0x${data.slice(10)}`)[0]
    if (data.startsWith(PANIC)) return `Panic 0x${decodeAbiParameters([{ type: 'uint256' }], `0x${data.slice(10)}`)[0].toString(16)}`
  } catch {
    // malformed: described below
  }
  if (data.length >= 10) return `Custom error ${data.slice(0, 10)}`
  return typeof result?.error?.message === 'string' && result.error.message ? result.error.message : 'The call reverts without a reason.'
}

/** @param {string} topic */
function topicAddress(topic) {
  return /** @type {`0x${string}`} */ (`0x${topic.slice(-40)}`.toLowerCase())
}

/** @param {bigint} value */
function toQuantity(value) {
  return `0x${value.toString(16)}`
}

/** @param {unknown} error */
function reasonOf(error) {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error && 'message' in error
        ? String(error.message)
        : String(error)
  return message || 'The node cannot simulate calls.'
}
