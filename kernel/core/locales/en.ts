/**
 * English, the locale Foyer ships in the kernel; the others (es.ts, fr.ts …) load on demand. A comment beside a key
 * tells translators where the text shows; `{name}` placeholders are filled in at run time and must stay as they are.
 * A key with plural forms has its `other` form bare and the rest as `key.one`, `key.few` …, one per
 * `Intl.PluralRules` category of the locale.
 */
export const en = {
  // Dialog frame
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.loading': 'Loading…',
  /** The small mark at the foot of the modal when the branding feature is on. */
  'modal.branding': 'Made with Foyer',
  'modal.viewFailed': 'This part of the modal could not be loaded.',
  'modal.retry': 'Try again',

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
  'connect.wallets': 'Wallets',
  'connect.installed': 'Installed',
  'connect.recent': 'Recent',
  'connect.allWallets': 'All wallets',
  /** Shown when no chain plugin offers any wallet. */
  'connect.getWallet.title': 'Get a wallet',
  'connect.getWallet.what': 'A wallet holds your crypto and signs you in to sites like this one, without a password.',
  'connect.getWallet.next': 'Install one of these, then come back and connect.',
  'connect.getWallet.chrome': 'Chrome Web Store',
  'connect.getWallet.firefox': 'Firefox Add-ons',
  'connect.getWallet.safari': 'Mac App Store',
  'connect.getWallet.ios': 'App Store',
  'connect.getWallet.android': 'Google Play',
  'connect.getWallet.website': 'Website',
  'connect.or': 'or',
  /** With collapseWallets on: the button that unfolds the wallet list under email and socials. */
  'connect.continueWithWallet': 'Continue with a wallet',

  // The legalCheckbox, above every way to connect. {terms} and {privacy} become links named by legal.terms and
  // legal.privacy; keep both placeholders, in the order your language needs.
  'legal.agree': 'I agree to the {terms} and the {privacy}.',
  'legal.agreeTerms': 'I agree to the {terms}.',
  'legal.agreePrivacy': 'I agree to the {privacy}.',
  'legal.terms': 'Terms of Service',
  'legal.privacy': 'Privacy Policy',

  // All Wallets view
  'allWallets.title': 'All wallets',
  'allWallets.search': 'Search wallets',
  'allWallets.list': 'Wallets',
  /** Shown when a search finds nothing; {query} is what the visitor typed. */
  'allWallets.noResults': 'No wallet matches “{query}”.',
  'allWallets.empty': 'The directory has no wallets to show.',
  'allWallets.failed': 'The wallet list could not be loaded.',
  'allWallets.retry': 'Try again',
  'allWallets.notInstalled': 'Not installed',
  /** Plural forms by `Intl.PluralRules`: the bare key is `other`, `.one` … the locale's other categories. */
  'allWallets.count': '{count} wallets',
  'allWallets.count.one': '{count} wallet',

  // Connecting to one wallet
  /** Title while the wallet's name is not known yet. */
  'connecting.title': 'Connecting',
  'connecting.waiting': 'Continue in {wallet}',
  'connecting.waitingHint': 'Accept the connection request in your wallet.',
  'connecting.retry': 'Try again',
  'connecting.rejected': 'Connection rejected',
  'connecting.failed': 'Failed to connect',

  // Account view
  'account.title': 'Account',
  'account.copyAddress': 'Copy address',
  'account.copied': 'Address copied',
  'account.copyFailed': 'The address could not be copied',
  /** Shown instead of a network name when the wallet is on a network this site does not list. */
  'account.unknownNetwork': 'Unknown network',
  'account.balanceUnavailable': 'Balance unavailable',
  /** Error toast when the token balances cannot be read (rules §8); the tabs try again after 30 s. */
  'balances.unavailable': 'Token Balance Unavailable',
  'account.network': 'Network',
  'account.disconnect': 'Disconnect',
  'account.tabs': 'Account details',
  'account.switchNamespace': 'Show {namespace} account',

  // Networks view
  'networks.title': 'Choose network',
  'networks.current': 'Connected',
  'networks.switching': 'Approve the switch in your wallet…',
  'networks.empty': 'No networks are configured.',
  'networks.testnet': 'Testnet',
  'networks.failed': 'The network could not be switched.',

  // Unsupported network
  'unsupported.title': 'Switch network',
  'unsupported.body': 'This site does not support the network your wallet is on. Choose one of these:',

  // Alerts (rules §8): a short title and a longer explanation each
  'alert.dismiss': 'Dismiss',
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

  // Toasts
  'toast.close': 'Dismiss notification',
} as const

export type CoreMessages = { readonly [K in keyof typeof en]: string }
