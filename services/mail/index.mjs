// Mail: the sender the services use (nodemailer) and the local stack's catcher.
// Types: index.d.mts (import from this file, not from the modules behind it).
export { createMailer } from './createMailer.mjs';
export { DEFAULT_MAIL_PORT, DEFAULT_SMTP_PORT, MAX_MESSAGES, startMailCatcher } from './startMailCatcher.mjs';
