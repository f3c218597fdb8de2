import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../../listen.mjs'
import { mailsTo, uniqueEmail } from '../../../test/mailbox.js'
import { createMailer, startMailCatcher, type CaughtMessage, type MailCatcher, type Mailer } from './index.mjs'

let catcher: MailCatcher
beforeAll(async () => {
  catcher = await startMailCatcher()
})
afterAll(async () => {
  await catcher.stop()
})

describe('mail catcher', () => {
  it('a message sent with nodemailer over SMTP is listed for its recipient only', async () => {
    const mailer = createMailer({ smtpUrl: catcher.smtpUrl })
    await mailer.send({ to: 'Ada@Example.com', subject: 'Your code', text: 'Your code is 123456.' })
    await mailer.send({ to: 'bob@example.com', subject: 'Other', text: 'Not for Ada' })
    mailer.close()

    const response = await fetch(`${catcher.url}/messages?to=ada@example.com`)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const messages = (await response.json()) as CaughtMessage[]
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ to: ['ada@example.com'], subject: 'Your code' })
    expect(messages[0]?.text).toMatch(/\b123456\b/)
  })

  it('the inbox page shows the messages, escaped, and runs no script', async () => {
    const mailer = createMailer({ smtpUrl: catcher.smtpUrl })
    await mailer.send({ to: 'eve@example.com', subject: '<script>alert(1)</script>', text: 'hello' })
    mailer.close()
    const response = await fetch(`${catcher.url}/?to=eve@example.com`)
    const page = await response.text()
    expect(page).toContain('&#60;script&#62;alert(1)&#60;/script&#62;')
    expect(page).not.toContain('<script>')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('a mailer refuses a URL that is not SMTP', () => {
    expect(() => createMailer({ smtpUrl: 'http://127.0.0.1:25' })).toThrow(/smtp:\/\//)
  })
})

describe('the pooled mailer, against the catcher', () => {
  const mailers: Mailer[] = []
  /** A mailer of its own for each test, closed after the file. */
  const newMailer = (options: Partial<Parameters<typeof createMailer>[0]> = {}) => {
    const mailer = createMailer({ smtpUrl: catcher.smtpUrl, ...options })
    mailers.push(mailer)
    return mailer
  }
  const mail = (to: string, text = 'Your code is 123456.') => ({ to, subject: 'Your code', text })
  const inbox = (email: string) => mailsTo(catcher.url, email)
  afterAll(() => {
    for (const mailer of mailers) mailer.close()
  })

  it('sends many mails over a few kept connections, each once', async () => {
    const mailer = newMailer({ connections: 2 })
    const before = catcher.smtpConnections
    const emails = Array.from({ length: 40 }, (_, index) => uniqueEmail(`pool${index}`))
    await Promise.all(emails.map((email) => mailer.send(mail(email))))
    expect(catcher.smtpConnections - before).toBeLessThanOrEqual(2)
    for (const email of emails) expect(await inbox(email)).toHaveLength(1)
  })

  it('tries a mail again on a new connection when its connection is cut before it went out, and it arrives once', async () => {
    const mailer = newMailer()
    const email = uniqueEmail('cut-before')
    catcher.faultNext('drop')
    await mailer.send(mail(email))
    expect(await inbox(email)).toHaveLength(1)
  })

  it('says a mail is unconfirmed when its connection is cut after it went out, and never sends it again', async () => {
    const mailer = newMailer({ connections: 1 })
    const email = uniqueEmail('cut-after')
    catcher.faultNext('drop-after-data')
    await expect(mailer.send(mail(email))).rejects.toMatchObject({ name: 'MailError', code: 'MAIL_UNCONFIRMED' })
    // A later mail goes out over a new connection; by then a retry of the first would have arrived too.
    await mailer.send(mail(uniqueEmail('after-the-cut')))
    expect(await inbox(email)).toHaveLength(1)
  })

  it('loses no mail of the queue when the connection drops in the middle of it, and sends none twice', async () => {
    const mailer = newMailer({ connections: 1 })
    const emails = Array.from({ length: 8 }, (_, index) => uniqueEmail(`queue${index}`))
    // The first mail is kept and never confirmed, the second's connection is cut before it goes out: seven wait behind.
    catcher.faultNext('drop-after-data')
    catcher.faultNext('drop')
    const outcomes = await Promise.allSettled(emails.map((email) => mailer.send(mail(email))))
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'sent' : outcome.reason.code))).toEqual([
      'MAIL_UNCONFIRMED',
      ...Array(7).fill('sent'),
    ])
    for (const email of emails) expect(await inbox(email)).toHaveLength(1)
  })

  it('tries a mail the server deferred (4xx) again, and it arrives once', async () => {
    const mailer = newMailer()
    const email = uniqueEmail('deferred')
    catcher.faultNext(451)
    await mailer.send(mail(email))
    expect(await inbox(email)).toHaveLength(1)
  })

  it('does not try again a mail the server refused for good (5xx)', async () => {
    const mailer = newMailer()
    const email = uniqueEmail('refused')
    catcher.faultNext(550)
    await expect(mailer.send(mail(email))).rejects.toMatchObject({ name: 'MailError', code: 'MAIL_NOT_SENT' })
    expect(await inbox(email)).toHaveLength(0)
  })

  it('sends over a new connection when the server closed the kept ones', async () => {
    const mailer = newMailer({ connections: 1 })
    await mailer.send(mail(uniqueEmail('first')))
    catcher.dropConnections()
    const email = uniqueEmail('after-restart')
    await mailer.send(mail(email))
    expect(await inbox(email)).toHaveLength(1)
  })

  it('refuses a mail at once when its queue is full, and says when to try again', async () => {
    const mailer = newMailer({ queueLimit: 1 })
    const first = uniqueEmail('queued')
    const sending = mailer.send(mail(first))
    await expect(mailer.send(mail(uniqueEmail('refused-busy')))).rejects.toMatchObject({ code: 'MAIL_BUSY', retryAfter: 5 })
    await sending
    expect(await inbox(first)).toHaveLength(1)
  })

  it('says a mail was not sent when no server answers', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await findFreePort()}` })
    mailers.push(mailer)
    await expect(mailer.send(mail(uniqueEmail('nobody')))).rejects.toMatchObject({ name: 'MailError', code: 'MAIL_NOT_SENT' })
  })
})
