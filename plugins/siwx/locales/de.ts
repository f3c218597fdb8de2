import type { Translations } from 'foyer'

/** German for the siwx plugin. Keys and notes for translators: ../locales.ts. */
export const de: Translations = {
  'siwx.title': 'Anmelden',
  'siwx.explain':
    '{app} bittet dich, eine Nachricht zu signieren, um zu beweisen, dass dieses Konto dir gehört. Das Signieren kostet nichts und sendet keine Transaktion.',
  'siwx.sign': 'Anmelden',
  'siwx.skip': 'Nicht jetzt',
  'siwx.disconnect': 'Trennen',
  'siwx.requiredNote': 'Diese Website verlangt, dass du dich anmeldest, um verbunden zu bleiben.',
  'siwx.signing': 'Signiere die Nachricht in deiner Wallet…',
  'siwx.rejected': 'Du hast die Signatur abgelehnt.',
  'siwx.refused': 'Die Anmeldung wurde abgelehnt: {reason}',
  'siwx.failed': 'Anmeldung fehlgeschlagen: {reason}',
}
