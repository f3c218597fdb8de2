import type { Translations } from 'foyer'

/** Brazilian Portuguese for the siwx plugin. Keys and notes for translators: ../locales.ts. */
export const ptBR: Translations = {
  'siwx.title': 'Entrar',
  'siwx.explain':
    '{app} pede que você assine uma mensagem para provar que esta conta é sua. Assinar não custa nada e não envia nenhuma transação.',
  'siwx.sign': 'Entrar',
  'siwx.skip': 'Agora não',
  'siwx.disconnect': 'Desconectar',
  'siwx.requiredNote': 'Este site exige que você entre para continuar conectado.',
  'siwx.signing': 'Assine a mensagem na sua carteira…',
  'siwx.rejected': 'Você recusou a assinatura.',
  'siwx.refused': 'O login foi recusado: {reason}',
  'siwx.failed': 'Não foi possível entrar: {reason}',
}
