import type { Translations } from 'foyer'

/** Spanish for the receive plugin. Keys and notes for translators: ../locales.ts. */
export const es: Translations = {
  'receive.title': 'Recibir',
  'receive.action': 'Recibir',
  'receive.qrLabel': 'Código QR de tu dirección',
  'receive.copy': 'Copiar dirección',
  'receive.copied': 'Dirección copiada',
  'receive.copyFailed': 'No se pudo copiar la dirección',
  'receive.networks': 'Esta dirección recibe en estas redes',
  'receive.warning': 'Envía a esta dirección solo activos de estas redes.',
  'receive.notConnected': 'Conecta una billetera para ver tu dirección.',
}
