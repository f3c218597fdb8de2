import type { Translations } from 'foyer'

/** French for the wallets plugin. Keys and notes for translators: ../locales.ts. */
export const fr: Translations = {
  'wallets.title': 'Vos portefeuilles',
  'wallets.add': 'Ajouter un portefeuille',
  'wallets.active': 'Actif',
  'wallets.switch': 'Utiliser ce portefeuille',
  'wallets.remove': 'Retirer {name}',
  'wallets.empty': 'Aucun portefeuille connecté pour l’instant.',
  'wallets.off': 'L’utilisation de plusieurs portefeuilles à la fois n’est pas activée pour ce projet.',
  'wallets.balance': '{amount} {symbol}',
}
