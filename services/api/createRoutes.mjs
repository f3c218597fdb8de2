// The rules §7 blockchain data calls the API answers: supported chains, balances, history, identities and prices, as
// a Hono sub-app the API mounts. Each route checks its input with valid() before its handler runs.
import { Hono } from 'hono'
import * as v from 'valibot'

import { JsonObject, ServiceError, queryString, sendJson, valid, validBody } from '../http/index.mjs'
import { evmBalances, solanaBalances } from './accountBalances.mjs'
import { accountHistory } from './accountHistory.mjs'
import { evmAddress, evmAddressSchema, parseAccount, parseChainId, parseFungibleId } from './caip.mjs'
import { tokenIconUrl } from './tokenIconUrl.mjs'

/** Largest `addresses` list the price call takes. */
export const MAX_PRICE_ADDRESSES = 100

/** rules §7: USD is the only currency of the price table. */
const Currency = v.optional(
  v.custom(
    (value) => typeof value === 'string' && value.toLowerCase() === 'usd',
    (issue) => `Unsupported currency: ${String(issue.input).slice(0, 20)} (only usd)`,
  ),
)
/** A true/false query parameter; absent or empty is false. @param {string} name */
const Flag = (name) =>
  v.pipe(
    queryString(name),
    v.check((value) => value === undefined || ['', 'true', 'false'].includes(value), `${name} must be true or false`),
    v.transform((value) => value === 'true'),
  )
/** An account path segment: a plain address or a CAIP-10 id, read by parseAccount against the query's chain. */
const AccountParam = v.object({ account: v.string() })
const AccountQuery = v.looseObject({ chainId: queryString('chainId') })
const PriceBody = JsonObject({
  currency: Currency,
  addresses: v.pipe(
    v.array(v.unknown(), `addresses must be a list of 1 to ${MAX_PRICE_ADDRESSES} CAIP-10 ids`),
    v.minLength(1, `addresses must be a list of 1 to ${MAX_PRICE_ADDRESSES} CAIP-10 ids`),
    v.maxLength(MAX_PRICE_ADDRESSES, `addresses must be a list of 1 to ${MAX_PRICE_ADDRESSES} CAIP-10 ids`),
  ),
})
const SenderQuery = v.looseObject({
  sender: v.pipe(
    queryString('sender'),
    v.check((sender) => sender === undefined || evmAddress(sender) !== undefined, 'Invalid sender address'),
  ),
})

/**
 * @param {object} options
 * @param {import('hono').MiddlewareHandler<import('./apiCall.mjs').ApiEnv>} options.call the API's checks of every call (apiCall.mjs)
 * @param {Map<string, import('./evmChain.mjs').EvmChain>} options.indexers the EVM chains, by CAIP-2 chain id
 * @param {Map<string, import('./tokenLists.mjs').ListedToken[]>} options.listed the token lists' tokens, by CAIP-2 chain id
 * @param {{ rpcUrl: string, chainId: string, tokens: ReadonlyArray<{ mint: string, symbol: string, name: string }> } | undefined} options.solana
 * @param {import('./createPricing.mjs').Pricing} options.price
 * @param {(address: `0x${string}`) => Promise<{ name: string | null, avatar: string | null }>} options.identityOf
 * @param {(token: string) => boolean} options.isSpam
 * @param {(address: string, chainId: string | undefined, provider: string | undefined) => Promise<{ data: unknown[], next: null }>} [options.onrampHistory]
 *   an account's on-ramp purchases, when the API runs the on-ramp stand-ins
 * @param {(address: string) => Promise<Set<string>>} [options.onrampPayouts] the hashes of an account's on-ramp payouts
 * @returns {Hono<import('./apiCall.mjs').ApiEnv>}
 */
export function createRoutes({ call, indexers, listed, solana, price, identityOf, isSpam, onrampHistory, onrampPayouts }) {
  /**
   * The EVM chains a request is about: the one it names (chainId, else the chain of a CAIP-10 account), or all.
   *
   * @param {string | undefined} chainId
   */
  function evmChains(chainId) {
    if (chainId === undefined) return [...indexers.values()]
    const indexer = indexers.get(chainId)
    if (!indexer) throw new ServiceError(400, null, 'Unsupported chain')
    return [indexer]
  }

  /**
   * The account of the path and the chain it is asked about: the query's, else the CAIP-10 id's.
   *
   * @param {string} segment
   * @param {string | undefined} requested the query's chainId
   */
  function accountAndChain(segment, requested) {
    const account = parseAccount(segment)
    const chainId = requested ? parseChainId(requested) : account.chainId
    if (chainId && !indexers.has(chainId) && chainId !== solana?.chainId) throw new ServiceError(400, null, 'Unsupported chain')
    if (chainId && !chainId.startsWith(`${account.namespace}:`)) throw new ServiceError(400, null, 'Invalid address')
    return { ...account, chainId }
  }

  /** @type {Hono<import('./apiCall.mjs').ApiEnv>} */
  const app = new Hono()
  app.get('/v1/supported-chains', call, (c) =>
    sendJson(c, 200, { http: [...indexers.keys(), ...(solana ? [solana.chainId] : [])], ws: [] }),
  )
  app.get(
    '/v1/account/:account/balance',
    call,
    valid('param', AccountParam),
    // rules §7 forceUpdate asks for what the chain holds now: every answer is read from the node as it is asked, so
    // there is nothing to bring up to date. The parameter is still checked.
    valid(
      'query',
      v.looseObject({ currency: v.pipe(queryString('currency'), Currency), forceUpdate: Flag('forceUpdate'), ...AccountQuery.entries }),
    ),
    async (c) => {
      const { address, namespace, chainId } = accountAndChain(c.req.valid('param').account, c.req.valid('query').chainId)
      if (namespace === 'solana') {
        // Read live from the node on every call: nothing to bring up to date.
        if (!solana) throw new ServiceError(400, null, 'Unsupported chain')
        return sendJson(c, 200, { balances: await solanaBalances({ address, solana, price }) })
      }
      const evm = /** @type {`0x${string}`} */ (address)
      return sendJson(c, 200, { balances: await evmBalances({ address: evm, chains: evmChains(chainId), listed, price, isSpam }) })
    },
  )
  app.get(
    '/v1/account/:account/history',
    call,
    valid('param', AccountParam),
    valid('query', v.looseObject({ ...AccountQuery.entries, cursor: queryString('cursor'), onramp: queryString('onramp') })),
    async (c) => {
      const query = c.req.valid('query')
      const { address, namespace, chainId } = accountAndChain(c.req.valid('param').account, query.chainId)
      const cursor = query.cursor || undefined
      const onramp = query.onramp || undefined
      // rules §7: with `onramp`, the account's purchases from that provider. On Solana the purchases are the only
      // transactions the API knows (rules §6: the chain's own activity is EVM only).
      if (onramp || namespace === 'solana') {
        if (cursor || !onrampHistory) return sendJson(c, 200, { data: [], next: null })
        return sendJson(c, 200, await onrampHistory(address, chainId, onramp))
      }
      const evm = /** @type {`0x${string}`} */ (address)
      const [page, payouts] = await Promise.all([
        accountHistory({ address: evm, chains: evmChains(chainId), cursor, price, isSpam }),
        onrampPayouts?.(evm),
      ])
      if (!payouts?.size) return sendJson(c, 200, page)
      // A provider's payout is a purchase, not a plain receive.
      return sendJson(c, 200, {
        ...page,
        data: page.data.map((item) =>
          payouts.has(item.metadata.hash.toLowerCase()) ? { ...item, metadata: { ...item.metadata, operationType: 'buy' } } : item,
        ),
      })
    },
  )
  app.get(
    '/v1/identity/:address',
    call,
    valid('param', v.object({ address: evmAddressSchema('Invalid address') })),
    // rules §7 sender: the connected account that asks. Identities are public, so it changes no answer; a malformed
    // one is still the client's mistake.
    valid('query', SenderQuery),
    async (c) => sendJson(c, 200, await identityOf(c.req.valid('param').address)),
  )
  app.post('/v1/fungible/price', call, validBody(PriceBody), async (c) => {
    const { addresses } = c.req.valid('json')
    // Each answer names the id it was asked for, so a client can tell them apart when some are left out.
    const fungibles = await Promise.all(
      addresses.map(async (id) => {
        const fungible = await fungiblePrice(parseFungibleId(id))
        return fungible && { address: id, ...fungible }
      }),
    )
    return sendJson(c, 200, { fungibles: fungibles.filter((fungible) => fungible !== undefined) })
  })
  return app

  /**
   * @param {{ chainId: string, address: `0x${string}` | 'native' }} id
   * @returns {Promise<{ name: string, symbol: string, iconUrl: string, price: number } | undefined>} undefined when
   *   the address holds no token
   */
  async function fungiblePrice({ chainId, address }) {
    const entry = async (
      /** @type {string} */ name,
      /** @type {string} */ symbol,
      /** @type {string | undefined} */ token = undefined,
    ) => ({
      name,
      symbol,
      // The chain's coin, or a token its lists name: a token only met on chain keeps its letters (tokenIconUrl.mjs).
      iconUrl: await tokenIconUrl(symbol, {
        vouched: token === undefined || (listed.get(chainId) ?? []).some((entry) => entry.address.toLowerCase() === token.toLowerCase()),
      }),
      price: await price({ chainId, address: token, symbol }),
    })
    if (solana && chainId === solana.chainId && address === 'native') return entry('Solana', 'SOL')
    const indexer = indexers.get(chainId)
    if (!indexer) throw new ServiceError(400, null, 'Unsupported chain')
    if (address === 'native') return entry(indexer.nativeCurrency.name, indexer.nativeCurrency.symbol)
    const info = await indexer.tokenInfo(address)
    return info.symbol === null ? undefined : entry(info.name ?? info.symbol, info.symbol, address)
  }
}
