import type { Translations } from 'foyer'

/** German for the receive plugin. Keys and notes for translators: ../locales.ts. */
export const de: Translations = {
  'receive.title': 'Empfangen',
  'receive.action': 'Empfangen',
  'receive.qrLabel': 'QR-Code deiner Adresse',
  'receive.copy': 'Adresse kopieren',
  'receive.copied': 'Adresse kopiert',
  'receive.copyFailed': 'Die Adresse konnte nicht kopiert werden',
  'receive.networks': 'Diese Adresse empfängt in diesen Netzwerken',
  'receive.warning': 'Sende an diese Adresse nur Assets aus diesen Netzwerken.',
  'receive.notConnected': 'Verbinde eine Wallet, um deine Adresse zu sehen.',
}
