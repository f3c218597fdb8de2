import type { Translations } from 'foyer'

/** Spanish for the siwx plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const es: Translations = {
  'siwx.title': 'Iniciar sesión',
  'siwx.explain':
    '{app} te pide firmar un mensaje para demostrar que esta cuenta es tuya. Firmar no cuesta nada y no envía ninguna transacción.',
  'siwx.sign': 'Iniciar sesión',
  'siwx.skip': 'Ahora no',
  'siwx.disconnect': 'Desconectar',
  'siwx.requiredNote': 'Este sitio necesita que inicies sesión para seguir conectado.',
  'siwx.signing': 'Firma el mensaje en tu billetera…',
  'siwx.rejected': 'Rechazaste la firma.',
  'siwx.refused': 'Se rechazó el inicio de sesión: {reason}',
  'siwx.failed': 'No se pudo iniciar sesión: {reason}',
}
