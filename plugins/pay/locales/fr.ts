import type { Translations } from 'foyer'

/** French for the pay plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const fr: Translations = {
  'pay.title': 'Payer',
  'pay.summary': 'Payer {amount} {symbol}',
  'pay.recipient': 'À',
  'pay.network': 'Réseau',
  'pay.fromWallet': 'Payer depuis votre portefeuille',
  'pay.connect': 'Connectez un portefeuille pour payer',
  'pay.wrongNamespace': 'Connectez un portefeuille {network} pour payer.',
  'pay.paying': 'Confirmez le paiement dans votre portefeuille',
  'pay.fromExchange': 'Payer depuis une plateforme d’échange',
  'pay.exchangeOpen': 'Confirmez le paiement dans la fenêtre de la plateforme',
  'pay.error.exchangeClosed': 'La fenêtre de la plateforme a été fermée sans payer',
  'pay.error.exchangeCancelled': 'Le paiement a été annulé sur la plateforme',
  'pay.loading': 'Lecture du jeton…',
  'pay.error.rejected': 'Vous avez refusé le paiement dans votre portefeuille',
  'pay.error.failed': 'Le paiement a échoué',
  'pay.error.token': 'Ce jeton n’a pas pu être lu ; passez ses `metadata`',
}
