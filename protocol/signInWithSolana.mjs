// Sign In With Solana messages (the CAIP-122 text for Solana, as @solana/wallet-standard-util writes it), read and
// written by one grammar: the one parser and the one formatter of the Solana chain, the wallet service and the
// verifier. docs/sign-in.md says what is accepted and why. Plain JavaScript, its types in JSDoc: the services run it on
// Node as it is.
import { decodeBase58 } from './base58.mjs'
import { SignInSyntaxError, STATEMENT, checkReadsBack, describe, fieldRules, isDomain, readFields, writeFields } from './signInGrammar.mjs'

/**
 * A Sign In With Solana message's fields, exactly as written in it.
 *
 * @typedef {object} SignInWithSolanaFields
 * @property {string} domain An RFC 3986 authority with a host: `example.com`, `localhost:5173`.
 * @property {string} address The account's 32-byte public key in base58.
 * @property {string} [statement] One line of printable ASCII; may be empty.
 * @property {string} uri
 * @property {'1'} version
 * @property {string} chainId A CAIP-2 reference (`devnet`, `5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`) or the whole CAIP-2 id.
 * @property {string} nonce At least 8 letters or digits.
 * @property {string} issuedAt RFC 3339 date-times, as are the two below.
 * @property {string} [expirationTime]
 * @property {string} [notBefore]
 * @property {string} [requestId]
 * @property {readonly string[]} [resources]
 */

const HEADER = ' wants you to sign in with your Solana account:'
/** A CAIP-2 reference (`5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, `devnet`), or the whole CAIP-2 id. */
const CHAIN_ID = /^(?:solana:)?[-_a-zA-Z0-9]{1,32}$/
const RULES = fieldRules((value) =>
  CHAIN_ID.test(value) ? undefined : 'must be a CAIP-2 reference of up to 32 letters, digits, "-" or "_"',
)

/** Whether `text`'s first line ends with Sign In With Solana's header. @param {string} text */
export function isSignInWithSolana(text) {
  const firstLine = text.split('\n', 1)[0] ?? ''
  return firstLine.endsWith(HEADER)
}

/**
 * The fields of a Sign In With Solana message, exactly as written. Throws `SignInSyntaxError`, naming the line, for
 * anything the grammar refuses.
 *
 * @param {string} text
 * @returns {SignInWithSolanaFields}
 */
export function parseSignInWithSolana(text) {
  const lines = text.split('\n')
  const header = lines[0] ?? ''
  if (!header.endsWith(HEADER)) throw new SignInSyntaxError(1, `expected "<domain>${HEADER}", found ${describe(header)}`)
  const domain = header.slice(0, -HEADER.length)
  if (!isDomain(domain)) throw new SignInSyntaxError(1, `the domain ${JSON.stringify(domain)} is not an RFC 3986 authority with a host`)
  const address = lines[1] ?? ''
  if (decodeBase58(address)?.length !== 32)
    throw new SignInSyntaxError(2, `expected an address (32 bytes in base58), found ${describe(lines[1])}`)
  if (lines[2] !== '') throw new SignInSyntaxError(3, `expected an empty line after the address, found ${describe(lines[2])}`)
  // A statement is a line with an empty line after it; without one the fields follow the address's empty line.
  const hasStatement = lines[4] === ''
  const statement = hasStatement ? lines[3] : undefined
  if (statement !== undefined && !STATEMENT.test(statement)) {
    throw new SignInSyntaxError(4, 'the statement may hold only printable ASCII (RFC 3986 reserved and unreserved characters and spaces)')
  }
  const fields = readFields(lines, hasStatement ? 5 : 3, RULES)
  return /** @type {SignInWithSolanaFields} */ ({
    domain,
    address,
    ...(statement !== undefined && { statement }),
    ...fields,
  })
}

/**
 * The Sign In With Solana text of `fields`. Throws `SignInSyntaxError` for fields the grammar refuses, so whatever it
 * writes `parseSignInWithSolana` reads back as the same fields.
 *
 * @param {SignInWithSolanaFields} fields
 * @returns {string}
 */
export function formatSignInWithSolana(fields) {
  const statement = fields.statement === undefined ? [''] : ['', fields.statement, '']
  const text = [`${fields.domain}${HEADER}`, fields.address, ...statement, ...writeFields(fields, RULES)].join('\n')
  checkReadsBack(fields, parseSignInWithSolana(text))
  return text
}
