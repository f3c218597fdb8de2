// The "foyer/chains/solana" entry: the manifest of the Solana chain, kept tiny (style 3). It
// validates the options and declares the networks and capabilities; at setup it loads the wallet
// side (walletSession.ts: Wallet Standard discovery, the session, reconnect), and on first use the
// body that needs @solana/kit (client.ts). This file must never import either.
import { defineChain, type ChainPlugin, afterFirstPaint, AddressOrAuthConnectorNotFoundError, createToken, type Token } from 'foyer'
import type { Kernel } from 'foyer'
import { isSolanaAddress } from 'foyer/protocol'
import { loadSolanaClient } from './loadSolanaClient.js'
import { en, type SolanaMessages } from './locales.js'
import { parseSolanaOptions, type SolanaOptions } from './options.js'
import { SOLANA_NAMESPACE, type WalletSession } from './session.js'
import type { StandardWallet } from './walletStandard.js'

declare module 'foyer' {
  interface Messages extends SolanaMessages {}
}

declare module 'foyer' {
  interface NamespaceProviders {
    /** A Solana connector hands the chain a Wallet Standard wallet with a `solana:` chain. */
    solana: StandardWallet
  }
}

export { solanaNetwork, SOL } from './options.js'
export type { SolanaNetworkParameters, SolanaOptions } from './options.js'
export { solanaDevnet, solanaLocalnet, solanaMainnet, SOLANA_DEVNET_GENESIS_HASH, SOLANA_MAINNET_GENESIS_HASH } from './networks.js'
export { SolanaKitNotInstalledError } from './loadSolanaClient.js'
export { LAST_SESSION_KEY, SOLANA_NAMESPACE } from './session.js'
export type { StandardWallet } from './walletStandard.js'

/**
 * The Solana chain: wallets through the Wallet Standard (and, on mobile, the Phantom, Solflare and
 * Coinbase Wallet apps' browse links), SOL balances over the networks' own RPC (@solana/kit, loaded
 * on first use), message signing through `solana:signMessage`, sign-in through `solana:signIn` (or a
 * signed Sign In With Solana message), and transfers of SOL and SPL tokens
 * (Token and Token-2022) signed by the wallet. Accounts start as `eoa` (rules §6).
 *
 * @throws {InvalidOptionsError} for options that do not parse, naming the option (an RPC URL that is
 *   not http(s), an empty `networks` …).
 * @example
 * import { solana, solanaMainnet, solanaDevnet } from 'foyer/chains/solana'
 * const kernel = createKernel({ projectId: 'my-site', plugins: [solana({ networks: [solanaMainnet, solanaDevnet] })] })
 */
/** The kernel's wallet side (walletSession.ts, loaded after the first paint), kept in its container. */
const WalletSessionToken: Token<Promise<WalletSession>> = createToken('solana:walletSession')

// Written here, not in loadSolanaClient.ts (in the first-paint chunk every host bundles): docs/packaging.md.
const solanaClient = () => import('./client.js')

export function solana(options: SolanaOptions): ChainPlugin {
  const config = parseSolanaOptions(options)
  // In the kernel's container: one plugin object may serve several kernels.
  const sessionOf = (kernel: Kernel) => {
    if (!kernel.container.has(WalletSessionToken)) {
      throw new AddressOrAuthConnectorNotFoundError({ details: 'No Solana wallet can be reached without a page.' })
    }
    return kernel.container.resolve(WalletSessionToken)
  }

  return defineChain({
    namespace: SOLANA_NAMESPACE,
    networks: config.networks,
    defaultAccountType: 'eoa',
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },

    setup(kernel) {
      // Wallets live in a page; on a server the chain only serves RPC reads.
      if (typeof window === 'undefined') return
      let session: WalletSession | undefined
      // After the page's first paint: the Wallet Standard hands over wallets that registered earlier,
      // so waiting costs nothing, and the first paint does not share the network with this code.
      const started = afterFirstPaint()
        .then(() => import('./walletSession.js'))
        .then(({ startWalletSession }) => {
          if (kernel.isDestroyed()) throw new Error('The kernel was destroyed before the Solana wallet code loaded.')
          session = startWalletSession(kernel, config)
          return session
        })
      started.catch((error: unknown) => {
        if (!kernel.isDestroyed()) kernel.logger.error('The Solana wallet code failed to load.', error)
      })
      kernel.container.provide(WalletSessionToken, started)
      return () => session?.stop()
    },

    connect: async (kernel, params) => (await sessionOf(kernel)).connect(params),

    async disconnect(kernel) {
      if (kernel.container.has(WalletSessionToken)) await (await kernel.container.resolve(WalletSessionToken)).disconnect()
    },

    capabilities: {
      address: { isValid: isSolanaAddress },
      // rules §2: what Connect offers to install when the visitor has no wallet; its own chunk.
      starterWallets: { load: async () => (await import('./starterWallets.js')).starterWallets },
      // Activity on Solana too, beyond rules §6's "EVM only": the data service lists Solana history where it has it
      // (the local API: the account's on-ramp purchases).
      history: {},
      balance: {
        getBalance: async (kernel, params) => (await loadSolanaClient(solanaClient)).getNativeBalance(kernel, config, params),
      },
      switchNetwork: {
        switchNetwork: async (kernel, { networkId }) => (await sessionOf(kernel)).switchNetwork(networkId),
      },
      signMessage: {
        signMessage: async (kernel, params) => (await sessionOf(kernel)).signMessage(params),
      },
      signIn: {
        signIn: async (kernel, params) => (await sessionOf(kernel)).signIn(params),
      },
      transfer: {
        transfer: async (kernel, params) => (await sessionOf(kernel)).transfer(params),
        // Solana's base fee is fixed per signature, and a send has one; Foyer adds no priority fee.
        estimateFee: async () => LAMPORTS_PER_SIGNATURE,
        // rules §2: after a Solana send, of SOL too, the view returns to Account.
        returnToAccount: 'all',
      },
    },
  })
}

/** The network's fee for each signature on a transaction, in lamports. */
const LAMPORTS_PER_SIGNATURE = 5_000n
