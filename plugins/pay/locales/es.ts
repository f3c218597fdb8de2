import type { Translations } from 'foyer'

/** Spanish for the pay plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const es: Translations = {
  'pay.title': 'Pagar',
  'pay.summary': 'Pagar {amount} {symbol}',
  'pay.recipient': 'Para',
  'pay.network': 'Red',
  'pay.fromWallet': 'Pagar desde tu billetera',
  'pay.connect': 'Conecta una billetera para pagar',
  'pay.wrongNamespace': 'Conecta una billetera de {network} para pagar.',
  'pay.paying': 'Confirma el pago en tu billetera',
  'pay.fromExchange': 'Pagar desde un exchange',
  'pay.exchangeOpen': 'Confirma el pago en la ventana del exchange',
  'pay.error.exchangeClosed': 'Se cerró la ventana del exchange sin pagar',
  'pay.error.exchangeCancelled': 'Se canceló el pago en el exchange',
  'pay.loading': 'Leyendo el token…',
  'pay.error.rejected': 'Rechazaste el pago en tu billetera',
  'pay.error.failed': 'El pago falló',
  'pay.error.token': 'No se pudo leer este token; pasa sus `metadata`',
}
