// Mail: the sender the services use (nodemailer) and the local stack's catcher.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export { MailError, createMailer } from '../../wallet/createMailer.mjs'
export { DEFAULT_MAIL_PORT, DEFAULT_SMTP_PORT, MAX_MESSAGES, startMailCatcher } from './startMailCatcher.mjs'

/**
 * @typedef {import('./startMailCatcher.mjs').CaughtMessage} CaughtMessage
 * @typedef {import('./startMailCatcher.mjs').MailFault} MailFault
 * @typedef {import('./startMailCatcher.mjs').MailCatcher} MailCatcher
 * @typedef {import('../../wallet/createMailer.mjs').Mailer} Mailer
 */
