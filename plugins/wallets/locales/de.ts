import type { Translations } from 'foyer'

/** German for the wallets plugin. Keys and notes for translators: ../locales.ts. */
export const de: Translations = {
  'wallets.title': 'Deine Wallets',
  'wallets.add': 'Wallet hinzufügen',
  'wallets.active': 'Aktiv',
  'wallets.switch': 'Diese Wallet verwenden',
  'wallets.remove': '{name} entfernen',
  'wallets.empty': 'Noch keine Wallets verbunden.',
  'wallets.off': 'Mehrere Wallets gleichzeitig sind für dieses Projekt nicht aktiviert.',
  'wallets.balance': '{amount} {symbol}',
}
