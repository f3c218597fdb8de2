// What EIP-4361 and Sign In With Solana messages share: the lexical rules of their values (RFC 3986 URIs and
// authorities, RFC 3339 date-times, nonces, one-line statements) and the reading of their `Label: value` lines in a
// fixed order. docs/sign-in.md says what is accepted and why. Plain JavaScript, its types in JSDoc: the services run
// it on Node as it is, and the chains' lazy sign-in code bundles it.

/** A message the grammar refuses: `line` is its 1-based line number (when one line is at fault), and the message names it. */
export class SignInSyntaxError extends Error {
  /** @param {number | undefined} line @param {string} message */
  constructor(line, message) {
    super(line === undefined ? message : `Line ${line}: ${message}`)
    this.name = 'SignInSyntaxError'
    this.line = line
  }
}

// RFC 3986, appendix A.
const PCT_ENCODED = '%[0-9A-Fa-f]{2}'
const UNRESERVED = 'A-Za-z0-9\\-._~'
const SUB_DELIMS = "!$&'()*+,;="
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`
const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/
const USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*$`)
const REG_NAME = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*$`)
const IPV_FUTURE = new RegExp(`^v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`)
const PORT = /^[0-9]*$/
const PATH_ABEMPTY = new RegExp(`^(?:/${PCHAR}*)*$`)
// path-absolute, path-rootless or path-empty: any run of pchar and '/', so long as it does not start with '//'.
const PATH_WITHOUT_AUTHORITY = new RegExp(`^(?!//)(?:${PCHAR}|/)*$`)
const QUERY_OR_FRAGMENT = new RegExp(`^(?:${PCHAR}|[/?])*$`)
const IPV4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$/
const H16 = /^[0-9A-Fa-f]{1,4}$/

/** `*pchar` (EIP-4361's request-id). */
export const PCHARS = new RegExp(`^${PCHAR}*$`)
/** At least 8 letters or digits. */
export const NONCE = /^[A-Za-z0-9]{8,}$/
/** A statement: RFC 3986's reserved and unreserved characters and spaces, so one line of printable ASCII. */
export const STATEMENT = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@ ]*$`)

/** @param {string} text */
export const isScheme = (text) => SCHEME.test(text)

/** RFC 3986 `URI`: scheme ":" hier-part [ "?" query ] [ "#" fragment ]. @param {string} text */
export function isUri(text) {
  const match = /^([^:/?#]+):([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s.exec(text)
  if (!match) return false
  const [, scheme = '', hierPart = '', query, fragment] = match
  if (!SCHEME.test(scheme) || !QUERY_OR_FRAGMENT.test(query ?? '') || !QUERY_OR_FRAGMENT.test(fragment ?? '')) return false
  if (!hierPart.startsWith('//')) return PATH_WITHOUT_AUTHORITY.test(hierPart)
  const pathStart = hierPart.indexOf('/', 2)
  const authority = pathStart === -1 ? hierPart.slice(2) : hierPart.slice(2, pathStart)
  return isAuthority(authority) && PATH_ABEMPTY.test(pathStart === -1 ? '' : hierPart.slice(pathStart))
}

/** RFC 3986 `authority`: [ userinfo "@" ] host [ ":" port ]. @param {string} text */
export function isAuthority(text) {
  const at = text.indexOf('@')
  if (at !== -1 && !USERINFO.test(text.slice(0, at))) return false
  const hostAndPort = text.slice(at + 1)
  if (hostAndPort.startsWith('[')) {
    const close = hostAndPort.indexOf(']')
    const rest = hostAndPort.slice(close + 1)
    return close !== -1 && isIpLiteral(hostAndPort.slice(1, close)) && (rest === '' || (rest.startsWith(':') && PORT.test(rest.slice(1))))
  }
  // A reg-name has no ':', so the last one starts the port.
  const colon = hostAndPort.lastIndexOf(':')
  const host = colon === -1 ? hostAndPort : hostAndPort.slice(0, colon)
  return REG_NAME.test(host) && (colon === -1 || PORT.test(hostAndPort.slice(colon + 1)))
}

/**
 * The domain a message names: an RFC 3986 authority with a host. The authority's grammar lets the host be empty, but a
 * domain that names no host names nobody (spruceid/siwe's "missing domain" message is refused too).
 *
 * @param {string} text
 */
export function isDomain(text) {
  const hostAndPort = text.slice(text.indexOf('@') + 1)
  // An IP literal is never empty; otherwise the last ':' starts the port, as in isAuthority.
  const colon = hostAndPort.startsWith('[') ? -1 : hostAndPort.lastIndexOf(':')
  const host = colon === -1 ? hostAndPort : hostAndPort.slice(0, colon)
  return host !== '' && isAuthority(text)
}

/** What sits between '[' and ']': an IPv6 address or an IPvFuture. @param {string} text */
function isIpLiteral(text) {
  return IPV_FUTURE.test(text) || isIpv6(text)
}

/** RFC 3986 `IPv6address`: eight 16-bit groups (the last two may be an IPv4 address), '::' standing for a run of zeros. @param {string} text */
function isIpv6(text) {
  const halves = text.split('::')
  if (halves.length > 2) return false
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')))
  const all = groups.flat()
  const last = all.at(-1)
  const endsInIpv4 = last !== undefined && IPV4.test(last)
  const width = all.length + (endsInIpv4 ? 1 : 0)
  const h16s = endsInIpv4 ? all.slice(0, -1) : all
  if (!h16s.every((group) => H16.test(group))) return false
  return halves.length === 2 ? width <= 7 : width === 8
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/

/**
 * The instant an RFC 3339 `date-time` names, in milliseconds since 1970, or undefined for text that is not one or
 * names a day that does not exist (31 February), an hour past 23, a minute past 59, or a leap second (second 60)
 * anywhere but at the end of a UTC day. A leap second counts as the first moment of the next day.
 *
 * @param {string} text
 * @returns {number | undefined}
 */
export function dateTimeInstant(text) {
  const match = DATE_TIME.exec(text)
  if (!match) return undefined
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, offsetHour = 0, offsetMinute = 0] = [...match.slice(1, 7), ...match.slice(10, 12)].map(
    Number,
  )
  const [fraction = '', zulu, sign] = match.slice(7, 10)
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 60 || offsetHour > 23 || offsetMinute > 59)
    return undefined
  const offsetMs = zulu ? 0 : (sign === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute) * 60_000
  // Date.UTC takes years below 100 as 19xx; setUTCFullYear does not.
  const utc = new Date(0)
  utc.setUTCFullYear(y, mo - 1, d)
  utc.setUTCHours(h, mi, Math.min(s, 59), 0)
  const instant = utc.getTime() - offsetMs + Math.floor(Number(`0${fraction}`) * 1000)
  if (s === 60) {
    const atUtc = new Date(instant)
    if (atUtc.getUTCHours() !== 23 || atUtc.getUTCMinutes() !== 59) return undefined
    return instant + 1000
  }
  return instant
}

/** @param {number} year @param {number} month 1 to 12 */
function daysIn(year, month) {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * One `Label: value` line of a message's field section.
 *
 * @typedef {object} FieldRule
 * @property {string} label as written before ': '
 * @property {string} key the parsed field's name
 * @property {boolean} required
 * @property {(value: string) => string | undefined} check why the value is refused, or undefined when it is good
 */

/**
 * Reads the field lines of a message (from `lines[start]` to the end) in `rules`' order, then the optional
 * `Resources:` block (a `- URI` line each). Every line must be the next field the order allows: a field out of
 * place, repeated, unknown, or any other line, is refused with its line number.
 *
 * @param {readonly string[]} lines the whole message, split at '\n'
 * @param {number} start index of the first field line
 * @param {readonly FieldRule[]} rules
 * @returns {Record<string, string | string[]>}
 */
export function readFields(lines, start, rules) {
  /** @type {Record<string, string | string[]>} */
  const fields = {}
  let index = start
  for (const rule of rules) {
    const line = lines[index]
    const prefix = `${rule.label}: `
    if (line === undefined || !line.startsWith(prefix)) {
      if (rule.required) throw new SignInSyntaxError(index + 1, `expected "${prefix}…" here, found ${describe(line)}`)
      continue
    }
    const value = line.slice(prefix.length)
    const problem = rule.check(value)
    if (problem) throw new SignInSyntaxError(index + 1, `${rule.label} ${problem}`)
    fields[rule.key] = value
    index += 1
  }
  if (lines[index] === 'Resources:') {
    const resources = []
    for (index += 1; index < lines.length && lines[index]?.startsWith('- '); index += 1) {
      const resource = /** @type {string} */ (lines[index]).slice(2)
      if (!isUri(resource)) throw new SignInSyntaxError(index + 1, `the resource ${JSON.stringify(resource)} is not an RFC 3986 URI`)
      resources.push(resource)
    }
    fields['resources'] = resources
  }
  if (index < lines.length) throw new SignInSyntaxError(index + 1, misplaced(/** @type {string} */ (lines[index]), rules))
  return fields
}

/** Why a line left over after the fields is refused. @param {string} line @param {readonly FieldRule[]} rules */
function misplaced(line, rules) {
  if (line.startsWith('- ')) return `${describe(line)} is a resource outside the Resources list`
  const known = line === 'Resources:' || rules.some((rule) => line.startsWith(`${rule.label}: `))
  if (!known) return `${describe(line)} is not a field of the message`
  return `${describe(line)} is out of order or repeated (the fields go ${[...rules.map((rule) => rule.label), 'Resources'].join(', ')})`
}

/** A line for an error message: quoted, and cut short. @param {string | undefined} line */
export function describe(line) {
  if (line === undefined) return 'the end of the message'
  if (line === '') return 'an empty line'
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line)
}

/** The checks of the field values both formats share. */
export const checks = {
  /** @param {string} value */
  uri: (value) => (isUri(value) ? undefined : 'must be an RFC 3986 URI'),
  /** @param {string} value */
  version: (value) => (value === '1' ? undefined : 'must be 1'),
  /** @param {string} value */
  nonce: (value) => (NONCE.test(value) ? undefined : 'must be at least 8 letters or digits'),
  /** @param {string} value */
  dateTime: (value) => (dateTimeInstant(value) === undefined ? 'must be an RFC 3339 date-time of a day that exists' : undefined),
  /** @param {string} value */
  requestId: (value) => (PCHARS.test(value) ? undefined : 'may hold only the characters of a URI path segment'),
}

/**
 * The field lines both formats end with, in their order; `chainId` is the format's own.
 *
 * @param {(value: string) => string | undefined} chainId
 * @returns {FieldRule[]}
 */
export function fieldRules(chainId) {
  return [
    { label: 'URI', key: 'uri', required: true, check: checks.uri },
    { label: 'Version', key: 'version', required: true, check: checks.version },
    { label: 'Chain ID', key: 'chainId', required: true, check: chainId },
    { label: 'Nonce', key: 'nonce', required: true, check: checks.nonce },
    { label: 'Issued At', key: 'issuedAt', required: true, check: checks.dateTime },
    { label: 'Expiration Time', key: 'expirationTime', required: false, check: checks.dateTime },
    { label: 'Not Before', key: 'notBefore', required: false, check: checks.dateTime },
    { label: 'Request ID', key: 'requestId', required: false, check: checks.requestId },
  ]
}

/**
 * The field lines of `fields`, in the order of `rules`, then `Resources:` and its list when there is one.
 *
 * @param {Record<string, unknown>} fields
 * @param {readonly FieldRule[]} rules
 */
export function writeFields(fields, rules) {
  const lines = rules.filter((rule) => fields[rule.key] !== undefined).map((rule) => `${rule.label}: ${fields[rule.key]}`)
  const resources = /** @type {readonly string[] | undefined} */ (fields['resources'])
  if (resources !== undefined) lines.push('Resources:', ...resources.map((resource) => `- ${resource}`))
  return lines
}

/**
 * Throws unless `parsed` holds exactly `fields`' values: what a formatter wrote must read back as what it was given,
 * or a value held a line break or a field of its own.
 *
 * @param {Record<string, unknown>} fields @param {Record<string, unknown>} parsed
 */
export function checkReadsBack(fields, parsed) {
  for (const key of new Set([...Object.keys(fields), ...Object.keys(parsed)])) {
    const [given, read] = [fields[key], parsed[key]]
    if (given === undefined && read === undefined) continue
    if (JSON.stringify(given) !== JSON.stringify(read))
      throw new SignInSyntaxError(undefined, `The ${key} ${JSON.stringify(given)} does not stay one field of the message`)
  }
}
