import type { Translations } from 'foyer'

/** German for the activity plugin. Keys and notes for translators: ../locales.ts. */
export const de: Translations = {
  'activity.tab': 'Aktivität',
  'activity.label': 'Deine Aktivität',
  'activity.loading': 'Wird geladen…',
  'activity.empty': 'Noch keine Aktivität in diesem Netzwerk.',
  'activity.fetchFailed': 'Transaktionen konnten nicht abgerufen werden',
  'activity.loadMore': 'Mehr laden',
  'activity.send': 'Gesendet',
  'activity.receive': 'Empfangen',
  'activity.mint': 'Gemintet',
  'activity.trade': 'Getauscht',
  'activity.buy': 'Gekauft',
  'activity.execute': 'Vertragsaufruf',
  'activity.failed': 'Fehlgeschlagen',
  'activity.pending': 'Ausstehend',
  'activity.moreTransfers': '+{n} weitere',
}
