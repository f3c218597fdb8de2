import type { Translations } from 'foyer'

/** German for the EVM chain. Keys and notes for translators: ../locales.ts. */
export const de: Translations = {
  'evm.browserWallet': 'Browser-Wallet',
  'evm.unsupported.current': 'Deine Wallet ist auf Chain {chainId}.',
  'evm.wc.title': 'WalletConnect',
  'evm.wc.qr': 'QR-Code zum Verbinden einer Wallet',
  'evm.wc.scan': 'Mit der Wallet-App deines Telefons scannen',
  'evm.wc.scanWith': 'Mit {wallet} auf deinem Telefon scannen',
  'evm.wc.creating': 'Code wird erstellt…',
  'evm.wc.expired': 'Der Code ist abgelaufen. Ein neuer wird erstellt…',
  'evm.wc.connecting': 'Verbindung mit {wallet} wird hergestellt…',
  'evm.wc.copy': 'Link kopieren',
  'evm.wc.copied': 'Link kopiert',
  'evm.wc.copyFailed': 'Der Link konnte nicht kopiert werden',
  'evm.wc.openApp': '{wallet} öffnen',
  'evm.wc.openWeb': 'Web-App von {wallet} öffnen',
}
