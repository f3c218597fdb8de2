// The "foyer/appkit" entry: AppKit's vanilla API over a Foyer kernel, so that an AppKit app moves by changing its import
// paths (docs/migrating/appkit.md). createAppKit, its instance's methods, and AppKit's elements under their own tags.
export { APPKIT_ELEMENT_TAGS, createAppKit } from './createAppKit.js'
export type { AppKit, AppKitAccount, AppKitNetworkState, AppKitState } from './createAppKit.js'
export type { AppKitFeatures, CreateAppKitOptions } from './options.js'
export type { AppKitAdapter, ChainSetup } from './adapter.js'
export type { AppKitSolanaProvider } from './solanaProvider.js'
