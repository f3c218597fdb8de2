import type { Translations } from 'foyer'

/** French for the EVM chain. Keys and notes for translators: ../locales.ts. */
export const fr: Translations = {
  'evm.browserWallet': 'Portefeuille du navigateur',
  'evm.unsupported.current': 'Votre portefeuille est sur la chaîne {chainId}.',
  'evm.wc.title': 'WalletConnect',
  'evm.wc.qr': 'QR code pour connecter un portefeuille',
  'evm.wc.scan': 'Scannez avec l’app portefeuille de votre téléphone',
  'evm.wc.scanWith': 'Scannez avec {wallet} sur votre téléphone',
  'evm.wc.creating': 'Préparation d’un code…',
  'evm.wc.expired': 'Le code a expiré. Création d’un nouveau code…',
  'evm.wc.connecting': 'Connexion à {wallet}…',
  'evm.wc.copy': 'Copier le lien',
  'evm.wc.copied': 'Lien copié',
  'evm.wc.copyFailed': 'Impossible de copier le lien',
  'evm.wc.openApp': 'Ouvrir {wallet}',
  'evm.wc.openWeb': 'Ouvrir l’app web de {wallet}',
}
