// Telegram Login (the login widget's redirect mode): Telegram sends the user back with `id`, `first_name`,
// `last_name`, `username`, `photo_url`, `auth_date` and `hash`, where `hash` is the hex HMAC-SHA-256 of the
// data-check string (every other field as `key=value`, sorted by key, joined by newlines) keyed with SHA-256 of the
// bot token. Only the bot's owner can make it; the wallet checks it, and that it is fresh.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** The fields Telegram signs; anything else in the URL (the sign-in's `state`) is not part of the check. */
export const TELEGRAM_FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date']
/** A Telegram result older than this is refused (it would be a replay). */
export const TELEGRAM_MAX_AGE_MS = 10 * 60_000

/**
 * The Telegram user a result URL vouches for, or undefined when its hash is wrong, it is stale or incomplete.
 *
 * @param {URLSearchParams} params
 * @param {string} botToken
 * @param {number} now milliseconds
 * @returns {{ id: string, userName: string | null } | undefined}
 */
export function verifyTelegramLogin(params, botToken, now) {
  const hash = params.get('hash') ?? ''
  if (!/^[0-9a-f]{64}$/.test(hash)) return undefined
  const fields = TELEGRAM_FIELDS.flatMap((key) => {
    const value = params.get(key)
    return value === null ? [] : [/** @type {[string, string]} */ ([key, value])]
  }).sort(([a], [b]) => (a < b ? -1 : 1))
  const dataCheck = fields.map(([key, value]) => `${key}=${value}`).join('\n')
  const expected = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(dataCheck).digest()
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return undefined
  const id = params.get('id') ?? ''
  const authDate = Number(params.get('auth_date'))
  if (!/^\d{1,20}$/.test(id) || !Number.isInteger(authDate)) return undefined
  const age = now - authDate * 1000
  if (age > TELEGRAM_MAX_AGE_MS || age < -60_000) return undefined
  const name = params.get('username') || [params.get('first_name'), params.get('last_name')].filter(Boolean).join(' ')
  return { id, userName: name ? name.slice(0, 100) : null }
}
