// Foyer as a wagmi connector. Foyer's modal finds and connects the wallet; this connector makes that
// connection wagmi's and keeps the two in step: whatever the visitor does in either (connect,
// disconnect, another account, another network) the other follows. No wallet code of its own: the
// provider wagmi signs through is the one Foyer connected.
//
// It imports nothing from wagmi at run time, only viem, which every wagmi app installs itself: `@wagmi/core` is
// nested under `wagmi` in a wagmi app's node_modules, and `wagmi` is absent from a @wagmi/core-only app, so
// either import would break one of them (docs/packaging.md). The types come from @wagmi/core.
import type { CreateConnectorFn } from '@wagmi/core'
import { BaseError, ProviderDisconnectedError, SwitchChainError, UserRejectedRequestError, type Address } from 'viem'
import {
  AddressOrAuthConnectorNotFoundError,
  disconnect,
  isUserRejection,
  ModalClosedError,
  openModal,
  switchNetwork,
  type Kernel,
  type NamespaceConnection,
} from 'foyer'

/** wagmi's `createConnector`, which only gives its argument its type. */
function createConnector<Provider>(create: CreateConnectorFn<Provider>): CreateConnectorFn<Provider> {
  return create
}

/** wagmi's ChainNotConfiguredError, by name and message: the cause of a switch to a chain wagmi's config lacks. */
class ChainNotConfiguredError extends BaseError {
  override name = 'ChainNotConfiguredError'
  constructor() {
    super('Chain not configured.')
  }
}

/** The connector id wagmi knows Foyer by (and stores as its recent connector). */
export const FOYER_CONNECTOR_ID = 'foyer'

// The CAIP namespace of the connection wagmi follows. Adapters sit outside the kernel, which names none.
const EIP155 = 'eip155'

/** While wagmi is busy (connecting or reconnecting) it drops a connector's `connect` event: ask again after this. */
export const ANNOUNCE_RETRY_MS = 100

/** The longest wait between two announcements to a busy wagmi. */
export const ANNOUNCE_RETRY_MAX_MS = 1_000

export interface FoyerConnectorParameters {
  /** The kernel whose modal connects the wallet; it needs the EVM chain (`evm()` from `foyer/chains/evm`). */
  kernel: Kernel
  /** The name wagmi lists (`useConnectors`). @default 'Foyer' */
  name?: string
  /** An icon for wagmi's list: https or data:image. @default none */
  icon?: string
}

/** The EIP-1193 provider `getProvider()` returns: requests go to the wallet connected in Foyer. */
export interface FoyerEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/**
 * A wagmi connector backed by a Foyer kernel. `connect()` opens Foyer's modal at Connect and resolves
 * once the visitor has connected an EVM wallet there (rejecting with `UserRejectedRequestError`,
 * caused by 'Modal closed', when the modal closes first); a wallet connected through Foyer's own
 * button, or restored by Foyer after a reload, becomes wagmi's connection by itself. Account and
 * network changes reach wagmi; `disconnect` and `switchChain` from wagmi act on Foyer, whose views
 * follow. Works with wagmi 2 and 3 (`@wagmi/core` 2 and 3).
 *
 * Set `multiInjectedProviderDiscovery: false` in `createConfig`: Foyer already finds the page's
 * wallets, and wagmi's own copies of them would be a second way in.
 *
 * @example
 * import { createConfig, http } from 'wagmi'
 * import { mainnet } from 'wagmi/chains'
 * import { foyerConnector } from 'foyer/wagmi'
 *
 * const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks: [mainnet] })] })
 * const config = createConfig({
 *   chains: [mainnet],
 *   connectors: [foyerConnector({ kernel })],
 *   transports: { [mainnet.id]: http() },
 *   multiInjectedProviderDiscovery: false,
 * })
 */
export function foyerConnector({ kernel, name = 'Foyer', icon }: FoyerConnectorParameters) {
  return createConnector<FoyerEip1193Provider>((config) => {
    const evmConnection = (): NamespaceConnection | undefined => kernel.store.getState().connection.namespaces[EIP155]
    // wagmi listens for `disconnect` exactly while it holds this connector's connection.
    const followed = () => config.emitter.listenerCount('disconnect') > 0
    // What wagmi was last told, to report only what changed.
    let told: { accounts: string; chainId: number } | undefined
    // A disconnect wagmi asked for: wagmi updates its own state; announcing it too would confuse it.
    let disconnecting = false
    let retryWait = ANNOUNCE_RETRY_MS
    let cancelRetry: (() => void) | undefined

    const provider: FoyerEip1193Provider = {
      async request(args) {
        const connection = evmConnection()
        const wallet = connection?.status === 'connected' && connection.connectorId ? walletOf(kernel, connection.connectorId) : undefined
        if (!wallet)
          throw new ProviderDisconnectedError(new AddressOrAuthConnectorNotFoundError({ details: 'No EVM wallet is connected in Foyer.' }))
        return wallet.request(args)
      },
    }

    // Foyer's connection → wagmi: announce it, report its changes, or let wagmi go.
    const sync = () => {
      cancelRetry?.()
      cancelRetry = undefined
      const connection = evmConnection()
      if (connection?.status === 'connected') {
        const data = { accounts: addressesOf(connection), chainId: chainIdOf(connection) }
        if (!followed()) {
          if (disconnecting) return
          config.emitter.emit('connect', data)
          if (followed()) {
            told = { accounts: data.accounts.join(), chainId: data.chainId }
            retryWait = ANNOUNCE_RETRY_MS
          } else {
            // wagmi is connecting or reconnecting (perhaps through this very connector): ask again.
            cancelRetry = kernel.schedule(sync, retryWait)
            retryWait = Math.min(retryWait * 2, ANNOUNCE_RETRY_MAX_MS)
          }
          return
        }
        if (told?.accounts !== data.accounts.join()) config.emitter.emit('change', { accounts: data.accounts })
        if (told?.chainId !== data.chainId) config.emitter.emit('change', { chainId: data.chainId })
        told = { accounts: data.accounts.join(), chainId: data.chainId }
      } else if (connection?.status !== 'connecting' && followed() && !disconnecting) {
        // Disconnected in Foyer (its Account view, the wallet itself): wagmi lets go too.
        letGo()
      }
    }

    /** Foyer's EVM connection once it is not `connecting` (a reconnect or a connect under way settles first). */
    const settled = () =>
      new Promise<NamespaceConnection | undefined>((resolve) => {
        const check = () => {
          const connection = evmConnection()
          if (connection?.status === 'connecting') return false
          resolve(connection)
          return true
        }
        if (check()) return
        const stop = kernel.store.select(
          (state) => state.connection.namespaces[EIP155],
          () => check() && stop(),
        )
      })

    /** Opens the modal at Connect and waits for an EVM connection; closing the modal first is a refusal. */
    const connectInModal = () =>
      new Promise<NamespaceConnection>((resolve, reject) => {
        const stops = [
          kernel.store.select(
            (state) => state.connection.namespaces[EIP155],
            (connection) => {
              if (connection?.status !== 'connected') return
              for (const stop of stops) stop()
              resolve(connection)
            },
          ),
          kernel.store.select(
            (state) => state.modal.open,
            (open) => {
              if (open || evmConnection()?.status === 'connected') return
              for (const stop of stops) stop()
              reject(new UserRejectedRequestError(new ModalClosedError({ details: 'The modal closed before an EVM wallet connected.' })))
            },
          ),
        ]
        try {
          openModal(kernel, { view: 'Connect' })
        } catch (error) {
          // No Connect view: the modal is not mounted (no FoyerProvider or mountFoyer in the page).
          for (const stop of stops) stop()
          reject(error)
        }
      })

    const letGo = () => {
      told = undefined
      config.emitter.emit('disconnect')
    }

    const switchTo = async (chainId: number) => {
      const chain = config.chains.find((candidate) => candidate.id === chainId)
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
      if (evmConnection()?.networkId === `${EIP155}:${chainId}`) return chain
      try {
        await switchNetwork(kernel, { networkId: `${EIP155}:${chainId}` })
      } catch (error) {
        if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
        throw new SwitchChainError(error as Error)
      }
      return chain
    }

    return {
      id: FOYER_CONNECTOR_ID,
      name,
      type: 'foyer',
      ...(icon !== undefined && { icon }),

      async setup() {
        kernel.store.select((state) => state.connection.namespaces[EIP155], sync)
        // A connection Foyer already holds (restored before wagmi existed) is wagmi's from the start.
        sync()
      },

      async connect({ chainId, isReconnecting } = {}) {
        let connection = await settled()
        if (connection?.status !== 'connected') {
          if (isReconnecting)
            throw new ProviderDisconnectedError(
              new AddressOrAuthConnectorNotFoundError({ details: 'Foyer holds no EVM connection to restore.' }),
            )
          connection = await connectInModal()
        }
        if (chainId !== undefined && chainId !== chainIdOf(connection)) {
          // Connected on another network is still connected (Foyer is, and wagmi follows Foyer).
          await switchTo(chainId).catch((error: unknown) =>
            kernel.logger.warn(`The wallet stayed on ${connection?.networkId} instead of eip155:${chainId}.`, error),
          )
          connection = evmConnection() ?? connection
        }
        const data = { accounts: addressesOf(connection), chainId: chainIdOf(connection) }
        told = { accounts: data.accounts.join(), chainId: data.chainId }
        // wagmi 3's `withCapabilities` is marshalled by its connect action from plain addresses.
        return data as never
      },

      async disconnect() {
        told = undefined
        disconnecting = true
        try {
          await disconnect(kernel, { namespace: EIP155 })
        } catch (error) {
          // Foyer resets its state even when the wallet fails to let go ('Failed to disconnect chains'); so does wagmi.
          kernel.logger.warn('The EVM wallet did not let go cleanly.', error)
        } finally {
          disconnecting = false
        }
      },

      async getAccounts() {
        const connection = evmConnection()
        return connection?.status === 'connected' ? addressesOf(connection) : []
      },

      async getChainId() {
        const connection = evmConnection()
        if (connection?.status === 'connected') return chainIdOf(connection)
        const preferred = kernel.options.defaultNetwork?.startsWith(`${EIP155}:`)
          ? Number(kernel.options.defaultNetwork.slice(EIP155.length + 1))
          : undefined
        return config.chains.find((chain) => chain.id === preferred)?.id ?? config.chains[0].id
      },

      async getProvider() {
        return provider
      },

      async isAuthorized() {
        return (await settled())?.status === 'connected'
      },

      switchChain: ({ chainId }) => switchTo(chainId),

      // wagmi's names for what a provider reports. Foyer's store already reports each of these (sync);
      // they are here for wagmi's connector contract, and do what their names say.
      onAccountsChanged(accounts) {
        if (accounts.length === 0) letGo()
        else config.emitter.emit('change', { accounts: accounts as Address[] })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect: letGo,
    }
  })
}

function addressesOf(connection: NamespaceConnection): Address[] {
  return connection.accounts.map((account) => account.address as Address)
}

function chainIdOf(connection: NamespaceConnection): number {
  return Number(connection.networkId?.slice(EIP155.length + 1))
}

/** The EIP-1193 provider of a connector, when it hands one over for eip155. */
function walletOf(kernel: Kernel, connectorId: string): FoyerEip1193Provider | undefined {
  const wallet = kernel.connectors.get(connectorId)?.providers?.[EIP155] as Partial<FoyerEip1193Provider> | undefined
  return typeof wallet?.request === 'function' ? (wallet as FoyerEip1193Provider) : undefined
}
