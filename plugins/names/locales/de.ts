import type { Translations } from 'foyer'

/** German for the names plugin. Keys and notes for translators: ../locales.ts. */
export const de: Translations = {
  'names.action': 'Namen sichern',
  'names.title': 'Wähle deinen Namen',
  'names.successTitle': 'Name registriert',
  'names.field': 'Name',
  'names.hint': 'Dein Name endet auf .{zone}. Buchstaben, Ziffern und Bindestriche; mindestens 4 Zeichen.',
  'names.error.characters': 'Verwende nur Buchstaben, Ziffern und Bindestriche',
  'names.error.short': 'Ein Name hat mindestens 4 Zeichen',
  'names.error.long': 'Ein Name hat höchstens 63 Zeichen',
  'names.checking': '{name} wird geprüft…',
  'names.available': '{name} ist verfügbar',
  'names.taken': '{name} ist bereits vergeben',
  'names.suggestions': 'Verfügbare Namen',
  'names.register': 'Registrieren',
  'names.signing': 'Signiere die Nachricht in deiner Wallet, um {name} zu registrieren.',
  'names.registering': '{name} wird registriert…',
  'names.cancelled': 'Du hast die Signatur abgebrochen: {name} ist nicht registriert.',
  'names.unsupported': 'Namen gibt es für EVM-Konten. Wechsle zu einem, um einen Namen zu erhalten.',
  'names.notConnected': 'Verbinde eine Wallet, um einen Namen zu erhalten.',
  'names.success': 'Er wird jetzt überall angezeigt, wo deine Adresse erscheint.',
  'names.done': 'Zurück zum Konto',
  'names.error.resolve': 'Fehler beim Auflösen des Namens',
  'names.error.suggestions': 'Fehler beim Abrufen von Namensvorschlägen',
  'names.error.reverse': 'Fehler beim Abrufen der Namen für die Adresse',
  'names.error.register': 'Fehler beim Registrieren des Namens {name}',
}
