// The rules a name and its registration message follow (rules §5), and the errors the profile calls answer with: each
// carries `reasons`, `[{ name, description }]`, whose first description the client shows (rules §8).
import { ServiceError } from '../../http/index.mjs'

/** The zone every name ends in unless the service is told another (rules §9: the suggestion zone is fixed). */
export const DEFAULT_NAME_ZONE = 'foyer.id'
/** Shortest label (rules §5). */
export const MIN_LABEL_LENGTH = 4
/** Longest label: a DNS label's 63 characters, so a name also works where names are DNS-like. */
export const MAX_LABEL_LENGTH = 63
/** How old a registration message may be, in seconds. */
export const MESSAGE_MAX_AGE_S = 10 * 60
/** How far ahead of the service's clock a message's timestamp may be, in seconds (a wallet's clock may run fast). */
export const MESSAGE_MAX_SKEW_S = 60
/** Longest registration message, in characters. */
export const MAX_MESSAGE_LENGTH = 4096

const LABEL_CHARACTERS = /^[a-z0-9-]*$/
const ATTRIBUTE_KEY = /^[a-z][a-z0-9_.-]{0,31}$/
const MAX_ATTRIBUTES = 8
const MAX_ATTRIBUTE_LENGTH = 2048
/** ENSIP-11: an EVM chain's coin type is its chain id with the top bit set; Ethereum itself keeps SLIP-44's 60. */
const EVM_COIN_TYPE_BIT = 0x80000000
const ETHEREUM_COIN_TYPE = 60

/**
 * A refusal of a profile call: the HTTP status, and one reason `{ name, description }` in the body's `reasons` (rules §8:
 * the client shows the first one's description; the message is the description).
 */
export class NameRequestError extends ServiceError {
  /**
   * @param {number} status
   * @param {string} reason what kind of refusal, for programs: 'NAME_TAKEN', 'INVALID_NAME' …
   * @param {string} description for people
   */
  constructor(status, reason, description) {
    super(status, null, description, { reasons: [{ name: reason, description }] })
    this.name = 'NameRequestError'
  }
}

/**
 * The label's problem under rules §5 (letters, digits and hyphens only, at least 4 characters), or undefined when it
 * has none. Checked on the lower-case form.
 *
 * @param {string} label
 * @returns {string | undefined}
 */
export function labelProblem(label) {
  if (!LABEL_CHARACTERS.test(label)) return 'A name has letters, digits and hyphens only'
  if (label.length < MIN_LABEL_LENGTH) return `A name has at least ${MIN_LABEL_LENGTH} characters`
  if (label.length > MAX_LABEL_LENGTH) return `A name has at most ${MAX_LABEL_LENGTH} characters`
  return undefined
}

/**
 * A full name in `zone` from what a client sent: a bare label ('alice') or the full name ('alice.foyer.id'),
 * any case. Refuses anything else with INVALID_NAME.
 *
 * @param {unknown} value
 * @param {string} zone
 * @returns {{ name: string, label: string }} lower-case
 */
export function parseName(value, zone) {
  if (typeof value !== 'string' || value.length > MAX_LABEL_LENGTH + zone.length + 1) {
    throw new NameRequestError(400, 'INVALID_NAME', 'Invalid name')
  }
  const lower = value.trim().toLowerCase()
  const suffix = `.${zone}`
  const label = lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower
  if (label.includes('.')) throw new NameRequestError(400, 'INVALID_NAME', `Names end in .${zone}`)
  const problem = labelProblem(label)
  if (problem) throw new NameRequestError(400, 'INVALID_NAME', problem)
  return { name: `${label}${suffix}`, label }
}

/**
 * The EVM chain id of an ENSIP-11 coin type (60 is Ethereum, chain 1), or undefined when it names no EVM chain.
 *
 * @param {unknown} value a number or a string of digits
 * @returns {number | undefined}
 */
export function chainIdOfCoinType(value) {
  const coinType = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value
  if (typeof coinType !== 'number' || !Number.isSafeInteger(coinType)) return undefined
  if (coinType === ETHEREUM_COIN_TYPE) return 1
  if (coinType <= EVM_COIN_TYPE_BIT || coinType > 0xffffffff) return undefined
  return coinType - EVM_COIN_TYPE_BIT
}

/**
 * The ENSIP-11 coin type of an EVM chain.
 *
 * @param {number} chainId
 */
export function coinTypeOfChain(chainId) {
  return chainId === 1 ? ETHEREUM_COIN_TYPE : (EVM_COIN_TYPE_BIT | chainId) >>> 0
}

/**
 * @typedef {object} RegistrationMessage
 * @property {string} name the full name, lower-case
 * @property {string} label
 * @property {string} address as the message wrote it
 * @property {Record<string, string>} attributes
 * @property {number} timestamp seconds
 */

/**
 * Reads a registration message: the JSON text the wallet signed, `{ name, address, attributes, timestamp }`
 * (timestamp in seconds). It must name a valid name in `zone`; attributes are short strings under simple keys,
 * and `avatar`, when given, an https or data:image URL.
 *
 * @param {unknown} message
 * @param {string} zone
 * @returns {RegistrationMessage}
 */
export function parseRegistrationMessage(message, zone) {
  const invalid = (/** @type {string} */ why) => new NameRequestError(400, 'INVALID_MESSAGE', why)
  if (typeof message !== 'string' || message.length === 0) throw invalid('message must be the signed registration text')
  if (message.length > MAX_MESSAGE_LENGTH) throw invalid(`message has more than ${MAX_MESSAGE_LENGTH} characters`)
  /** @type {any} */
  let fields
  try {
    fields = JSON.parse(message)
  } catch {
    throw invalid('message must be JSON: { name, address, attributes, timestamp }')
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    throw invalid('message must be JSON: { name, address, attributes, timestamp }')
  }
  const { name, label } = parseName(fields.name, zone)
  if (typeof fields.address !== 'string') throw invalid('message names no address')
  if (!(typeof fields.timestamp === 'number' && Number.isSafeInteger(fields.timestamp) && fields.timestamp > 0)) {
    throw invalid('message has no timestamp (seconds)')
  }
  return { name, label, address: fields.address, attributes: parseAttributes(fields.attributes), timestamp: fields.timestamp }
}

/**
 * @param {unknown} value
 * @returns {Record<string, string>}
 */
function parseAttributes(value) {
  if (value === undefined || value === null) return {}
  const invalid = (/** @type {string} */ why) => new NameRequestError(400, 'INVALID_ATTRIBUTES', why)
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('attributes must be an object of strings')
  const entries = Object.entries(value)
  if (entries.length > MAX_ATTRIBUTES) throw invalid(`At most ${MAX_ATTRIBUTES} attributes`)
  for (const [key, text] of entries) {
    if (!ATTRIBUTE_KEY.test(key)) throw invalid(`Invalid attribute name: ${key.slice(0, 40)}`)
    if (typeof text !== 'string' || text.length > MAX_ATTRIBUTE_LENGTH) {
      throw invalid(`The attribute ${key} must be a string of at most ${MAX_ATTRIBUTE_LENGTH} characters`)
    }
    if (key === 'avatar' && !/^(https:\/\/|data:image\/)/i.test(text)) throw invalid('avatar must be an https or data:image URL')
  }
  return Object.fromEntries(entries)
}

/**
 * rules §9-style freshness: refuses a message signed more than MESSAGE_MAX_AGE_S ago or dated ahead of the clock.
 *
 * @param {number} timestamp seconds
 * @param {number} nowMs
 */
export function checkFresh(timestamp, nowMs) {
  const now = Math.floor(nowMs / 1000)
  if (now - timestamp > MESSAGE_MAX_AGE_S) {
    throw new NameRequestError(400, 'STALE_MESSAGE', 'The registration message is too old: sign a new one')
  }
  if (timestamp - now > MESSAGE_MAX_SKEW_S) {
    throw new NameRequestError(400, 'STALE_MESSAGE', 'The registration message is dated in the future: check your clock')
  }
}
