import type { Translations } from 'foyer'

/** Brazilian Portuguese for the pay plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const ptBR: Translations = {
  'pay.title': 'Pagar',
  'pay.summary': 'Pagar {amount} {symbol}',
  'pay.recipient': 'Para',
  'pay.network': 'Rede',
  'pay.fromWallet': 'Pagar com sua carteira',
  'pay.connect': 'Conecte uma carteira para pagar',
  'pay.wrongNamespace': 'Conecte uma carteira da rede {network} para pagar.',
  'pay.paying': 'Confirme o pagamento na sua carteira',
  'pay.fromExchange': 'Pagar com uma corretora',
  'pay.exchangeOpen': 'Confirme o pagamento na janela da corretora',
  'pay.error.exchangeClosed': 'A janela da corretora foi fechada sem pagar',
  'pay.error.exchangeCancelled': 'O pagamento foi cancelado na corretora',
  'pay.loading': 'Lendo o token…',
  'pay.error.rejected': 'Você recusou o pagamento na sua carteira',
  'pay.error.failed': 'O pagamento falhou',
  'pay.error.token': 'Não foi possível ler este token; informe os `metadata` dele',
}
