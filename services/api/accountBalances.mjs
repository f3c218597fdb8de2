// `GET /v1/account/{address}/balance`: the rules §3 token balances of one account, read live from the nodes.
import { erc20Abi, formatUnits } from 'viem'

import { callJsonRpc } from '../jsonRpc.mjs'
import { aggregate3, multicall3Abi } from './multicall3.mjs'
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
 * The native balance, the balances of the token lists' tokens on the chain and of every ERC-20 the account ever
 * received (spam left out), without zero balances, on each of `chains`. Each chain's amounts — and the names of
 * tokens not met before — are read in one eth_call to Multicall3's aggregate3; which tokens the account received
 * comes from the chain's history source (one eth_getLogs on the node, or one explorer query). Tokens with zero
 * decimals are returned: rules §5 has the client drop them.
 *
 * @param {object} options
 * @param {`0x${string}`} options.address
 * @param {import('./evmChain.mjs').EvmChain[]} options.chains
 * @param {Map<string, import('./tokenLists.mjs').ListedToken[]>} options.listed the token lists' tokens, by CAIP-2 chain id
 * @param {import('./createPricing.mjs').Pricing} options.price
 * @param {(token: string) => boolean} options.isSpam
 * @returns {Promise<TokenBalance[]>}
 */
export async function evmBalances({ address, chains, listed, price, isSpam }) {
  const perChain = await Promise.all(
    chains.map((chain) => chainBalances({ address, chain, listed: listed.get(chain.chainId) ?? [], price, isSpam })),
  )
  return perChain.flat().filter((entry) => entry !== undefined)
}

/**
 * @param {{ address: `0x${string}`, chain: import('./evmChain.mjs').EvmChain, listed: import('./tokenLists.mjs').ListedToken[],
 *   price: import('./createPricing.mjs').Pricing, isSpam: (token: string) => boolean }} options
 */
async function chainBalances({ address, chain, listed, price, isSpam }) {
  const { chainId, nativeCurrency } = chain
  for (const token of listed) chain.learnToken({ kind: 'erc20', ...token })
  const wanted = (/** @type {`0x${string}`[]} */ received) =>
    [...new Map([...listed.map((token) => token.address), ...received].map((token) => [token.toLowerCase(), token])).values()].filter(
      (token) => !isSpam(token),
    )
  // An account read before: its amounts are read while its received tokens are looked up again (both in one round
  // trip), and only a token it received since needs a second read.
  const remembered = chain.rememberedTokens(address)
  const early = remembered && readAmounts(chain, address, wanted(remembered))
  early?.catch(() => {})
  const received = await chain.history.tokensOf(address)
  chain.rememberTokens(address, received)
  const held = wanted(received)
  const amounts = early ? await early : await readAmounts(chain, address, held)
  const missing = held.filter((token) => !amounts.tokens.has(token.toLowerCase()))
  if (missing.length > 0)
    for (const [token, amount] of (await readAmounts(chain, address, missing)).tokens) amounts.tokens.set(token, amount)
  const entries = await Promise.all(
    held.map(async (token) => {
      const amount = amounts.tokens.get(token.toLowerCase())
      // A contract that does not answer balanceOf (self-destructed, not a token after all) is left out.
      if (typeof amount !== 'bigint') return undefined
      const info = await chain.tokenInfo(token)
      const symbol = info.symbol ?? ''
      const vouched = listed.some((entry) => entry.address.toLowerCase() === token.toLowerCase())
      return balance({ name: info.name ?? symbol, symbol, decimals: info.decimals, chainId, token, amount, price, vouched })
    }),
  )
  return [await balance({ ...nativeCurrency, chainId, amount: amounts.native, price, vouched: true }), ...entries]
}

/**
 * The native balance and the balances of `tokens`, with the name, symbol and decimals of the tokens the chain has not
 * met before, in one eth_call to Multicall3's aggregate3.
 *
 * @param {import('./evmChain.mjs').EvmChain} chain
 * @param {`0x${string}`} address
 * @param {`0x${string}`[]} tokens
 * @returns {Promise<{ native: bigint, tokens: Map<string, unknown> }>} amounts by lower-case token address
 */
async function readAmounts(chain, address, tokens) {
  const unnamed = tokens.filter((token) => !chain.knowsToken(token))
  /** @type {import('./multicall3.mjs').Read[]} */
  const reads = [
    { address: chain.multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [address] },
    ...tokens.map((token) => ({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] })),
    ...unnamed.flatMap((token) => ['name', 'symbol', 'decimals'].map((functionName) => ({ address: token, abi: erc20Abi, functionName }))),
  ]
  const [native, ...results] = await aggregate3(chain.client, chain.multicall3, reads)
  for (const [index, token] of unnamed.entries()) {
    const [name, symbol, decimals] = results.slice(tokens.length + index * 3, tokens.length + index * 3 + 3)
    chain.learnToken({
      kind: 'erc20',
      address: token,
      name: typeof name === 'string' ? name : null,
      symbol: typeof symbol === 'string' ? symbol : null,
      // A token without decimals() counts whole units.
      decimals: typeof decimals === 'number' ? decimals : 0,
    })
  }
  return {
    native: typeof native === 'bigint' ? native : 0n,
    tokens: new Map(tokens.map((token, index) => [token.toLowerCase(), results[index]])),
  }
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
 * @param {import('./createPricing.mjs').Pricing} options.price
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
  const entries = [balance({ name: 'Solana', symbol: 'SOL', decimals: 9, chainId, amount: BigInt(lamports.value), price, vouched: true })]
  for (const [mint, { amount, decimals }] of byMint) {
    const known = solana.tokens?.find((token) => token.mint === mint)
    const { name, symbol } = known ?? { name: 'Unknown token', symbol: `${mint.slice(0, 4)}…` }
    entries.push(balance({ name, symbol, decimals, chainId, token: mint, amount, price, vouched: known !== undefined }))
  }
  return (await Promise.all(entries)).filter((entry) => entry !== undefined)
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
 *   price: import('./createPricing.mjs').Pricing, vouched: boolean }} options `vouched`: the chain's coin or a listed
 *   token, whose icon may be its brand mark (tokenIconUrl.mjs)
 * @returns {Promise<TokenBalance | undefined>} undefined for a zero balance
 */
async function balance({ name, symbol, decimals, chainId, token, amount, price, vouched }) {
  if (amount === 0n) return undefined
  const numeric = formatUnits(amount, decimals)
  const usd = await price({ chainId, address: token, symbol })
  return {
    name,
    symbol,
    chainId,
    ...(token ? { address: `${chainId}:${token}` } : {}),
    value: Number(numeric) * usd,
    price: usd,
    quantity: { decimals: String(decimals), numeric },
    iconUrl: await tokenIconUrl(symbol, { vouched }),
  }
}
