import type { Translations } from 'foyer'

/** Spanish for the names plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const es: Translations = {
  'names.action': 'Obtener un nombre',
  'names.title': 'Elige tu nombre',
  'names.successTitle': 'Nombre registrado',
  'names.field': 'Nombre',
  'names.hint': 'Tu nombre termina en .{zone}. Letras, dígitos y guiones; al menos 4 caracteres.',
  'names.error.characters': 'Usa solo letras, dígitos y guiones',
  'names.error.short': 'Un nombre tiene al menos 4 caracteres',
  'names.error.long': 'Un nombre tiene como máximo 63 caracteres',
  'names.checking': 'Comprobando {name}…',
  'names.available': '{name} está disponible',
  'names.taken': '{name} ya está ocupado',
  'names.suggestions': 'Nombres disponibles',
  'names.register': 'Registrar',
  'names.signing': 'Firma el mensaje en tu billetera para registrar {name}.',
  'names.registering': 'Registrando {name}…',
  'names.cancelled': 'Cancelaste la firma: {name} no se ha registrado.',
  'names.unsupported': 'Los nombres son para cuentas EVM. Cambia a una para obtener un nombre.',
  'names.notConnected': 'Conecta una billetera para obtener un nombre.',
  'names.success': 'Ahora aparece en todos los lugares donde aparece tu dirección.',
  'names.done': 'Volver a la cuenta',
  'names.error.resolve': 'Error al resolver el nombre',
  'names.error.suggestions': 'Error al obtener sugerencias de nombres',
  'names.error.reverse': 'Error al obtener los nombres de la dirección',
  'names.error.register': 'Error al registrar el nombre {name}',
}
