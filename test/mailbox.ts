// What the wallet mailed, read from the local mail catcher (services/dev/mail) over HTTP, as a visitor reads their
// inbox: shared by the wallet's integration tests and the end-to-end files that start their own catcher.
import { randomBytes } from 'node:crypto'
import type { CaughtMessage } from '../services/dev/mail/index.mjs'

/** An address no other test uses, so tests sharing a wallet service never read each other's mail. */
export const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`

/** Every mail the catcher at `mailUrl` holds for `email`, oldest first. */
export async function mailsTo(mailUrl: string, email: string): Promise<CaughtMessage[]> {
  const response = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(email)}`)
  return (await response.json()) as CaughtMessage[]
}

/** The 6-digit code of the newest mail to `email`, or undefined when it holds none. */
export async function newestCode(mailUrl: string, email: string): Promise<string | undefined> {
  return /\b(\d{6})\b/.exec((await mailsTo(mailUrl, email)).at(-1)?.text ?? '')?.[1]
}

/** The 6-digit code of the newest mail to `email`; throws when none was mailed. */
export async function lastMailedCode(mailUrl: string, email: string): Promise<string> {
  const code = await newestCode(mailUrl, email)
  if (!code) throw new Error(`No code mailed to ${email}`)
  return code
}
