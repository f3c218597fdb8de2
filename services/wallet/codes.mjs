// One-time codes (6 digits, mailed) and device links (a long random token, mailed as a URL): stored only as an
// HMAC, expiring after 10 minutes, single use, and a code allows 5 tries before a new one must be asked for. Each
// address also has a budget of wrong codes across all its codes, whoever sends them (docs/wallets.md).
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

import { WalletError } from './errors.mjs'
import { hashSecret } from './masterKey.mjs'

/** A code or link expires 10 minutes after it is mailed. */
export const CODE_TTL_MS = 10 * 60_000
/** Wrong tries a code allows; the next one is refused even with the right code. */
export const MAX_TRIES = 5
/** rules §5: a visitor may make the wallet mail an address once every 30 seconds. */
export const MAIL_COOLDOWN_MS = 30_000
/** Wrong codes an address may be sent in a window, across all its codes and browsers; then it cools down. */
export const WRONG_CODE_BUDGET = 10
/** The window of the budget, from the first wrong code in it: the cool-down ends when the window does. */
export const WRONG_CODE_WINDOW_MS = 60 * 60_000

/** @typedef {'login' | 'update_primary' | 'update_secondary' | 'export'} CodePurpose */
/**
 * @typedef {object} CodeDeps
 * @property {import('../storage/index.mjs').Database} database
 * @property {Buffer} codesKey
 * @property {() => number} now
 */

/**
 * An address's claimed mail slot: given back when the mail surely did not go out (mails.mjs), so the visitor may ask
 * again at once; `secondsLeft` until the next mail may be asked for.
 *
 * @typedef {{ release: () => Promise<void>, secondsLeft: () => number }} MailSlot
 */

/**
 * Claims the address's mail slot, or refuses with rules §5's text when it was used less than 30 s ago. One statement,
 * so two requests at once cannot both pass.
 *
 * @param {CodeDeps} deps
 * @param {string} email
 * @returns {Promise<MailSlot>}
 */
export async function claimMailSlot({ database, now }, email) {
  const sentAt = new Date(now())
  const { rows } = await database.query(
    `INSERT INTO wallet.mail_cooldowns AS c (email, sent_at) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET sent_at = $2 WHERE c.sent_at <= $3
     RETURNING email`,
    [email, sentAt, new Date(now() - MAIL_COOLDOWN_MS)],
  )
  const secondsFrom = (/** @type {Date} */ claimedAt) => Math.max(1, Math.ceil((claimedAt.getTime() + MAIL_COOLDOWN_MS - now()) / 1000))
  if (rows.length > 0) {
    return {
      // Only this claim's own: a later claim of the address keeps its slot.
      release: async () => {
        await database.query('DELETE FROM wallet.mail_cooldowns WHERE email = $1 AND sent_at = $2', [email, sentAt])
      },
      secondsLeft: () => secondsFrom(sentAt),
    }
  }
  const previous = await database.query('SELECT sent_at FROM wallet.mail_cooldowns WHERE email = $1', [email])
  const seconds = secondsFrom(new Date(/** @type {{ sent_at: Date }} */ (previous.rows[0]).sent_at))
  throw new WalletError(429, 'RATE_LIMITED', `Please try again after ${seconds} seconds`, { retryAfter: seconds })
}

/**
 * Refuses (TOO_MANY_WRONG_CODES, with the seconds left) when the address has used its budget of wrong codes.
 *
 * @param {CodeDeps} deps
 * @param {string} email the address the codes are mailed to
 */
export async function checkWrongCodeBudget({ database, now }, email) {
  const { rows } = await database.query('SELECT window_started_at, wrong FROM wallet.code_guesses WHERE email = $1', [email])
  const refusal = budgetRefusal(rows[0], now())
  if (refusal) throw refusal
}

/**
 * @param {Record<string, any> | undefined} guesses the address's `wallet.code_guesses` row (window_started_at, wrong)
 * @param {number} at now
 */
function budgetRefusal(guesses, at) {
  if (!guesses || guesses.wrong < WRONG_CODE_BUDGET) return undefined
  const waitMs = new Date(guesses.window_started_at).getTime() + WRONG_CODE_WINDOW_MS - at
  if (waitMs <= 0) return undefined
  const seconds = Math.ceil(waitMs / 1000)
  const minutes = Math.ceil(seconds / 60)
  const message = `Too many wrong codes for this address: please try again after ${minutes === 1 ? '1 minute' : `${minutes} minutes`}`
  return new WalletError(429, 'TOO_MANY_WRONG_CODES', message, { retryAfter: seconds })
}

/**
 * Stores a fresh code for this device and purpose and returns it, for the mail. Older codes of the same device
 * and purpose stop counting (only the newest is checked).
 *
 * @param {CodeDeps} deps
 * @param {{ purpose: CodePurpose, deviceHash: Buffer, email: string, newEmail?: string }} code
 */
export async function issueCode({ database, codesKey, now }, { purpose, deviceHash, email, newEmail }) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await database.query(
    `INSERT INTO wallet.codes (purpose, device_hash, email, new_email, secret_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [purpose, deviceHash, email, newEmail ?? null, hashSecret(codesKey, code), new Date(now() + CODE_TTL_MS), new Date(now())],
  )
  return code
}

/**
 * Checks `code` against the device's newest code for `purpose` and uses it up when it matches. A wrong try is
 * counted (and committed) before the refusal, against the code and against its address's budget; once the budget
 * is spent, no code of the address is checked, the right one neither, until the window ends. `andThen` runs in the
 * same transaction once the code matched (a login's user and device: one transaction, and a code is not used up by
 * a login that failed); `result` is its answer.
 *
 * @template T
 * @param {CodeDeps} deps
 * @param {{ purpose: CodePurpose, deviceHash: Buffer, code: unknown }} attempt
 * @param {(tx: { query: import('../storage/index.mjs').Query }, used: { email: string, newEmail: string | null }) => Promise<T>} [andThen]
 * @returns {Promise<{ email: string, newEmail: string | null, result: T }>}
 */
export async function useCode({ database, codesKey, now }, { purpose, deviceHash, code }, andThen) {
  if (typeof code !== 'string') throw new WalletError(400, 'INVALID_REQUEST', 'otp must be a string')
  const outcome = await database.transaction(async (tx) => {
    const { rows } = await tx.query(
      `SELECT id, email, new_email, secret_hash, tries, expires_at, used_at FROM wallet.codes
       WHERE device_hash = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      [deviceHash, purpose],
    )
    const row = rows[0]
    if (!row || row.used_at) return { refusal: 'INVALID_CODE' }
    if (new Date(row.expires_at).getTime() <= now()) return { refusal: 'CODE_EXPIRED' }
    // The second code of an email change goes to the new address: that is the mailbox being guessed.
    const mailedTo = purpose === 'update_secondary' ? row.new_email : row.email
    // Locked until the end: two guesses at once cannot both pass the budget's last wrong code.
    const guesses = await tx.query('SELECT window_started_at, wrong FROM wallet.code_guesses WHERE email = $1 FOR UPDATE', [mailedTo])
    const exhausted = budgetRefusal(guesses.rows[0], now())
    if (exhausted) return { exhausted }
    if (row.tries >= MAX_TRIES) return { refusal: 'TOO_MANY_ATTEMPTS' }
    const matches = timingSafeEqual(hashSecret(codesKey, code), row.secret_hash)
    if (matches) {
      await tx.query('UPDATE wallet.codes SET used_at = $2 WHERE id = $1', [row.id, new Date(now())])
      const used = { email: row.email, newEmail: row.new_email }
      return { ...used, result: /** @type {T} */ (andThen ? await andThen(tx, used) : undefined) }
    }
    await tx.query('UPDATE wallet.codes SET tries = tries + 1 WHERE id = $1', [row.id])
    await countWrongCode(tx, mailedTo, now())
    return { refusal: 'INVALID_CODE' }
  })
  if ('exhausted' in outcome) throw outcome.exhausted
  if ('refusal' in outcome) throw codeRefusal(outcome.refusal)
  return outcome
}

/**
 * One more wrong code for the address; a window that ended starts again with this one.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} tx @param {string} email @param {number} at now
 */
async function countWrongCode(tx, email, at) {
  await tx.query(
    `INSERT INTO wallet.code_guesses AS g (email, window_started_at, wrong) VALUES ($1, $2, 1)
     ON CONFLICT (email) DO UPDATE SET
       wrong = CASE WHEN g.window_started_at <= $3 THEN 1 ELSE g.wrong + 1 END,
       window_started_at = CASE WHEN g.window_started_at <= $3 THEN $2 ELSE g.window_started_at END`,
    [email, new Date(at), new Date(at - WRONG_CODE_WINDOW_MS)],
  )
}

/** @param {string} refusal */
function codeRefusal(refusal) {
  if (refusal === 'CODE_EXPIRED') return new WalletError(400, refusal, 'The code has expired: ask for a new one')
  if (refusal === 'TOO_MANY_ATTEMPTS') return new WalletError(429, refusal, 'Too many wrong codes: ask for a new one')
  return new WalletError(400, 'INVALID_CODE', 'Invalid code')
}

/**
 * Stores a device link's token and returns it, for the mailed URL.
 *
 * @param {CodeDeps} deps
 * @param {{ deviceHash: Buffer, email: string }} link
 */
export async function issueDeviceToken({ database, codesKey, now }, { deviceHash, email }) {
  const token = randomBytes(32).toString('base64url')
  await database.query(
    `INSERT INTO wallet.codes (purpose, device_hash, email, secret_hash, expires_at, created_at) VALUES ('device', $1, $2, $3, $4, $5)`,
    [deviceHash, email, hashSecret(codesKey, token), new Date(now() + CODE_TTL_MS), new Date(now())],
  )
  return token
}

/**
 * Confirms the device a link was mailed for; the link works once, within 10 minutes.
 *
 * @param {CodeDeps} deps
 * @param {string} token
 * @returns {Promise<boolean>}
 */
export async function confirmDeviceToken({ database, codesKey, now }, token) {
  return database.transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE wallet.codes SET used_at = $2 WHERE purpose = 'device' AND secret_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING device_hash, email`,
      [hashSecret(codesKey, token), new Date(now())],
    )
    if (!rows[0]) return false
    await tx.query('INSERT INTO wallet.devices (device_hash, email) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      rows[0].device_hash,
      rows[0].email,
    ])
    return true
  })
}

/**
 * @param {CodeDeps} deps
 * @param {Buffer} deviceHash
 * @returns {Promise<string | undefined>} the email of the device's newest pending (unused, unexpired) link
 */
export async function pendingDeviceEmail({ database, now }, deviceHash) {
  const { rows } = await database.query(
    `SELECT email FROM wallet.codes WHERE purpose = 'device' AND device_hash = $1 AND expires_at > $2
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [deviceHash, new Date(now())],
  )
  return rows[0]?.email
}

/** @param {CodeDeps} deps @param {Buffer} deviceHash @param {string} email */
export async function isDeviceConfirmed({ database }, deviceHash, email) {
  const { rows } = await database.query('SELECT 1 FROM wallet.devices WHERE device_hash = $1 AND email = $2', [deviceHash, email])
  return rows.length > 0
}
