import type { modalTexts } from './modal.js'

/**
 * English, the locale Foyer ships in the kernel: what shows before the modal's code loads (the button, the views'
 * titles, alerts); the modal's own texts (modal.ts) come with it, and the other locales (es.ts, fr.ts …) on demand. A comment beside a key
 * tells translators where the text shows; `{name}` placeholders are filled in at run time and must stay as they are.
 * A key with plural forms has its `other` form bare and the rest as `key.one`, `key.few` …, one per
 * `Intl.PluralRules` category of the locale.
 */
export const en = {
  // The host page's button
  'button.connect': 'Connect',
  'button.connecting': 'Connecting…',
  /** Names a host's account button that shows no text of its own (an avatar alone); {address} is shortened. */
  'button.account': 'Account {address}',

  // Chain families (rules §3 namespaces), shown where a wallet or account needs its family named
  'namespace.eip155': 'Ethereum',
  'namespace.solana': 'Solana',
  'namespace.bip122': 'Bitcoin',
  'namespace.polkadot': 'Polkadot',
  'namespace.cosmos': 'Cosmos',

  // Connect view
  'connect.title': 'Connect a wallet',

  // All Wallets view
  'allWallets.title': 'All wallets',
  /** Plural forms by `Intl.PluralRules`: the bare key is `other`, `.one` … the locale's other categories. */
  'allWallets.count': '{count} wallets',
  'allWallets.count.one': '{count} wallet',

  // Connecting to one wallet
  /** Title while the wallet's name is not known yet. */
  'connecting.title': 'Connecting',

  // Account view
  'account.title': 'Account',
  'account.copied': 'Address copied',
  /** Error toast when the token balances cannot be read (rules §8); the tabs try again after 30 s. */
  'balances.unavailable': 'Token Balance Unavailable',

  // Networks view
  'networks.title': 'Choose network',

  // Unsupported network
  'unsupported.title': 'Switch network',

  // Alerts (rules §8): a short title and a longer explanation each
  'alert.projectIdNotConfigured.short': 'Project ID Not Configured',
  'alert.projectIdNotConfigured.long': 'The site has not set a project id, so the services that need one are off.',
  'alert.invalidProjectId.short': 'Invalid Project ID',
  'alert.invalidProjectId.long': 'The project id this site uses is not known to the configured services.',
  'alert.invalidAppConfiguration.short': 'Invalid App Configuration',
  'alert.invalidAppConfiguration.long': 'This origin is not on the project’s list of allowed origins, or its domain is not verified.',
  'alert.networkNotFound.short': 'Network Not Found',
  'alert.networkNotFound.long': 'The requested network is not one this site has configured.',
  'alert.embeddedWalletLoadFailed.short': 'Could not load embedded wallet',
  'alert.embeddedWalletLoadFailed.long': 'The secure frame for email and social login did not load. Check the connection and try again.',
  'alert.embeddedWalletTimeout.short': 'Embedded Wallet Request Timed Out',
  'alert.embeddedWalletTimeout.long': 'The embedded wallet did not answer in time. Try again.',
  'alert.sessionExpired.short': 'Session Expired',
  'alert.sessionExpired.long': 'Your login session is no longer valid. Connect again to continue.',
  'alert.serverError.short': 'Server Error',
  'alert.serverError.long': 'A service this site relies on failed to answer. Try again shortly.',
  'alert.rateLimited.short': 'Rate Limited',
  'alert.rateLimited.long': 'Too many requests were made in a short time. Wait a moment and try again.',
} as const

/** Every key of the kernel's, those of the modal's texts too (modal.ts). */
export type CoreMessages = { readonly [K in keyof typeof en | keyof typeof modalTexts]: string }
