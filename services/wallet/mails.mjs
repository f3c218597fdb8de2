// The mails the wallet sends (a code, a device link), and what the visitor is told when one could not be sent: no
// mail is lost without a word (createMailer.mjs never sends one twice). A mail that surely did not go out gives its
// address's mail slot back (codes.mjs issueCode), so the visitor may ask again at once.
import { WalletError } from './errors.mjs'

/**
 * @typedef {object} MailDeps
 * @property {import('./createMailer.mjs').Mailer} mailer
 */

/**
 * Mails a 6-digit code.
 *
 * @param {MailDeps} deps
 * @param {{ to: string, code: string, why: string, slot?: import('./codes.mjs').MailSlot }} mail `why`: what the
 *   code is for, as the mail says it ('to sign in'); `slot`: the address's mail slot this mail used
 */
export function mailCode(deps, { to, code, why, slot }) {
  return deliver(deps, slot, {
    to,
    subject: `${code} is your Foyer Wallet code`,
    text: `Your code ${why} is ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this mail.`,
  })
}

/**
 * Mails the link that confirms a new device.
 *
 * @param {MailDeps} deps @param {{ to: string, link: string, slot?: import('./codes.mjs').MailSlot }} mail
 */
export function mailDeviceLink(deps, { to, link, slot }) {
  return deliver(deps, slot, {
    to,
    subject: 'Confirm this device for your Foyer Wallet',
    text: `Someone (hopefully you) is signing in to your wallet from a new device.\n\nConfirm it: ${link}\n\nThe link expires in 10 minutes. If it was not you, ignore this mail.`,
  })
}

/**
 * Mails the code that shows the user's keys, or only their recovery phrase (keyExport.mjs).
 *
 * @param {MailDeps} deps @param {{ to: string, code: string, reason: 'keys' | 'phrase' }} mail
 */
export function mailExportCode(deps, { to, code, reason }) {
  const shown = reason === 'phrase' ? "your wallet's recovery phrase" : "your wallet's private keys"
  return deliver(deps, undefined, {
    to,
    subject: `${code} is your Foyer Wallet code`,
    text: `Your code to show ${shown} is ${code}.\n\nAnyone who sees it can take everything in the wallet. If you did not ask for this, ignore this mail and do not give the code to anyone.\n\nIt expires in 10 minutes.`,
  })
}

/**
 * @param {MailDeps} deps @param {import('./codes.mjs').MailSlot | undefined} slot
 * @param {{ to: string, subject: string, text: string }} message
 */
async function deliver({ mailer }, slot, message) {
  try {
    await mailer.send(message)
  } catch (error) {
    const { code, retryAfter } = /** @type {Partial<import('./createMailer.mjs').MailError>} */ (error)
    if (code === 'MAIL_UNCONFIRMED') {
      // It may well have arrived: the slot stays used, and the visitor is told when a new mail may be asked for.
      const seconds = slot?.secondsLeft()
      const when = seconds ? `please try again after ${seconds} seconds` : 'please try again'
      throw new WalletError(503, code, `The mail may not have been sent: if it does not arrive, ${when}`, {
        ...(seconds && { retryAfter: seconds }),
      })
    }
    await slot?.release()
    if (code === 'MAIL_BUSY' && retryAfter) {
      // rules §5's words, as for the mail cooldown: the frame and the modal show them with the seconds.
      throw new WalletError(503, code, `Please try again after ${retryAfter} seconds`, { retryAfter })
    }
    throw new WalletError(503, 'MAIL_NOT_SENT', 'The mail could not be sent: please try again')
  }
}
