import type { Translations } from 'foyer'

/** Brazilian Portuguese for the names plugin. Keys and notes for translators: ../locales.ts. */
export const ptBR: Translations = {
  'names.action': 'Obter um nome',
  'names.title': 'Escolha seu nome',
  'names.successTitle': 'Nome registrado',
  'names.field': 'Nome',
  'names.hint': 'Seu nome termina em .{zone}. Letras, dígitos e hifens; pelo menos 4 caracteres.',
  'names.error.characters': 'Use apenas letras, dígitos e hifens',
  'names.error.short': 'Um nome tem pelo menos 4 caracteres',
  'names.error.long': 'Um nome tem no máximo 63 caracteres',
  'names.checking': 'Verificando {name}…',
  'names.available': '{name} está disponível',
  'names.taken': '{name} já está em uso',
  'names.suggestions': 'Nomes disponíveis',
  'names.register': 'Registrar',
  'names.signing': 'Assine a mensagem na sua carteira para registrar {name}.',
  'names.registering': 'Registrando {name}…',
  'names.cancelled': 'Você cancelou a assinatura: {name} não foi registrado.',
  'names.unsupported': 'Os nomes são para contas EVM. Troque para uma delas para obter um nome.',
  'names.notConnected': 'Conecte uma carteira para obter um nome.',
  'names.success': 'Agora ele aparece em todo lugar onde seu endereço aparece.',
  'names.done': 'Voltar para a conta',
  'names.error.resolve': 'Erro ao resolver o nome',
  'names.error.suggestions': 'Erro ao buscar sugestões de nomes',
  'names.error.reverse': 'Erro ao buscar os nomes do endereço',
  'names.error.register': 'Erro ao registrar o nome {name}',
}
