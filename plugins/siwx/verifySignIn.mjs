// Checking a signed sign-in message (§3) on a server: EIP-4361 for eip155 accounts, Sign In With Solana for
// solana ones. Plain JavaScript (types: verifySignIn.d.mts) because the reference verifier (services/api) runs
// it on Node as it is; hosts get it as `foyer/siwx/server`. Node only: no React, no DOM.
import { parseSignInMessageText } from '@solana/wallet-standard-util';
import { createPublicClient, http, verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { originMatches } from '../../kernel/model/originMatches.mjs';

/** Why a sign-in was refused; `reason` is stable, the message is for logs. */
export class SignInRefusedError extends Error {
  /**
   * @param {import('./verifySignIn.d.mts').SignInRefusal} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message);
    this.name = 'SignInRefusedError';
    this.reason = reason;
  }
}

const SIWE_HEADER = / wants you to sign in with your Ethereum account:\n/;
const SIWS_HEADER = / wants you to sign in with your Solana account:\n/;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** EIP-4361: at least 8 alphanumeric characters. */
const NONCE = /^[A-Za-z0-9]{8,}$/;
const MAX_MESSAGE_LENGTH = 8 * 1024;

/**
 * The §3 fields of a sign-in message, read from its text. Throws a `SignInRefusedError('malformed')` for text that
 * is neither format or lacks a required field.
 *
 * @param {string} message
 * @returns {import('./verifySignIn.d.mts').SignInMessageFields}
 */
export function parseSignInMessage(message) {
  if (typeof message !== 'string' || message.length > MAX_MESSAGE_LENGTH) throw malformed('The message must be text of at most 8 KiB');
  if (SIWE_HEADER.test(message)) return parseSiwe(message);
  if (SIWS_HEADER.test(message)) return parseSiws(message);
  throw malformed('The message is neither EIP-4361 nor Sign In With Solana text');
}

/** @param {string} message */
function parseSiwe(message) {
  const fields = parseSiweMessage(message);
  const { address, chainId, domain, nonce, uri, version, issuedAt } = fields;
  if (!address || !chainId || !domain || !nonce || !uri || version !== '1' || !issuedAt) {
    throw malformed('The EIP-4361 message lacks one of address, chain id, domain, nonce, URI, version 1 or issued-at');
  }
  return {
    namespace: 'eip155',
    accountAddress: address,
    chainId: `eip155:${chainId}`,
    domain,
    uri,
    version,
    nonce,
    statement: fields.statement,
    resources: fields.resources,
    requestId: fields.requestId,
    issuedAt: issuedAt.toISOString(),
    expirationTime: fields.expirationTime?.toISOString(),
    notBefore: fields.notBefore?.toISOString(),
    serializedMessage: message,
  };
}

/** @param {string} message */
function parseSiws(message) {
  const fields = parseSignInMessageText(message);
  if (!fields) throw malformed('The Sign In With Solana text does not parse');
  const { address, chainId, domain, nonce, uri, version, issuedAt } = fields;
  if (!address || !chainId || !domain || !nonce || !uri || version !== '1' || !issuedAt) {
    throw malformed('The Sign In With Solana message lacks one of address, chain id, domain, nonce, URI, version 1 or issued-at');
  }
  for (const [name, value] of Object.entries({ issuedAt, expirationTime: fields.expirationTime, notBefore: fields.notBefore })) {
    if (value !== undefined && Number.isNaN(Date.parse(value))) throw malformed(`${name} is not a date`);
  }
  return {
    namespace: 'solana',
    accountAddress: address,
    chainId: chainId.startsWith('solana:') ? chainId : `solana:${chainId}`,
    domain,
    uri,
    version,
    nonce,
    statement: fields.statement,
    resources: fields.resources,
    requestId: fields.requestId,
    issuedAt,
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
    serializedMessage: message,
  };
}

/**
 * Checks a signed sign-in message: its format and fields, domain and URI against the allowed origins, its time
 * window, the chain, the signature (EOAs offline; smart accounts, ERC-1271 and ERC-6492, through the chain's
 * node) and, last, that its nonce is unused. Resolves with its fields; throws `SignInRefusedError` with the reason.
 *
 * @param {import('./verifySignIn.d.mts').VerifySignInParameters} parameters
 * @returns {Promise<import('./verifySignIn.d.mts').SignInMessageFields>}
 */
export async function verifySignIn({ message, signature, allowedOrigins, now = new Date(), rpcUrls = {}, chains, consumeNonce }) {
  const fields = parseSignInMessage(message);
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 16 * 1024) throw malformed('The signature must be a string');
  if (!NONCE.test(fields.nonce)) throw malformed('The nonce must be at least 8 letters or digits');

  // The domain is the authority of one allowed origin, and the URI belongs to that origin.
  let uri;
  try {
    uri = new URL(fields.uri);
  } catch {
    throw new SignInRefusedError('uri', `The URI ${JSON.stringify(fields.uri)} is not a URL`);
  }
  const origin = `${uri.protocol}//${fields.domain}`;
  if (!allowedOrigins.some((pattern) => originMatches(pattern, origin))) {
    throw new SignInRefusedError('domain', `The domain ${fields.domain} is not an allowed origin`);
  }
  if (uri.host !== fields.domain.toLowerCase() || !/^https?:$/.test(uri.protocol)) {
    throw new SignInRefusedError('uri', `The URI ${fields.uri} is not on ${fields.domain}`);
  }

  const time = now.getTime();
  if (fields.expirationTime && Date.parse(fields.expirationTime) <= time) throw new SignInRefusedError('expired', 'The message has expired');
  if (fields.notBefore && Date.parse(fields.notBefore) > time) throw new SignInRefusedError('not-yet-valid', 'The message is not valid yet');
  if (chains && !chains.includes(fields.chainId)) throw new SignInRefusedError('chain', `The chain ${fields.chainId} is not served here`);

  const valid = fields.namespace === 'eip155' ? await verifyEvm(fields, message, signature, rpcUrls[fields.chainId]) : await verifySolana(fields, message, signature);
  if (!valid) throw new SignInRefusedError('signature', 'The signature is not the account’s');

  if (consumeNonce && !(await consumeNonce(fields.nonce, fields))) {
    throw new SignInRefusedError('nonce', 'The nonce is unknown, expired or used already');
  }
  return fields;
}

/**
 * @param {import('./verifySignIn.d.mts').SignInMessageFields} fields
 * @param {string} message
 * @param {string} signature
 * @param {string | undefined} rpcUrl
 */
async function verifyEvm(fields, message, signature, rpcUrl) {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) throw malformed('An EVM signature is 0x and hex');
  const address = /** @type {`0x${string}`} */ (fields.accountAddress);
  const hex = /** @type {`0x${string}`} */ (signature);
  // Without a node only an EOA's signature can be checked (ecrecover); with one, viem's verifyMessage also asks the
  // account's contract (ERC-1271) or the ERC-6492 validator when it is not deployed yet.
  if (!rpcUrl) return verifyMessage({ address, message, signature: hex }).catch(() => false);
  const client = createPublicClient({ transport: http(rpcUrl) });
  return client.verifyMessage({ address, message, signature: hex });
}

/**
 * @param {import('./verifySignIn.d.mts').SignInMessageFields} fields
 * @param {string} message
 * @param {string} signature base58
 */
async function verifySolana(fields, message, signature) {
  const publicKey = decodeBase58(fields.accountAddress);
  const bytes = decodeBase58(signature);
  if (publicKey?.length !== 32) throw malformed('A Solana address is 32 bytes in base58');
  if (bytes?.length !== 64) throw malformed('A Solana signature is 64 bytes in base58');
  try {
    const key = await crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, bytes, new TextEncoder().encode(message));
  } catch {
    // A point that is not on the curve is no key of anybody's.
    return false;
  }
}

/**
 * @param {string} text
 * @returns {Uint8Array | undefined}
 */
export function decodeBase58(text) {
  if (typeof text !== 'string' || text.length === 0 || text.length > 128) return undefined;
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit === -1) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  // Each leading '1' is a leading zero byte.
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** @param {string} message */
function malformed(message) {
  return new SignInRefusedError('malformed', message);
}
