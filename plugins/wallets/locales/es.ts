import type { Translations } from 'foyer'

/** Spanish for the wallets plugin. Keys and notes for translators: ../locales.ts. */
export const es: Translations = {
  'wallets.title': 'Tus billeteras',
  'wallets.add': 'Añadir billetera',
  'wallets.active': 'Activa',
  'wallets.switch': 'Usar esta billetera',
  'wallets.remove': 'Quitar {name}',
  'wallets.empty': 'Todavía no hay billeteras conectadas.',
  'wallets.off': 'Este proyecto no tiene activado el uso de varias billeteras a la vez.',
  'wallets.balance': '{amount} {symbol}',
}
