// What the frame signs once the visitor approved: a signing job from the service, done with the rebuilt secret
// (services/wallet/KEYS.md). Small on purpose: noble's curves and viem's hashing and encoding, nothing that talks
// to a node. Runs in Node too, for the tests that play the frame.
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { base58 } from '@scure/base'
import { hashMessage, hashTypedData, keccak256, serializeTransaction } from 'viem'
import { hashAuthorization } from 'viem/utils'

import { evmKeyOf, fromBase64, solanaSeedOf, toBase64 } from './shares.js'

/**
 * @typedef {{ kind: 'evm_message', message: string | { raw: `0x${string}` } }
 *   | { kind: 'evm_typed', typedData: any }
 *   | { kind: 'evm_hash', hash: `0x${string}` }
 *   | { kind: 'evm_transaction', transaction: Record<string, any> }
 *   | { kind: 'evm_authorization', authorization: { chainId: number, address: `0x${string}`, nonce: number } }
 *   | { kind: 'evm_undelegation', authorization: { chainId: number, address: `0x${string}`, nonce: number }, transaction: Record<string, any> }
 *   | { kind: 'solana_message', message: string }
 *   | { kind: 'solana_transaction', transaction: string }} SigningJob
 */

/**
 * Signs one job with the secret; answers `{ signature }` or `{ transaction }`.
 *
 * @param {Uint8Array} secret @param {SigningJob} job
 */
export async function runJob(secret, job) {
  switch (job.kind) {
    case 'evm_message':
      return { signature: signHash(secret, hashMessage(job.message)) }
    case 'evm_typed':
      return { signature: signHash(secret, hashTypedData(job.typedData)) }
    case 'evm_hash':
      return { signature: signHash(secret, job.hash) }
    case 'evm_transaction':
      return { transaction: signEvmTransaction(secret, job.transaction) }
    case 'evm_authorization':
      return { signature: signHash(secret, hashAuthorization(authorizationOf(job.authorization))) }
    case 'evm_undelegation':
      return { transaction: signUndelegation(secret, job.authorization, job.transaction) }
    case 'solana_message':
      return { signature: base58.encode(ed25519.sign(base58.decode(job.message), solanaSeedOf(secret))) }
    case 'solana_transaction':
      return { transaction: signSolanaTransaction(secret, job.transaction) }
    default:
      throw new Error('Unknown signing job')
  }
}

/** @param {Uint8Array} secret @param {`0x${string}`} hash */
function signRaw(secret, hash) {
  return secp256k1.sign(hash.slice(2), evmKeyOf(secret), { lowS: true })
}

/** A 65-byte `r ‖ s ‖ v` signature (v 27 or 28), as personal_sign and typed data answer. @param {Uint8Array} secret @param {`0x${string}`} hash */
function signHash(secret, hash) {
  const signature = signRaw(secret, hash)
  return /** @type {`0x${string}`} */ (`0x${signature.toCompactHex()}${(27 + signature.recovery).toString(16)}`)
}

/**
 * The only EIP-7702 delegate this wallet lets an account point to (EIP7702StatelessDeleGator, deployed at the same
 * address on every chain: services/wallet/delegationFramework.mjs), and the zero address, which undoes a delegation.
 * Fixed here, not taken from the job: an authorization hands the account's code to its delegate, so a service that
 * asked for another one is refused by the frame itself.
 */
export const EIP7702_DELEGATE = '0xDEdE95F03FEA5f604218f41593cAD3735D6166d5'
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`

/**
 * An authorization the frame agrees to sign: to this wallet's delegate (or the zero address), on one chain (never 0,
 * which would be good on every chain).
 *
 * @param {any} asked
 */
function authorizationOf(asked) {
  const address = String(asked?.address ?? '').toLowerCase()
  if (address !== EIP7702_DELEGATE.toLowerCase() && address !== ZERO_ADDRESS)
    throw new Error('This wallet upgrades accounts only to its own delegate')
  if (!Number.isSafeInteger(asked.chainId) || asked.chainId <= 0 || !Number.isSafeInteger(asked.nonce) || asked.nonce < 0)
    throw new Error('The authorization must name one chain and a nonce')
  return { chainId: asked.chainId, address: /** @type {`0x${string}`} */ (asked.address), nonce: asked.nonce }
}

/**
 * What turns the account back into a plain EOA (docs/wallets.md#turning-the-smart-account-off): an authorization to the
 * zero address, carried by a type-4 transaction the account sends to itself, moving nothing and calling nothing; the
 * account pays its fee. Anything else asked under this job is refused here, whatever the service sent.
 *
 * @param {Uint8Array} secret @param {any} asked the authorization @param {Record<string, any>} prepared the transaction (hex)
 */
function signUndelegation(secret, asked, prepared) {
  const authorization = authorizationOf(asked)
  if (authorization.address !== ZERO_ADDRESS) throw new Error('An undelegation authorizes the zero address only')
  const own = ownAddress(secret)
  const chainId = Number(prepared['chainId'])
  const nonce = Number(prepared['nonce'])
  const itself =
    String(prepared['to']).toLowerCase() === own && big(prepared['value'] ?? '0x0') === 0n && (prepared['data'] ?? '0x') === '0x'
  // Its own transaction comes first, so the authorization takes the nonce after it.
  if (!itself || chainId !== authorization.chainId || nonce + 1 !== authorization.nonce)
    throw new Error('An undelegation is a transaction from the account to itself that moves nothing')
  const signed = signRaw(secret, hashAuthorization(authorization))
  /** @type {import('viem').TransactionSerializableEIP7702} */
  const transaction = {
    type: 'eip7702',
    chainId,
    nonce,
    to: /** @type {`0x${string}`} */ (own),
    value: 0n,
    data: '0x',
    gas: big(prepared['gas']),
    maxFeePerGas: big(prepared['maxFeePerGas']),
    maxPriorityFeePerGas: big(prepared['maxPriorityFeePerGas']),
    authorizationList: [{ ...authorization, r: hex32(signed.r), s: hex32(signed.s), yParity: signed.recovery }],
  }
  return signTransaction(secret, transaction)
}

/** The account's address, lower-case: the last 20 bytes of the Keccak hash of its public key. @param {Uint8Array} secret */
function ownAddress(secret) {
  const publicKey = secp256k1.getPublicKey(evmKeyOf(secret), false).subarray(1)
  return `0x${keccak256(publicKey).slice(-40)}`
}

const hex32 = (/** @type {bigint} */ value) => /** @type {`0x${string}`} */ (`0x${value.toString(16).padStart(64, '0')}`)

/** @param {Uint8Array} secret @param {import('viem').TransactionSerializable} transaction signed and serialized */
function signTransaction(secret, transaction) {
  const signature = signRaw(secret, keccak256(serializeTransaction(transaction)))
  return serializeTransaction(transaction, { r: hex32(signature.r), s: hex32(signature.s), yParity: signature.recovery })
}

/** @param {string | undefined} quantity hex */
const big = (quantity) => (quantity === undefined ? undefined : BigInt(quantity))

/**
 * An EIP-1559 transaction the service prepared (quantities in hex), signed and serialized.
 *
 * @param {Uint8Array} secret @param {Record<string, any>} prepared
 */
function signEvmTransaction(secret, prepared) {
  /** @type {import('viem').TransactionSerializableEIP1559} */
  const transaction = {
    type: 'eip1559',
    chainId: Number(prepared['chainId']),
    nonce: Number(prepared['nonce']),
    to: prepared['to'],
    value: big(prepared['value']),
    data: prepared['data'],
    gas: big(prepared['gas']),
    maxFeePerGas: big(prepared['maxFeePerGas']),
    maxPriorityFeePerGas: big(prepared['maxPriorityFeePerGas']),
  }
  return signTransaction(secret, transaction)
}

/** Solana's compact-u16: the value and how many bytes it took. @param {Uint8Array} bytes @param {number} at */
function shortVec(bytes, at) {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = /** @type {number} */ (bytes[at + size])
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return { value, size: size + 1 }
  }
  throw new Error('Malformed transaction')
}

/**
 * Signs a base64 wire transaction (legacy or v0) in the user's signature slot; base64 back.
 *
 * @param {Uint8Array} secret @param {string} wire
 */
function signSolanaTransaction(secret, wire) {
  const bytes = fromBase64(wire)
  const signatures = shortVec(bytes, 0)
  const messageAt = signatures.size + 64 * signatures.value
  const message = bytes.subarray(messageAt)
  // A versioned message starts with 0x80 | version; then the header: required signatures, read-only counts.
  const headerAt = ((message[0] ?? 0) & 0x80) !== 0 ? 1 : 0
  const required = /** @type {number} */ (message[headerAt])
  const keys = shortVec(message, headerAt + 3)
  const keysAt = headerAt + 3 + keys.size
  const own = ed25519.getPublicKey(solanaSeedOf(secret))
  for (let index = 0; index < Math.min(required, signatures.value); index++) {
    const key = message.subarray(keysAt + 32 * index, keysAt + 32 * (index + 1))
    if (key.every((byte, i) => byte === own[i])) {
      const signed = bytes.slice()
      signed.set(ed25519.sign(message, solanaSeedOf(secret)), signatures.size + 64 * index)
      return toBase64(signed)
    }
  }
  throw new Error('This transaction does not need the wallet’s signature')
}
