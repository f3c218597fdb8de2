#!/usr/bin/env node
// Starts the blockchain data service, prints its URL and runs until SIGINT/SIGTERM (SIGTERM drains: no new
// connections, the requests in flight finish, the database closes, exit 0). Everything it serves is set by
// variables; without FOYER_API_CHAINS it reads the local stack's instead, from the fixtures file `npm start` writes
// (services/dev/devchain/.generated/fixtures.json: chains, swap routers, name resolvers, the on-ramp's tokens).
//
//   FOYER_API_PORT           8789
//   FOYER_HOST               the address to listen on, default 127.0.0.1
//   FOYER_API_CHAINS         the EVM chains: chainId=rpcUrl, comma-separated ('1=https://…,8453=https://…')
//   FOYER_API_SOLANA         a Solana node: solana:<genesis prefix>=rpcUrl; FOYER_API_SOLANA_USDC names its USDC mint
//   FOYER_API_AMM            Uniswap V2 routers for swaps: chainId=router, comma-separated (swap networks only)
//   FOYER_API_EXPLORERS, FOYER_API_EXPLORER_KEY   history from an Etherscan-compatible explorer instead of the node's
//                            Otterscan API, per chain
//   FOYER_API_TOKEN_LISTS    the token lists whose tokens balances include; FOYER_API_MULTICALL3 the Multicall3 address
//   FOYER_API_POOLS, FOYER_API_PRICES, FOYER_API_DEV_PRICES   how tokens are priced
//                            (all of these: services/api/optionsFromEnv.mjs, docs/services/api.md)
//   FOYER_API_NAMES          `off` runs without account names and sign-in sessions (and without a database)
//   FOYER_NAME_ZONE          the names' suffix, default foyer.id
//   FOYER_API_NAME_RESOLVERS FoyerNameResolver contracts names are mirrored to: chainId=address, comma-separated,
//                            written with the key in FOYER_API_NAME_RESOLVER_KEY
//   FOYER_API_ONRAMP         `off` runs without the on-ramp stand-ins (meld, coinbase); they are on with the fixtures
//                            file, or with FOYER_API_ONRAMP_USDC (chainId=USDC contract, comma-separated: the chains
//                            they pay ETH and USDC on)
//   FOYER_API_ONRAMP_TREASURY_KEY   the key the EVM payouts are sent from, default anvil's account #8
//   FOYER_API_ONRAMP_SOLANA_MINT_AUTHORITY  the Solana USDC mint authority's 64-byte keypair as a JSON array: pays
//                            USDC on FOYER_API_SOLANA too
//   FOYER_API_ONRAMP_PAYOUT_LEASE_SECONDS   how long a payout is one instance's before another takes it over (300)
//   FOYER_DIRECTORY_URL      the directory whose projects' allowed origins may sign in and call the state-changing
//                            routes; else FOYER_API_ORIGINS ('https://example.com,https://*.example.com'), else any
//                            port of localhost and 127.0.0.1
//   FOYER_TRUSTED_PROXIES    the proxies (addresses, CIDR ranges; comma-separated) whose X-Forwarded-For is believed
//   FOYER_LOG_REQUESTS       `off` for no JSON line per request on stdout
//   DATABASE_URL, FOYER_DATA_DIR  the storage database (services/storage): names, sessions, orders, rate limits.
//                            One process at a time opens a data directory: several instances share a server.
import { readFile } from 'node:fs/promises'

import { FIXTURES_PATH, NAME_RESOLVER_OWNER } from '../dev/devchain/index.mjs'
import { createAllowedOrigins } from '../http/index.mjs'
import { DEV_WALLET_KEYPAIR } from '../dev/solana/index.mjs'
import { readHost, readRequestLog, readTrustedProxy } from '../serviceCli.mjs'
import { openDatabase } from '../storage/index.mjs'
import { chainsFromEnv, dataOptionsFromEnv } from './optionsFromEnv.mjs'
import { DEFAULT_API_PORT, startApi } from './startApi.mjs'

const PORT_ENV = 'FOYER_API_PORT'
const CHAINS_ENV = 'FOYER_API_CHAINS'

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message)
  process.exit(1)
}

/**
 * The `key=value` entries of a comma-separated variable; exits naming it when one is not.
 *
 * @param {string} name
 * @param {RegExp} key what a key must look like
 * @returns {Array<[string, string]>}
 */
function entriesOf(name, key = /^\d+$/) {
  return (process.env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=')
      const pair = /** @type {[string, string]} */ ([entry.slice(0, at), entry.slice(at + 1)])
      if (at < 1 || !key.test(pair[0]) || /\s/.test(pair[1]) || pair[1] === '')
        fail(`${name}: expected key=value, got ${JSON.stringify(entry)}`)
      return pair
    })
}

const rawPort = process.env[PORT_ENV]
const port = rawPort ? Number(rawPort) : DEFAULT_API_PORT
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`${PORT_ENV} must be a port number, got ${JSON.stringify(rawPort)}`)

/** @type {import('./startApi.mjs').ApiChain[]} */
let chains
/** @type {import('./startApi.mjs').ApiSolana | undefined} */
let solana
/** @type {Array<{ chainId: number, address: `0x${string}`, privateKey: `0x${string}` }>} */
let nameResolvers = []
/** @type {Array<{ chainId: number, usdc: string }>} */
let onrampChains = []
/** @type {string | undefined} */
let solanaUsdc
/** @type {readonly number[] | undefined} */
let mintAuthority
if (process.env[CHAINS_ENV]) {
  const routers = new Map(entriesOf('FOYER_API_AMM'))
  chains = entriesOf(CHAINS_ENV).map(([chainId, rpcUrl]) => {
    const router = routers.get(chainId)
    return { chainId: Number(chainId), rpcUrl, ...(router && { amm: { router } }) }
  })
  const [solanaNode] = entriesOf('FOYER_API_SOLANA', /^solana:\w+$/)
  solanaUsdc = process.env['FOYER_API_SOLANA_USDC'] || undefined
  if (solanaNode) {
    solana = {
      chainId: solanaNode[0],
      rpcUrl: solanaNode[1],
      tokens: solanaUsdc ? [{ mint: solanaUsdc, symbol: 'USDC', name: 'USD Coin' }] : [],
    }
  }
  const resolverKey = process.env['FOYER_API_NAME_RESOLVER_KEY']
  const resolvers = entriesOf('FOYER_API_NAME_RESOLVERS')
  if (resolvers.length > 0 && !resolverKey) fail('FOYER_API_NAME_RESOLVERS needs FOYER_API_NAME_RESOLVER_KEY, the contracts’ owner key')
  nameResolvers = resolvers.map(([chainId, address]) => ({
    chainId: Number(chainId),
    address: /** @type {`0x${string}`} */ (address),
    privateKey: /** @type {`0x${string}`} */ (resolverKey),
  }))
  onrampChains = entriesOf('FOYER_API_ONRAMP_USDC').map(([chainId, usdc]) => ({ chainId: Number(chainId), usdc }))
  const authority = process.env['FOYER_API_ONRAMP_SOLANA_MINT_AUTHORITY']
  if (authority) {
    try {
      mintAuthority = JSON.parse(authority)
    } catch {
      fail('FOYER_API_ONRAMP_SOLANA_MINT_AUTHORITY must be a JSON array of 64 numbers')
    }
  }
} else {
  /** @type {import('../localStack.mjs').LocalStackFixtures} */
  let fixtures
  try {
    fixtures = JSON.parse(await readFile(FIXTURES_PATH, 'utf8'))
  } catch {
    fail(`No chains: set ${CHAINS_ENV} or run \`npm start\` first (it writes ${FIXTURES_PATH})`)
  }
  // Swaps through the Uniswap V2 router `npm start` deployed (fixtures of an older `npm start` have none).
  // The router's pools also price what the dev price table does not list, against the fixture USDC.
  chains = Object.entries(fixtures.chains).map(([chainId, { rpcUrl, amm, usdc }]) => ({
    chainId: Number(chainId),
    rpcUrl,
    ...(amm && { amm: { router: amm.router }, pools: { router: amm.router, usdc } }),
  }))
  // The local chains' name resolvers (fixtures of an older `npm start` have none), owned by anvil's account #7.
  nameResolvers = Object.entries(fixtures.chains).flatMap(([chainId, { nameResolver }]) =>
    nameResolver ? [{ chainId: Number(chainId), address: nameResolver, privateKey: NAME_RESOLVER_OWNER.privateKey }] : [],
  )
  onrampChains = Object.entries(fixtures.chains).map(([chainId, { usdc }]) => ({ chainId: Number(chainId), usdc }))
  if (fixtures.solana) {
    solanaUsdc = fixtures.solana.usdc
    // The fixture SPL USDC's mint authority is the dev wallet: the treasury mints what it sells.
    mintAuthority = DEV_WALLET_KEYPAIR
    const { rpcUrl, chainId, usdc } = fixtures.solana
    // Fixtures of an older `npm start` have no usdc.
    solana = { rpcUrl, chainId, tokens: usdc ? [{ mint: usdc, symbol: 'USDC', name: 'USD Coin' }] : [] }
  }
}
const leaseSeconds = Number(process.env['FOYER_API_ONRAMP_PAYOUT_LEASE_SECONDS'] || 300)
if (!(leaseSeconds > 0)) fail('FOYER_API_ONRAMP_PAYOUT_LEASE_SECONDS must be a number of seconds above 0')

// History sources, token lists, pools and prices (docs/services/api.md).
/** @type {ReturnType<typeof dataOptionsFromEnv>} */
let dataOptions
try {
  chains = chainsFromEnv(chains, process.env)
  dataOptions = dataOptionsFromEnv(process.env, { localChains: !process.env[CHAINS_ENV] })
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}

const withNames = process.env['FOYER_API_NAMES'] !== 'off'
const withOnramp = process.env['FOYER_API_ONRAMP'] !== 'off' && onrampChains.length > 0
/** @type {import('../storage/index.mjs').Database | undefined} */
let database
/** @type {import('./startApi.mjs').BlockchainApi} */
let api
try {
  if (withNames || withOnramp) database = await openDatabase()
  const origins = process.env['FOYER_API_ORIGINS']
    ?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  api = await startApi({
    port,
    host: readHost(),
    trustedProxy: readTrustedProxy(),
    requestLog: readRequestLog(),
    chains,
    solana,
    ...dataOptions,
    ...(origins?.length && { allowedOrigins: origins }),
    ...(process.env['FOYER_DIRECTORY_URL'] && {
      allowedOrigins: createAllowedOrigins({ directoryUrl: process.env['FOYER_DIRECTORY_URL'], client: 'foyer-api' }).originsOf,
    }),
    // Names and sign-in sessions.
    ...(withNames && { database, nameResolvers, nameZone: process.env['FOYER_NAME_ZONE'] || undefined }),
    ...(withOnramp &&
      database && {
        onramp: {
          database,
          evm: onrampChains,
          solana: solanaUsdc && mintAuthority ? { usdcMint: solanaUsdc, mintAuthority } : undefined,
          payoutLeaseMs: leaseSeconds * 1000,
          ...(process.env['FOYER_API_ONRAMP_TREASURY_KEY'] && {
            treasuryKey: /** @type {`0x${string}`} */ (process.env['FOYER_API_ONRAMP_TREASURY_KEY']),
          }),
        },
      }),
  })
} catch (error) {
  await database?.close()
  fail(error instanceof Error ? error.message : String(error))
}

// Listening for signals before printing the URL: a script that waits for it may stop us at once.
/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  process.off('SIGINT', shutdown)
  process.off('SIGTERM', shutdown)
  await api.drain()
  await database?.close()
  console.log(`Blockchain API stopped (${signal})`)
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

console.log(
  `Blockchain API on ${api.url}  reading ${chains.map((chain) => `eip155:${chain.chainId} (${chain.rpcUrl}, history from ${chain.history?.source === 'explorer' ? 'its explorer' : 'ots_'})`).join(', ')}`,
)
console.log(`  try ${api.url}/v1/supported-chains?projectId=demo&st=foyer&sv=0.1.0`)
if (database)
  console.log(
    `  ${[withNames && 'account names and sign-in sessions', withOnramp && 'on-ramp orders'].filter(Boolean).join(' and ')} kept in ${database.location}`,
  )
