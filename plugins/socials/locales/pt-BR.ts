import type { Translations } from 'foyer'

/** Brazilian Portuguese for the socials plugin. Keys and notes for translators: ../locales.ts. */
export const ptBR: Translations = {
  'socials.title': 'Login social',
  'socials.continueWith': 'Continuar com {provider}',
  'socials.connectingTitle': 'Entrar com {provider}',
  'socials.opening': 'Abrindo {provider}…',
  'socials.waiting': 'Continue na janela de {provider}. Ela se fecha sozinha quando você tiver entrado.',
  'socials.connecting': 'Abrindo sua carteira…',
  'socials.tryAgain': 'Tentar de novo',
  'socials.farcasterTitle': 'Entrar com Farcaster',
  'socials.farcasterScan': 'Escaneie este código com a câmera do celular ou com o app do Farcaster.',
  'socials.farcasterOpen': 'Abrir no Farcaster',
  'socials.farcasterQr': 'QR code para entrar com Farcaster',
  'socials.signedIn': 'Login feito com {provider}',
  'socials.signedInAs': '{name} · {provider}',
}
