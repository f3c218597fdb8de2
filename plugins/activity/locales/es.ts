import type { Translations } from 'foyer'

/** Spanish for the activity plugin. Keys and notes for translators: ../locales.ts. */
export const es: Translations = {
  'activity.tab': 'Actividad',
  'activity.label': 'Tu actividad',
  'activity.loading': 'Cargando…',
  'activity.empty': 'Todavía no hay actividad en esta red.',
  'activity.fetchFailed': 'No se pudieron obtener las transacciones',
  'activity.loadMore': 'Cargar más',
  'activity.send': 'Enviado',
  'activity.receive': 'Recibido',
  'activity.mint': 'Acuñado',
  'activity.trade': 'Intercambiado',
  'activity.buy': 'Comprado',
  'activity.execute': 'Llamada a contrato',
  'activity.failed': 'Fallida',
  'activity.pending': 'Pendiente',
  'activity.moreTransfers': '+{n} más',
}
