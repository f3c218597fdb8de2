#!/usr/bin/env node
// Starts the wallet service alone, for hosting it: it opens the storage database (DATABASE_URL or FOYER_DATA_DIR),
// sends mail through FOYER_SMTP_URL, asks FOYER_DIRECTORY_URL for allowed origins, and serves the networks in
// FOYER_WALLET_NETWORKS. Runs until SIGINT/SIGTERM.
//
//   FOYER_WALLET_PORT        8790
//   FOYER_SMTP_URL           required: smtp://user:pass@host:587 or smtps://…
//   FOYER_MAIL_FROM          'Foyer Wallet <wallet@localhost>'
//   FOYER_DIRECTORY_URL      http://127.0.0.1:8788
//   FOYER_WALLET_NETWORKS    chainId=rpcUrl, comma-separated; a chainId `solana:<genesis prefix>` is Solana;
//                            an EVM entry may add `|bundlerUrl` (ERC-4337, EntryPoint v0.8): users get a smart account there;
//                            then `|7702` where the chain runs EIP-7702 and has the delegate: new wallets are their own EOA,
//                            upgraded in place (docs/wallets.md#account-modes).
//                            Default: about 26 networks on public RPCs (networks.mjs DEFAULT_WALLET_NETWORKS);
//                            `local`: the local stack's chains 31337 and 31338 and its Solana node.
//   FOYER_WALLET_TOKEN_LISTS the token lists whose tokens the approval panel shows with their brand marks, as the API's
//                            FOYER_API_TOKEN_LISTS: paths, http(s) URLs, `uniswap-default`; `none`. Default `uniswap-default`
//   FOYER_WALLET_MASTER_KEY  64 hex digits; default: <data dir>/wallet-master.key, created 0600 on first start
//   FOYER_WALLET_SHARED_PROJECTS
//                            lists of your own projects whose visitors keep one wallet across the list: project ids
//                            separated by ',', lists by ';' (`shop,blog;docs,forum`). Default: none, every project
//                            has wallets of its own (docs/wallets.md).
//   FOYER_SOCIAL_<PROVIDER>_ISSUER, _CLIENT_ID, _CLIENT_SECRET
//                            social login with GOOGLE, GITHUB, APPLE, FACEBOOK, X or DISCORD: the OpenID Connect
//                            issuer and the client registered there (redirect URI <wallet origin>/social/callback).
//                            A provider is on when all three are set.
//   FOYER_TELEGRAM_BOT_TOKEN  Telegram Login: the bot's token (its domain set to the wallet's with BotFather);
//                            FOYER_TELEGRAM_LOGIN_URL, default https://oauth.telegram.org/auth
//   FOYER_WALLET_PUBLIC_ORIGIN
//                            the wallet's origin as browsers see it behind a TLS proxy (https://wallet.example.com);
//                            default: the request's own, with the scheme and host a trusted proxy forwards
//   FOYER_TRUSTED_PROXIES    the proxies (addresses, CIDR ranges; comma-separated) whose X-Forwarded-For, -Proto and
//                            -Host are believed; default none
//   FOYER_PAYMASTER_ADDRESS, FOYER_PAYMASTER_SIGNER_KEY
//                            sponsored gas (docs/sponsored-gas.md): a FoyerPaymaster deployed at that address on the
//                            networks with a bundler, and the private key of its verifying signer. Default: none, every
//                            visitor pays their own fees.
//   FOYER_SPONSORSHIP_POLICIES
//                            a JSON file of the projects' sponsorship policies ({ "<projectId>": { chains, calls,
//                            dailyLimit, budget } }), written to the database at each start
//   FOYER_HOST               the address to listen on, default 127.0.0.1
//   FOYER_LOG_REQUESTS       `off` for no JSON line per request on stdout
//   DATABASE_URL, FOYER_DATA_DIR  the storage database (services/storage)
// SIGTERM drains: no new connections, the requests in flight finish, the database closes, exit 0.
import { readFile } from 'node:fs/promises'

import { readHost, readPort, readRequestLog, readTrustedProxy, stopOnSignals } from '../serviceCli.mjs'
import { tokenListsSetting } from '../api/tokenLists.mjs'
import { LOCAL_SOLANA_CHAIN_ID } from '../dev/solana/index.mjs'
import { openDatabase } from '../storage/index.mjs'
import { SOCIAL_PROVIDERS } from './social.mjs'
import { DEFAULT_WALLET_PORT, startWallet } from './startWallet.mjs'

const LOCAL_NETWORKS = `31337=http://127.0.0.1:8545,31338=http://127.0.0.1:8546,${LOCAL_SOLANA_CHAIN_ID}=http://127.0.0.1:8899`

/** @param {string} list */
function parseNetworks(list) {
  const evm = []
  const solana = []
  for (const entry of list.split(',').filter(Boolean)) {
    const at = entry.indexOf('=')
    const [chainId, rpcUrl] = [entry.slice(0, at), entry.slice(at + 1)]
    if (at < 1) throw new Error(`FOYER_WALLET_NETWORKS: ${JSON.stringify(entry)} is not chainId=rpcUrl`)
    if (chainId.startsWith('solana:')) solana.push({ chainId, rpcUrl })
    else {
      const [rpc, bundlerUrl, mode] = rpcUrl.split('|')
      if (mode !== undefined && mode !== '7702')
        throw new Error(`FOYER_WALLET_NETWORKS: ${JSON.stringify(entry)}: after the bundler, only 7702`)
      evm.push({
        chainId: Number(chainId),
        rpcUrl: /** @type {string} */ (rpc),
        ...(bundlerUrl && { bundlerUrl }),
        ...(mode === '7702' && { eip7702: true }),
      })
    }
  }
  return { evm, solana }
}

/** The networks the operator set; none (undefined), the wallet's defaults. @param {string | undefined} setting */
const networksOf = (setting) => (!setting ? {} : parseNetworks(setting === 'local' ? LOCAL_NETWORKS : setting))

/** @param {string} lists `shop,blog;docs,forum` */
const parseSharedProjects = (lists) =>
  lists
    .split(';')
    .map((list) =>
      list
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .filter((list) => list.length > 0)

/**
 * The paymaster and the policies, when FOYER_PAYMASTER_ADDRESS and FOYER_PAYMASTER_SIGNER_KEY are set.
 *
 * @returns {Promise<import('./sponsorship.mjs').SponsorshipOptions | undefined>}
 */
async function sponsorshipFromEnv() {
  const paymaster = process.env['FOYER_PAYMASTER_ADDRESS']
  const signerKey = process.env['FOYER_PAYMASTER_SIGNER_KEY']
  const file = process.env['FOYER_SPONSORSHIP_POLICIES']
  if (!paymaster || !signerKey) {
    if (file) throw new Error('FOYER_SPONSORSHIP_POLICIES needs FOYER_PAYMASTER_ADDRESS and FOYER_PAYMASTER_SIGNER_KEY')
    return undefined
  }
  const text = file ? await readFile(file, 'utf8') : '{}'
  /** @type {unknown} */
  let policies
  try {
    policies = JSON.parse(text)
  } catch (error) {
    throw new Error(`FOYER_SPONSORSHIP_POLICIES: ${file} is not JSON (${/** @type {Error} */ (error).message})`)
  }
  if (typeof policies !== 'object' || policies === null || Array.isArray(policies))
    throw new Error(`FOYER_SPONSORSHIP_POLICIES: ${file} must hold an object of policies by project id`)
  return {
    paymaster: /** @type {`0x${string}`} */ (paymaster),
    signerKey: /** @type {`0x${string}`} */ (signerKey),
    policies: /** @type {Record<string, any>} */ (policies),
  }
}

/** The social providers whose three variables are all set. */
function socialClients() {
  return Object.fromEntries(
    SOCIAL_PROVIDERS.flatMap((provider) => {
      const prefix = `FOYER_SOCIAL_${provider.toUpperCase()}_`
      const [issuer, clientId, clientSecret] = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].map((name) => process.env[prefix + name])
      return issuer && clientId && clientSecret ? [[provider, { issuer, clientId, clientSecret }]] : []
    }),
  )
}

const port = readPort('FOYER_WALLET_PORT', DEFAULT_WALLET_PORT)
const smtpUrl = process.env['FOYER_SMTP_URL']
if (!smtpUrl) {
  console.error(
    'FOYER_SMTP_URL is required (smtp://user:pass@host:587); for development, run services/dev/mail/cli.mjs and use smtp://127.0.0.1:8025',
  )
  process.exit(1)
}

/** @type {import('../storage/index.mjs').Database | undefined} */
let database
/** @type {import('./startWallet.mjs').WalletService} */
let wallet
try {
  const sponsorship = await sponsorshipFromEnv()
  database = await openDatabase()
  wallet = await startWallet({
    port,
    host: readHost(),
    database,
    publicOrigin: process.env['FOYER_WALLET_PUBLIC_ORIGIN'] || undefined,
    trustedProxy: readTrustedProxy(),
    requestLog: readRequestLog(),
    smtpUrl,
    mailFrom: process.env['FOYER_MAIL_FROM'] || undefined,
    directoryUrl: process.env['FOYER_DIRECTORY_URL'] || 'http://127.0.0.1:8788',
    ...networksOf(process.env['FOYER_WALLET_NETWORKS']),
    tokenLists: tokenListsSetting(process.env['FOYER_WALLET_TOKEN_LISTS']),
    social: socialClients(),
    ...(sponsorship && { sponsorship }),
    sharedWallets: parseSharedProjects(process.env['FOYER_WALLET_SHARED_PROJECTS'] ?? ''),
    ...(process.env['FOYER_TELEGRAM_BOT_TOKEN'] && {
      telegram: {
        botToken: process.env['FOYER_TELEGRAM_BOT_TOKEN'],
        loginUrl: process.env['FOYER_TELEGRAM_LOGIN_URL'] || 'https://oauth.telegram.org/auth',
      },
    }),
  })
} catch (error) {
  await database?.close()
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

stopOnSignals('Wallet service', async () => {
  await wallet.drain()
  await database?.close()
})
console.log(`Wallet service on ${wallet.url} (frame: ${wallet.url}/frame?projectId=<id>&chainId=<id>&version=4)`)
