import type { Translations } from 'foyer'

/** French for the siwx plugin. Keys and notes for translators: ../locales.ts and ../texts.ts. */
export const fr: Translations = {
  'siwx.title': 'Se connecter',
  'siwx.explain':
    '{app} vous demande de signer un message pour prouver que ce compte vous appartient. La signature est gratuite et n’envoie aucune transaction.',
  'siwx.sign': 'Se connecter',
  'siwx.skip': 'Plus tard',
  'siwx.disconnect': 'Déconnecter',
  'siwx.requiredNote': 'Ce site exige que vous vous connectiez pour rester connecté.',
  'siwx.signing': 'Signez le message dans votre portefeuille…',
  'siwx.rejected': 'Vous avez refusé la signature.',
  'siwx.refused': 'La connexion a été refusée : {reason}',
  'siwx.failed': 'La connexion a échoué : {reason}',
}
