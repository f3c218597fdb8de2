/**
 * English for the Receive view; `{network}` and `{namespace}` are filled in at run time. It loads with the view (the
 * manifest carries only the title and the entry's label: locales.ts), whose module re-exports it as `texts` for the
 * kernel to add as it loads, under the host's own.
 */
export const viewTexts = {
  'receive.qrLabel': 'QR code of your address',
  'receive.copy': 'Copy address',
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'The address could not be copied',
  'receive.networks': 'This address receives on these networks',
  'receive.warning': 'Send only assets of these networks to this address.',
  'receive.notConnected': 'Connect a wallet to see your address.',
} as const

export type ViewTexts = typeof viewTexts
