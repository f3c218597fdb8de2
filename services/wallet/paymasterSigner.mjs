// The one key this service signs with, and only when the host turns sponsored gas on: the verifying signer of the
// host's paymaster (docs/sponsored-gas.md). It is the host's key, given in the service's settings, never a user's
// (users' keys exist only in their frame, KEYS.md), and it signs nothing but a sponsorship hash: this module imports
// nothing that could reach a user's key material, which nonCustodial.test.ts checks.
import { privateKeyToAccount } from 'viem/accounts'

import { signedPaymasterFields } from './foyerPaymaster.mjs'

/**
 * The paymaster fields of an operation the host's signer sponsors (FoyerPaymaster's data, signed).
 *
 * @param {`0x${string}`} signerKey the host's paymaster signer (SponsorshipOptions.signerKey)
 * @param {Omit<Parameters<typeof signedPaymasterFields>[0], 'signer'>} operation
 */
export function signSponsorship(signerKey, operation) {
  return signedPaymasterFields({ signer: privateKeyToAccount(signerKey), ...operation })
}
