// The "foyer/appkit/vue" entry: AppKit's Vue composables over the instance createAppKit made. Each state composable
// returns a ref that follows the instance's subscription until the component (its effect scope) goes away.
import type { Network } from 'foyer'
import { getNetwork } from 'foyer/elements'
import { getCurrentScope, onScopeDispose, type Ref, shallowRef } from 'vue'
import { type AppKit, type AppKitAccount, type AppKitNetworkState, type AppKitState, currentAppKit, networkOf } from './createAppKit.js'

export { APPKIT_ELEMENT_TAGS, createAppKit } from './createAppKit.js'
export type { AppKit, AppKitAccount, AppKitNetworkState, AppKitState } from './createAppKit.js'
export type { AppKitFeatures, CreateAppKitOptions } from './options.js'

/** A value of the instance as a ref: read now, and again on each change `subscribe` reports. */
function followed<T>(read: (appKit: AppKit) => T, subscribe: (appKit: AppKit, listener: () => void) => () => void): Ref<T> {
  const appKit = currentAppKit()
  const value = shallowRef(read(appKit))
  const stop = subscribe(appKit, () => {
    value.value = read(appKit)
  })
  // Outside a component or scope the ref follows for the page's life, as the instance does.
  if (getCurrentScope()) onScopeDispose(stop)
  return value as Ref<T>
}

/** AppKit's useAppKit: open the modal (at a view) and close it. */
export function useAppKit(): Pick<AppKit, 'open' | 'close'> {
  const appKit = currentAppKit()
  return { open: appKit.open, close: appKit.close }
}

/** AppKit's useAppKitAccount: a ref of `address`, `caipAddress`, `isConnected`, `status`, `embeddedWalletInfo`, `allAccounts`. */
export function useAppKitAccount(): Ref<AppKitAccount> {
  return followed(
    (appKit) => appKit.getAccount(),
    (appKit, listener) => appKit.subscribeAccount(listener),
  )
}

/** AppKit's useAppKitNetwork: a ref of `caipNetwork`, `caipNetworkId`, `chainId` and `switchNetwork`. */
export function useAppKitNetwork(): Ref<AppKitNetworkState & { switchNetwork(network: Network): Promise<void> }> {
  return followed(
    (appKit) => ({ ...networkOf(getNetwork(appKit.kernel)), switchNetwork: appKit.switchNetwork }),
    (appKit, listener) => appKit.subscribeNetwork(listener),
  )
}

/** AppKit's useAppKitState: a ref of `open`, `selectedNetworkId`, `activeChain`, `loading`, `initialized`. */
export function useAppKitState(): Ref<AppKitState> {
  return followed(
    (appKit) => appKit.getState(),
    (appKit, listener) => appKit.subscribeState(listener),
  )
}

/**
 * AppKit's useAppKitProvider: `walletProvider`, the connected wallet's provider for `namespace` when read (EIP-1193
 * for `eip155`, AppKit's Solana provider for `solana`), or undefined while none is connected.
 */
export function useAppKitProvider<Provider = unknown>(namespace: string): { readonly walletProvider: Provider | undefined } {
  const appKit = currentAppKit()
  return {
    get walletProvider() {
      return appKit.getWalletProvider(namespace) as Provider | undefined
    },
  }
}

/** AppKit's useDisconnect. */
export function useDisconnect(): { disconnect(options?: { namespace?: string }): Promise<void> } {
  const appKit = currentAppKit()
  return { disconnect: (options) => appKit.disconnect(options?.namespace) }
}
