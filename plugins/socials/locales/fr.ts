import type { Translations } from 'foyer'

/** French for the socials plugin. Keys and notes for translators: ../locales.ts. */
export const fr: Translations = {
  'socials.title': 'Connexion via un réseau social',
  'socials.continueWith': 'Continuer avec {provider}',
  'socials.connectingTitle': 'Se connecter avec {provider}',
  'socials.opening': 'Ouverture de {provider}…',
  'socials.waiting': 'Continuez dans la fenêtre {provider}. Elle se fermera d’elle-même une fois la connexion faite.',
  'socials.connecting': 'Ouverture de votre portefeuille…',
  'socials.tryAgain': 'Réessayer',
  'socials.farcasterTitle': 'Se connecter avec Farcaster',
  'socials.farcasterScan': 'Scannez ce code avec l’appareil photo de votre téléphone ou l’app Farcaster.',
  'socials.farcasterOpen': 'Ouvrir dans Farcaster',
  'socials.farcasterQr': 'QR code de connexion Farcaster',
  'socials.signedIn': 'Connecté avec {provider}',
  'socials.signedInAs': '{name} · {provider}',
}
