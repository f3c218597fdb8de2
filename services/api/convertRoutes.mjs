// The six convert calls of rules §7 (AppKit's shapes, for compatibility): tokens, quotes, allowance, gas price, swap
// calldata and approve calldata, answered from each chain's Uniswap V2 deployment. Every amount is a decimal
// string in the token's smallest unit; every token an `eip155:<chain>:<address>` id, NATIVE_TOKEN for the coin.
import { SWAP_NETWORKS } from 'foyer/protocol'
import { Hono } from 'hono'
import * as v from 'valibot'
import { BaseError, encodeFunctionData, erc20Abi, maxUint256, parseAbi } from 'viem'

import { JsonObject, ServiceError, bodyValue, queryString, queryValue, sendJson, valid, validBody } from '../http/index.mjs'
import { evmAddress, parseAccount, parseChainId } from './caip.mjs'
import { NATIVE_TOKEN, POOL_FEE_PERCENT } from './createAmm.mjs'
import { tokenIconUrl } from './tokenIconUrl.mjs'

/** rules §9: the slippage tolerance, percent, when a build-transaction names none. */
export const DEFAULT_SLIPPAGE_PERCENT = 1
/** Largest slippage accepted, percent: beyond it a swap is a gift to whoever front-runs it. */
export const MAX_SLIPPAGE_PERCENT = 50
/** How long a built swap stays valid: the router refuses it after this many seconds. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/**
 * Gas a swap gets beyond the node's estimate, for each pool on its route. An estimate holds for the block it ran
 * against; a swap mined in a later second than its pool's last trade also writes the pool's two price accumulators
 * (Uniswap V2): up to 2 × 22,100 gas when they were still zero, which the router must hold 64/63 of before its call
 * to the pool (measured: an estimate of 115,728 needed more than 160,000). Gas not used is not charged.
 */
export const ACCUMULATOR_GAS_PER_POOL = 60_000n
/** rules §8, exact wording. */
export const SWAPS_UNSUPPORTED = 'Network not supported for Swaps'
/** rules §8, exact wording. */
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price'

/**
 * Gas a swap takes when it cannot be estimated yet (an approval still missing): the router's usual use per route
 * length, measured on anvil with these contracts, rounded up.
 */
const TYPICAL_SWAP_GAS = { 1: 130_000n, 2: 190_000n }

const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** A network's id from the query, required: a bare number is an eip155 chain. */
const ChainIdQuery = v.looseObject({
  chainId: queryValue('chainId', (value) => {
    if (!value) throw new ServiceError(400, null, 'chainId is required')
    return parseChainId(value)
  }),
})
/** A positive amount in the smallest unit, from the query. @param {string} name */
const AmountParam = (name) => queryValue(name, (value) => amountOf(value, name))
/** The query of a swap's quote and approval: the tokens and the user are read in the handler, against each other. */
const SwapQuery = v.looseObject({ from: queryString('from'), to: queryString('to'), userAddress: queryString('userAddress') })
const BuildTransactionBody = JsonObject({
  amount: bodyValue((value) => amountOf(value, 'amount')),
  eip155: bodyValue(slippageOf),
  disableEstimate: v.optional(v.boolean('disableEstimate must be true or false')),
})

/**
 * @param {object} options
 * @param {import('hono').MiddlewareHandler<import('./apiCall.mjs').ApiEnv>} options.call the API's checks of every call (apiCall.mjs)
 * @param {Map<string, import('./createAmm.mjs').Amm>} options.amms by CAIP-2 chain id
 * @param {Map<string, import('./evmChain.mjs').EvmChain>} options.indexers by CAIP-2 chain id
 * @param {Map<string, import('./tokenLists.mjs').ListedToken[]>} [options.listed] the token lists' tokens, by CAIP-2
 *   chain id: their icons are their brand marks (tokenIconUrl.mjs), since anyone may open a pool with any token
 * @returns {Hono<import('./apiCall.mjs').ApiEnv>}
 */
export function createConvertRoutes({ call, amms, indexers, listed = new Map() }) {
  /**
   * The chain's AMM; 'Network not supported for Swaps' outside the list or where this service runs no AMM.
   *
   * @param {string} chainId
   */
  function swapChain(chainId) {
    const amm = amms.get(chainId)
    const indexer = indexers.get(chainId)
    if (!SWAP_NETWORKS.includes(chainId) || !amm || !indexer) throw new ServiceError(400, null, SWAPS_UNSUPPORTED)
    return { amm, indexer, chainId }
  }

  /**
   * A token id of a query or body: `eip155:<chain>:<address>`.
   *
   * @param {unknown} value
   * @param {string} name
   */
  function tokenId(value, name) {
    if (value === undefined || value === null || value === '') throw new ServiceError(400, null, `${name} is required`)
    const parts = typeof value === 'string' ? value.split(':') : []
    const address = parts.length === 3 ? evmAddress(/** @type {string} */ (parts[2])) : undefined
    if (!address || parts[0] !== 'eip155') throw new ServiceError(400, null, `Invalid CAIP-10 address: ${String(value).slice(0, 100)}`)
    const chainId = parseChainId(`${parts[0]}:${parts[1]}`)
    const native = address.toLowerCase() === NATIVE_TOKEN
    return { chainId, address: native ? /** @type {`0x${string}`} */ (NATIVE_TOKEN) : address, native }
  }

  /**
   * The user's address: plain, or CAIP-10 on `chainId`.
   *
   * @param {unknown} value
   * @param {string} chainId
   */
  function userOf(value, chainId) {
    if (value === undefined || value === null || value === '') throw new ServiceError(400, null, 'userAddress is required')
    const account = parseAccount(String(value))
    if (account.namespace !== 'eip155') throw new ServiceError(400, null, 'userAddress must be an EVM address')
    if (account.chainId && account.chainId !== chainId)
      throw new ServiceError(400, null, 'userAddress is on another network than the tokens')
    return /** @type {`0x${string}`} */ (account.address)
  }

  /**
   * The two tokens of a swap, on one supported network, and not the same.
   *
   * @param {unknown} from
   * @param {unknown} to
   */
  function pairOfTokens(from, to) {
    const source = tokenId(from, 'from')
    const target = tokenId(to, 'to')
    if (source.chainId !== target.chainId) throw new ServiceError(400, null, 'from and to must be on the same network')
    const chain = swapChain(source.chainId)
    if (source.address.toLowerCase() === target.address.toLowerCase())
      throw new ServiceError(400, null, 'from and to must be different tokens')
    return { ...chain, source, target }
  }

  /**
   * The best route for a swap, with the router's path (WETH for the native coin); 400 when there is none.
   *
   * @param {ReturnType<typeof pairOfTokens>} swap
   * @param {bigint} amount
   */
  async function routeFor({ amm, source, target }, amount) {
    const { weth } = await amm.contracts()
    const route = await amm.bestRoute(amount, source.native ? weth : source.address, target.native ? weth : target.address)
    if (!route) throw new ServiceError(400, null, 'No pool connects these tokens')
    if (route.amountOut === 0n) throw new ServiceError(400, null, 'The amount is too small to swap')
    return route
  }

  /**
   * The router call of a swap and the native value it sends.
   *
   * @param {ReturnType<typeof pairOfTokens>} swap
   * @param {{ amountIn: bigint, amountOutMin: bigint, path: `0x${string}`[], user: `0x${string}`, deadline: bigint }} call
   */
  function swapCall({ source, target }, { amountIn, amountOutMin, path, user, deadline }) {
    if (source.native) {
      return {
        value: amountIn,
        data: encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [amountOutMin, path, user, deadline] }),
      }
    }
    const functionName = target.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
    return { value: 0n, data: encodeFunctionData({ abi: routerAbi, functionName, args: [amountIn, amountOutMin, path, user, deadline] }) }
  }

  /** @param {import('./createAmm.mjs').Amm} amm */
  const standardGasPrice = (amm) => amm.client.getGasPrice()

  /**
   * Gas for a transaction as the node estimates it; 400 with the node's reason when it would revert.
   *
   * @param {import('./createAmm.mjs').Amm} amm
   * @param {{ account: `0x${string}`, to: `0x${string}`, data: `0x${string}`, value?: bigint }} transaction
   * @param {string} what
   */
  async function estimate(amm, transaction, what) {
    try {
      return await amm.client.estimateGas(transaction)
    } catch (error) {
      if (error instanceof BaseError && /revert|insufficient funds/i.test(error.message)) {
        throw new ServiceError(400, null, `The ${what} would fail: ${error.shortMessage}`.slice(0, 300))
      }
      throw error
    }
  }

  const caip10 = (/** @type {string} */ chainId, /** @type {string} */ address) => `${chainId}:${address}`

  /** @type {Hono<import('./apiCall.mjs').ApiEnv>} */
  const app = new Hono()
  app.get('/v1/convert/tokens', call, valid('query', ChainIdQuery), async (c) => {
    const { amm, indexer, chainId } = swapChain(c.req.valid('query').chainId)
    const native = indexer.nativeCurrency
    const tokens = await Promise.all((await amm.tokens()).map((address) => indexer.tokenInfo(address)))
    const isListed = (/** @type {string} */ address) =>
      (listed.get(chainId) ?? []).some((entry) => entry.address.toLowerCase() === address.toLowerCase())
    return sendJson(c, 200, {
      tokens: [
        {
          name: native.name,
          symbol: native.symbol,
          address: caip10(chainId, NATIVE_TOKEN),
          decimals: native.decimals,
          logoUri: await tokenIconUrl(native.symbol, { vouched: true }),
        },
        ...(await Promise.all(
          tokens
            .filter((token) => token.symbol !== null)
            .map(async (token) => ({
              name: token.name ?? token.symbol,
              symbol: token.symbol,
              address: caip10(chainId, token.address),
              decimals: token.decimals,
              logoUri: await tokenIconUrl(/** @type {string} */ (token.symbol), { vouched: isListed(token.address) }),
            })),
        )),
      ],
    })
  })
  app.get(
    '/v1/convert/quotes',
    call,
    valid(
      'query',
      v.looseObject({
        ...SwapQuery.entries,
        amount: AmountParam('amount'),
        gasPrice: v.pipe(
          queryString('gasPrice'),
          v.check((value) => value === undefined || value === '' || /^\d{1,78}$/.test(value), 'gasPrice must be a whole number of wei'),
        ),
      }),
    ),
    async (c) => {
      const { from, to, amount, userAddress } = c.req.valid('query')
      const swap = pairOfTokens(from, to)
      const user = userOf(userAddress, swap.chainId)
      const route = await routeFor(swap, amount)
      // What the swap itself would cost, when the node can tell already (not before an approval it needs).
      const call = swapCall(swap, { amountIn: amount, amountOutMin: 0n, path: route.path, user, deadline: maxUint256 })
      const gas = await swap.amm.client
        .estimateGas({ account: user, to: swap.amm.router, ...call })
        .catch(() => TYPICAL_SWAP_GAS[/** @type {1 | 2} */ (route.hops.length)])
      const { weth } = await swap.amm.contracts()
      const tokenOf = (/** @type {string} */ address) =>
        caip10(
          swap.chainId,
          address.toLowerCase() === weth.toLowerCase() && (address === route.path[0] ? swap.source.native : swap.target.native)
            ? NATIVE_TOKEN
            : address,
        )
      return sendJson(c, 200, {
        quotes: [
          {
            id: null,
            fromAmount: amount.toString(),
            fromAccount: caip10(swap.chainId, swap.source.address),
            toAmount: route.amountOut.toString(),
            toAccount: caip10(swap.chainId, swap.target.address),
            // The pools the swap goes through, in order (WETH in the middle of a two-hop route).
            route: route.path.map(tokenOf),
            priceImpact: round(route.priceImpact),
            // Each pool keeps POOL_FEE_PERCENT of what goes in, in the token that goes in.
            fees: route.hops.map((hop) => ({
              token: tokenOf(hop.tokenIn),
              amount: ((hop.amountIn * 3n) / 1000n).toString(),
              percent: POOL_FEE_PERCENT,
            })),
            eip155: { gas: gas.toString() },
          },
        ],
      })
    },
  )
  app.get(
    '/v1/convert/allowance',
    call,
    valid('query', v.looseObject({ tokenAddress: queryString('tokenAddress'), userAddress: queryString('userAddress') })),
    async (c) => {
      const query = c.req.valid('query')
      const token = tokenId(query.tokenAddress, 'tokenAddress')
      const { amm } = swapChain(token.chainId)
      if (token.native) throw new ServiceError(400, null, 'tokenAddress is the native coin, which needs no allowance')
      const user = userOf(query.userAddress, token.chainId)
      const allowance = await amm.client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user, amm.router],
      })
      return sendJson(c, 200, { allowance: allowance.toString() })
    },
  )
  app.get('/v1/convert/gas-price', call, valid('query', ChainIdQuery), async (c) => {
    const { chainId } = c.req.valid('query')
    const indexer = indexers.get(chainId)
    if (!SWAP_NETWORKS.includes(chainId) || !indexer) throw new ServiceError(400, null, GAS_PRICE_UNSUPPORTED)
    // The node's own price (base fee plus its suggested tip), then 20 % and 50 % more to be mined sooner.
    const standard = await (amms.get(chainId)?.client ?? indexer.client).getGasPrice()
    return sendJson(c, 200, {
      standard: standard.toString(),
      fast: ((standard * 12n) / 10n).toString(),
      instant: ((standard * 15n) / 10n).toString(),
    })
  })
  app.post('/v1/convert/build-transaction', call, validBody(BuildTransactionBody), async (c) => {
    const body = c.req.valid('json')
    const swap = pairOfTokens(body['from'], body['to'])
    const { amount, disableEstimate } = body
    const user = userOf(body['userAddress'], swap.chainId)
    const slippage = body.eip155
    const route = await routeFor(swap, amount)
    // amountOutMin in basis points of the quote, rounded down: the swap reverts if the pools move further.
    const amountOutMin = (route.amountOut * BigInt(Math.round((100 - slippage) * 100))) / 10_000n
    const latest = await swap.amm.client.getBlock()
    const deadline = latest.timestamp + BigInt(SWAP_DEADLINE_SECONDS)
    const call = swapCall(swap, { amountIn: amount, amountOutMin, path: route.path, user, deadline })
    const [gasPrice, gas] = await Promise.all([
      standardGasPrice(swap.amm),
      disableEstimate
        ? undefined
        : estimate(swap.amm, { account: user, to: swap.amm.router, ...call }, 'swap').then(
            (exact) => exact + ACCUMULATOR_GAS_PER_POOL * BigInt(route.path.length - 1),
          ),
    ])
    return sendJson(c, 200, {
      tx: {
        from: caip10(swap.chainId, user),
        to: caip10(swap.chainId, swap.amm.router),
        data: call.data,
        amount: call.value.toString(),
        eip155: { ...(gas !== undefined && { gas: gas.toString() }), gasPrice: gasPrice.toString() },
      },
      toAmount: route.amountOut.toString(),
      toAmountMin: amountOutMin.toString(),
      deadline: Number(deadline),
    })
  })
  app.get(
    '/v1/convert/build-approve',
    call,
    valid(
      'query',
      v.looseObject({
        ...SwapQuery.entries,
        // Without one, the allowance is unlimited.
        amount: queryValue('amount', (value) => (value === '' ? maxUint256 : amountOf(value, 'amount'))),
      }),
    ),
    async (c) => {
      const { from, to, userAddress, amount } = c.req.valid('query')
      const swap = pairOfTokens(from, to)
      if (swap.source.native) throw new ServiceError(400, null, 'from is the native coin, which needs no approval')
      const user = userOf(userAddress, swap.chainId)
      const { amm } = swap
      const token = swap.source.address
      const approve = (/** @type {bigint} */ value) =>
        encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [amm.router, value] })
      // A token like USDT refuses to change one non-zero allowance into another: when the node says this approval
      // would revert over a standing allowance, the answer is the reset to 0, and asking again after it is mined
      // gives the approval itself.
      const current = await amm.client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user, amm.router],
      })
      let reset = false
      if (current > 0n) {
        reset = await amm.client.call({ account: user, to: token, data: approve(amount) }).then(
          () => false,
          (error) => {
            if (error instanceof BaseError && /revert/i.test(error.message)) return true
            throw error
          },
        )
      }
      const data = approve(reset ? 0n : amount)
      const [gasPrice, gas] = await Promise.all([standardGasPrice(amm), estimate(amm, { account: user, to: token, data }, 'approval')])
      return sendJson(c, 200, {
        tx: {
          from: caip10(swap.chainId, user),
          to: caip10(swap.chainId, token),
          data,
          value: '0',
          eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
        },
        // True when this is the reset to 0 that must be mined before the approval.
        reset,
      })
    },
  )
  return app
}

/**
 * A positive amount in the smallest unit, as a decimal string of at most 78 digits (a uint256).
 *
 * @param {unknown} value
 * @param {string} name
 */
function amountOf(value, name) {
  if (value === undefined || value === null || value === '') throw new ServiceError(400, null, `${name} is required`)
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string' || !/^\d{1,78}$/.test(text) || BigInt(text) === 0n || BigInt(text) > maxUint256) {
    throw new ServiceError(400, null, `${name} must be a positive whole number of the token's smallest unit`)
  }
  return BigInt(text)
}

/**
 * rules §9: the slippage tolerance in percent, from `eip155.slippage`; 1 when absent.
 *
 * @param {unknown} eip155
 */
function slippageOf(eip155) {
  if (eip155 === undefined || eip155 === null) return DEFAULT_SLIPPAGE_PERCENT
  if (typeof eip155 !== 'object') throw new ServiceError(400, null, 'eip155 must be an object such as { "slippage": "1" }')
  const raw = /** @type {{ slippage?: unknown }} */ (eip155).slippage
  if (raw === undefined) return DEFAULT_SLIPPAGE_PERCENT
  const slippage = typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : Number.NaN
  if (!(slippage >= 0 && slippage <= MAX_SLIPPAGE_PERCENT)) {
    throw new ServiceError(400, null, `eip155.slippage must be a percentage from 0 to ${MAX_SLIPPAGE_PERCENT}`)
  }
  return slippage
}

/** A percentage to 4 decimal places, as a number. @param {number} value */
const round = (value) => Math.round(value * 10_000) / 10_000
