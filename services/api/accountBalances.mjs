// `GET /v1/account/{address}/balance`: the rules §3 token balances of one account, read live from the nodes.
import { erc20Abi, formatUnits } from 'viem'

import { isUnreachable } from './createChainIndexer.mjs'
import { callJsonRpc } from '../jsonRpc.mjs'
import { UpstreamError } from './errors.mjs'
import { tokenIconUrl } from './tokenIconUrl.mjs'

/**
 * @typedef {object} TokenBalance rules §3 Token balance
 * @property {string} name
 * @property {string} symbol
 * @property {string} chainId CAIP-2
 * @property {string} [address] CAIP-10 of the token contract (an SPL token's mint); absent for the native currency
 * @property {number} value quantity × price
 * @property {number} price USD
 * @property {{ decimals: string, numeric: string }} quantity
 * @property {string} iconUrl
 */

/**
 * The native balance and every ERC-20 the account ever received (spam left out), without zero balances, on each
 * of `indexers`. Tokens with zero decimals are returned: rules §5 has the client drop them.
 *
 * @param {object} options
 * @param {`0x${string}`} options.address
 * @param {import('./createChainIndexer.mjs').ChainIndexer[]} options.indexers
 * @param {ReturnType<import('./createPriceTable.mjs').createPriceTable>} options.price
 * @param {(token: string) => boolean} options.isSpam
 * @returns {Promise<TokenBalance[]>}
 */
export async function evmBalances({ address, indexers, price, isSpam }) {
  const perChain = await Promise.all(
    indexers.map(async (indexer) => {
      // The token list comes from the index: it must have read the chain once.
      if (!indexer.synced) await indexer.sync()
      const { client, chainId, nativeCurrency } = indexer
      const native = balance({ ...nativeCurrency, chainId, amount: await client.getBalance({ address }), price })
      const tokens = await Promise.all(
        indexer
          .tokensOf(address)
          .filter((token) => !isSpam(token))
          .map(async (token) => {
            const [info, amount] = await Promise.all([
              indexer.tokenInfo(token),
              client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }).catch((error) => {
                // A contract that no longer answers balanceOf (self-destructed, not a token after all) is left out.
                if (isUnreachable(error)) throw error
                return 0n
              }),
            ])
            const symbol = info.symbol ?? ''
            return balance({ name: info.name ?? symbol, symbol, decimals: info.decimals, chainId, token, amount, price })
          }),
      )
      return [native, ...tokens]
    }),
  )
  return perChain.flat().filter((entry) => entry !== undefined)
}

/** The programs whose token accounts count as SPL balances: SPL Token and Token-2022. */
const SOLANA_TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']

/**
 * @typedef {object} SolanaToken how the API names an SPL token
 * @property {string} mint base58
 * @property {string} symbol
 * @property {string} name
 */

/**
 * The SOL balance of a Solana account and its SPL token balances (SPL Token and Token-2022), without zero balances.
 * Several token accounts of one mint add up to one entry, whose `address` is the mint's CAIP-10 id.
 *
 * A mint that `solana.tokens` does not list still shows, named 'Unknown token' with its first four characters and
 * '…' as symbol ('EPjF…'): never hidden, never mistaken for a known token, and priced only if `prices` lists its
 * CAIP-10 id or mint.
 *
 * @param {object} options
 * @param {string} options.address
 * @param {{ rpcUrl: string, chainId: string, tokens?: readonly SolanaToken[] }} options.solana
 * @param {ReturnType<import('./createPriceTable.mjs').createPriceTable>} options.price
 * @returns {Promise<TokenBalance[]>}
 */
export async function solanaBalances({ address, solana, price }) {
  const [lamports, ...perProgram] = await Promise.all([
    solanaRpc(solana.rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }]),
    ...SOLANA_TOKEN_PROGRAMS.map((programId) =>
      solanaRpc(solana.rpcUrl, 'getTokenAccountsByOwner', [address, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }]),
    ),
  ])
  if (typeof lamports?.value !== 'number') throw new UpstreamError('getBalance failed: no result')
  /** @type {Map<string, { amount: bigint, decimals: number }>} */
  const byMint = new Map()
  for (const accounts of perProgram) {
    if (!Array.isArray(accounts?.value)) throw new UpstreamError('getTokenAccountsByOwner failed: no result')
    for (const { account } of accounts.value) {
      // A node answers base64 for an account it cannot parse: nothing to read there.
      const info = account?.data?.parsed?.info
      const mint = info?.mint
      const { amount, decimals } = info?.tokenAmount ?? {}
      if (typeof mint !== 'string' || typeof amount !== 'string' || !/^\d+$/.test(amount) || !Number.isInteger(decimals)) continue
      const total = byMint.get(mint)?.amount ?? 0n
      byMint.set(mint, { amount: total + BigInt(amount), decimals })
    }
  }
  const { chainId } = solana
  const entries = [balance({ name: 'Solana', symbol: 'SOL', decimals: 9, chainId, amount: BigInt(lamports.value), price })]
  for (const [mint, { amount, decimals }] of byMint) {
    const known = solana.tokens?.find((token) => token.mint === mint)
    const { name, symbol } = known ?? { name: 'Unknown token', symbol: `${mint.slice(0, 4)}…` }
    entries.push(balance({ name, symbol, decimals, chainId, token: mint, amount, price }))
  }
  return entries.filter((entry) => entry !== undefined)
}

/**
 * One JSON-RPC call to the Solana node.
 *
 * @param {string} rpcUrl
 * @param {string} method
 * @param {unknown[]} params
 * @returns {Promise<any>} the result
 */
async function solanaRpc(rpcUrl, method, params) {
  let body
  try {
    body = await callJsonRpc(rpcUrl, method, params, { timeoutMs: 10_000 })
  } catch (error) {
    throw new UpstreamError(`The Solana node at ${rpcUrl} did not answer`, error)
  }
  if (body?.result === undefined || body.result === null)
    throw new UpstreamError(`${method} failed: ${body?.error?.message ?? 'no result'}`)
  return body.result
}

/**
 * @param {{ name: string, symbol: string, decimals: number, chainId: string, token?: string, amount: bigint,
 *   price: ReturnType<import('./createPriceTable.mjs').createPriceTable> }} options
 * @returns {TokenBalance | undefined} undefined for a zero balance
 */
function balance({ name, symbol, decimals, chainId, token, amount, price }) {
  if (amount === 0n) return undefined
  const numeric = formatUnits(amount, decimals)
  const usd = price({ chainId, address: token, symbol })
  return {
    name,
    symbol,
    chainId,
    ...(token ? { address: `${chainId}:${token}` } : {}),
    value: Number(numeric) * usd,
    price: usd,
    quantity: { decimals: String(decimals), numeric },
    iconUrl: tokenIconUrl(symbol),
  }
}
