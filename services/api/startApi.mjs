// The blockchain data service (rules §7) over HTTP: balances, prices, identities and account history of EVM chains and
// Solana, read from the nodes (history through their Otterscan API, or an explorer) as each request asks. The public reads answer every origin; the calls that change
// state (sign-in, name registration, checkouts, exchange payments) only the project's allowed origins.
import { BaseError } from 'viem'

import { randomBytes } from 'node:crypto'

import {
  DEFAULT_RATE_LIMIT,
  ServiceError,
  allReady,
  createFailureSwitch,
  createServiceApp,
  createTrustedProxy,
  databaseAnswers,
  nodeAnswers,
  openRateLimit,
  sendJson,
  serveApp,
} from '../http/index.mjs'
import { createApiCall } from './apiCall.mjs'
import { evmAddress, isSolanaAddress } from './caip.mjs'
import { createAmm } from './createAmm.mjs'
import { createEvmChain } from './evmChain.mjs'
import { createConvertRoutes } from './convertRoutes.mjs'
import { createPriceTable, lookupPrices } from './createPriceTable.mjs'
import { createPricing } from './createPricing.mjs'
import { HISTORY_PAGE_SIZE } from './accountHistory.mjs'
import { createRoutes } from './createRoutes.mjs'
import { UNISWAP_DEFAULT_LIST, loadTokenLists } from './tokenLists.mjs'
import { UpstreamError } from './errors.mjs'
import { SWAP_NETWORKS } from 'foyer/protocol'
import { NAME_ACTIONS, createNameRoutes, registeredIdentity } from './names/nameRoutes.mjs'
import { openNameStore } from './names/nameStore.mjs'
import { CHECKOUT_ACTIONS, ONRAMP_ACTIONS, createOnramp } from './onramp/onrampRoutes.mjs'
import { purchaseCurrencies } from './onramp/onrampRules.mjs'
import { openOrderStore } from './onramp/orderStore.mjs'
import { createTreasury } from './onramp/treasury.mjs'
import { createResolverMirror } from './names/resolverMirror.mjs'
import { DEFAULT_NAME_ZONE } from './names/rules.mjs'
import { SESSION_ACTIONS, createSessionRoutes } from './sessions/sessionRoutes.mjs'
import { openSessionStore } from './sessions/sessionStore.mjs'
import { releaseLease, takeLease } from '../storage/index.mjs'

/** The CLI's port. */
export const DEFAULT_API_PORT = 8789
/**
 * The origins sign-in messages may name, and browsers may call the state-changing routes from, when
 * `allowedOrigins` is not given: any port of the loopback hosts.
 */
export const DEFAULT_SIGN_IN_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']
/** Largest POST body accepted. */
export const MAX_BODY_BYTES = 64 * 1024
/** The routes a guesser would repeat: sign-in (nonce, session, revoke) and name registration. */
export const RATE_LIMITED_ROUTES = new Set([
  'POST /v1/sessions/nonce',
  'POST /v1/sessions',
  'POST /v1/sessions/:id/revoke',
  'POST /v1/profile/account',
])

/**
 * @typedef {object} ApiChain
 * @property {number} chainId
 * @property {string} rpcUrl http(s)
 * @property {'eip155'} [namespace] (default 'eip155')
 * @property {{ name: string, symbol: string, decimals: number }} [nativeCurrency] (default Ether, ETH, 18 decimals)
 * @property {{ router: string }} [amm] a Uniswap V2 Router02 on this chain: the convert calls (swaps) are answered
 *   from its pools. Only on the swap networks (SWAP_NETWORKS, foyer/protocol). (default none: no swaps here)
 * @property {import('./evmChain.mjs').HistoryOption} [history] where account history comes from: the node's Otterscan
 *   API (`{ source: 'ots' }`: Erigon, Reth, anvil) or an Etherscan-compatible explorer API (`{ source: 'explorer',
 *   url, apiKey? }`: Blockscout, Etherscan v2). (default `ots`)
 * @property {string} [multicall3] the Multicall3 contract balances are read through. (default its canonical address)
 * @property {{ router: string, usdc: string }} [pools] a Uniswap V2 Router02 whose pools price the tokens `prices` does
 *   not list: the mid price of its best route to `usdc`, taken as one dollar. (default none: unlisted tokens are 0)
 */

/**
 * @typedef {object} ApiSolana
 * @property {string} rpcUrl http(s)
 * @property {string} chainId CAIP-2 (`solana:…`)
 * @property {ReadonlyArray<{ mint: string, symbol: string, name: string }>} [tokens] how to name SPL tokens, by mint.
 *   A mint not listed shows as 'Unknown token' with its shortened mint ('EPjF…') as symbol. (default none)
 */

/**
 * @typedef {object} ApiOnramp
 * @property {import('../storage/index.mjs').Database} database where orders are kept (schema `onramp`, migrated
 *   here), so a restart loses none. The caller opens and closes it.
 * @property {ReadonlyArray<{ chainId: number, usdc: string }>} evm chains of `chains` the providers pay on (ETH, and
 *   USDC from this fixture token contract)
 * @property {{ usdcMint?: string, mintAuthority?: readonly number[] }} [solana] pay SOL on `solana` too, and USDC of
 *   this mint when its mint authority's 64-byte keypair is given. (default SOL only, when `solana` is set)
 * @property {`0x${string}`} [treasuryKey] the EVM treasury's key. (default anvil account #8's, ONRAMP_TREASURY)
 * @property {number} [payoutLeaseMs] how long a payout is one instance's alone before another may take it over.
 *   (default PAYOUT_LEASE_MS: 5 minutes)
 */

/**
 * @typedef {object} StartApiOptions
 * @property {number} [port] 0 picks a free port. (default 0)
 * @property {string} [host] (default '127.0.0.1')
 * @property {ApiChain[]} [chains] the EVM chains to index
 * @property {ApiSolana} [solana] a Solana node for SOL and SPL token balances
 * @property {Record<string, number>} [prices] USD by symbol, address or CAIP-10 id: a host's price source, which wins
 *   over the pools. (default none)
 * @property {boolean} [devPrices] DEFAULT_PRICES, the dev chains' prices (ETH 3000, USDC 1, SOL 150 …), fill in what
 *   `prices` does not name; turn it off on a public network, where a symbol proves nothing. (default true)
 * @property {ReadonlyArray<string | import('./tokenLists.mjs').TokenList>} [tokenLists] token lists in the Uniswap
 *   standard whose tokens every balance read includes: UNISWAP_DEFAULT_LIST (@uniswap/default-token-list), a file
 *   path, an http(s) URL or a list; each chain reads its own chain id's entries. (default [UNISWAP_DEFAULT_LIST])
 * @property {Record<string, { name?: string | null, avatar?: string | null }>} [identities] by EVM address; a name
 *   registered through the profile calls wins
 * @property {import('../storage/index.mjs').Database} [database] where account names (schema `names`) and sign-in
 *   nonces and sessions (schema `sessions`) are kept, migrated here: with it the service answers the profile calls
 *   and the sign-in calls (rules §7). The caller opens and closes it.
 * @property {readonly string[] | ((projectId: string) => Promise<readonly string[]>)} [allowedOrigins] the origins
 *   a project's pages are served from (`https://example.com`, `https://*.example.com`, `http://localhost:*`), or a
 *   lookup per project (the directory's, through createAllowedOrigins): its sign-in messages may name them as domain
 *   and URI, and only they get CORS on the routes that change state (the others are refused with 403). An empty
 *   list allows no origin. (default DEFAULT_SIGN_IN_ORIGINS)
 * @property {string} [nameZone] the suffix every registered name ends in. (default 'foyer.id')
 * @property {ReadonlyArray<{ chainId: number, address: `0x${string}`, privateKey: `0x${string}` }>} [nameResolvers]
 *   FoyerNameResolver contracts on chains of `chains`, and their owner's key: every name is written there too (all
 *   of them at start), for viem's ENS actions. (default none)
 * @property {ApiOnramp} [onramp] the on-ramp stand-ins (providers meld and coinbase): the on-ramp calls (rules §7), their
 *   checkout pages and the history's `onramp` parameter. (default none: no on-ramp)
 * @property {() => number} [now] the clock registration messages are checked against, for tests. (default Date.now)
 * @property {readonly string[]} [spamTokens] token contracts (plain or CAIP-10) flagged as spam; none by default
 * @property {readonly string[]} [projectIds] the projects it serves; others get 403. (default any project id)
 * @property {{ limit: number, windowMs: number } | false} [rateLimit] each client's budget (by address, see `trustedProxy`) on
 *   each of the login and registration routes (RATE_LIMITED_ROUTES); past it 429 with `retry-after`. `false` turns it
 *   off. (default DEFAULT_RATE_LIMIT: 60 a minute)
 * @property {(message: string) => void} [log] told about internal errors and indexing failures. (default console.error)
 * @property {import('../http/index.mjs').TrustedProxy} [trustedProxy] the reverse proxies whose `X-Forwarded-*`
 *   headers say who the client is (createTrustedProxy). (default none: the socket's peer is the client)
 * @property {(entry: import('../http/index.mjs').RequestLogEntry) => void} [requestLog] told about every request.
 *   (default none)
 * @property {string} [instanceId] this instance among those sharing the database, in leases. (default a random one)
 */

/**
 * Starts the API and resolves once it listens. Nothing is indexed: each history page and each balance is read from
 * the chain's node (or explorer) when asked, and a node that cannot be reached gives 502.
 *
 * @example
 * const api = await startApi({ chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }] });
 * await fetch(`${api.url}/v1/account/${address}/history?projectId=demo&st=foyer&sv=0.1.0`);
 * await api.stop();
 *
 * @param {StartApiOptions} [options]
 */
export async function startApi({
  port = 0,
  host = '127.0.0.1',
  chains = [],
  solana,
  prices,
  devPrices = true,
  tokenLists = [UNISWAP_DEFAULT_LIST],
  identities = {},
  database,
  nameZone = DEFAULT_NAME_ZONE,
  nameResolvers = [],
  allowedOrigins = DEFAULT_SIGN_IN_ORIGINS,
  onramp,
  now = Date.now,
  spamTokens = [],
  projectIds,
  rateLimit = DEFAULT_RATE_LIMIT,
  log = (message) => console.error(message),
  trustedProxy = createTrustedProxy(),
  requestLog,
  instanceId = randomBytes(8).toString('hex'),
} = {}) {
  // Shared through a PostgreSQL server by every instance on it; in memory on the embedded database.
  const budget = await openRateLimit(rateLimit, { database: database ?? onramp?.database, scope: 'api', now })
  const call = createApiCall({
    budget,
    limitedRoutes: RATE_LIMITED_ROUTES,
    trustedProxy,
    projects: projectIds === undefined ? undefined : new Set(projectIds),
  })
  const indexers = new Map(
    chains.map((chain) => {
      checkChain(chain)
      const evm = createEvmChain({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        nativeCurrency: chain.nativeCurrency,
        history: checkHistory(chain),
        multicall3: chain.multicall3 === undefined ? undefined : checkAddress(chain.multicall3, 'chains[].multicall3'),
        pageSize: HISTORY_PAGE_SIZE,
      })
      return [evm.chainId, evm]
    }),
  )
  const listed = await loadTokenLists(tokenLists)
  const amms = new Map(
    chains.flatMap((chain) =>
      chain.amm ? [[`eip155:${chain.chainId}`, createAmm({ rpcUrl: chain.rpcUrl, router: checkAmm(chain) })]] : [],
    ),
  )
  const solanaNode = solana === undefined ? undefined : checkSolana(solana)
  const spam = new Set(spamTokens.map((token) => String(token).split(':').at(-1)?.toLowerCase()))
  const zone = checkZone(nameZone)
  const configured = new Map(
    Object.entries(identities).map(([address, { name = null, avatar = null }]) => [address.toLowerCase(), { name, avatar }]),
  )
  const names = database === undefined ? undefined : await openNameStore(database)
  const sessions = database === undefined ? undefined : await openSessionStore(database)
  const mirror =
    names && nameResolvers.length > 0
      ? createResolverMirror({ resolvers: nameResolvers.map((resolver) => checkResolver(resolver, chains)), log })
      : undefined
  // A fresh chain (npm start restarts anvil) learns every name kept before; before listening, so a registration
  // made now is written after them and stays its account's newest. Of instances starting together one publishes:
  // the same owner key writing from two would race for its nonces.
  if (names && mirror && database) await publishOnce(database, instanceId, async () => mirror.publish(await names.all()))
  /** @type {string | undefined} */
  let ownUrl
  const price = createPriceTable(prices, { devPrices })
  const pricing = createPricing({
    table: lookupPrices(prices, { devPrices }),
    pools: new Map(
      chains.flatMap((chain) => {
        if (chain.pools === undefined) return []
        const evm = /** @type {import('./evmChain.mjs').EvmChain} */ (indexers.get(`eip155:${chain.chainId}`))
        const router = checkAddress(chain.pools.router, 'chains[].pools.router')
        const usdc = checkAddress(chain.pools.usdc, 'chains[].pools.usdc')
        return [[evm.chainId, { amm: createAmm({ rpcUrl: chain.rpcUrl, router }), usdc, chain: evm }]]
      }),
    ),
  })
  const ramp =
    onramp === undefined
      ? undefined
      : await startOnramp(onramp, chains, solanaNode, price, () => /** @type {string} */ (ownUrl), log, instanceId, call)
  const originsOf = typeof allowedOrigins === 'function' ? allowedOrigins : async () => allowedOrigins
  // The calls, grouped by what they answer: each a Hono sub-app whose routes check their input before they run.
  const groups = [
    createRoutes({
      call,
      indexers,
      listed,
      solana: solanaNode,
      price: pricing,
      onrampHistory: ramp?.history,
      onrampPayouts: ramp?.payouts,
      identityOf: async (address) =>
        (names && (await registeredIdentity(names, address))) ?? configured.get(address.toLowerCase()) ?? { name: null, avatar: null },
      isSpam: (token) => spam.has(token.toLowerCase()),
    }),
    ...(names ? [createNameRoutes({ call, store: names, indexers, zone, now, mirror })] : []),
    createConvertRoutes({ call, amms, indexers, listed }),
    ...(sessions
      ? [
          createSessionRoutes({
            call,
            store: sessions,
            originsOf,
            rpcUrls: Object.fromEntries(chains.map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl])),
            chains: [...indexers.keys(), ...(solanaNode ? [solanaNode.chainId] : [])],
            now,
          }),
        ]
      : []),
    ...(ramp ? [ramp.app] : []),
  ]
  const failures = createFailureSwitch()
  const app = createServiceApp({
    name: 'api',
    log,
    methods: ['GET', 'POST'],
    maxBodyBytes: MAX_BODY_BYTES,
    beforeRoutes: failures.middleware,
    changesState: [
      ...(names ? NAME_ACTIONS : []),
      ...(sessions ? SESSION_ACTIONS : []),
      ...(ramp ? [...ONRAMP_ACTIONS, ...CHECKOUT_ACTIONS] : []),
    ],
    projectOrigins: originsOf,
    trustedProxy,
    requestLog,
    // Ready once migrated (before listening) and while the database and every node answer.
    ready: allReady([
      ...[database, onramp?.database].flatMap((used) => (used ? [databaseAnswers(used)] : [])),
      ...chains.map((chain) => nodeAnswers(chain.rpcUrl)),
      ...(solanaNode ? [nodeAnswers(solanaNode.rpcUrl, 'getHealth')] : []),
    ]),
    // Every viem error comes from a node read: the node failed or could not be reached.
    mapError: (error) =>
      error instanceof UpstreamError || error instanceof BaseError
        ? new ServiceError(502, null, `Blockchain node unavailable: ${error instanceof BaseError ? error.shortMessage : error.message}`)
        : undefined,
  })

  app.get('/health', (c) => {
    const status = Object.fromEntries(chains.map((chain) => [`eip155:${chain.chainId}`, { history: chain.history?.source ?? 'ots' }]))
    return sendJson(c, 200, { status: 'ok', chains: status })
  })
  for (const group of groups) app.route('/', group)

  const served = await serveApp(app, { port, host, envVar: 'FOYER_API_PORT', name: 'api', log })
  ownUrl = served.url
  await ramp?.resume()

  /** @type {Promise<void> | undefined} */
  let stopping
  return {
    /** `http://127.0.0.1:<port>` */
    url: served.url,
    port: served.port,
    indexer: {
      /** The EVM chains as the API reads them, by CAIP-2 id. */
      chains: Object.fromEntries(indexers),
      /** Resolves at once: every read is live, there is no index to catch up (kept for callers that waited for one). */
      sync: async () => {},
    },
    /**
     * The next `count` requests (preflights aside) answer `status` with `{ error }`; 429 also carries
     * `retry-after: 1`. Replaces any failure still pending.
     */
    failNext: failures.failNext,
    /**
     * The next `count` requests (preflights aside) wait `ms` first (Infinity: until released): a slow service.
     * Replaces any delay still pending; `count` 0 lets every waiting request go on now.
     */
    delayNext: failures.delayNext,
    /** Stops listening, closes every connection and resolves once closed. Safe to call twice. */
    stop() {
      stopping ??= (async () => {
        ramp?.stop()
        await served.stop()
      })()
      return stopping
    },
    /**
     * Stops accepting, lets the requests in flight finish (`/readyz` answers 503 meanwhile), then stops as `stop`
     * does. The database stays open: its owner closes it after.
     *
     * @param {number} [timeoutMs] how long in-flight requests may take (default DRAIN_TIMEOUT_MS)
     */
    drain(timeoutMs) {
      stopping ??= (async () => {
        await served.drain(timeoutMs)
        ramp?.stop()
      })()
      return stopping
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof startApi>>} BlockchainApi */

/**
 * Runs the start-up publishing unless another instance is running it now.
 *
 * @param {import('../storage/index.mjs').Database} database
 * @param {string} holder
 * @param {() => Promise<unknown>} publish
 */
async function publishOnce(database, holder, publish) {
  const lease = { name: 'names.publish', holder }
  if (!(await takeLease(database, { ...lease, ttlMs: 5 * 60_000 }))) return
  try {
    await publish()
  } finally {
    await releaseLease(database, lease)
  }
}

/**
 * @param {ApiOnramp} onramp
 * @param {ApiChain[]} chains
 * @param {ReturnType<typeof checkSolana> | undefined} solana
 * @param {ReturnType<typeof createPriceTable>} price
 * @param {() => string} baseUrl
 * @param {(message: string) => void} log
 * @param {string} instanceId
 * @param {import('hono').MiddlewareHandler<import('./apiCall.mjs').ApiEnv>} call the API's checks of every call
 */
async function startOnramp(onramp, chains, solana, price, baseUrl, log, instanceId, call) {
  const evm = (onramp.evm ?? []).map(({ chainId, usdc }) => {
    const chain = chains.find((candidate) => candidate.chainId === chainId)
    if (!chain) throw new TypeError(`onramp.evm: chain ${JSON.stringify(chainId)} is not one of \`chains\``)
    const contract = typeof usdc === 'string' ? evmAddress(usdc) : undefined
    if (!contract) throw new TypeError(`onramp.evm[].usdc must be a contract address, got ${JSON.stringify(usdc)}`)
    return { chainId, usdc: contract, rpcUrl: chain.rpcUrl }
  })
  const usdcMint = onramp.solana?.mintAuthority ? onramp.solana.usdcMint : undefined
  if (usdcMint !== undefined && !isSolanaAddress(usdcMint)) throw new TypeError('onramp.solana.usdcMint must be a base58 address')
  const store = await openOrderStore(onramp.database)
  const treasury = createTreasury({
    evm,
    solana: solana && { chainId: solana.chainId, rpcUrl: solana.rpcUrl, usdcMint, mintAuthority: onramp.solana?.mintAuthority },
    evmPrivateKey: onramp.treasuryKey,
    // Every instance on this database pays from the same key: they take turns to pick its nonces.
    turns: { take: store.takeTurn, end: store.endTurn },
  })
  const currencies = purchaseCurrencies({ evm, solana: solana && { chainId: solana.chainId, usdcMint } })
  return createOnramp({ call, store, treasury, currencies, price, baseUrl, log, instanceId, payoutLeaseMs: onramp.payoutLeaseMs })
}

/** @param {ApiChain} chain */
function checkChain(chain) {
  if (!Number.isSafeInteger(chain?.chainId) || chain.chainId <= 0) throw new TypeError('chains[].chainId must be a positive integer')
  if (!isHttpUrl(chain.rpcUrl)) throw new TypeError(`chains[].rpcUrl must be an http(s) URL, got ${JSON.stringify(chain.rpcUrl)}`)
  if ((chain.namespace ?? 'eip155') !== 'eip155') throw new TypeError("chains[].namespace must be 'eip155' (Solana goes in `solana`)")
}

/**
 * @param {ApiChain} chain
 * @returns {import('./evmChain.mjs').HistoryOption}
 */
function checkHistory(chain) {
  const { history = { source: 'ots' } } = chain
  if (history?.source === 'ots') return history
  if (history?.source === 'explorer' && isHttpUrl(history.url) && (history.apiKey === undefined || typeof history.apiKey === 'string')) {
    return history
  }
  throw new TypeError("chains[].history must be { source: 'ots' } or { source: 'explorer', url: 'http(s)://…', apiKey? }")
}

/**
 * @param {unknown} value
 * @param {string} name
 * @returns {`0x${string}`}
 */
function checkAddress(value, name) {
  const address = typeof value === 'string' ? evmAddress(value) : undefined
  if (!address) throw new TypeError(`${name} must be an EVM address, got ${JSON.stringify(value)}`)
  return address
}

/**
 * @param {ApiChain} chain one with `amm`
 * @returns {`0x${string}`} the router
 */
function checkAmm(chain) {
  const router = typeof chain.amm?.router === 'string' ? evmAddress(chain.amm.router) : undefined
  if (!router) throw new TypeError(`chains[].amm.router must be an EVM address, got ${JSON.stringify(chain.amm?.router)}`)
  if (!SWAP_NETWORKS.includes(`eip155:${chain.chainId}`)) {
    throw new TypeError(
      `chains[].amm: swaps are offered only on ${SWAP_NETWORKS.join(', ')} (foyer/protocol's SWAP_NETWORKS), not eip155:${chain.chainId}`,
    )
  }
  return router
}

/**
 * @param {ApiSolana} solana
 * @returns {{ rpcUrl: string, chainId: string, tokens: Array<{ mint: string, symbol: string, name: string }> }} a copy
 */
function checkSolana(solana) {
  if (!(typeof solana?.chainId === 'string' && solana.chainId.startsWith('solana:') && isHttpUrl(solana.rpcUrl))) {
    throw new TypeError("solana must be { rpcUrl: 'http(s)://…', chainId: 'solana:…' }")
  }
  const { tokens = [] } = solana
  if (!Array.isArray(tokens)) throw new TypeError('solana.tokens must be an array of { mint, symbol, name }')
  const mints = new Set()
  const copies = tokens.map((token, index) => {
    const { mint, symbol, name } = token ?? {}
    if (!(typeof mint === 'string' && isSolanaAddress(mint))) {
      throw new TypeError(`solana.tokens[${index}].mint must be a base58 address, got ${JSON.stringify(mint)}`)
    }
    if (mints.has(mint)) throw new TypeError(`solana.tokens names the mint ${mint} twice`)
    mints.add(mint)
    for (const [key, value] of Object.entries({ symbol, name })) {
      if (typeof value !== 'string' || value.trim() === '') {
        throw new TypeError(`solana.tokens[${index}].${key} must be a non-empty string, got ${JSON.stringify(value)}`)
      }
    }
    return { mint, symbol: /** @type {string} */ (symbol), name: /** @type {string} */ (name) }
  })
  return { rpcUrl: solana.rpcUrl, chainId: solana.chainId, tokens: copies }
}

/**
 * @param {{ chainId: number, address: `0x${string}`, privateKey: `0x${string}` }} resolver
 * @param {ApiChain[]} chains
 */
function checkResolver(resolver, chains) {
  const chain = chains.find((candidate) => candidate.chainId === resolver?.chainId)
  if (!chain) throw new TypeError(`nameResolvers: chain ${JSON.stringify(resolver?.chainId)} is not one of \`chains\``)
  if (!/^0x[0-9a-fA-F]{40}$/.test(resolver.address)) throw new TypeError('nameResolvers[].address must be a contract address')
  if (!/^0x[0-9a-fA-F]{64}$/.test(resolver.privateKey)) throw new TypeError('nameResolvers[].privateKey must be 32 bytes of hex')
  return { ...resolver, rpcUrl: chain.rpcUrl }
}

/**
 * @param {unknown} zone
 * @returns {string} lower-case
 */
function checkZone(zone) {
  if (typeof zone !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(zone) || zone.length > 100) {
    throw new TypeError(`nameZone must be a domain such as 'foyer.id', got ${JSON.stringify(zone)}`)
  }
  return zone.toLowerCase()
}

/** @param {unknown} url rules §5: only http(s) URLs for the HTTP RPC transport. */
const isHttpUrl = (url) => typeof url === 'string' && /^https?:\/\/[^\s/]+/.test(url)
