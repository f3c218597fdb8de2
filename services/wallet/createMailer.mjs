// How the services send mail: nodemailer over SMTP (FOYER_SMTP_URL in production, the local catcher in the stack).

/**
 * @typedef {object} Mailer
 * @property {(message: { to: string, subject: string, text: string }) => Promise<void>} send
 * @property {() => void} close
 */

/**
 * A mailer over SMTP.
 *
 * @example
 * const mailer = createMailer({ smtpUrl: process.env.FOYER_SMTP_URL, from: 'Foyer <wallet@example.com>' });
 * await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: '123456' });
 *
 * @param {object} options
 * @param {string} options.smtpUrl `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…`
 * @param {string} [options.from='Foyer Wallet <wallet@localhost>']
 * @returns {Mailer}
 */
export function createMailer({ smtpUrl, from = 'Foyer Wallet <wallet@localhost>' }) {
  if (!/^smtps?:\/\//.test(smtpUrl)) throw new TypeError(`smtpUrl must be an smtp:// or smtps:// URL, got ${JSON.stringify(smtpUrl)}`)
  // nodemailer loads with the first mail, not with the service (it is a sixth of the wallet's start).
  /** @type {Promise<import('nodemailer').Transporter> | undefined} */
  let transport
  let closed = false
  return {
    async send({ to, subject, text }) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
      await (await transport).sendMail({ from, to, subject, text })
    },
    close() {
      if (closed) return
      closed = true
      void transport?.then((opened) => opened.close())
    },
  }
}
