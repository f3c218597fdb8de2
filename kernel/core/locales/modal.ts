/**
 * The kernel's English that only the modal shows: its frame, the core views' contents, the legal consent, the
 * notices. It loads with the modal's code (ModalRoot adds it under the host's own texts and any loaded translation),
 * so a page's first paint carries only en.ts. Notes for translators as in en.ts; the translations (es.ts, fr.ts …)
 * hold these keys with the rest.
 */
export const modalTexts = {
  // Dialog frame
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.loading': 'Loading…',
  /** The small mark at the foot of the modal when the branding feature is on. */
  'modal.branding': 'Made with Foyer',
  'modal.viewFailed': 'This part of the modal could not be loaded.',
  'modal.retry': 'Try again',

  // Connect view
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
  'allWallets.search': 'Search wallets',
  'allWallets.list': 'Wallets',
  /** Shown when a search finds nothing; {query} is what the visitor typed. */
  'allWallets.noResults': 'No wallet matches “{query}”.',
  'allWallets.empty': 'The directory has no wallets to show.',
  'allWallets.failed': 'The wallet list could not be loaded.',
  'allWallets.retry': 'Try again',
  'allWallets.notInstalled': 'Not installed',

  // Connecting to one wallet
  'connecting.waiting': 'Continue in {wallet}',
  'connecting.waitingHint': 'Accept the connection request in your wallet.',
  'connecting.retry': 'Try again',
  'connecting.rejected': 'Connection rejected',
  'connecting.failed': 'Failed to connect',

  // Account view
  'account.copyAddress': 'Copy address',
  'account.copyFailed': 'The address could not be copied',
  /** Shown instead of a network name when the wallet is on a network this site does not list. */
  'account.unknownNetwork': 'Unknown network',
  'account.balanceUnavailable': 'Balance unavailable',
  'account.network': 'Network',
  'account.disconnect': 'Disconnect',
  'account.tabs': 'Account details',
  'account.switchNamespace': 'Show {namespace} account',

  // Networks view
  'networks.current': 'Connected',
  'networks.switching': 'Approve the switch in your wallet…',
  'networks.empty': 'No networks are configured.',
  'networks.testnet': 'Testnet',
  'networks.failed': 'The network could not be switched.',

  // Unsupported network
  'unsupported.body': 'This site does not support the network your wallet is on. Choose one of these:',

  // Alerts (rules §8): a short title and a longer explanation each
  'alert.dismiss': 'Dismiss',

  // Toasts
  'toast.close': 'Dismiss notification',
} as const
