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
 * What a mailed secret is stored with: `budgetOf`, the addresses whose budget of wrong codes must not be spent (each
 * refuses with TOO_MANY_WRONG_CODES, in this order); `claimSlot`, whether the mail takes the address's 30 s mail slot
 * (rules §5: RATE_LIMITED while it was used less than 30 s ago).
 *
 * @typedef {{ purpose: CodePurpose | 'device', deviceHash: Buffer, email: string, newEmail?: string,
 *   budgetOf?: readonly string[], claimSlot?: boolean }} MailedSecret
 */

/**
 * Stores a fresh code for this device and purpose and returns it, for the mail, with the mail slot it took. Older
 * codes of the same device and purpose stop counting (only the newest is checked).
 *
 * @param {CodeDeps} deps @param {Omit<MailedSecret, 'purpose'> & { purpose: CodePurpose }} code
 */
export async function issueCode(deps, code) {
  const secret = String(randomInt(0, 1_000_000)).padStart(6, '0')
  return { code: secret, slot: await storeMailedSecret(deps, code, secret) }
}

/**
 * Stores a device link's token and returns it, for the mailed URL, with the mail slot it took.
 *
 * @param {CodeDeps} deps @param {Omit<MailedSecret, 'purpose'>} link
 */
export async function issueDeviceToken(deps, link) {
  const token = randomBytes(32).toString('base64url')
  return { token, slot: await storeMailedSecret(deps, { ...link, purpose: 'device' }, token) }
}

/**
 * The budgets checked, the mail slot claimed and the secret stored in one statement, one round trip: a refused budget
 * claims no slot, a slot used less than 30 s ago stores no secret, and two requests at once cannot both take the slot.
 *
 * @param {CodeDeps} deps @param {MailedSecret} mailed @param {string} secret
 * @returns {Promise<MailSlot | undefined>} the slot taken, when `claimSlot`
 */
async function storeMailedSecret({ database, codesKey, now }, mailed, secret) {
  const { purpose, deviceHash, email, newEmail, budgetOf = [], claimSlot = false } = mailed
  const at = now()
  const sentAt = new Date(at)
  const { rows } = await database.query(
    `WITH guesses AS (
       SELECT email, window_started_at, wrong FROM wallet.code_guesses WHERE email = ANY($8::text[])
     ), allowed AS (
       SELECT NOT EXISTS (SELECT 1 FROM guesses WHERE wrong >= $9 AND window_started_at > $10) AS ok
     ), claimed AS (
       INSERT INTO wallet.mail_cooldowns AS c (email, sent_at) SELECT $3, $7 FROM allowed WHERE ok AND $11
       ON CONFLICT (email) DO UPDATE SET sent_at = $7 WHERE c.sent_at <= $12
       RETURNING email
     ), stored AS (
       INSERT INTO wallet.codes (purpose, device_hash, email, new_email, secret_hash, expires_at, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7 FROM allowed WHERE ok AND (NOT $11 OR EXISTS (SELECT 1 FROM claimed))
       RETURNING id
     )
     SELECT EXISTS (SELECT 1 FROM stored) AS stored,
       (SELECT sent_at FROM wallet.mail_cooldowns WHERE email = $3) AS previous_sent_at,
       (SELECT json_agg(json_build_object('email', email, 'window_started_at', window_started_at, 'wrong', wrong)) FROM guesses) AS guesses`,
    [
      purpose,
      deviceHash,
      email,
      newEmail ?? null,
      hashSecret(codesKey, secret),
      new Date(at + CODE_TTL_MS),
      sentAt,
      budgetOf,
      WRONG_CODE_BUDGET,
      new Date(at - WRONG_CODE_WINDOW_MS),
      claimSlot,
      new Date(at - MAIL_COOLDOWN_MS),
    ],
  )
  const { stored, previous_sent_at: previousSentAt, guesses } = /** @type {Record<string, any>} */ (rows[0])
  for (const address of budgetOf) {
    const refusal = budgetRefusal(
      guesses?.find((/** @type {{ email: string }} */ row) => row.email === address),
      at,
    )
    if (refusal) throw refusal
  }
  const secondsFrom = (/** @type {Date} */ claimedAt) => Math.max(1, Math.ceil((claimedAt.getTime() + MAIL_COOLDOWN_MS - now()) / 1000))
  if (!stored) {
    // The statement's snapshot may miss a slot another request claimed a moment before: then it is a whole cooldown.
    const seconds = secondsFrom(previousSentAt ? new Date(previousSentAt) : sentAt)
    throw new WalletError(429, 'RATE_LIMITED', `Please try again after ${seconds} seconds`, { retryAfter: seconds })
  }
  if (!claimSlot) return undefined
  return {
    // Only this claim's own: a later claim of the address keeps its slot.
    release: async () => {
      await database.query('DELETE FROM wallet.mail_cooldowns WHERE email = $1 AND sent_at = $2', [email, sentAt])
    },
    secondsLeft: () => secondsFrom(sentAt),
  }
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
    // The code and its address's budget in one statement, both locked until the end: two guesses at once cannot both
    // pass the budget's last wrong code. The second code of an email change goes to the new address: that is the
    // mailbox being guessed.
    const { rows } = await tx.query(
      `SELECT c.*, g.window_started_at, g.wrong FROM (
         SELECT id, email, new_email, secret_hash, tries, expires_at, used_at FROM wallet.codes
         WHERE device_hash = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE
       ) c LEFT JOIN LATERAL (
         SELECT window_started_at, wrong FROM wallet.code_guesses
         WHERE email = CASE WHEN $2 = 'update_secondary' THEN c.new_email ELSE c.email END FOR UPDATE
       ) g ON true`,
      [deviceHash, purpose],
    )
    const row = rows[0]
    if (!row || row.used_at) return { refusal: 'INVALID_CODE' }
    if (new Date(row.expires_at).getTime() <= now()) return { refusal: 'CODE_EXPIRED' }
    const mailedTo = purpose === 'update_secondary' ? row.new_email : row.email
    const exhausted = budgetRefusal(row, now())
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
