import { createRoot } from 'react-dom/client'
import { createKernel } from 'foyer'
import { FoyerProvider } from 'foyer/react'
import { evm, evmNetwork } from 'foyer/chains/evm'
import { solana, solanaLocalnet } from 'foyer/chains/solana'
import { activity } from 'foyer/plugins/activity'
import { email } from 'foyer/plugins/email'
import { names } from 'foyer/plugins/names'
import { onramp } from 'foyer/plugins/onramp'
import { payPlugin } from 'foyer/plugins/pay'
import { portfolio } from 'foyer/plugins/portfolio'
import { receive } from 'foyer/plugins/receive'
import { send } from 'foyer/plugins/send'
import { socials } from 'foyer/plugins/socials'
import { siwx } from 'foyer/plugins/siwx'
import { swaps } from 'foyer/plugins/swaps'
import { wallets } from 'foyer/plugins/wallets'
import { App } from './App.js'
import {
  DEV_WALLET_KEY,
  localApiUrl,
  localChains,
  localDirectoryUrl,
  localNames,
  localOnramp,
  localRelayUrl,
  localRpcUrl,
  localSolana,
  localWalletUrl,
} from './localStack.js'

/**
 * The local chains' own marks, drawn for the demo (public/marks/): no package draws a chain that only runs here. Served
 * beside the page, so they cost its script nothing.
 */
const markUrl = (file: string) => new URL(`marks/${file}.svg`, location.href).href

const local = (id: number, name: string, mark: string) =>
  evmNetwork({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [localChains[id]!.rpcUrl] } },
    testnet: true,
    imageUrl: markUrl(mark),
  })

// The demo, and only the demo, brings a wallet for visitors who have none: it signs with anvil's
// first test key against the local chains. It loads after the page, like a browser extension
// would announce itself, so its signing code costs the first paint nothing.
void import('./devWallet.js').then(({ announceWallet, createDevWallet, DEV_WALLET_ICON }) =>
  announceWallet(
    createDevWallet({
      name: 'Foyer Dev Wallet',
      rdns: 'dev.foyer.wallet',
      privateKey: DEV_WALLET_KEY,
      chains: Object.entries(localChains).map(([id, chain]) => ({ id: Number(id), rpcUrl: chain.rpcUrl })),
    }),
    { name: 'Foyer Dev Wallet', rdns: 'dev.foyer.wallet', icon: DEV_WALLET_ICON },
  ),
)
// The same wallet on Solana, through the Wallet Standard, signing with the local node's dev key.
void import('./solanaDevWallet.js').then(({ registerSolanaDevWallet }) => registerSolanaDevWallet())

// Sign in with X, when the page asks for it (`?siwx=optional` or `?siwx=required`) and the stack's API keeps sessions
// (it does whenever it keeps names: both need the storage database). Only the manifest loads up front.
const signInMode = new URLSearchParams(location.search).get('siwx')
const signIn =
  localNames && (signInMode === 'optional' || signInMode === 'required')
    ? siwx({ required: signInMode === 'required', statement: 'Sign in to the Foyer demo.' })
    : undefined

// The legal checkbox (`?legal=1`): connecting waits until the visitor agrees to the demo's own terms and policy.
const legalCheckbox = new URLSearchParams(location.search).get('legal') === '1'

const kernel = createKernel({
  projectId: 'foyer-demo',
  metadata: { name: 'Foyer demo', url: location.origin },
  // The local wallet directory (All Wallets), blockchain API (tokens, NFTs, activity) and embedded
  // wallet (email sign-in; its secure frame on another site, localhost, than this page); the chains read through the
  // public RPC service (rules §7).
  services: { directory: localDirectoryUrl, api: localApiUrl, wallet: localWalletUrl, analytics: localDirectoryUrl, rpc: localRpcUrl },
  // rules §9: Pay is off unless the host turns it on; the demo's "Pay 10 USDC" button uses it.
  features: { pay: true, legalCheckbox },
  ...(legalCheckbox && {
    termsConditionsUrl: new URL('legal.html#terms', location.href).href,
    privacyPolicyUrl: new URL('legal.html#privacy', location.href).href,
  }),
  plugins: [
    evm({
      networks: [local(31337, 'Foyer Local', 'foyer-local'), local(31338, 'Foyer Local B', 'foyer-local-b')],
      // Wallet apps pair through the local relay (services/dev/relay), offline.
      ...(localRelayUrl && { walletConnect: { projectId: 'foyer-demo', relayUrl: localRelayUrl } }),
    }),
    solana({
      networks: [
        {
          ...solanaLocalnet(localSolana.rpcUrl, localSolana.genesisHash, 'Foyer Solana Local'),
          imageUrl: markUrl('foyer-solana-local'),
        },
      ],
    }),
    portfolio(),
    activity(),
    receive(),
    send(),
    // Swaps on the Uniswap V2 pools the local stack deploys, quoted and built by the local blockchain API.
    swaps(),
    // Email sign-in with an embedded wallet, when the stack runs the wallet service (\`npm start\`, the
    // end-to-end tests and \`npm run bench\` all do). The demo pays its visitors' network fees as the local stack's
    // policy allows (USDC transfers and approvals; docs/sponsored-gas.md).
    localWalletUrl ? email({ sponsorGas: true }) : undefined,
    // Social login (Google, X, Discord, Apple, GitHub, Facebook) into the same embedded wallet, through the
    // stack's local OpenID Connect provider.
    localWalletUrl ? socials() : undefined,
    // Account names ('Get a name' under an EVM account), when the stack's API keeps them (\`npm start\` and
    // \`npm run bench\` do).
    localNames ? names() : undefined,
    // Buying crypto from the local meld and coinbase stand-ins, paid on the local chains, when the stack's API runs
    // them (\`npm start\` does).
    localOnramp ? onramp() : undefined,
    // Payments from the connected wallet through Send's transfer (the demo's "Pay 10 USDC").
    payPlugin(),
    // Several wallets at once ('Your wallets' under the account): the Foyer Dev Wallet and the email wallet side by
    // side, one active; on while the project's remote `multiWallet` feature is.
    wallets(),
    signIn,
  ],
})

createRoot(document.getElementById('root')!).render(
  <FoyerProvider kernel={kernel}>
    <App kernel={kernel} />
  </FoyerProvider>,
)
