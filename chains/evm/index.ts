// The "foyer/chains/evm" entry: the manifest of the EVM chain. It finds wallets (EIP-6963 and
// window.ethereum) and starts restoring a session at setup; everything that needs viem sits in
// client.ts and loads through import() on first use, so this file must never import viem (STYLE 3).
// WalletConnect likewise: the views and walletConnect.ts (the SDK) load only when a WalletConnect
// view opens or a stored WalletConnect session is restored.
import * as v from 'valibot'
import type { CaipNetworkId } from '../../kernel/caip.js'
import { defineChain, type ChainPlugin } from '../../kernel/chain.js'
import type { Kernel } from '../../kernel/createKernel.js'
import { closeModal, openModal } from '../../kernel/modal.js'
import { isSameNetwork, type Network } from '../../kernel/network.js'
import type { FoyerState } from '../../kernel/store.js'
import { StorageToken } from '../../kernel/tokens.js'
import { discoverWallets } from './discovery.js'
import { loadEvmClient } from './loadEvmClient.js'
import { loadWalletConnect } from './loadWalletConnect.js'
import { en, type EvmMessages } from './locales/en.js'
import { parseEvmOptions, type EvmOptions } from './options.js'
import type { PairingState, WalletConnectService } from './pairing.js'
import type { Eip1193Provider } from './provider.js'
import { EVM_NAMESPACE, LAST_CONNECTOR_KEY, WALLET_CONNECT_ID, type EvmSession } from './session.js'

declare module '../../kernel/i18n.js' {
  interface Messages extends EvmMessages {}
}

declare module '../../kernel/chain.js' {
  interface ChainCapabilities {
    /** Pairing with wallet apps on other devices (`evm({ walletConnect })`); what the WalletConnect views use. */
    walletConnect?: WalletConnectService
  }
}

declare module '../../kernel/store.js' {
  interface FoyerState {
    /** The WalletConnect pairing of `evm({ walletConnect })` (STYLE 7); idle otherwise. */
    pairing: PairingState
  }
}

export { evmNetwork } from './options.js'
export type { EvmChainLike, EvmOptions, EvmWalletConnectOptions } from './options.js'
export type { Eip1193Events, Eip1193Provider } from './provider.js'
export { ViemNotInstalledError } from './loadEvmClient.js'
export { WalletConnectNotInstalledError } from './loadWalletConnect.js'
export type { PairingController, PairingState, WalletConnectService } from './pairing.js'
export { ANNOUNCE_PROVIDER_EVENT, INJECTED_CONNECTOR_ID, LEGACY_PROVIDER_WAIT_MS, REQUEST_PROVIDER_EVENT } from './discovery.js'
export { EVM_NAMESPACE, LAST_CONNECTOR_KEY, WALLET_CONNECT_ID } from './session.js'

const LastConnectorSchema = v.pipe(v.string(), v.nonEmpty())

/** The network the EVM wallet is on when this site does not support it, else undefined (§4). */
function selectUnsupportedNetwork(state: FoyerState, networks: readonly Network[]): CaipNetworkId | undefined {
  const connection = state.connection.namespaces[EVM_NAMESPACE]
  const networkId = connection?.status === 'connected' ? connection.networkId : undefined
  return networkId && !networks.some((network) => isSameNetwork(network, networkId)) ? networkId : undefined
}

/**
 * True when an EVM wallet is connected on a network the site did not configure (§4). The kernel
 * keeps that network id; the chain then opens the UnsupportedChain view.
 *
 * @example
 * if (isUnsupportedNetwork(kernel)) openModal(kernel, { view: 'UnsupportedChain' })
 */
export function isUnsupportedNetwork(kernel: Kernel): boolean {
  const networks = kernel.chains.get(EVM_NAMESPACE)?.networks ?? []
  return selectUnsupportedNetwork(kernel.store.getState(), networks) !== undefined
}

/**
 * The EVM chain: browser wallets through EIP-6963 and `window.ethereum`, balances over the
 * networks' own RPC (viem, loaded on first use), network switching with adding, and personal_sign.
 * With `walletConnect`, wallet apps on other devices too: a 'WalletConnect' connector, the
 * ConnectingWalletConnect views and the `walletConnect` capability (the SDK loads on first use).
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
  const sessions = new WeakMap<Kernel, EvmSession>()
  // Every connect, disconnect and reconnect outdates a reconnect still under way.
  const interrupt = (session: EvmSession) => {
    session.reconnectId = undefined
    return ++session.epoch
  }

  // §4: restore the last session without a prompt: connecting now, then connected or disconnected.
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

  // §4: a wallet on a network the site does not list gets the UnsupportedChain view.
  const watchUnsupportedNetwork = (kernel: Kernel) => {
    let cancel = () => {}
    const stop = kernel.store.select(
      (state) => selectUnsupportedNetwork(state, networks),
      (networkId) => {
        cancel()
        if (networkId) {
          // A task later: ConnectingExternal closes the modal once connect resolves, which would close this view too.
          cancel = kernel.schedule(() => {
            if (selectUnsupportedNetwork(kernel.store.getState(), networks)) openModal(kernel, { view: 'UnsupportedChain' })
          }, 0)
        } else if (kernel.store.getState().modal.open && kernel.router.current().view === 'UnsupportedChain') {
          closeModal(kernel)
        }
      },
    )
    return () => {
      cancel()
      stop()
    }
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
    locales: { en },

    setup(kernel) {
      const session: EvmSession = { wallets: new Map(), epoch: 0 }
      const storage = kernel.container.resolve(StorageToken)
      sessions.set(kernel, session)
      // §4: with reconnect off, an existing session is dropped rather than kept for later.
      if (kernel.options.enableReconnect) session.reconnectId = storage.read(LAST_CONNECTOR_KEY, LastConnectorSchema)
      else storage.remove(LAST_CONNECTOR_KEY)

      const stops = [watchUnsupportedNetwork(kernel)]
      kernel.store.addSlice('pairing', { status: 'idle' })
      if (walletConnect) {
        // §2: first on Connect. Its name is WalletConnect's own, in every language.
        kernel.dispatchConnection({
          type: 'connector-added',
          connector: { id: WALLET_CONNECT_ID, name: 'WalletConnect', chain: EVM_NAMESPACE, type: 'walletConnect' },
        })
        if (session.reconnectId === WALLET_CONNECT_ID) reconnect(kernel, session, WALLET_CONNECT_ID)
      }
      // Discovery needs a page; on a server the chain only serves RPC reads.
      if (typeof window !== 'undefined') {
        stops.push(
          discoverWallets({
            target: window,
            injectedName: kernel.i18n.t('evm.browserWallet'),
            schedule: (callback, ms) => kernel.schedule(callback, ms),
            found: ({ connector, provider }) => {
              session.wallets.set(connector.id, provider)
              kernel.dispatchConnection({ type: 'connector-added', connector })
              if (session.reconnectId === connector.id) reconnect(kernel, session, connector.id, provider)
            },
            lost: (connectorId) => {
              session.wallets.delete(connectorId)
              kernel.dispatchConnection({ type: 'connector-removed', connectorId })
            },
          }),
        )
      }
      return async () => {
        for (const stop of stops) stop()
        session.active?.unwatch()
        for (const connectorId of session.wallets.keys()) kernel.dispatchConnection({ type: 'connector-removed', connectorId })
        sessions.delete(kernel)
        await session.closeWalletConnect?.()
      }
    },

    async connect(kernel, { connectorId, networkId }) {
      const session = sessions.get(kernel)
      const provider = session?.wallets.get(connectorId)
      if (!session || !provider) throw new Error(`No EVM wallet has the connector id '${connectorId}'.`)
      interrupt(session)
      return (await loadEvmClient()).connectWallet(kernel, session, config, { connectorId, provider, networkId })
    },

    async disconnect(kernel) {
      const session = sessions.get(kernel)
      if (!session) return
      interrupt(session)
      if (session.active) await (await loadEvmClient()).disconnectWallet(kernel, session)
      else kernel.container.resolve(StorageToken).remove(LAST_CONNECTOR_KEY)
    },

    capabilities: {
      balance: {
        getBalance: async (kernel, params) => (await loadEvmClient()).getNativeBalance(kernel, config, params),
      },
      switchNetwork: {
        switchNetwork: async (kernel, { networkId }) => (await loadEvmClient()).switchNetwork(sessions.get(kernel), config, networkId),
      },
      signMessage: {
        signMessage: async (kernel, params) => (await loadEvmClient()).signMessage(sessions.get(kernel), params),
      },
      transfer: {
        // Its own chunk (viem's encoder and receipt polling), loaded on the first send.
        transfer: async (kernel, params) => (await import('./transfer.js')).transfer(kernel, sessions.get(kernel), config, params),
        estimateFee: async (kernel, params) => (await import('./transfer.js')).estimateFee(kernel, config, params),
      },
      ...(walletConnect && {
        walletConnect: { pairing: async (kernel: Kernel) => (await loadWalletConnect()).pairingFor(kernel, sessions.get(kernel)!, config) },
      }),
    },
  })
}
