import type { Translations } from 'foyer'

/** German for the socials plugin. Keys and notes for translators: ../locales.ts. */
export const de: Translations = {
  'socials.title': 'Social Login',
  'socials.continueWith': 'Weiter mit {provider}',
  'socials.connectingTitle': 'Mit {provider} anmelden',
  'socials.opening': '{provider} wird geöffnet…',
  'socials.waiting': 'Fahre im Fenster von {provider} fort. Es schließt sich von selbst, sobald du angemeldet bist.',
  'socials.connecting': 'Deine Wallet wird geöffnet…',
  'socials.tryAgain': 'Erneut versuchen',
  'socials.farcasterTitle': 'Mit Farcaster anmelden',
  'socials.farcasterScan': 'Scanne diesen Code mit der Kamera deines Smartphones oder mit deiner Farcaster-App.',
  'socials.farcasterOpen': 'In Farcaster öffnen',
  'socials.farcasterQr': 'QR-Code zur Anmeldung mit Farcaster',
  'socials.signedIn': 'Angemeldet mit {provider}',
  'socials.signedInAs': '{name} · {provider}',
}
