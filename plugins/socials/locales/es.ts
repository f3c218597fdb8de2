import type { Translations } from 'foyer'

/** Spanish for the socials plugin. Keys and notes for translators: ../locales.ts. */
export const es: Translations = {
  'socials.title': 'Inicio de sesión social',
  'socials.continueWith': 'Continuar con {provider}',
  'socials.connectingTitle': 'Inicia sesión con {provider}',
  'socials.opening': 'Abriendo {provider}…',
  'socials.waiting': 'Continúa en la ventana de {provider}. Se cerrará sola cuando hayas iniciado sesión.',
  'socials.connecting': 'Abriendo tu billetera…',
  'socials.tryAgain': 'Reintentar',
  'socials.farcasterTitle': 'Inicia sesión con Farcaster',
  'socials.farcasterScan': 'Escanea este código con la cámara de tu teléfono o con la app de Farcaster.',
  'socials.farcasterOpen': 'Abrir en Farcaster',
  'socials.farcasterQr': 'Código QR para iniciar sesión con Farcaster',
  'socials.signedIn': 'Sesión iniciada con {provider}',
  'socials.signedInAs': '{name} · {provider}',
}
