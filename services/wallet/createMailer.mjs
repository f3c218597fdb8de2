// How the services send mail: nodemailer over SMTP (FOYER_SMTP_URL in production, the local catcher in the stack),
// through a pool of kept-alive connections. A connection per mail cost a TCP handshake, a greeting and a goodbye
// each time, and capped logins at about 80 a second (docs/budgets.md). The pool's queue is bounded, so a slow mail
// server turns into a quick refusal rather than a growing wait; and a mail is tried again only while the server
// cannot have taken it, so a code is never mailed twice.
import { PassThrough, pipeline } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'

/** SMTP connections the pool keeps open at most. */
export const MAIL_CONNECTIONS = 5
/** Mails waiting or under way at most; the next is refused at once (MailError 'MAIL_BUSY'). */
export const MAIL_QUEUE_LIMIT = 500
/** Tries of one mail, the first included, while it surely did not reach the server. */
export const MAIL_ATTEMPTS = 3
/** The wait before the second try; doubled before each further one. */
const RETRY_DELAY_MS = 100
/** A busy mailer's refusal says to try again after this many seconds. */
const BUSY_RETRY_SECONDS = 5

/**
 * Why a mail was not sent, or may not have been: `MAIL_BUSY`, the queue was full and nothing was tried;
 * `MAIL_NOT_SENT`, the server refused it or could not be reached, every try; `MAIL_UNCONFIRMED`, the whole mail went
 * out and the connection ended before the server said whether it took it (it may arrive; it is not tried again).
 */
export class MailError extends Error {
  /**
   * @param {'MAIL_BUSY' | 'MAIL_NOT_SENT' | 'MAIL_UNCONFIRMED'} code @param {string} message
   * @param {{ cause?: unknown, retryAfter?: number }} [details] `retryAfter`: seconds, for MAIL_BUSY
   */
  constructor(code, message, { cause, retryAfter } = {}) {
    super(message, { cause })
    this.name = 'MailError'
    this.code = code
    this.retryAfter = retryAfter
  }
}

/**
 * @typedef {object} Mailer
 * @property {(message: { to: string, subject: string, text: string }) => Promise<void>} send resolves once the
 *   server took the mail; rejects with a MailError
 * @property {() => void} close
 */

/**
 * A mailer over SMTP, through a pool of kept-alive connections.
 *
 * @example
 * const mailer = createMailer({ smtpUrl: process.env.FOYER_SMTP_URL, from: 'Foyer <wallet@example.com>' });
 * await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: '123456' });
 *
 * @param {object} options
 * @param {string} options.smtpUrl `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…`
 * @param {string} [options.from='Foyer Wallet <wallet@localhost>']
 * @param {number} [options.connections=MAIL_CONNECTIONS] connections kept open at most
 * @param {number} [options.queueLimit=MAIL_QUEUE_LIMIT] mails waiting or under way at most
 * @returns {Mailer}
 */
export function createMailer({
  smtpUrl,
  from = 'Foyer Wallet <wallet@localhost>',
  connections = MAIL_CONNECTIONS,
  queueLimit = MAIL_QUEUE_LIMIT,
}) {
  if (!/^smtps?:\/\//.test(smtpUrl)) throw new TypeError(`smtpUrl must be an smtp:// or smtps:// URL, got ${JSON.stringify(smtpUrl)}`)
  // nodemailer loads with the first mail, not with the service (it is a sixth of the wallet's start).
  /** @type {Promise<import('nodemailer').Transporter> | undefined} */
  let transport
  let pending = 0
  let closed = false
  const open = () =>
    import('nodemailer').then(({ default: nodemailer }) => {
      const pool = nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: connections,
        // A kept connection sends any number of mails; the pool closes it after 4 idle minutes.
        maxMessages: Number.POSITIVE_INFINITY,
        // The pool would send a mail again itself when its connection closed; the retries below are the only ones.
        maxRequeues: 0,
        // A dead server fails a try within seconds, so every try fits in rules §9's 120 s login wait.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
      pool.use('stream', watchHandover)
      return pool
    })
  return {
    async send({ to, subject, text }) {
      if (closed) throw new MailError('MAIL_NOT_SENT', 'The mailer is closed')
      if (pending >= queueLimit) {
        throw new MailError('MAIL_BUSY', `${pending} mails are waiting already`, { retryAfter: BUSY_RETRY_SECONDS })
      }
      pending += 1
      try {
        transport ??= open()
        const pool = await transport
        for (let attempt = 1; ; attempt += 1) {
          /** @type {Handover} */
          const handover = { ended: false }
          try {
            await pool.sendMail(/** @type {import('nodemailer').SendMailOptions} */ ({ from, to, subject, text, handover }))
            return
          } catch (error) {
            const failure = classify(error, handover)
            if (failure === 'unconfirmed') {
              throw new MailError('MAIL_UNCONFIRMED', 'The connection ended before the server confirmed the mail', { cause: error })
            }
            if (failure === 'refused' || attempt >= MAIL_ATTEMPTS || closed) {
              throw new MailError('MAIL_NOT_SENT', `The mail was not sent: ${errorText(error)}`, { cause: error })
            }
            await sleep(RETRY_DELAY_MS * 2 ** (attempt - 1))
          }
        }
      } finally {
        pending -= 1
      }
    },
    close() {
      if (closed) return
      closed = true
      void transport?.then((opened) => opened.close())
    },
  }
}

/** Whether all of the mail was read by the connection, which only then could end it for the server to take. */
/** @typedef {{ ended: boolean }} Handover */

/**
 * A nodemailer 'stream' plugin: the mail's `handover` is marked once the connection has read its last byte. The
 * connection reads a mail only after the server accepted its envelope, and writes the line that ends it (at which
 * the server takes it) only after that last read: a mail cut off before the mark cannot have been taken.
 *
 * @param {any} mail nodemailer's MailMessage @param {(error?: Error) => void} done
 */
function watchHandover(mail, done) {
  const handover = /** @type {Handover | undefined} */ (mail.data.handover)
  if (handover) {
    mail.message.processFunc((/** @type {import('node:stream').Readable} */ input) => {
      const output = pipeline(input, new PassThrough(), () => {})
      // Registered before the connection pipes the mail on, so it runs before the connection ends the mail's data.
      output.once('end', () => {
        handover.ended = true
      })
      return output
    })
  }
  done()
}

/**
 * What a failed try means for the mail: `unconfirmed` when all of it went out and no reply said it was refused;
 * `refused` when the server refused it for good (a 5xx reply, but 503, which is about the session); else `retry`:
 * the server deferred it (4xx), or the connection failed before all of it went out.
 *
 * @param {unknown} error @param {Handover} handover
 * @returns {'unconfirmed' | 'refused' | 'retry'}
 */
function classify(error, { ended }) {
  const responseCode = Number(/** @type {{ responseCode?: number }} */ (error).responseCode) || 0
  if (responseCode >= 500 && responseCode < 600 && responseCode !== 503) return 'refused'
  if (responseCode >= 400 && responseCode < 500) return 'retry'
  return ended ? 'unconfirmed' : 'retry'
}

/** @param {unknown} error */
const errorText = (error) => (error instanceof Error ? error.message : String(error)).slice(0, 200)
