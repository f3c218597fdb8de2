import type { Translations } from 'foyer'

/** Spanish for the EVM chain. Keys and notes for translators: ../locales.ts. */
export const es: Translations = {
  'evm.browserWallet': 'Billetera del navegador',
  'evm.unsupported.current': 'Tu billetera está en la cadena {chainId}.',
  'evm.wc.title': 'WalletConnect',
  'evm.wc.qr': 'Código QR para conectar una billetera',
  'evm.wc.scan': 'Escanéalo con la app de billetera de tu teléfono',
  'evm.wc.scanWith': 'Escanéalo con {wallet} en tu teléfono',
  'evm.wc.creating': 'Preparando un código…',
  'evm.wc.expired': 'El código caducó. Creando uno nuevo…',
  'evm.wc.connecting': 'Conectando con {wallet}…',
  'evm.wc.copy': 'Copiar enlace',
  'evm.wc.copied': 'Enlace copiado',
  'evm.wc.copyFailed': 'No se pudo copiar el enlace',
  'evm.wc.openApp': 'Abrir {wallet}',
  'evm.wc.openWeb': 'Abrir la app web de {wallet}',
}
