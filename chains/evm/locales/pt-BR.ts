import type { Translations } from 'foyer'

/** Brazilian Portuguese for the EVM chain. Keys and notes for translators: ../locales.ts. */
export const ptBR: Translations = {
  'evm.browserWallet': 'Carteira do navegador',
  'evm.unsupported.current': 'Sua carteira está na rede {chainId}.',
  'evm.wc.title': 'WalletConnect',
  'evm.wc.qr': 'QR code para conectar uma carteira',
  'evm.wc.scan': 'Escaneie com o app de carteira do seu celular',
  'evm.wc.scanWith': 'Escaneie com {wallet} no seu celular',
  'evm.wc.creating': 'Preparando um código…',
  'evm.wc.expired': 'O código expirou. Gerando um novo…',
  'evm.wc.connecting': 'Conectando a {wallet}…',
  'evm.wc.copy': 'Copiar link',
  'evm.wc.copied': 'Link copiado',
  'evm.wc.copyFailed': 'Não foi possível copiar o link',
  'evm.wc.openApp': 'Abrir {wallet}',
  'evm.wc.openWeb': 'Abrir o app web de {wallet}',
}
