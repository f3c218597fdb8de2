// The wallet service's one secret, and what is derived from it: the key that seals users' private keys at rest,
// the key that signs session tokens, and the key that hashes one-time codes. Keys are only as safe as this one.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The file the master key is kept in, inside the data directory, when the environment does not give one. */
export const MASTER_KEY_FILE = 'wallet-master.key'
const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * The master key: `FOYER_WALLET_MASTER_KEY` (64 hex digits) when set, else the file in `dataDir`, created with
 * mode 0600 on first start. A file readable by others is refused: whoever reads it can open every wallet.
 *
 * @param {object} options
 * @param {string | undefined} options.fromEnv FOYER_WALLET_MASTER_KEY
 * @param {string} options.dataDir where the file is kept
 * @returns {Buffer}
 */
export function loadMasterKey({ fromEnv, dataDir }) {
  if (fromEnv) {
    if (!/^[0-9a-f]{64}$/i.test(fromEnv)) throw new Error('FOYER_WALLET_MASTER_KEY must be 64 hex digits (32 bytes)')
    return Buffer.from(fromEnv, 'hex')
  }
  const file = path.join(dataDir, MASTER_KEY_FILE)
  mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx': created only if absent, so two first starts cannot each write a different key.
    writeFileSync(file, randomBytes(KEY_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error
  }
  if ((statSync(file).mode & 0o077) !== 0) {
    throw new Error(`${file} is readable by other users: chmod 600 it (whoever reads it can open every wallet)`)
  }
  const hex = readFileSync(file, 'utf8').trim()
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file} does not hold a master key (64 hex digits)`)
  chmodSync(file, 0o600)
  return Buffer.from(hex, 'hex')
}

/**
 * The keys derived from the master key (HKDF-SHA-256), one per use, so that no use can stand in for another.
 *
 * @param {Buffer} masterKey
 */
export function deriveKeys(masterKey) {
  /** @param {string} use */
  const derive = (use) => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `foyer-wallet/${use}`, KEY_BYTES))
  return { sealing: derive('seal'), session: new Uint8Array(derive('session')), codes: derive('codes') }
}

/**
 * Seals `plaintext` with AES-256-GCM: `iv (12) | tag (16) | ciphertext`. `aad` (the user id and what the key is
 * for) is authenticated, so a sealed key copied to another user's row or column no longer opens.
 *
 * @param {Buffer} key
 * @param {Uint8Array} plaintext
 * @param {string} aad
 */
export function seal(key, plaintext, aad) {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad))
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext])
}

/**
 * Opens what {@link seal} sealed; throws when the key, the AAD or a byte differs.
 *
 * @param {Buffer} key
 * @param {Buffer} sealed
 * @param {string} aad
 */
export function open(key, sealed, aad) {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES))
  decipher.setAAD(Buffer.from(aad))
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
}

/**
 * A one-time secret's stored form: HMAC-SHA-256 under a key derived from the master key, so that a leaked table
 * does not give the codes away (a plain hash of a 6-digit code falls to a million guesses).
 *
 * @param {Buffer} key
 * @param {string} secret
 */
export function hashSecret(key, secret) {
  return createHmac('sha256', key).update(secret).digest()
}
