// The "foyer/chains/evm" entry: the manifest of the EVM chain. It finds wallets (EIP-6963 and
// window.ethereum) and restores sessions at setup; everything that needs viem sits in client.ts and
// loads through import() on first use, so this file must never import viem (STYLE 3).
import * as v from 'valibot'
import type { CaipNetworkId } from '../../kernel/caip.js'
import { defineChain, type ChainPlugin } from '../../kernel/chain.js'
import type { Kernel } from '../../kernel/createKernel.js'
import { AddressOrAuthConnectorNotFoundError, NetworkNotFoundError } from '../../kernel/errors/catalogue.js'
import { closeModal, openModal } from '../../kernel/modal.js'
import { isSameNetwork, type Network } from '../../kernel/network.js'
import type { FoyerState } from '../../kernel/store.js'
import { StorageToken } from '../../kernel/tokens.js'
import { discoverWallets } from './discovery.js'
import { loadEvmClient, type EvmClient } from './loadEvmClient.js'
import { en, type EvmMessages } from './locales/en.js'
import { parseEvmOptions, type EvmOptions } from './options.js'
import type { Eip1193Provider } from './provider.js'

declare module '../../kernel/i18n.js' {
  interface Messages extends EvmMessages {}
}

export { evmNetwork } from './options.js'
export type { EvmChainLike, EvmOptions } from './options.js'
export type { Eip1193Events, Eip1193Provider } from './provider.js'
export { ViemNotInstalledError } from './loadEvmClient.js'
export { ANNOUNCE_PROVIDER_EVENT, INJECTED_CONNECTOR_ID, LEGACY_PROVIDER_WAIT_MS, REQUEST_PROVIDER_EVENT } from './discovery.js'

/** The CAIP namespace of EVM chains. */
export const EVM_NAMESPACE = 'eip155'

/** The storage key of the connector to reconnect at the next visit (§4). */
export const LAST_CONNECTOR_KEY = 'evm:lastConnector'

const LastConnectorSchema = v.pipe(v.string(), v.nonEmpty())

/** What the chain keeps per kernel: one plugin object may serve several kernels. */
interface EvmSession {
  /** Discovered wallets by connector id. */
  wallets: Map<string, Eip1193Provider>
  active?: { connectorId: string; provider: Eip1193Provider; unwatch: () => void }
  /** A remembered connector to reconnect as soon as discovery finds it (§4). */
  reconnectId?: string
  /** Bumped by every connect and disconnect, so that a reconnect that ends after one of them changes nothing. */
  epoch: number
}

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
 *
 * @throws {InvalidOptionsError} for options that do not parse, naming the option (an RPC URL that is
 *   not http(s), an empty `networks` …).
 * @example
 * import { mainnet, base } from 'viem/chains'
 * const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks: [mainnet, base] })] })
 */
export function evm(options: EvmOptions): ChainPlugin {
  const { networks, rpcUrls } = parseEvmOptions(options)
  const sessions = new WeakMap<Kernel, EvmSession>()
  const storage = (kernel: Kernel) => kernel.container.resolve(StorageToken)
  const findNetwork = (networkId: string) => networks.find((network) => isSameNetwork(network, networkId))
  const requireNetwork = (networkId: string) => {
    const network = findNetwork(networkId)
    if (!network) throw new NetworkNotFoundError({ details: `evm() has no network ${networkId}.` })
    return network
  }
  const connectedWallet = (kernel: Kernel) => {
    const active = sessions.get(kernel)?.active
    if (!active) throw new AddressOrAuthConnectorNotFoundError({ details: 'No EVM wallet is connected.' })
    return active.provider
  }

  // The wallet let go of the site (or the visitor disconnected): stop listening, forget it.
  const release = (kernel: Kernel, session: EvmSession) => {
    session.active?.unwatch()
    session.active = undefined
    storage(kernel).remove(LAST_CONNECTOR_KEY)
  }

  const activate = (kernel: Kernel, session: EvmSession, connectorId: string, provider: Eip1193Provider, client: EvmClient) => {
    session.active?.unwatch()
    const disconnected = () => {
      release(kernel, session)
      kernel.dispatchConnection({ type: 'disconnected', namespace: EVM_NAMESPACE })
    }
    const unwatch = client.watchWallet(provider, {
      accountsChanged: (accounts) =>
        accounts.length === 0 ? disconnected() : kernel.dispatchConnection({ type: 'accounts-changed', namespace: EVM_NAMESPACE, accounts }),
      networkChanged: (networkId) => kernel.dispatchConnection({ type: 'network-changed', namespace: EVM_NAMESPACE, networkId }),
      disconnected,
    })
    session.active = { connectorId, provider, unwatch }
  }

  // §4: restore the last session without a prompt: connecting, then connected or disconnected.
  const reconnect = async (kernel: Kernel, session: EvmSession, connectorId: string, provider: Eip1193Provider) => {
    session.reconnectId = undefined
    const epoch = ++session.epoch
    const current = () => session.epoch === epoch && !kernel.isDestroyed()
    kernel.dispatchConnection({ type: 'connecting', namespace: EVM_NAMESPACE, connectorId })
    try {
      const client = await loadEvmClient()
      const accounts = await client.requestAccounts(provider, { prompt: false })
      const networkId = accounts.length > 0 ? await client.readNetworkId(provider) : undefined
      if (!current()) return
      if (!networkId) {
        // The wallet no longer lets this site see an account: there is nothing left to restore.
        storage(kernel).remove(LAST_CONNECTOR_KEY)
        kernel.dispatchConnection({ type: 'disconnected', namespace: EVM_NAMESPACE })
        return
      }
      activate(kernel, session, connectorId, provider, client)
      kernel.dispatchConnection({ type: 'connected', namespace: EVM_NAMESPACE, connectorId, accounts, networkId })
    } catch (error) {
      kernel.logger.warn('Restoring the EVM wallet session failed.', error)
      if (current()) kernel.dispatchConnection({ type: 'disconnected', namespace: EVM_NAMESPACE })
    }
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
    },
    locales: { en },

    setup(kernel) {
      const session: EvmSession = { wallets: new Map(), epoch: 0 }
      sessions.set(kernel, session)
      // §4: with reconnect off, an existing session is dropped rather than kept for later.
      if (kernel.options.enableReconnect) session.reconnectId = storage(kernel).read(LAST_CONNECTOR_KEY, LastConnectorSchema)
      else storage(kernel).remove(LAST_CONNECTOR_KEY)

      const stops = [watchUnsupportedNetwork(kernel)]
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
              if (session.reconnectId === connector.id) void reconnect(kernel, session, connector.id, provider)
            },
            lost: (connectorId) => {
              session.wallets.delete(connectorId)
              kernel.dispatchConnection({ type: 'connector-removed', connectorId })
            },
          }),
        )
      }
      return () => {
        for (const stop of stops) stop()
        session.active?.unwatch()
        for (const connectorId of session.wallets.keys()) kernel.dispatchConnection({ type: 'connector-removed', connectorId })
        sessions.delete(kernel)
      }
    },

    async connect(kernel, { connectorId, networkId }) {
      const session = sessions.get(kernel)
      const provider = session?.wallets.get(connectorId)
      if (!session || !provider) throw new Error(`No EVM wallet has the connector id '${connectorId}'.`)
      // A reconnect still under way must not overwrite what the visitor chose.
      session.epoch++
      session.reconnectId = undefined
      const client = await loadEvmClient()
      const accounts = await client.requestAccounts(provider, { prompt: true })
      let current = await client.readNetworkId(provider)
      const wanted = networkId ? findNetwork(networkId) : undefined
      if (wanted && !isSameNetwork(wanted, current)) {
        try {
          await client.switchWalletNetwork(provider, wanted)
          current = await client.readNetworkId(provider)
        } catch (error) {
          // Connected is better than nothing: the visitor can switch later (or is shown UnsupportedChain).
          kernel.logger.warn(`The wallet stayed on ${current} instead of ${wanted.caipNetworkId}.`, error)
        }
      }
      if (accounts.length > 0) {
        activate(kernel, session, connectorId, provider, client)
        storage(kernel).write(LAST_CONNECTOR_KEY, connectorId)
      }
      return { accounts, networkId: current }
    },

    async disconnect(kernel) {
      const session = sessions.get(kernel)
      if (!session) return
      session.epoch++
      session.reconnectId = undefined
      const active = session.active
      release(kernel, session)
      if (active) await (await loadEvmClient()).revokeWallet(active.provider)
    },

    capabilities: {
      balance: {
        async getBalance(kernel, { address, networkId }) {
          const network = requireNetwork(networkId)
          const client = await loadEvmClient()
          const value = await client.readNativeBalance(kernel, rpcUrls.get(network.caipNetworkId)!, address)
          return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
        },
      },
      switchNetwork: {
        async switchNetwork(kernel, { networkId }) {
          const network = requireNetwork(networkId)
          const provider = connectedWallet(kernel)
          await (await loadEvmClient()).switchWalletNetwork(provider, network)
        },
      },
      signMessage: {
        async signMessage(kernel, { address, message }) {
          const provider = connectedWallet(kernel)
          return (await loadEvmClient()).signWithWallet(provider, { address, message })
        },
      },
    },
  })
}
