// The whole local stack behind `npm start`, the end-to-end tests and the benchmark: two anvil chains
// with the fixture contracts, the local Solana node, the WalletConnect relay, the blockchain data API and
// the wallet directory, the public RPC service in front of the chains; with `wallet`, the mail catcher and the embedded wallet service; with `names`, account names
// in the API; with `onramp`, the API's on-ramp stand-ins (meld, coinbase) paying on the local chains; any of them
// opens the storage database (once, for every durable service); with `bundler`, an ERC-4337 bundler (alto, on
// loopback) per chain.
// One function starts it, one stops it.
import { DELEGATION_MANAGER, DEV_PAYMASTER, DEV_PAYMASTER_SIGNER, NAME_RESOLVER_OWNER, startDevChains } from './dev/devchain/index.mjs'
import { assertPortFree, findFreePort } from './listen.mjs'
import { writeAtomically } from './writeAtomically.mjs'
import { DISABLE_DELEGATION_SELECTOR } from './wallet/delegationFramework.mjs'
import {
  DEV_FUNDING_LAMPORTS,
  DEV_WALLET_ADDRESS,
  DEV_WALLET_KEYPAIR,
  LOCAL_GENESIS_HASH,
  LOCAL_SOLANA_CHAIN_ID,
  LOCAL_USDC_MINT,
  TEST_WALLET_ADDRESS,
  mintFixtureTokens,
  startSolanaRpc,
} from './dev/solana/index.mjs'
import { startRelay } from './dev/relay/index.mjs'
import { UNISWAP_DEFAULT_LIST, startApi } from './api/index.mjs'
import { createAllowedOrigins } from './http/index.mjs'
import { startRpc } from './rpc/index.mjs'
import { SOCIAL_PROVIDERS, startDirectory } from './directory/index.mjs'
import { DEFAULT_DATA_DIR, openDatabase } from './storage/index.mjs'

/** The variables `npm start` reads the bundlers' ports from, named when one is taken. */
const BUNDLER_PORT_ENVS = ['FOYER_BUNDLER_PORT', 'FOYER_BUNDLER_PORT_B']

/**
 * @typedef {import('./dev/devchain/index.mjs').DevChainFixtures & {
 *   solana: { rpcUrl: string, chainId: string, genesisHash: string, usdc: string },
 *   walletConnect: { relayUrl: string },
 *   api: { url: string, names: boolean, onramp: boolean },
 *   directory: { url: string },
 *   rpc: { url: string },
 *   wallet?: { url: string },
 *   bundlers?: Record<string, string>,
 *   mail?: { url: string, smtpUrl: string },
 *   identity?: { url: string }
 * }} LocalStackFixtures
 */

/**
 * @typedef {object} LocalWalletOptions
 * @property {number} [port=0] the wallet service.
 * @property {number} [smtpPort=0] the mail catcher's SMTP side.
 * @property {number} [mailPort=0] the mail catcher's inbox.
 * @property {number} [identityPort=0] the local OpenID Connect provider standing in for the social providers.
 * @property {string} [dataDir] the storage database and the wallet's master key file. Defaults to FOYER_DATA_DIR, else '.foyer/data'.
 * @property {() => number} [now] the wallet's clock (Date.now): tests move it forward past a cooldown instead of waiting.
 */

/**
 * Starts the stack. Every fixed port is checked first, so a taken port leaves nothing running.
 * On Solana, the dev and test wallets hold 1000 SOL and 1000 of the fixture SPL token USDC (`fixtures.solana.usdc`).
 *
 * @param {object} [options]
 * @param {number[]} [options.anvilPorts=[8545, 8546]] 0 picks a free port.
 * @param {number} [options.solanaPort=8899]
 * @param {number} [options.relayPort=8787]
 * @param {number} [options.apiPort=0] the blockchain data API; 0 (a free port) unless given, so tests that pass 0
 *   for the other ports never collide with `npm start`.
 * @param {number} [options.directoryPort=0] the wallet directory; 0 (a free port) unless given, like apiPort.
 * @param {number} [options.rpcPort=0] the public RPC service (rules §7) in front of the anvil chains and the Solana node; 0 (a
 *   free port) unless given, like apiPort.
 * @param {LocalWalletOptions | false} [options.wallet=false] the embedded wallet, its mail catcher and the storage
 *   database they need; off unless asked for, so stacks that do not use it skip opening the database.
 * @param {boolean} [options.bundler=false] an ERC-4337 bundler (alto) per chain, on 127.0.0.1, for the EntryPoint v0.8 every
 *   chain has; their URLs in `fixtures.bundlers` by chain id. Off unless asked for: each is a Node process that takes
 *   a few seconds to start.
 * @param {number[]} [options.bundlerPorts=[0, 0]] one per chain; 0 picks a free port.
 * @param {boolean} [options.eip7702=true] with `bundler`, the wallet's chains say they support EIP-7702 (anvil runs
 *   Prague and the devchain deploys the delegate): wallets made on them are their own EOA, upgraded in place; false
 *   plays chains without it, where every wallet has the ERC-4337 account (docs/wallets.md#account-modes).
 * @param {boolean} [options.names=false] account names (the API's profile calls), kept in the storage database; off
 *   unless asked for, like the wallet.
 * @param {boolean} [options.onramp=false] the on-ramp stand-ins in the API (options, quotes, checkout pages; the treasury,
 *   anvil account #8 and a Solana keypair of its own, pays ETH, USDC, SOL and the SPL USDC), their orders kept in the
 *   storage database; off unless asked for, like names.
 * @param {boolean} [options.analytics=false] the directory's analytics receiver (`GET /getAnalyticsConfig` on, `POST /e`),
 *   its events kept in the storage database; off unless asked for, like names.
 * @param {import('./directory/index.mjs').DirectoryFeatures} [options.features={}] the project's remote features the
 *   directory serves, over the stack's own (`{ multiWallet: false }` turns multi-wallet off); by default all on, and
 *   with the wallet, socials include Telegram
 * @param {string} [options.dataDir] the storage database's directory (and the wallet's master key file), when
 *   `wallet.dataDir` does not say. Defaults to FOYER_DATA_DIR, else '.foyer/data'.
 * @param {string | false} [options.fixturesPath=false] where to write the addresses, or false.
 * @param {AbortSignal} [options.signal]
 */
export async function startLocalStack({
  anvilPorts = [8545, 8546],
  solanaPort = 8899,
  relayPort = 8787,
  apiPort = 0,
  directoryPort = 0,
  rpcPort = 0,
  wallet: walletOptions = false,
  bundler = false,
  bundlerPorts = [0, 0],
  eip7702 = true,
  names = false,
  onramp = false,
  analytics = false,
  features = {},
  dataDir: dataDirOption,
  fixturesPath = false,
  signal,
} = {}) {
  if (solanaPort !== 0) await assertPortFree(solanaPort, 'FOYER_SOLANA_PORT')
  if (relayPort !== 0) await assertPortFree(relayPort, 'FOYER_RELAY_PORT')
  if (apiPort !== 0) await assertPortFree(apiPort, 'FOYER_API_PORT')
  if (directoryPort !== 0) await assertPortFree(directoryPort, 'FOYER_DIRECTORY_PORT')
  if (rpcPort !== 0) await assertPortFree(rpcPort, 'FOYER_RPC_PORT')
  if (bundler) {
    for (const [index, port] of bundlerPorts.entries())
      if (port) await assertPortFree(port, BUNDLER_PORT_ENVS[index] ?? 'FOYER_BUNDLER_PORT')
  }
  if (walletOptions) {
    for (const [port, envVar] of /** @type {const} */ ([
      [walletOptions.port, 'FOYER_WALLET_PORT'],
      [walletOptions.smtpPort, 'FOYER_SMTP_PORT'],
      [walletOptions.mailPort, 'FOYER_MAIL_PORT'],
      [walletOptions.identityPort, 'FOYER_IDENTITY_PORT'],
    ])) {
      if (port) await assertPortFree(port, envVar)
    }
  }
  const dataDir = (walletOptions ? walletOptions.dataDir : undefined) || dataDirOption || process.env['FOYER_DATA_DIR'] || DEFAULT_DATA_DIR
  // Opened while the chains start (PGlite takes a second or more), once for every durable service of the stack;
  // the wallet's and the mail catcher's code load meanwhile too, and only when the wallet is asked for.
  const opening = walletOptions || names || onramp || analytics ? openDatabase({ dataDir }) : undefined
  const loadingWallet = walletOptions
    ? Promise.all([import('./wallet/index.mjs'), import('./dev/mail/index.mjs'), import('./dev/identity/index.mjs')])
    : undefined
  // Awaited below; until then a failure must not count as an unhandled rejection.
  opening?.catch(() => {})
  loadingWallet?.catch(() => {})
  /** @type {Awaited<ReturnType<typeof startDevChains>>} */
  let devChains
  try {
    devChains = await startDevChains({ ports: anvilPorts, signal })
  } catch (error) {
    await opening?.then(
      (database) => database.close(),
      () => {},
    )
    throw error
  }
  // The bundlers start beside the other services (alto takes seconds to load), each against its chain's EntryPoint.
  const bundling = bundler
    ? import('./dev/bundler/index.mjs').then(({ startBundler }) =>
        Promise.allSettled(
          devChains.chains.map((chain, index) =>
            startBundler({
              rpcUrl: chain.url,
              port: bundlerPorts[index] ?? 0,
              portEnv: BUNDLER_PORT_ENVS[index] ?? 'FOYER_BUNDLER_PORT',
              entryPoint: /** @type {{ accountAbstraction: { entryPoint: `0x${string}` } }} */ (
                devChains.fixtures.chains[String(chain.chainId)]
              ).accountAbstraction.entryPoint,
              signal,
            }),
          ),
        ),
      )
    : Promise.resolve([])
  /** @type {import('./dev/bundler/index.mjs').Bundler[]} */
  const bundlers = []
  /** @type {import('./dev/solana/index.mjs').SolanaRpcNode | undefined} */
  let solana
  /** @type {import('./dev/relay/index.mjs').LocalRelay | undefined} */
  let relay
  /** @type {import('./api/index.mjs').BlockchainApi | undefined} */
  let api
  /** @type {import('./directory/index.mjs').WalletDirectory | undefined} */
  let directory
  /** @type {import('./rpc/index.mjs').RpcService | undefined} */
  let rpc
  /** @type {import('./storage/index.mjs').Database | undefined} */
  let database
  /** @type {import('./dev/mail/index.mjs').MailCatcher | undefined} */
  let mail
  /** @type {import('./wallet/index.mjs').WalletService | undefined} */
  let wallet
  /** @type {import('./dev/identity/index.mjs').IdentityProvider | undefined} */
  let identity
  try {
    solana = await startSolanaRpc({
      port: solanaPort,
      fund: [DEV_WALLET_ADDRESS, TEST_WALLET_ADDRESS].map((address) => ({ address, lamports: DEV_FUNDING_LAMPORTS })),
    })
    // Minted while the other services start (the API needs the mint's address, not the mint), so its ~0.1 s overlaps theirs.
    const minting = mintFixtureTokens(solana.url, { holders: [DEV_WALLET_ADDRESS, TEST_WALLET_ADDRESS] })
    // Awaited below; until then a failure must not count as an unhandled rejection (which ends the process).
    minting.catch(() => {})
    relay = await startRelay({ port: relayPort })
    if (names || onramp || analytics) database = await opening
    // With the wallet, the project's remote configuration offers Telegram too (its stand-in runs with the wallet).
    directory = await startDirectory({
      port: directoryPort,
      features: { ...(walletOptions && { socials: [...SOCIAL_PROVIDERS, 'telegram'] }), ...features },
      ...(analytics && { analytics, database }),
    })
    // The fixture tokens listed as an operator lists its tokens: every balance read includes them, and the API and the
    // wallet's approval panel vouch for them, so their icons are their brand marks where a package draws them
    // (services/api/tokenIconUrl.mjs).
    const tokenLists = [
      UNISWAP_DEFAULT_LIST,
      {
        tokens: devChains.chains.flatMap((chain) => {
          const { usdc, usdt } = /** @type {import('./dev/devchain/index.mjs').ChainFixtures} */ (
            devChains.fixtures.chains[String(chain.chainId)]
          )
          return [
            { chainId: chain.chainId, address: usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
            { chainId: chain.chainId, address: usdt, name: 'Tether Style USD', symbol: 'USDTS', decimals: 6 },
          ]
        }),
      },
    ]
    api = await startApi({
      port: apiPort,
      // The projects' allowed origins are the directory's, as the wallet's are: the sign-in messages may name them and
      // only they may call the state-changing routes from a browser.
      allowedOrigins: createAllowedOrigins({ directoryUrl: directory.url, client: 'foyer-api' }).originsOf,
      // History through anvil's Otterscan API (ots_), balances through Multicall3 (installed by startDevChains); the
      // router's pools price what the dev price table does not list.
      chains: devChains.chains.map((chain) => {
        const { amm, usdc } = /** @type {import('./dev/devchain/index.mjs').DevChainFixtures['chains'][string]} */ (
          devChains.fixtures.chains[String(chain.chainId)]
        )
        return { chainId: chain.chainId, rpcUrl: chain.url, amm: { router: amm.router }, pools: { router: amm.router, usdc } }
      }),
      tokenLists,
      solana: {
        rpcUrl: solana.url,
        chainId: LOCAL_SOLANA_CHAIN_ID,
        tokens: [{ mint: LOCAL_USDC_MINT, symbol: 'USDC', name: 'USD Coin' }],
      },
      // Names go to the chains' FoyerNameResolver too, for viem's ENS actions (getEnsName …).
      ...(names && {
        database,
        nameResolvers: devChains.chains.map((chain) => ({
          chainId: chain.chainId,
          address: /** @type {import('./dev/devchain/index.mjs').ChainFixtures} */ (devChains.fixtures.chains[String(chain.chainId)])
            .nameResolver,
          privateKey: NAME_RESOLVER_OWNER.privateKey,
        })),
      }),
      ...(onramp && {
        onramp: {
          database: /** @type {import('./storage/index.mjs').Database} */ (database),
          evm: devChains.chains.map((chain) => ({
            chainId: chain.chainId,
            usdc: /** @type {import('./dev/devchain/index.mjs').ChainFixtures} */ (devChains.fixtures.chains[String(chain.chainId)]).usdc,
          })),
          // The fixture USDC's mint authority is the dev wallet: the treasury mints what it sells, as the issuer would.
          solana: { usdcMint: LOCAL_USDC_MINT, mintAuthority: DEV_WALLET_KEYPAIR },
        },
      }),
    })
    rpc = await startRpc({
      port: rpcPort,
      chains: Object.fromEntries([
        ...devChains.chains.map((chain) => [`eip155:${chain.chainId}`, chain.url]),
        [LOCAL_SOLANA_CHAIN_ID, solana.url],
      ]),
    })
    for (const result of await bundling) if (result.status === 'fulfilled') bundlers.push(result.value)
    const failedBundler = (await bundling).find((result) => result.status === 'rejected')
    if (failedBundler) throw /** @type {PromiseRejectedResult} */ (failedBundler).reason
    if (walletOptions) {
      const [{ startWallet }, { startMailCatcher }, { startIdentityProvider, devClientOf, OIDC_SOCIAL_PROVIDERS, DEV_TELEGRAM_BOT_TOKEN }] =
        /** @type {[typeof import('./wallet/index.mjs'), typeof import('./dev/mail/index.mjs'), typeof import('./dev/identity/index.mjs')]} */ (
          await loadingWallet
        )
      database = await opening
      mail = await startMailCatcher({ smtpPort: walletOptions.smtpPort ?? 0, httpPort: walletOptions.mailPort ?? 0 })
      // The provider must know the wallet's callback before the wallet knows the provider's issuer: the wallet's
      // port is chosen first (as anvil's are).
      const walletPort = walletOptions.port || (await findFreePort())
      identity = await startIdentityProvider({
        port: walletOptions.identityPort ?? 0,
        redirectUris: [`http://localhost:${walletPort}/social/callback`, `http://127.0.0.1:${walletPort}/social/callback`],
      })
      const identityUrl = identity.url
      wallet = await startWallet({
        port: walletPort,
        social: Object.fromEntries(OIDC_SOCIAL_PROVIDERS.map((provider) => [provider, { issuer: identityUrl, ...devClientOf(provider) }])),
        telegram: { botToken: DEV_TELEGRAM_BOT_TOKEN, loginUrl: `${identityUrl}/telegram/auth` },
        // Sign In With Farcaster through the provider's relay; its registry says which custody key owns which fid.
        farcaster: {
          relayUrl: identityUrl,
          rpcUrl: devChains.chains[0]?.url ?? '',
          getFid: async (custody) => {
            const answer = await fetch(`${identityUrl}/farcaster/fid/${custody}`)
            if (!answer.ok) throw new Error(`No fid for ${custody}`)
            return BigInt(/** @type {{ fid: string }} */ (await answer.json()).fid)
          },
        },
        database: /** @type {import('./storage/index.mjs').Database} */ (database),
        dataDir,
        ...(walletOptions.now && { now: walletOptions.now }),
        smtpUrl: mail.smtpUrl,
        directoryUrl: directory.url,
        // With bundlers, each user also has a smart account on every chain: their EOA upgraded in place (EIP-7702),
        // or, for wallets made before that and where `eip7702` is false, FoyerAccount owned by the user's EVM key.
        evm: devChains.chains.map((chain, index) => ({
          chainId: chain.chainId,
          rpcUrl: chain.url,
          ...(bundlers[index] && { bundlerUrl: bundlers[index].url, eip7702 }),
        })),
        solana: [{ chainId: LOCAL_SOLANA_CHAIN_ID, rpcUrl: solana.url }],
        tokenLists,
        // With bundlers, the demo's visitors may have their fees paid (docs/sponsored-gas.md): the chains' paymaster,
        // and the demo project's policy.
        ...(bundlers.length > 0 && { sponsorship: localSponsorship(devChains.fixtures) }),
      })
    }
    await minting
  } catch (error) {
    const started = await bundling.catch(() => [])
    for (const result of started) if (result.status === 'fulfilled' && !bundlers.includes(result.value)) bundlers.push(result.value)
    await Promise.allSettled([api?.stop(), wallet?.stop(), ...bundlers.map((entry) => entry.stop())])
    await Promise.allSettled([
      directory?.stop(),
      rpc?.stop(),
      relay?.stop(),
      solana?.stop(),
      devChains.stop(),
      mail?.stop(),
      identity?.stop(),
    ])
    await (database ?? (await opening?.catch(() => undefined)))?.close()
    throw error
  }
  const fixtures = {
    ...devChains.fixtures,
    solana: { rpcUrl: solana.url, chainId: LOCAL_SOLANA_CHAIN_ID, genesisHash: LOCAL_GENESIS_HASH, usdc: LOCAL_USDC_MINT },
    walletConnect: { relayUrl: relay.url },
    api: { url: api.url, names, onramp },
    directory: { url: directory.url },
    rpc: { url: rpc.url },
    ...(bundler && {
      bundlers: Object.fromEntries(
        devChains.chains.map((chain, index) => [
          String(chain.chainId),
          /** @type {import('./dev/bundler/index.mjs').Bundler} */ (bundlers[index]).url,
        ]),
      ),
    }),
    // `localhost`, not 127.0.0.1: the demo is on 127.0.0.1, and the frame must be on another site, as in production.
    ...(wallet &&
      mail &&
      identity && {
        wallet: { url: `http://localhost:${wallet.port}` },
        mail: { url: mail.url, smtpUrl: mail.smtpUrl },
        identity: { url: identity.url },
      }),
  }
  if (fixturesPath) await writeAtomically(fixturesPath, JSON.stringify(fixtures, null, 2))
  return {
    devChains,
    solana,
    relay,
    api,
    directory,
    rpc,
    wallet,
    mail,
    identity,
    database,
    bundlers,
    fixtures,
    stop: async () => {
      // The API and the wallet first: the API reads the chains stopped after it; the wallet uses the database.
      await Promise.allSettled([api.stop(), wallet?.stop(), ...bundlers.map((entry) => entry.stop())])
      await Promise.allSettled([
        directory.stop(),
        rpc.stop(),
        relay.stop(),
        solana.stop(),
        devChains.stop(),
        mail?.stop(),
        identity?.stop(),
        database?.close(),
      ])
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof startLocalStack>>} LocalStack */

/** The demo's project (demo/main.tsx). */
const DEMO_PROJECT_ID = 'foyer-demo'

/**
 * The local stack's sponsored gas: FoyerPaymaster as every dev chain deploys it, its published dev signer, and the
 * demo project's policy: USDC's transfer and approve on both chains, and revoking a permission (docs/permissions.md);
 * 20 operations per visitor a day, 10 ETH in all. The operation that upgrades an account for a permission makes no
 * call, so the policy covers it on these chains.
 *
 * @param {import('./dev/devchain/index.mjs').DevChainFixtures} fixtures
 * @returns {import('./wallet/sponsorship.mjs').SponsorshipOptions}
 */
function localSponsorship(fixtures) {
  const chains = Object.keys(fixtures.chains)
  const calls = [
    ...Object.values(fixtures.chains).flatMap(({ usdc }) => [`${usdc}:0xa9059cbb`, `${usdc}:0x095ea7b3`]),
    `${DELEGATION_MANAGER}:${DISABLE_DELEGATION_SELECTOR}`,
  ]
  return {
    paymaster: DEV_PAYMASTER,
    signerKey: DEV_PAYMASTER_SIGNER.privateKey,
    policies: { [DEMO_PROJECT_ID]: { chains, calls, dailyLimit: 20, budget: '10' } },
  }
}
