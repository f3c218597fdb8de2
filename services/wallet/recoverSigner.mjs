// Who signed: the address behind an EVM signature, over viem's hash of a message, typed data or transaction. viem
// hashes (EIP-191, EIP-712, the unsigned transaction); only the curve step is tiny-secp256k1's, libsecp256k1 compiled to
// WebAssembly (no build step for an operator), about nine times faster than the JavaScript curve viem uses: it was the
// largest piece of an approval's CPU (docs/budgets.md#services-under-load). A signature that names no key (a recovery
// byte out of range, r or s out of the curve's order, no point for r) is answered with undefined, not an error: to the
// caller it is a signature that is not the wallet's.
import { recover } from 'tiny-secp256k1'
import { getAddress, hashMessage, hashTypedData, keccak256, parseTransaction, serializeTransaction } from 'viem'

/** @typedef {`0x${string}`} Hex */

/**
 * The signer of `signature` over `hash`, or undefined when the signature names no key.
 *
 * @param {Hex} hash a 32-byte digest
 * @param {Hex} signature 65 bytes: r, s and the recovery byte (0, 1, 27 or 28)
 * @returns {Hex | undefined} the checksummed address
 * @example recoverSigner(hashMessage('hi'), await account.signMessage({ message: 'hi' })) // account.address
 */
export function recoverSigner(hash, signature) {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined
  const recoveryBit = recoveryBitOf(Number.parseInt(signature.slice(130), 16))
  return recoveryBit === undefined ? undefined : signerOf(hash, signature.slice(2, 130), recoveryBit)
}

/**
 * The signer of a `personal_sign` message (EIP-191): text, or `{ raw }` bytes.
 *
 * @param {import('viem').SignableMessage} message @param {Hex} signature
 */
export function recoverMessageSigner(message, signature) {
  return recoverSigner(hashMessage(message), signature)
}

/**
 * The signer of EIP-712 typed data.
 *
 * @param {any} typedData `{ domain, types, primaryType, message }`, as viem's hashTypedData takes it
 * @param {Hex} signature
 */
export function recoverTypedDataSigner(typedData, signature) {
  return recoverSigner(hashTypedData(typedData), signature)
}

/**
 * The signer of a signed, serialized transaction (legacy with or without EIP-155, EIP-2930, EIP-1559, EIP-7702).
 * A transaction viem cannot parse throws viem's error, as viem's own recovery does.
 *
 * @param {Hex} serializedTransaction
 */
export function recoverTransactionSigner(serializedTransaction) {
  const transaction = parseTransaction(serializedTransaction)
  const { r, s, v, yParity } = transaction
  if (r === undefined || s === undefined) return undefined
  // EIP-155 folds the chain into v (chainId * 2 + 35 + parity); typed transactions carry yParity itself.
  const recoveryBit = yParity === undefined && v !== undefined && v >= 35n ? (v % 2n === 0n ? 1 : 0) : recoveryBitOf(Number(yParity ?? v))
  const unsigned = serializeTransaction(
    /** @type {any} */ ({ ...transaction, r: undefined, s: undefined, v: undefined, yParity: undefined, sidecars: undefined }),
  )
  const rs = `${word(r)}${word(s)}`
  return recoveryBit === undefined || rs.length !== 128 ? undefined : signerOf(keccak256(unsigned), rs, recoveryBit)
}

/** @param {number} yParityOrV @returns {0 | 1 | undefined} */
function recoveryBitOf(yParityOrV) {
  if (yParityOrV === 0 || yParityOrV === 27) return 0
  if (yParityOrV === 1 || yParityOrV === 28) return 1
  return undefined
}

/** A scalar as 64 hex digits (longer when it does not fit, which the caller refuses). @param {Hex} value */
const word = (value) => BigInt(value).toString(16).padStart(64, '0')

/**
 * @param {Hex} hash @param {string} rs r and s, 128 hex digits @param {0 | 1} recoveryBit
 * @returns {Hex | undefined}
 */
function signerOf(hash, rs, recoveryBit) {
  try {
    const publicKey = recover(Buffer.from(hash.slice(2), 'hex'), Buffer.from(rs, 'hex'), recoveryBit, false)
    // The address is the last 20 bytes of the keccak of the uncompressed key without its 0x04 prefix.
    return publicKey ? getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`) : undefined
  } catch {
    // tiny-secp256k1 throws on r or s of zero or not below the curve's order, and on an r that is no point's x.
    return undefined
  }
}
