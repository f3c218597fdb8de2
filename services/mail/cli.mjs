#!/usr/bin/env node
// Starts the mail catcher: SMTP on 127.0.0.1:8025 (FOYER_SMTP_PORT), the inbox on 127.0.0.1:8791 (FOYER_MAIL_PORT).
// Runs until SIGINT/SIGTERM.
import { DEFAULT_MAIL_PORT, DEFAULT_SMTP_PORT, startMailCatcher } from './startMailCatcher.mjs';

/** @param {string} name @param {number} fallback */
function readPort(name, fallback) {
  const raw = process.env[name];
  const port = raw ? Number(raw) : fallback;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be a port number, got ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return port;
}

/** @type {import('./startMailCatcher.mjs').MailCatcher} */
let catcher;
try {
  catcher = await startMailCatcher({ smtpPort: readPort('FOYER_SMTP_PORT', DEFAULT_SMTP_PORT), httpPort: readPort('FOYER_MAIL_PORT', DEFAULT_MAIL_PORT) });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  process.off('SIGINT', shutdown);
  process.off('SIGTERM', shutdown);
  await catcher.stop();
  console.log(`Mail catcher stopped (${signal})`);
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

console.log(`Mail catcher: SMTP ${catcher.smtpUrl}, inbox ${catcher.url}`);
