// Checking a signed sign-in message on a server: EIP-4361 for eip155 accounts, Sign In With Solana for solana ones,
// each read by its grammar (protocol/evm/eip4361.mjs, protocol/signInWithSolana.mjs). docs/sign-in.md says what is
// accepted and refused. Plain JavaScript, its types in JSDoc, because the reference verifier (services/api) runs it on
// Node as it is; hosts get it as `foyer/protocol/evm` (and, as before, `foyer/siwx/server`). In protocol/evm, not
// protocol/, for viem's signature checks. No React, no DOM.
import { createPublicClient, http, verifyMessage } from 'viem'
import { decodeBase58 } from '../base58.mjs'
import { originMatches } from '../originMatches.mjs'
import { SignInSyntaxError, dateTimeInstant } from '../signInGrammar.mjs'
import { isSignInWithSolana, parseSignInWithSolana } from '../signInWithSolana.mjs'
import { isEip4361, parseEip4361 } from './eip4361.mjs'

/** @typedef {'malformed' | 'domain' | 'uri' | 'expired' | 'not-yet-valid' | 'chain' | 'signature' | 'nonce'} SignInRefusal Why a sign-in was refused. */

/**
 * The sign-in message, as read from its text (docs/sign-in.md). Times are ISO 8601 in UTC, as `Date.toISOString`
 * writes them.
 *
 * @typedef {object} SignInMessageFields
 * @property {'eip155' | 'solana'} namespace
 * @property {string} accountAddress
 * @property {string} [scheme] The origin's scheme, when an EIP-4361 message names one (`https://example.com wants you to sign in…`).
 * @property {string} chainId CAIP-2: `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`.
 * @property {string} domain The authority that asks (`example.com`, `localhost:5173`).
 * @property {string} uri
 * @property {string} version
 * @property {string} nonce
 * @property {string} [statement]
 * @property {string[]} [resources]
 * @property {string} [requestId]
 * @property {string} issuedAt
 * @property {string} [expirationTime]
 * @property {string} [notBefore]
 * @property {string} serializedMessage The text that was signed.
 */

/**
 * @typedef {object} VerifySignInParameters
 * @property {string} message The signed text.
 * @property {string} signature EVM: 0x-hex (any length: smart accounts sign in their own formats). Solana: the ed25519
 *   signature in base58.
 * @property {readonly string[]} allowedOrigins Origins the domain and URI must belong to (`https://example.com`,
 *   `https://*.example.com`, `http://localhost:*`).
 * @property {Date} [now] The clock expiry and not-before are checked against (default: now).
 * @property {Readonly<Record<string, string>>} [rpcUrls] A node per CAIP-2 chain id: with one, EVM signatures of smart
 *   accounts verify too (ERC-1271, ERC-6492 through an `eth_call`); without (the default), only EOAs.
 * @property {readonly string[]} [chains] When given, only these CAIP-2 chains are accepted.
 * @property {(nonce: string, fields: SignInMessageFields) => boolean | Promise<boolean>} [consumeNonce] Called last,
 *   once everything else holds: true when the nonce was issued, is unexpired and is now used up.
 */

/** Why a sign-in was refused; `reason` is stable, the message is for logs. */
export class SignInRefusedError extends Error {
  /**
   * @param {SignInRefusal} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message)
    this.name = 'SignInRefusedError'
    this.reason = reason
  }
}

const MAX_MESSAGE_LENGTH = 8 * 1024

/**
 * The fields of a sign-in message, read from its text by its format's grammar. Throws a
 * `SignInRefusedError('malformed')` naming the line for anything the grammar refuses, and nothing else.
 *
 * @param {string} message
 * @returns {SignInMessageFields}
 */
export function parseSignInMessage(message) {
  if (typeof message !== 'string' || message.length > MAX_MESSAGE_LENGTH) throw malformed('The message must be text of at most 8 KiB')
  try {
    if (isEip4361(message)) return fromEip4361(message)
    if (isSignInWithSolana(message)) return fromSignInWithSolana(message)
  } catch (error) {
    if (error instanceof SignInSyntaxError) throw malformed(error.message)
    throw error
  }
  throw malformed('Line 1: the message is neither EIP-4361 nor Sign In With Solana text')
}

/** @param {string} message */
function fromEip4361(message) {
  const { address, chainId, ...fields } = parseEip4361(message)
  return withTimes({ namespace: 'eip155', accountAddress: address, chainId: `eip155:${chainId}`, ...fields, serializedMessage: message })
}

/** @param {string} message */
function fromSignInWithSolana(message) {
  const { address, chainId, ...fields } = parseSignInWithSolana(message)
  const caip2 = chainId.startsWith('solana:') ? chainId : `solana:${chainId}`
  return withTimes({ namespace: 'solana', accountAddress: address, chainId: caip2, ...fields, serializedMessage: message })
}

/**
 * The fields with their times as `Date.toISOString` writes them (UTC), whatever offset the message used.
 *
 * @param {Omit<SignInMessageFields, 'resources'> & { resources?: readonly string[] }} fields
 * @returns {SignInMessageFields}
 */
function withTimes(fields) {
  const iso = (/** @type {string | undefined} */ text) =>
    text === undefined ? undefined : new Date(/** @type {number} */ (dateTimeInstant(text))).toISOString()
  return {
    ...fields,
    resources: fields.resources && [...fields.resources],
    issuedAt: /** @type {string} */ (iso(fields.issuedAt)),
    expirationTime: iso(fields.expirationTime),
    notBefore: iso(fields.notBefore),
  }
}

/**
 * Checks a signed sign-in message: its format and fields, domain and URI against the allowed origins, its time
 * window, the chain, the signature (EOAs offline; smart accounts, ERC-1271 and ERC-6492, through the chain's
 * node) and, last, that its nonce is unused. Resolves with its fields; throws `SignInRefusedError` with the reason.
 *
 * @param {VerifySignInParameters} parameters
 * @returns {Promise<SignInMessageFields>}
 */
export async function verifySignIn({ message, signature, allowedOrigins, now = new Date(), rpcUrls = {}, chains, consumeNonce }) {
  const fields = parseSignInMessage(message)
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 16 * 1024)
    throw malformed('The signature must be a string')

  // The domain is the authority of one allowed origin (on the message's scheme, when it names one), and the URI
  // belongs to that origin.
  let uri
  try {
    uri = new URL(fields.uri)
  } catch {
    throw new SignInRefusedError('uri', `The URI ${JSON.stringify(fields.uri)} is not a URL`)
  }
  const scheme = fields.scheme?.toLowerCase() ?? uri.protocol.slice(0, -1)
  const origin = `${scheme}://${fields.domain}`
  if (!allowedOrigins.some((pattern) => originMatches(pattern, origin))) {
    throw new SignInRefusedError('domain', `The domain ${fields.domain} is not an allowed origin`)
  }
  if (uri.host !== fields.domain.toLowerCase() || uri.protocol !== `${scheme}:` || !/^https?:$/.test(uri.protocol)) {
    throw new SignInRefusedError('uri', `The URI ${fields.uri} is not on ${origin}`)
  }

  const time = now.getTime()
  if (fields.expirationTime && Date.parse(fields.expirationTime) <= time) throw new SignInRefusedError('expired', 'The message has expired')
  if (fields.notBefore && Date.parse(fields.notBefore) > time) throw new SignInRefusedError('not-yet-valid', 'The message is not valid yet')
  if (chains && !chains.includes(fields.chainId)) throw new SignInRefusedError('chain', `The chain ${fields.chainId} is not served here`)

  const valid =
    fields.namespace === 'eip155'
      ? await verifyEvm(fields, message, signature, rpcUrls[fields.chainId])
      : await verifySolana(fields, message, signature)
  if (!valid) throw new SignInRefusedError('signature', 'The signature is not the account’s')

  if (consumeNonce && !(await consumeNonce(fields.nonce, fields))) {
    throw new SignInRefusedError('nonce', 'The nonce is unknown, expired or used already')
  }
  return fields
}

/**
 * @param {SignInMessageFields} fields
 * @param {string} message
 * @param {string} signature
 * @param {string | undefined} rpcUrl
 */
async function verifyEvm(fields, message, signature, rpcUrl) {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) throw malformed('An EVM signature is 0x and hex')
  const address = /** @type {`0x${string}`} */ (fields.accountAddress)
  const hex = /** @type {`0x${string}`} */ (signature)
  // A signature by the address's own key is proven here (ecrecover), without the node: most sign-ins, and the node's
  // validator call costs far more than the rest of a verification. The node is asked only for what ecrecover cannot
  // prove: a contract account's signature (ERC-1271), or one not deployed yet (the ERC-6492 validator).
  if (await verifyMessage({ address, message, signature: hex }).catch(() => false)) return true
  if (!rpcUrl) return false
  return nodeClient(rpcUrl).verifyMessage({ address, message, signature: hex })
}

/** @type {Map<string, ReturnType<typeof createPublicClient>>} */
const nodeClients = new Map()
/** One client per node, kept: a verification should not pay for building it. @param {string} rpcUrl */
function nodeClient(rpcUrl) {
  let client = nodeClients.get(rpcUrl)
  if (!client) {
    client = createPublicClient({ transport: http(rpcUrl) })
    nodeClients.set(rpcUrl, client)
  }
  return client
}

/**
 * @param {SignInMessageFields} fields
 * @param {string} message
 * @param {string} signature base58
 */
async function verifySolana(fields, message, signature) {
  const publicKey = decodeBase58(fields.accountAddress)
  const bytes = decodeBase58(signature)
  if (publicKey?.length !== 32) throw malformed('A Solana address is 32 bytes in base58')
  if (bytes?.length !== 64) throw malformed('A Solana signature is 64 bytes in base58')
  try {
    const key = await crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify'])
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, bytes, new TextEncoder().encode(message))
  } catch {
    // A point that is not on the curve is no key of anybody's.
    return false
  }
}

/** @param {string} message */
function malformed(message) {
  return new SignInRefusedError('malformed', message)
}
