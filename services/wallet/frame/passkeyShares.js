// A passkey's PRF output as one more key to a share of the wallet's key (KEYS.md, docs/wallets.md#passkeys). Adding
// a passkey wraps this browser's own share under it: any two distinct shares rebuild the key, so that share and the
// auth share do for a new browser what the recovery share does with the phrase. Signing in with the passkey on a
// browser without a share opens the wrap and keeps the share there. The PRF output and the share never leave the
// frame; the service keeps the wrap only, which it cannot open.
import { fromBase64, toBase64, unwrapShare, wrapShare } from './shares.js'

/**
 * @typedef {object} PasskeyShareDeps
 * @property {(path: string, body: Record<string, unknown>) => Promise<any>} backend the frame's same-origin POST
 * @property {import('./keyring.js').ShareStore} store this browser's shares
 */

/**
 * After a passkey was added: wraps this browser's share under its PRF output and hands the wrap to the service.
 * False when this browser has no share to wrap (the user's keys are still sealed, or it never recovered).
 *
 * @param {PasskeyShareDeps} deps @param {string} credentialId @param {Uint8Array} prfOutput 32 bytes
 */
export async function wrapForPasskey({ backend, store }, credentialId, prfOutput) {
  const { userId } = await backend('/v1/frame/keys/state', {})
  const share = await store.deviceShare(userId)
  if (!share) return false
  try {
    const wrapped = await wrapShare(prfOutput, share, userId)
    await backend('/v1/frame/passkey/wrap', { credentialId, wrapped: toBase64(wrapped) })
    return true
  } finally {
    share.fill(0)
  }
}

/**
 * After a passkey login: a browser without a share of the user's key opens the passkey's wrap with its PRF output
 * and keeps the share, so it signs without the recovery phrase. False when there was nothing to do.
 *
 * @param {PasskeyShareDeps} deps @param {{ userId: string, passkeyWrap?: string }} login the service's answer
 * @param {Uint8Array} prfOutput
 */
export async function openWithPasskey({ store }, { userId, passkeyWrap }, prfOutput) {
  if (!passkeyWrap || (await store.deviceShare(userId))) return false
  const share = await unwrapShare(prfOutput, fromBase64(passkeyWrap), userId)
  try {
    await store.keepDeviceShare(userId, share)
    return true
  } finally {
    share.fill(0)
  }
}
