import type { Translations } from 'foyer'

/** Brazilian Portuguese for the wallets plugin. Keys and notes for translators: ../locales.ts. */
export const ptBR: Translations = {
  'wallets.title': 'Suas carteiras',
  'wallets.add': 'Adicionar carteira',
  'wallets.active': 'Ativa',
  'wallets.switch': 'Usar esta carteira',
  'wallets.remove': 'Remover {name}',
  'wallets.empty': 'Nenhuma carteira conectada ainda.',
  'wallets.off': 'O uso de várias carteiras ao mesmo tempo não está ativado neste projeto.',
  'wallets.balance': '{amount} {symbol}',
}
