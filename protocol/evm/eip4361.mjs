// EIP-4361 (Sign-In with Ethereum) messages, read and written by its grammar: the one parser and the one formatter
// of the EVM chain, the wallet service and the verifier. docs/sign-in.md says what is accepted and why. Plain
// JavaScript, its types in JSDoc: the services run it on Node as it is. Here, not in protocol/, for viem's EIP-55
// checksum.
import { checksumAddress } from 'viem'

import {
  SignInSyntaxError,
  STATEMENT,
  checkReadsBack,
  describe,
  fieldRules,
  isDomain,
  isScheme,
  readFields,
  writeFields,
} from '../signInGrammar.mjs'

/**
 * An EIP-4361 message's fields, exactly as written in it.
 *
 * @typedef {object} Eip4361Fields
 * @property {string} [scheme] The origin's scheme, when the message names one (`https://example.com wants you to sign in…`).
 * @property {string} domain An RFC 3986 authority with a host: `example.com`, `localhost:5173`.
 * @property {string} address `0x` and 40 hex digits in their EIP-55 checksum form.
 * @property {string} [statement] One line of printable ASCII; may be empty.
 * @property {string} uri
 * @property {'1'} version
 * @property {string} chainId Decimal digits (EIP-155).
 * @property {string} nonce At least 8 letters or digits.
 * @property {string} issuedAt RFC 3339 date-times, as are the two below.
 * @property {string} [expirationTime]
 * @property {string} [notBefore]
 * @property {string} [requestId]
 * @property {readonly string[]} [resources]
 */

const HEADER = ' wants you to sign in with your Ethereum account:'
const RULES = fieldRules((value) => (/^[0-9]+$/.test(value) ? undefined : 'must be decimal digits'))

/** Whether `text` starts like an EIP-4361 message (its first line ends with the header). @param {string} text */
export function isEip4361(text) {
  const firstLine = text.split('\n', 1)[0] ?? ''
  return firstLine.endsWith(HEADER)
}

/**
 * The fields of an EIP-4361 message, exactly as written. Throws `SignInSyntaxError`, naming the line, for anything
 * the grammar refuses.
 *
 * @param {string} text
 * @returns {Eip4361Fields}
 */
export function parseEip4361(text) {
  const lines = text.split('\n')
  const { scheme, domain } = readHeader(lines[0] ?? '')
  const address = lines[1] ?? ''
  if (!/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new SignInSyntaxError(2, `expected an address (0x and 40 hex digits), found ${describe(lines[1])}`)
  if (checksumAddress(/** @type {`0x${string}`} */ (address)) !== address)
    throw new SignInSyntaxError(2, `the address ${address} is not in its EIP-55 checksum form`)
  if (lines[2] !== '') throw new SignInSyntaxError(3, `expected an empty line after the address, found ${describe(lines[2])}`)
  // No statement: one more empty line. A statement (even an empty one): its line, then an empty line.
  const hasStatement = !(lines[3] === '' && lines[4] !== '')
  const statement = hasStatement ? lines[3] : undefined
  if (statement !== undefined) {
    if (!STATEMENT.test(statement))
      throw new SignInSyntaxError(4, 'the statement may hold only printable ASCII (RFC 3986 reserved and unreserved characters and spaces)')
    if (lines[4] !== '') throw new SignInSyntaxError(5, `expected an empty line after the statement, found ${describe(lines[4])}`)
  }
  const fields = readFields(lines, hasStatement ? 5 : 4, RULES)
  return /** @type {Eip4361Fields} */ ({
    ...(scheme !== undefined && { scheme }),
    domain,
    address,
    ...(statement !== undefined && { statement }),
    ...fields,
  })
}

/** `[ scheme "://" ] domain " wants you to sign in with your Ethereum account:"` @param {string} line */
function readHeader(line) {
  if (!line.endsWith(HEADER)) throw new SignInSyntaxError(1, `expected "<domain>${HEADER}", found ${describe(line)}`)
  const origin = line.slice(0, -HEADER.length)
  const separator = origin.indexOf('://')
  const scheme = separator === -1 ? undefined : origin.slice(0, separator)
  const domain = separator === -1 ? origin : origin.slice(separator + 3)
  if (scheme !== undefined && !isScheme(scheme))
    throw new SignInSyntaxError(1, `the scheme ${JSON.stringify(scheme)} is not an RFC 3986 scheme`)
  if (!isDomain(domain)) throw new SignInSyntaxError(1, `the domain ${JSON.stringify(domain)} is not an RFC 3986 authority with a host`)
  return { scheme, domain }
}

/**
 * The EIP-4361 text of `fields`. Throws `SignInSyntaxError` for fields the grammar refuses, so whatever it writes
 * `parseEip4361` reads back as the same fields.
 *
 * @param {Eip4361Fields} fields
 * @returns {string}
 */
export function formatEip4361(fields) {
  const origin = fields.scheme === undefined ? fields.domain : `${fields.scheme}://${fields.domain}`
  const statement = fields.statement === undefined ? ['', ''] : ['', fields.statement, '']
  const text = [`${origin}${HEADER}`, fields.address, ...statement, ...writeFields(fields, RULES)].join('\n')
  checkReadsBack(fields, parseEip4361(text))
  return text
}
