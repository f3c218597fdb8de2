import type { Translations } from 'foyer'

/** German for the pay plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const de: Translations = {
  'pay.title': 'Bezahlen',
  'pay.summary': '{amount} {symbol} bezahlen',
  'pay.recipient': 'An',
  'pay.network': 'Netzwerk',
  'pay.fromWallet': 'Mit deiner Wallet bezahlen',
  'pay.connect': 'Verbinde eine Wallet, um zu bezahlen',
  'pay.wrongNamespace': 'Verbinde eine {network}-Wallet, um zu bezahlen.',
  'pay.paying': 'Bestätige die Zahlung in deiner Wallet',
  'pay.fromExchange': 'Über eine Börse bezahlen',
  'pay.exchangeOpen': 'Bestätige die Zahlung im Fenster der Börse',
  'pay.error.exchangeClosed': 'Das Fenster der Börse wurde ohne Zahlung geschlossen',
  'pay.error.exchangeCancelled': 'Die Zahlung wurde auf der Börse abgebrochen',
  'pay.loading': 'Token wird gelesen…',
  'pay.error.rejected': 'Du hast die Zahlung in deiner Wallet abgelehnt',
  'pay.error.failed': 'Die Zahlung ist fehlgeschlagen',
  'pay.error.token': 'Dieser Token konnte nicht gelesen werden; gib seine `metadata` an',
}
