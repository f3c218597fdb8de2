import type { Translations } from 'foyer'

/** Brazilian Portuguese for the activity plugin. Keys and notes for translators: ../locales.ts. */
export const ptBR: Translations = {
  'activity.tab': 'Atividade',
  'activity.label': 'Sua atividade',
  'activity.loading': 'Carregando…',
  'activity.empty': 'Ainda não há atividade nesta rede.',
  'activity.fetchFailed': 'Não foi possível buscar as transações',
  'activity.loadMore': 'Carregar mais',
  'activity.send': 'Enviado',
  'activity.receive': 'Recebido',
  'activity.mint': 'Cunhado',
  'activity.trade': 'Trocado',
  'activity.buy': 'Comprado',
  'activity.execute': 'Chamada de contrato',
  'activity.failed': 'Falhou',
  'activity.pending': 'Pendente',
  'activity.moreTransfers': '+{n} a mais',
}
