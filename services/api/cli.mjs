#!/usr/bin/env node
// Starts the blockchain data service on 127.0.0.1:8789 (FOYER_API_PORT moves it), prints its URL and runs until
// SIGINT/SIGTERM. The chains come from FOYER_API_CHAINS ('31337=http://127.0.0.1:8545,31338=http://…'), else from
// the fixtures file `npm start` writes (services/dev/devchain/.generated/fixtures.json, which also names the Solana node).
// Account names are kept in the storage database (DATABASE_URL, else PGlite in FOYER_DATA_DIR: one process at a time
// opens a data directory, so beside the wallet service give each its own, or share a server); FOYER_API_NAMES=off
// runs without names and without a database; FOYER_NAME_ZONE sets the names' suffix (default foyer.id). With the
// fixtures file, names are also written to the local chains' FoyerNameResolver (for viem's getEnsName …). With the
// database the service verifies sign-ins too (/v1/sessions). Its projects' allowed origins (which sign-in messages may
// name, and which alone may call the state-changing routes from a browser) are the directory's at FOYER_DIRECTORY_URL
// when it is set, else FOYER_API_ORIGINS ('https://example.com,https://*.example.com'), else any port of localhost
// and 127.0.0.1. History comes from each chain's node (its Otterscan API) or from the explorer FOYER_API_EXPLORERS names
// for it; balances include the tokens of FOYER_API_TOKEN_LISTS; FOYER_API_POOLS, FOYER_API_PRICES and
// FOYER_API_DEV_PRICES decide prices (services/api/optionsFromEnv.mjs, docs/services/api.md). The on-ramp
// stand-ins (meld, coinbase) sell ETH, USDC and SOL on the local chains, their orders in the same database
// (FOYER_API_ONRAMP=off runs without).
import { readFile } from 'node:fs/promises'

import { FIXTURES_PATH, NAME_RESOLVER_OWNER } from '../dev/devchain/index.mjs'
import { createAllowedOrigins } from '../http/index.mjs'
import { DEV_WALLET_KEYPAIR } from '../dev/solana/index.mjs'
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
const rawChains = process.env[CHAINS_ENV]
if (rawChains) {
  chains = rawChains.split(',').map((entry) => {
    const [, chainId, rpcUrl] =
      /^\s*(\d+)=(\S+)\s*$/.exec(entry) ?? fail(`${CHAINS_ENV}: expected chainId=url, got ${JSON.stringify(entry)}`)
    return { chainId: Number(chainId), rpcUrl: /** @type {string} */ (rpcUrl) }
  })
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
    const { rpcUrl, chainId, usdc } = fixtures.solana
    // Fixtures of an older `npm start` have no usdc.
    solana = { rpcUrl, chainId, tokens: usdc ? [{ mint: usdc, symbol: 'USDC', name: 'USD Coin' }] : [] }
  }
}

// History sources, token lists, pools and prices (docs/services/api.md).
/** @type {ReturnType<typeof dataOptionsFromEnv>} */
let dataOptions
try {
  chains = chainsFromEnv(chains, process.env)
  dataOptions = dataOptionsFromEnv(process.env, { localChains: !rawChains })
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
    chains,
    solana,
    ...dataOptions,
    ...(origins?.length && { allowedOrigins: origins }),
    ...(process.env['FOYER_DIRECTORY_URL'] && {
      allowedOrigins: createAllowedOrigins({ directoryUrl: process.env['FOYER_DIRECTORY_URL'], client: 'foyer-api' }).originsOf,
    }),
    // Names and sign-in sessions.
    ...(withNames && { database, nameResolvers, nameZone: process.env['FOYER_NAME_ZONE'] || undefined }),
    // The fixture SPL USDC's mint authority is the dev wallet: the treasury mints what it sells.
    ...(withOnramp &&
      database && {
        onramp: {
          database,
          evm: onrampChains,
          solana: solanaUsdc ? { usdcMint: solanaUsdc, mintAuthority: DEV_WALLET_KEYPAIR } : undefined,
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
  await api.stop()
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
