/** English for the receive plugin; `{network}` and `{namespace}` are filled in at run time. */
export const en = {
  'receive.title': 'Receive',
  /** The button under the account that opens this view. */
  'receive.action': 'Receive',
  'receive.qrLabel': 'QR code of your address',
  'receive.copy': 'Copy address',
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'The address could not be copied',
  'receive.networks': 'This address receives on these networks',
  'receive.warning': 'Send only assets of these networks to this address.',
  'receive.notConnected': 'Connect a wallet to see your address.',
} as const
