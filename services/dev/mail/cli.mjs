#!/usr/bin/env node
// Starts the mail catcher: SMTP on 127.0.0.1:8025 (FOYER_SMTP_PORT), the inbox on 127.0.0.1:8791 (FOYER_MAIL_PORT).
// Runs until SIGINT/SIGTERM.
import { readPort, stopOnSignals } from '../../serviceCli.mjs'
import { DEFAULT_MAIL_PORT, DEFAULT_SMTP_PORT, startMailCatcher } from './startMailCatcher.mjs'

/** @type {import('./startMailCatcher.mjs').MailCatcher} */
let catcher
try {
  catcher = await startMailCatcher({
    smtpPort: readPort('FOYER_SMTP_PORT', DEFAULT_SMTP_PORT),
    httpPort: readPort('FOYER_MAIL_PORT', DEFAULT_MAIL_PORT),
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
stopOnSignals('Mail catcher', catcher.stop)
console.log(`Mail catcher: SMTP ${catcher.smtpUrl}, inbox ${catcher.url}`)
