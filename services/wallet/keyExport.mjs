// Key export (KEYS.md, Export): the frame shows the user's keys only after a fresh proof, a code mailed now and
// typed in the frame. This service answers the auth share for that code; the frame rebuilds and shows the keys.
import { issueCode, useCode } from './codes.mjs'
import { WalletError, invalidRequest } from './errors.mjs'
import { keysForFrame } from './keyShares.mjs'
import { mailExportCode } from './mails.mjs'

/**
 * Mails the signed-in user a code for showing their keys, or only their recovery phrase (a backup made later,
 * docs/wallets.md#backup): the same proof either way. Not held to the 30 s mail cooldown, which keeps the login's code
 * and this one from following each other: a session is needed, and the client's rate limit applies.
 *
 * @param {import('./handlers.mjs').WalletDeps} deps @param {import('./accounts.mjs').WalletUser} user @param {Buffer} deviceHash
 * @param {'keys' | 'phrase'} [reason] what the code will show, for the mail's words
 */
export async function exportCode(deps, user, deviceHash, reason = 'keys') {
  if (user.email === null)
    throw invalidRequest(
      reason === 'phrase'
        ? 'The recovery phrase is shown again only with a code mailed to you, and this wallet has no email: add a passkey instead'
        : 'Key export needs an email to send the code to',
    )
  const { code } = await issueCode(deps, { purpose: 'export', deviceHash, email: user.email, budgetOf: [user.email] })
  await mailExportCode(deps, { to: user.email, code, reason })
  return {}
}

/**
 * The auth share and the rest of what the frame needs, for a right export code of this user's.
 *
 * @param {import('./handlers.mjs').WalletDeps} deps @param {import('./accounts.mjs').WalletUser} user @param {Buffer} deviceHash
 * @param {unknown} otp
 */
export async function keysForExport(deps, user, deviceHash, otp) {
  const { email } = await useCode(deps, { purpose: 'export', deviceHash, code: otp })
  if (email !== user.email) throw new WalletError(400, 'INVALID_CODE', 'Invalid code')
  return { keys: await keysForFrame(deps.database, user) }
}
