import type { Translations } from 'foyer'

/** French for the names plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const fr: Translations = {
  'names.action': 'Obtenir un nom',
  'names.title': 'Choisissez votre nom',
  'names.successTitle': 'Nom enregistré',
  'names.field': 'Nom',
  'names.hint': 'Votre nom se termine par .{zone}. Lettres, chiffres et traits d’union ; au moins 4 caractères.',
  'names.error.characters': 'Utilisez uniquement des lettres, des chiffres et des traits d’union',
  'names.error.short': 'Un nom compte au moins 4 caractères',
  'names.error.long': 'Un nom compte au plus 63 caractères',
  'names.checking': 'Vérification de {name}…',
  'names.available': '{name} est disponible',
  'names.taken': '{name} est déjà pris',
  'names.suggestions': 'Noms disponibles',
  'names.register': 'Enregistrer',
  'names.signing': 'Signez le message dans votre portefeuille pour enregistrer {name}.',
  'names.registering': 'Enregistrement de {name}…',
  'names.cancelled': 'Vous avez annulé la signature : {name} n’est pas enregistré.',
  'names.unsupported': 'Les noms sont réservés aux comptes EVM. Passez à l’un d’eux pour obtenir un nom.',
  'names.notConnected': 'Connectez un portefeuille pour obtenir un nom.',
  'names.success': 'Il s’affiche désormais partout où votre adresse apparaît.',
  'names.done': 'Retour au compte',
  'names.error.resolve': 'Erreur lors de la résolution du nom',
  'names.error.suggestions': 'Erreur lors de la récupération des suggestions de noms',
  'names.error.reverse': 'Erreur lors de la récupération des noms de l’adresse',
  'names.error.register': 'Erreur lors de l’enregistrement du nom {name}',
}
