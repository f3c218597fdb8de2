import type { Translations } from 'foyer'

/** French for the activity plugin. Keys and notes for translators: ../locales.ts. */
export const fr: Translations = {
  'activity.tab': 'Activité',
  'activity.label': 'Votre activité',
  'activity.loading': 'Chargement…',
  'activity.empty': 'Aucune activité sur ce réseau pour l’instant.',
  'activity.fetchFailed': 'Impossible de récupérer les transactions',
  'activity.loadMore': 'Afficher plus',
  'activity.send': 'Envoyé',
  'activity.receive': 'Reçu',
  'activity.mint': 'Frappé',
  'activity.trade': 'Échangé',
  'activity.buy': 'Acheté',
  'activity.execute': 'Appel de contrat',
  'activity.failed': 'Échec',
  'activity.pending': 'En attente',
  'activity.moreTransfers': '+{n} de plus',
}
