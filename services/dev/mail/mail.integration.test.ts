import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer, startMailCatcher, type CaughtMessage, type MailCatcher } from './index.mjs'

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
