import type { Translations } from 'foyer'

/** French for the receive plugin. Keys and notes for translators: ../locales.ts. */
export const fr: Translations = {
  'receive.title': 'Recevoir',
  'receive.action': 'Recevoir',
  'receive.qrLabel': 'QR code de votre adresse',
  'receive.copy': 'Copier l’adresse',
  'receive.copied': 'Adresse copiée',
  'receive.copyFailed': 'L’adresse n’a pas pu être copiée',
  'receive.networks': 'Cette adresse reçoit sur ces réseaux',
  'receive.warning': 'N’envoyez à cette adresse que des actifs de ces réseaux.',
  'receive.notConnected': 'Connectez un portefeuille pour voir votre adresse.',
}
