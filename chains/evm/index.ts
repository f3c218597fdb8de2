// The "foyer/chains/evm" entry: the manifest of the EVM chain. It finds wallets (EIP-6963 and
// window.ethereum) and starts restoring a session at setup; the rest loads through import() on first use:
// client.ts (connections, balances, signatures; no viem), then transfer.ts and readContract.ts (viem).
// So this file must never import viem (style 3).
// WalletConnect likewise: the views and walletConnect.ts (Foyer's own client) load only when a WalletConnect
// view opens or a stored WalletConnect session is restored.
import * as v from 'valibot'
import type { CaipNetworkId, Kernel, RouteEntry, FoyerState } from 'foyer'
import {
  createToken,
  type Token,
  defineChain,
  type ChainPlugin,
  closeModal,
  getIdentity,
  isSameNetwork,
  type Network,
  StorageToken,
} from 'foyer'
import { isEvmAddress, withHexPrefix } from 'foyer/protocol'
import { discoverWallets } from './discovery.js'
import { loadEvmClient, loadWithViem } from './loadEvmClient.js'
import { loadWalletConnect } from './loadWalletConnect.js'
import { en, type EvmMessages } from './locales.js'
import { parseEvmOptions, type EvmOptions } from './options.js'
import type { PairingState, WalletConnectService } from './pairing.js'
import type { Eip1193Provider } from './provider.js'
import { EVM_NAMESPACE, LAST_CONNECTOR_KEY, WALLET_CONNECT_ID, type EvmSession } from './session.js'

declare module 'foyer' {
  interface Messages extends EvmMessages {}
}

declare module 'foyer' {
  interface ChainCapabilities {
    /** Pairing with wallet apps on other devices (`evm({ walletConnect })`); what the WalletConnect views use. */
    walletConnect?: WalletConnectService
  }
}

declare module 'foyer' {
  interface NamespaceProviders {
    /** An EVM connector hands the chain an EIP-1193 provider. */
    eip155: Eip1193Provider
  }
}

declare module 'foyer' {
  interface ViewParams {
    /** rules §2: pairs the directory wallet the visitor chose, by its app links or QR code. */
    ConnectingWalletConnect: { walletId: string }
    /** rules §2: a QR code and Copy link for any WalletConnect wallet. */
    ConnectingWalletConnectBasic: undefined
    /** rules §4: the wallet sits on a network the site does not list. */
    UnsupportedChain: undefined
  }
}

declare module 'foyer' {
  interface ViewResults {
    /** Answers once the wallet is on a network the site lists. */
    // biome-ignore lint/suspicious/noConfusingVoidType: the view answers with nothing, so its request is a Promise<void>.
    UnsupportedChain: void
  }
}

declare module 'foyer' {
  interface FoyerState {
    /** The WalletConnect pairing of `evm({ walletConnect })` (style 7); idle otherwise. */
    pairing: PairingState
  }
}

export { evmNetwork } from './options.js'
export type { EvmChainLike, EvmOptions, EvmWalletConnectOptions } from './options.js'
export type { Eip1193Events, Eip1193Provider } from './provider.js'
export { ViemNotInstalledError } from './loadEvmClient.js'
export type { PairingController, PairingState, WalletConnectService } from './pairing.js'
export { ANNOUNCE_PROVIDER_EVENT, INJECTED_CONNECTOR_ID, LEGACY_PROVIDER_WAIT_MS, REQUEST_PROVIDER_EVENT } from './discovery.js'
export { EVM_NAMESPACE, LAST_CONNECTOR_KEY, WALLET_CONNECT_ID } from './session.js'

const LastConnectorSchema = v.pipe(v.string(), v.nonEmpty())

/** The network the EVM wallet is on when this site does not support it, else undefined (rules §4). */
function selectUnsupportedNetwork(state: FoyerState, networks: readonly Network[]): CaipNetworkId | undefined {
  const networkId = selectConnectedNetwork(state)
  return networkId && !networks.some((network) => isSameNetwork(network, networkId)) ? networkId : undefined
}

/** The EVM wallet's network while it is connected. */
function selectConnectedNetwork(state: FoyerState): CaipNetworkId | undefined {
  const connection = state.connection.namespaces[EVM_NAMESPACE]
  return connection?.status === 'connected' ? connection.networkId : undefined
}

/**
 * True when an EVM wallet is connected on a network the site did not configure (rules §4). The kernel
 * keeps that network id; the chain then shows the UnsupportedChain view.
 *
 * @example
 * if (isUnsupportedNetwork(kernel)) openModal(kernel, { view: 'UnsupportedChain' })
 */
export function isUnsupportedNetwork(kernel: Kernel): boolean {
  const networks = kernel.chains.get(EVM_NAMESPACE)?.networks ?? []
  return selectUnsupportedNetwork(kernel.store.getState(), networks) !== undefined
}

/** The kernel's EVM session, kept in its container. */
const EvmSessionToken: Token<EvmSession> = createToken('evm:session')

/** The EVM session of a kernel the chain was set up in. */
/** The send capabilities' body: viem's encoder and receipt polling, in its own chunk. */
const loadTransfer = () => loadWithViem(() => import('./transfer.js'))

function sessionOf(kernel: Kernel): EvmSession | undefined {
  return kernel.container.has(EvmSessionToken) ? kernel.container.resolve(EvmSessionToken) : undefined
}

/**
 * Shows UnsupportedChain and waits until the wallet is on a listed network (rules §4). The visitor may
 * also close the modal or go back: the wallet then stays where it is, connected.
 */
async function showUnsupportedChain(kernel: Kernel): Promise<void> {
  const { modal } = kernel.store.getState()
  if (modal.open && kernel.router.current().view === 'UnsupportedChain') return
  await kernel.router.request('UnsupportedChain').catch((error: unknown) => kernel.logger.debug('UnsupportedChain was left.', error))
}

/**
 * rules §4 after the connection: a wallet that moves to a network the site does not list gets the
 * UnsupportedChain view; once it is back on a listed one, the view answers (or the modal closes).
 * A wallet that connects on such a network is shown the view by the chain's afterConnect hook.
 */
function watchNetworkChanges(kernel: Kernel, networks: readonly Network[]): () => void {
  const isListed = (networkId: CaipNetworkId) => networks.some((network) => isSameNetwork(network, networkId))
  return kernel.store.select(selectConnectedNetwork, (networkId, previous) => {
    if (networkId && previous && !isListed(networkId)) void showUnsupportedChain(kernel)
    const { modal } = kernel.store.getState()
    if (networkId && isListed(networkId) && modal.open && kernel.router.current().view === 'UnsupportedChain') {
      if (!kernel.router.finish()) closeModal(kernel)
    }
  })
}

/** rules §2: WalletConnect leads to the wallet list on a phone (its apps open by link), else to its QR code. */
function walletConnectRoute(kernel: Kernel): RouteEntry {
  const wallets = kernel.environment.isMobile() && kernel.isViewAvailable('AllWallets')
  return wallets ? { view: 'AllWallets', params: undefined } : { view: 'ConnectingWalletConnectBasic', params: undefined }
}

/**
 * The EVM chain: browser wallets through EIP-6963 and `window.ethereum`, balances over the
 * networks' own RPC (viem, loaded on first use), network switching with adding, and personal_sign.
 * With `walletConnect`, wallet apps on other devices too: a 'WalletConnect' connector, the
 * ConnectingWalletConnect views and the `walletConnect` capability (the client loads on first use).
 * Any plugin's connector that serves eip155 with an EIP-1193 provider connects through it.
 *
 * @throws {InvalidOptionsError} for options that do not parse, naming the option (an RPC URL that is
 *   not http(s), an empty `networks` …).
 * @example
 * import { mainnet, base } from 'viem/chains'
 * const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks: [mainnet, base] })] })
 */
export function evm(options: EvmOptions): ChainPlugin {
  const config = parseEvmOptions(options)
  const { networks, walletConnect } = config
  // Every connect, disconnect and reconnect outdates a reconnect still under way.
  const interrupt = (session: EvmSession) => {
    session.reconnectId = undefined
    return ++session.epoch
  }

  // rules §4: restore the last session without a prompt: connecting now, then connected or disconnected.
  // Without a provider it is WalletConnect's stored session.
  const reconnect = (kernel: Kernel, session: EvmSession, connectorId: string, provider?: Eip1193Provider) => {
    const epoch = interrupt(session)
    kernel.dispatchConnection({ type: 'connecting', namespace: EVM_NAMESPACE, connectorId })
    const restoring = provider
      ? loadEvmClient().then((client) => client.restoreWallet(kernel, session, { connectorId, provider, epoch }))
      : loadWalletConnect().then((wc) => wc.restoreSession(kernel, session, config, epoch))
    restoring.catch((error: unknown) => {
      kernel.logger.warn('Restoring the EVM wallet session failed.', error)
      if (session.epoch === epoch && !kernel.isDestroyed()) kernel.dispatchConnection({ type: 'disconnected', namespace: EVM_NAMESPACE })
    })
  }

  // rules §4: the remembered connector reconnects as soon as it is registered, by whichever plugin.
  const reconnectWhenRegistered = (kernel: Kernel, session: EvmSession) => {
    const check = () => {
      const provider = session.reconnectId && kernel.connectors.provider(session.reconnectId, EVM_NAMESPACE)
      if (provider) reconnect(kernel, session, session.reconnectId!, provider)
    }
    check()
    return kernel.store.select((state) => state.connection.connectors, check)
  }

  return defineChain({
    namespace: EVM_NAMESPACE,
    networks,
    views: {
      UnsupportedChain: { title: 'unsupported.title', load: () => import('./views/UnsupportedChainView.js') },
      ...(walletConnect && {
        ConnectingWalletConnect: { title: 'connecting.title', load: () => import('./views/ConnectingWalletConnectView.js') },
        ConnectingWalletConnectBasic: { title: 'evm.wc.title', load: () => import('./views/ConnectingWalletConnectBasicView.js') },
      }),
    },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    hooks: {
      // rules §4: a wallet that connects on a network the site does not list is shown UnsupportedChain first.
      async afterConnect(kernel, { namespace }) {
        if (namespace === EVM_NAMESPACE && isUnsupportedNetwork(kernel)) await showUnsupportedChain(kernel)
      },
    },

    setup(kernel) {
      const session: EvmSession = { epoch: 0 }
      kernel.container.provide(EvmSessionToken, session)
      const storage = kernel.container.resolve(StorageToken)
      // rules §4: with reconnect off, an existing session is dropped rather than kept for later.
      if (kernel.options.enableReconnect) session.reconnectId = storage.read(LAST_CONNECTOR_KEY, LastConnectorSchema)
      else storage.remove(LAST_CONNECTOR_KEY)

      const stops = [watchNetworkChanges(kernel, networks)]
      kernel.store.addSlice('pairing', { status: 'idle' })
      if (walletConnect) {
        // rules §2: first on Connect. Its name is WalletConnect's own, in every language. Its provider comes with a session.
        stops.push(
          kernel.connectors.register({
            connector: { id: WALLET_CONNECT_ID, name: 'WalletConnect', namespaces: [EVM_NAMESPACE], type: 'walletConnect' },
            route: () => walletConnectRoute(kernel),
            directoryRoute: (walletId) => ({ view: 'ConnectingWalletConnect', params: { walletId } }),
          }),
        )
        if (session.reconnectId === WALLET_CONNECT_ID) reconnect(kernel, session, WALLET_CONNECT_ID)
      }
      // Discovery needs a page; on a server the chain only serves RPC reads.
      if (typeof window !== 'undefined') {
        const found = new Map<string, () => void>()
        stops.push(
          discoverWallets({
            target: window,
            injectedName: kernel.i18n.t('evm.browserWallet'),
            schedule: (callback, ms) => kernel.schedule(callback, ms),
            found: ({ connector, provider }) =>
              found.set(connector.id, kernel.connectors.register({ connector, providers: { [EVM_NAMESPACE]: provider } })),
            lost: (connectorId) => {
              found.get(connectorId)?.()
              found.delete(connectorId)
            },
          }),
          () => {
            for (const unregister of found.values()) unregister()
          },
        )
      }
      stops.push(reconnectWhenRegistered(kernel, session))
      return async () => {
        for (const stop of stops) stop()
        session.active?.unwatch()
        await session.walletConnect?.close()
      }
    },

    async connect(kernel, { connectorId, networkId }) {
      const session = sessionOf(kernel)
      const provider = kernel.connectors.provider(connectorId, EVM_NAMESPACE)
      if (!session || !provider) throw new Error(`No EVM wallet has the connector id '${connectorId}'.`)
      interrupt(session)
      return (await loadEvmClient()).connectWallet(kernel, session, config, { connectorId, provider, networkId })
    },

    async disconnect(kernel) {
      const session = sessionOf(kernel)
      if (!session) return
      interrupt(session)
      if (session.active) await (await loadEvmClient()).disconnectWallet(kernel, session)
      else kernel.container.resolve(StorageToken).remove(LAST_CONNECTOR_KEY)
    },

    capabilities: {
      address: { isValid: isEvmAddress, normalize: withHexPrefix },
      // rules §2: what Connect offers to install when the visitor has no wallet; its own chunk.
      starterWallets: { load: async () => (await import('./starterWallets.js')).starterWallets },
      // Names and avatars are EVM only (rules §6), from the blockchain data service.
      identity: {
        getIdentity,
      },
      // rules §6: the data service lists EVM accounts' transactions, so Activity is offered.
      history: {},
      balance: {
        getBalance: async (kernel, params) => (await loadEvmClient()).getNativeBalance(kernel, config, params),
      },
      switchNetwork: {
        switchNetwork: async (kernel, { networkId }) => (await loadEvmClient()).switchNetwork(sessionOf(kernel), config, networkId),
      },
      signMessage: {
        signMessage: async (kernel, params) => (await loadEvmClient()).signMessage(sessionOf(kernel), params),
      },
      // EIP-4361 (viem/siwe), its own chunk.
      signIn: {
        signIn: async (kernel, params) => (await import('./signIn.js')).signIn(sessionOf(kernel), params),
      },
      signTypedData: {
        signTypedData: async (kernel, params) => (await loadEvmClient()).signTypedData(sessionOf(kernel), params),
      },
      readContract: {
        readContract: async (kernel, params) =>
          (await loadWithViem(() => import('./readContract.js'))).readContract(kernel, config, params),
      },
      // Its own chunk, loaded with the first preview: eth_simulateV1 on the network's own RPC (docs/previews.md).
      simulate: {
        simulate: async (kernel, params) => (await loadWithViem(() => import('./simulate.js'))).simulate(kernel, config, params),
      },
      // Its own chunk (viem's encoder and receipt polling), loaded on the first send.
      sendTransaction: {
        sendTransaction: async (kernel, params) => (await loadTransfer()).sendTransaction(kernel, sessionOf(kernel), config, params),
      },
      transfer: {
        transfer: async (kernel, params) => (await loadTransfer()).transfer(kernel, sessionOf(kernel), config, params),
        estimateFee: async (kernel, params) => (await loadTransfer()).estimateFee(kernel, config, params),
      },
      ...(walletConnect && {
        walletConnect: { pairing: async (kernel: Kernel) => (await loadWalletConnect()).pairingFor(kernel, sessionOf(kernel)!, config) },
      }),
    },
  })
}
