// The local stack's mail catcher: an SMTP server on loopback that keeps every message in memory, and an HTTP side
// that lists them (`GET /messages?to=`, JSON, for tests) and shows them (`GET /`, the inbox a person trying the
// demo reads their sign-in code in). Development only: nothing is ever delivered, and nothing survives a restart.
import { SMTPServer } from 'smtp-server'

import * as v from 'valibot'

import { createServiceApp, queryString, sendJson, serveApp, valid } from '../../http/index.mjs'
import { listen } from '../../listen.mjs'

/** The CLI's SMTP port. */
export const DEFAULT_SMTP_PORT = 8025
/** The CLI's inbox port. */
export const DEFAULT_MAIL_PORT = 8791
/** The inbox keeps the newest messages only, so a long-running stack cannot grow without bound. */
export const MAX_MESSAGES = 500
/** A message larger than this is refused at SMTP level (sign-in mails are a few KB). */
const MAX_MESSAGE_BYTES = 1024 * 1024

/**
 * What the next mail meets (faultNext): `'drop'` cuts its connection at its recipient, before any of the mail is
 * sent; `'drop-after-data'` keeps the whole mail, then cuts the connection before the reply that would confirm it;
 * an SMTP reply code (`451`, `550` …) refuses its recipient with that code.
 *
 * @typedef {'drop' | 'drop-after-data' | number} MailFault
 */

/**
 * @typedef {object} CaughtMessage
 * @property {number} id increasing from 1
 * @property {string} from
 * @property {string[]} to lower-case addresses from the SMTP envelope
 * @property {string} subject
 * @property {string} text
 * @property {string} receivedAt ISO time
 */

/**
 * Starts the catcher and resolves once both ports listen.
 *
 * @example
 * const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
 * // send through mail.smtpUrl, then:
 * const [message] = await (await fetch(`${mail.url}/messages?to=ada@example.com`)).json();
 * await mail.stop();
 *
 * @param {object} [options]
 * @param {number} [options.smtpPort=0] 0 picks a free port.
 * @param {number} [options.httpPort=0] 0 picks a free port.
 * @param {string} [options.host='127.0.0.1']
 * @param {(message: string) => void} [options.log=console.error]
 */
export async function startMailCatcher({ smtpPort = 0, httpPort = 0, host = '127.0.0.1', log = (message) => console.error(message) } = {}) {
  /** @type {CaughtMessage[]} */
  const inbox = []
  let nextId = 1
  /** @param {Omit<CaughtMessage, 'id' | 'receivedAt'>} message */
  const keep = (message) => {
    inbox.push({ id: nextId++, receivedAt: new Date().toISOString(), ...message })
    if (inbox.length > MAX_MESSAGES) inbox.shift()
  }

  /** @type {MailFault[]} */
  const faults = []
  const { smtp, counted } = createSmtpServer({ keep, log, faults })
  const actualSmtpPort = await listen(smtp.server, { port: smtpPort, host, envVar: 'FOYER_SMTP_PORT' })
  /** @type {Awaited<ReturnType<typeof serveApp>>} */
  let http
  try {
    http = await serveApp(createInboxApp(inbox, log), { port: httpPort, host, envVar: 'FOYER_MAIL_PORT', name: 'mail', log })
  } catch (error) {
    await new Promise((resolve) => smtp.close(() => resolve(undefined)))
    throw error
  }
  /** @type {Promise<void> | undefined} */
  let stopping
  return {
    /** `smtp://127.0.0.1:<port>`: what `FOYER_SMTP_URL` is set to for the wallet service. */
    smtpUrl: `smtp://${host}:${actualSmtpPort}`,
    /** The inbox: `GET /` (HTML) and `GET /messages?to=` (JSON, newest last). */
    url: http.url,
    /** The messages caught so far, oldest first (the live list; read it, do not change it). */
    messages: /** @type {readonly CaughtMessage[]} */ (inbox),
    /** SMTP connections accepted so far: a mailer that keeps its connections open makes few. */
    get smtpConnections() {
      return counted.accepted
    },
    /**
     * The test switch: the next `count` mails (counted at their recipient) meet `fault` (MailFault); the faults of
     * several calls queue up in order.
     *
     * @param {MailFault} fault @param {number} [count=1]
     */
    faultNext(fault, count = 1) {
      for (let index = 0; index < count; index += 1) faults.push(fault)
    },
    /** Cuts every open SMTP connection now, as a restart of a mail server would: kept connections go stale. */
    dropConnections() {
      for (const connection of smtp.connections) connection.close()
    },
    /** Stops both servers, cutting the SMTP connections a pooled sender keeps open. Safe to call twice. */
    stop() {
      stopping ??= Promise.all([
        new Promise((resolve) => {
          smtp.close(() => resolve(undefined))
          // smtp-server would wait 30 s for them to quit.
          for (const connection of smtp.connections) connection.close()
        }),
        http.stop(),
      ]).then(() => undefined)
      return stopping
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof startMailCatcher>>} MailCatcher */

/**
 * An SMTP server that accepts any sender and recipient without TLS or authentication (loopback only), and keeps
 * each message it parses; `faults` (faultNext) make the next mails fail.
 *
 * @param {{ keep: (message: Omit<CaughtMessage, 'id' | 'receivedAt'>) => void, log: (message: string) => void, faults: MailFault[] }} options
 */
function createSmtpServer({ keep, log, faults }) {
  const counted = { accepted: 0 }
  /** The connection of a session, to cut it. @param {{ id: string }} session */
  const connectionOf = (session) => [...smtp.connections].find((connection) => connection.id === session.id)
  /** Sessions whose mail is to be kept and its connection cut before the reply. */
  const dropAfterData = new Set()
  const smtp = new SMTPServer({
    // No STARTTLS: offered with the server's self-signed certificate, nodemailer would try it and refuse the certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onConnect(_session, callback) {
      counted.accepted += 1
      callback()
    },
    onRcptTo(_address, session, callback) {
      const fault = faults.shift()
      if (fault === undefined) return callback()
      if (fault === 'drop') return connectionOf(session)?.close()
      if (fault === 'drop-after-data') {
        dropAfterData.add(session.id)
        return callback()
      }
      callback(Object.assign(new Error(`Refused by the test switch (${fault})`), { responseCode: fault }))
    },
    onData(stream, session, callback) {
      // mailparser loads with the first message: a quarter second less for `npm start`.
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(stream))
        .then((parsed) => {
          keep({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          })
          // Kept, and never confirmed: the sender cannot know the mail arrived.
          if (dropAfterData.delete(session.id)) return connectionOf(session)?.close()
          callback()
        })
        .catch((/** @type {Error} */ error) => {
          log(`[mail] a message could not be parsed: ${error.message}`)
          callback(error)
        })
    },
  })
  return { smtp, counted }
}

/** `?to=`: the messages to one address (any letter case), or all. */
const InboxQuery = v.looseObject({
  to: v.pipe(
    queryString('to'),
    v.transform((to) => to?.trim().toLowerCase()),
    v.check((to) => to === undefined || to.length <= 320, 'to must be an email address'),
  ),
})

/**
 * @param {CaughtMessage[]} inbox
 * @param {(message: string) => void} log
 */
function createInboxApp(inbox, log) {
  const app = createServiceApp({ name: 'mail', log, methods: ['GET'] })
  /** @param {string | undefined} to */
  const matching = (to) => (to ? inbox.filter((message) => message.to.includes(to)) : inbox)
  const inboxQuery = valid('query', InboxQuery)
  app.get('/messages', inboxQuery, (c) => sendJson(c, 200, matching(c.req.valid('query').to)))
  app.get('/', inboxQuery, (c) =>
    c.html(inboxPage(matching(c.req.valid('query').to)), 200, {
      // The page shows text mailed by anyone who reaches the SMTP port: it runs no script and loads nothing.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'no-store',
    }),
  )
  return app
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** @param {readonly CaughtMessage[]} messages */
function inboxPage(messages) {
  const items = [...messages]
    .reverse()
    .map(
      (message) => `<article><h2>${escapeHtml(message.subject)}</h2>
<p class="meta">to ${escapeHtml(message.to.join(', '))} · ${escapeHtml(message.receivedAt)}</p>
<pre>${escapeHtml(message.text)}</pre></article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foyer local inbox</title>
<meta http-equiv="refresh" content="5">
<style>body{font:15px system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#666;font-size:13px}
pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Foyer local inbox</h1><p>Mail the local stack sends (sign-in codes, device links), newest first. Nothing is delivered anywhere.</p>
${items || '<p>No messages yet.</p>'}</body></html>`
}
