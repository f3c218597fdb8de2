// The rules §7 blockchain data calls the API answers, as a table of { method, path, handler }.
import { evmBalances, solanaBalances } from './accountBalances.mjs'
import { accountHistory } from './accountHistory.mjs'
import { evmAddress, parseAccount, parseChainId, parseFungibleId } from './caip.mjs'
import { queryParam } from '../http/index.mjs'
import { RequestError } from './errors.mjs'
import { tokenIconUrl } from './tokenIconUrl.mjs'

/** Largest `addresses` list the price call takes. */
export const MAX_PRICE_ADDRESSES = 100

/**
 * @typedef {object} RouteRequest
 * @property {string[]} params the path's parameters, URI-decoded
 * @property {URLSearchParams} query
 * @property {any} body the parsed JSON body of a POST
 * @property {string} projectId the project that asks: the query's, or the body's when the query names none
 */

/**
 * @typedef {object} Route
 * @property {'GET' | 'POST'} method
 * @property {string} path a Hono path; its `:name` segments become `params`
 * @property {(request: RouteRequest) => Promise<unknown> | unknown} handle returns the JSON body of a 200
 * @property {true} [changesState] it creates, changes or ends something the service keeps (a session, a name, an
 *   order): browsers may call it only from the project's allowed origins (createServiceApp's `changesState`)
 */

/**
 * @param {object} options
 * @param {Map<string, import('./evmChain.mjs').EvmChain>} options.indexers the EVM chains, by CAIP-2 chain id
 * @param {Map<string, import('./tokenLists.mjs').ListedToken[]>} options.listed the token lists' tokens, by CAIP-2 chain id
 * @param {{ rpcUrl: string, chainId: string, tokens: ReadonlyArray<{ mint: string, symbol: string, name: string }> } | undefined} options.solana
 * @param {import('./createPricing.mjs').Pricing} options.price
 * @param {(address: `0x${string}`) => Promise<{ name: string | null, avatar: string | null }>} options.identityOf
 * @param {(token: string) => boolean} options.isSpam
 * @param {(address: string, chainId: string | undefined, provider: string | undefined) => Promise<{ data: unknown[], next: null }>} [options.onrampHistory]
 *   an account's on-ramp purchases, when the API runs the on-ramp stand-ins
 * @param {(address: string) => Promise<Set<string>>} [options.onrampPayouts] the hashes of an account's on-ramp payouts
 * @returns {Route[]}
 */
export function createRoutes({ indexers, listed, solana, price, identityOf, isSpam, onrampHistory, onrampPayouts }) {
  /**
   * The EVM chains a request is about: the one it names (chainId, else the chain of a CAIP-10 account), or all.
   *
   * @param {string | undefined} chainId
   */
  function evmChains(chainId) {
    if (chainId === undefined) return [...indexers.values()]
    const indexer = indexers.get(chainId)
    if (!indexer) throw new RequestError(400, 'Unsupported chain')
    return [indexer]
  }

  /**
   * @param {string} segment
   * @param {URLSearchParams} query
   */
  function accountAndChain(segment, query) {
    const account = parseAccount(segment)
    const requested = queryParam(query, 'chainId')
    const chainId = requested ? parseChainId(requested) : account.chainId
    if (chainId && !indexers.has(chainId) && chainId !== solana?.chainId) throw new RequestError(400, 'Unsupported chain')
    if (chainId && !chainId.startsWith(`${account.namespace}:`)) throw new RequestError(400, 'Invalid address')
    return { ...account, chainId }
  }

  return [
    {
      method: 'GET',
      path: '/v1/supported-chains',
      handle: () => ({ http: [...indexers.keys(), ...(solana ? [solana.chainId] : [])], ws: [] }),
    },
    {
      method: 'GET',
      path: '/v1/account/:account/balance',
      handle: async ({ params: [segment = ''], query }) => {
        checkCurrency(queryParam(query, 'currency'))
        // rules §7 forceUpdate asks for what the chain holds now: every answer is read from the node as it is asked,
        // so there is nothing to bring up to date. The parameter is still checked.
        booleanParam(query, 'forceUpdate')
        const { address, namespace, chainId } = accountAndChain(segment, query)
        if (namespace === 'solana') {
          // Read live from the node on every call: nothing to bring up to date.
          if (!solana) throw new RequestError(400, 'Unsupported chain')
          return { balances: await solanaBalances({ address, solana, price }) }
        }
        const evm = /** @type {`0x${string}`} */ (address)
        return { balances: await evmBalances({ address: evm, chains: evmChains(chainId), listed, price, isSpam }) }
      },
    },
    {
      method: 'GET',
      path: '/v1/account/:account/history',
      handle: async ({ params: [segment = ''], query }) => {
        const { address, namespace, chainId } = accountAndChain(segment, query)
        const cursor = queryParam(query, 'cursor') || undefined
        const onramp = queryParam(query, 'onramp') || undefined
        // rules §7: with `onramp`, the account's purchases from that provider. On Solana the purchases are the only
        // transactions the API knows (rules §6: the chain's own activity is EVM only).
        if (onramp || namespace === 'solana') {
          if (cursor || !onrampHistory) return { data: [], next: null }
          return onrampHistory(address, chainId, onramp)
        }
        const evm = /** @type {`0x${string}`} */ (address)
        const [page, payouts] = await Promise.all([
          accountHistory({ address: evm, chains: evmChains(chainId), cursor, price, isSpam }),
          onrampPayouts?.(evm),
        ])
        if (!payouts?.size) return page
        // A provider's payout is a purchase, not a plain receive.
        return {
          ...page,
          data: page.data.map((item) =>
            payouts.has(item.metadata.hash.toLowerCase()) ? { ...item, metadata: { ...item.metadata, operationType: 'buy' } } : item,
          ),
        }
      },
    },
    {
      method: 'GET',
      path: '/v1/identity/:address',
      handle: ({ params: [segment = ''], query }) => {
        const address = evmAddress(segment)
        if (!address) throw new RequestError(400, 'Invalid address')
        // rules §7 sender: the connected account that asks. Identities are public, so it changes no answer; a malformed
        // one is still the client's mistake.
        const sender = queryParam(query, 'sender')
        if (sender !== undefined && !evmAddress(sender)) throw new RequestError(400, 'Invalid sender address')
        return identityOf(address)
      },
    },
    {
      method: 'POST',
      path: '/v1/fungible/price',
      handle: async ({ body }) => {
        checkCurrency(body.currency)
        const { addresses } = body
        if (!Array.isArray(addresses) || addresses.length === 0 || addresses.length > MAX_PRICE_ADDRESSES) {
          throw new RequestError(400, `addresses must be a list of 1 to ${MAX_PRICE_ADDRESSES} CAIP-10 ids`)
        }
        // Each answer names the id it was asked for, so a client can tell them apart when some are left out.
        const fungibles = await Promise.all(
          addresses.map(async (id) => {
            const fungible = await fungiblePrice(parseFungibleId(id))
            return fungible && { address: id, ...fungible }
          }),
        )
        return { fungibles: fungibles.filter((fungible) => fungible !== undefined) }
      },
    },
  ]

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
    if (!indexer) throw new RequestError(400, 'Unsupported chain')
    if (address === 'native') return entry(indexer.nativeCurrency.name, indexer.nativeCurrency.symbol)
    const info = await indexer.tokenInfo(address)
    return info.symbol === null ? undefined : entry(info.name ?? info.symbol, info.symbol, address)
  }
}

/**
 * A true/false query parameter; absent is false.
 *
 * @param {URLSearchParams} query
 * @param {string} name
 */
function booleanParam(query, name) {
  const value = queryParam(query, name)
  if (value === undefined || value === '' || value === 'false') return false
  if (value === 'true') return true
  throw new RequestError(400, `${name} must be true or false`)
}

/** @param {unknown} currency USD is the only currency of the price table. */
function checkCurrency(currency) {
  if (currency !== undefined && (typeof currency !== 'string' || currency.toLowerCase() !== 'usd')) {
    throw new RequestError(400, `Unsupported currency: ${String(currency).slice(0, 20)} (only usd)`)
  }
}
