import type { Translations } from 'foyer'

/** Brazilian Portuguese for the receive plugin. Keys and notes for translators: ../locales.ts. */
export const ptBR: Translations = {
  'receive.title': 'Receber',
  'receive.action': 'Receber',
  'receive.qrLabel': 'QR code do seu endereço',
  'receive.copy': 'Copiar endereço',
  'receive.copied': 'Endereço copiado',
  'receive.copyFailed': 'Não foi possível copiar o endereço',
  'receive.networks': 'Este endereço recebe nestas redes',
  'receive.warning': 'Envie para este endereço apenas ativos destas redes.',
  'receive.notConnected': 'Conecte uma carteira para ver seu endereço.',
}
