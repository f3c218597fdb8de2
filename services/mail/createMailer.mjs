// How the services send mail: nodemailer over SMTP (FOYER_SMTP_URL in production, the local catcher in the stack).
import nodemailer from 'nodemailer';

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
 * @param {string} [options.from] @default 'Foyer Wallet <wallet@localhost>'
 * @returns {Mailer}
 */
export function createMailer({ smtpUrl, from = 'Foyer Wallet <wallet@localhost>' }) {
  if (!/^smtps?:\/\//.test(smtpUrl)) throw new TypeError(`smtpUrl must be an smtp:// or smtps:// URL, got ${JSON.stringify(smtpUrl)}`);
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
    close: () => transport.close(),
  };
}
