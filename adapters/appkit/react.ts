// The "foyer/appkit/react" entry: AppKit's React hooks over the instance createAppKit made. Each hook reads the
// instance's state and follows its subscriptions; none needs a provider component, as AppKit's need none.
import { useCallback, useEffect, useState } from 'react'
import type { Network } from 'foyer'
import { getAccount } from 'foyer'
import {
  accountOf,
  currentAppKit,
  networkOf,
  type AppKit,
  type AppKitAccount,
  type AppKitNetworkState,
  type AppKitState,
} from './createAppKit.js'
import { getNetwork } from 'foyer/elements'

export { APPKIT_ELEMENT_TAGS, createAppKit } from './createAppKit.js'
export type { AppKit, AppKitAccount, AppKitNetworkState, AppKitState } from './createAppKit.js'
export type { AppKitFeatures, CreateAppKitOptions } from './options.js'

/** A value of the instance, read now and again on each change its `subscribe` reports. */
function useFollowed<T>(read: (appKit: AppKit) => T, subscribe: (appKit: AppKit, listener: (value: T) => void) => () => void): T {
  const appKit = currentAppKit()
  const [value, setValue] = useState(() => read(appKit))
  // biome-ignore lint/correctness/useExhaustiveDependencies: each hook passes fresh functions of the same reads each render; the instance names what is followed.
  useEffect(() => {
    setValue(read(appKit))
    return subscribe(appKit, setValue)
  }, [appKit])
  return value
}

/** AppKit's useAppKit: open the modal (at a view) and close it. */
export function useAppKit(): Pick<AppKit, 'open' | 'close'> {
  const appKit = currentAppKit()
  return { open: appKit.open, close: appKit.close }
}

/**
 * AppKit's useAppKitAccount: `address`, `caipAddress`, `isConnected`, `status`, `embeddedWalletInfo`, `allAccounts`.
 * With `{ namespace }`, the account of that namespace's connection.
 */
export function useAppKitAccount({ namespace }: { namespace?: string } = {}): AppKitAccount {
  const account = useFollowed(
    (appKit) => appKit.getAccount(),
    (appKit, listener) => appKit.subscribeAccount(listener),
  )
  if (!namespace || account.caipAddress?.startsWith(`${namespace}:`)) return account
  // Another namespace than the active one: its own connection, read from the kernel.
  const connection = currentAppKit().kernel.store.getState().connection.namespaces[namespace]
  const address = connection?.status === 'connected' ? connection.accounts?.[0]?.address : undefined
  return address
    ? { ...accountOf(getAccount(currentAppKit().kernel)), address, caipAddress: `${connection?.networkId}:${address}` }
    : { isConnected: false, status: connection?.status ?? 'disconnected', allAccounts: [] }
}

/** AppKit's useAppKitNetwork: `caipNetwork`, `caipNetworkId`, `chainId` and `switchNetwork`. */
export function useAppKitNetwork(): AppKitNetworkState & { switchNetwork(network: Network): Promise<void> } {
  const network = useFollowed(
    (appKit) => networkOf(getNetwork(appKit.kernel)),
    (appKit, listener) => appKit.subscribeNetwork(listener),
  )
  const appKit = currentAppKit()
  return { ...network, switchNetwork: appKit.switchNetwork }
}

/** AppKit's useAppKitNetworkCore: the network without the switch. */
export function useAppKitNetworkCore(): AppKitNetworkState {
  const { switchNetwork: _switch, ...network } = useAppKitNetwork()
  return network
}

/** AppKit's useAppKitState: `open`, `selectedNetworkId`, `activeChain`, `loading`, `initialized`. */
export function useAppKitState(): AppKitState {
  return useFollowed(
    (appKit) => appKit.getState(),
    (appKit, listener) => appKit.subscribeState(listener),
  )
}

/**
 * AppKit's useAppKitProvider: the connected wallet's provider for `namespace` — EIP-1193 for `eip155` (ethers'
 * `BrowserProvider` takes it), AppKit's Solana provider for `solana` (`signMessage` over bytes; the Wallet Standard
 * wallet as `wallet`) — or undefined while none is connected.
 */
export function useAppKitProvider<Provider = unknown>(namespace: string): { walletProvider: Provider | undefined } {
  useAppKitAccount()
  return { walletProvider: currentAppKit().getWalletProvider(namespace) as Provider | undefined }
}

/** AppKit's useDisconnect. */
export function useDisconnect(): { disconnect(options?: { namespace?: string }): Promise<void> } {
  const appKit = currentAppKit()
  return { disconnect: useCallback((options?: { namespace?: string }) => appKit.disconnect(options?.namespace), [appKit]) }
}

/** AppKit's useAppKitTheme: the theme mode and its setter (variables are set at createAppKit). */
export function useAppKitTheme(): { themeMode: 'light' | 'dark'; setThemeMode(mode: 'light' | 'dark'): void } {
  const themeMode = useFollowed(
    (appKit) => appKit.getThemeMode(),
    (appKit, listener) =>
      appKit.kernel.store.select(
        (state) => state.theme.mode,
        () => listener(appKit.getThemeMode()),
      ),
  )
  return { themeMode, setThemeMode: currentAppKit().setThemeMode }
}

/** An event as AppKit's useAppKitEvents gives it: the last one, with its time. */
export interface AppKitEvent {
  timestamp: number
  data: { type: 'track'; event: string; properties?: unknown }
}

/** AppKit's useAppKitEvents: the last modal, connection or network event, by AppKit's event names. */
export function useAppKitEvents(): AppKitEvent {
  const appKit = currentAppKit()
  const [event, setEvent] = useState<AppKitEvent>(() => track('INITIALIZE'))
  useEffect(() => {
    let connected = appKit.getIsConnectedState()
    const stops = [
      appKit.kernel.bus.on('modal:opened', ({ view }) => setEvent(track('MODAL_OPEN', { view }))),
      appKit.kernel.bus.on('modal:closed', () => setEvent(track('MODAL_CLOSE'))),
      appKit.subscribeAccount((account) => {
        if (account.isConnected === connected) return
        connected = account.isConnected
        setEvent(track(connected ? 'CONNECT_SUCCESS' : 'DISCONNECT_SUCCESS', { address: account.address }))
      }),
      appKit.subscribeNetwork((network) => setEvent(track('SWITCH_NETWORK', { network: network.caipNetworkId }))),
    ]
    return () => {
      for (const stop of stops) stop()
    }
  }, [appKit])
  return event
}

function track(event: string, properties?: unknown): AppKitEvent {
  return { timestamp: Date.now(), data: { type: 'track', event, ...(properties !== undefined && { properties }) } }
}

/** AppKit's useWalletInfo: the connected wallet's name and icon. */
export function useWalletInfo(): { walletInfo: { name: string; icon?: string } | undefined } {
  const account = useFollowed(
    (appKit) => getAccount(appKit.kernel),
    (appKit, listener) => appKit.subscribeAccount(() => listener(getAccount(appKit.kernel))),
  )
  const info = account.connectedWalletInfo
  return { walletInfo: info ? { name: info.name, ...(info.icon && { icon: info.icon }) } : undefined }
}
