// The frame's side of KEYS.md: makes a new user's keys, migrates old sealed ones, and rebuilds a user's secret for
// one operation from this browser's share and the auth share, wiping it after. `backend` is the frame's same-origin
// POST; `store` keeps this browser's shares (deviceShares.js in the frame, memory in the tests that play it).
import {
  addressesOf,
  combineShares,
  createSecret,
  fromBase64,
  phraseKey,
  phraseOf,
  secretOf,
  solanaSeedOf,
  splitSecret,
  toBase64,
  unwrapShare,
  wrapShare,
} from './shares.js'
import { base58 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'

/**
 * @typedef {object} ShareStore
 * @property {(userId: string, share: Uint8Array) => Promise<void>} keepDeviceShare
 * @property {(userId: string) => Promise<Uint8Array | undefined>} deviceShare
 */
/**
 * What the service sends with a signing job (keyShares.mjs keysForFrame).
 *
 * @typedef {{ userId: string, status: 'none' | 'shares' | 'sealed', evmAddress: string, solanaAddress: string, authShare?: string, recoveryWrap?: string }} FrameKeys
 */

/** Errors the frame shows the visitor, with a code the host may act on. */
export class KeyError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message)
    this.code = code
  }
}

/**
 * @param {{ backend: (path: string, body: Record<string, unknown>) => Promise<any>, store: ShareStore }} options
 */
export function createKeyring({ backend, store }) {
  /**
   * After a login: a new user's keys are made here, an old user's sealed keys split; a split user needs nothing.
   * Answers the new wallet's user and recovery phrase when it made one, for the backup prompt to show; undefined
   * otherwise.
   *
   * @returns {Promise<{ userId: string, phrase: string } | undefined>}
   */
  async function afterLogin() {
    const { status, userId } = await backend('/v1/frame/keys/state', {})
    if (status === 'none')
      return wiped(createSecret(), async (secret) => {
        await register(userId, secret, 'register')
        return { userId, phrase: phraseOf(secret) }
      })
    if (status === 'sealed') await migrate(userId, async () => undefined)
    return undefined
  }

  /**
   * Migration (KEYS.md): the old keys come once over the session, are split here, and `run` uses them meanwhile.
   *
   * @template T @param {string} userId @param {(secret: Uint8Array) => Promise<T>} run
   */
  async function migrate(userId, run) {
    const { evmKey, solanaSeed } = await backend('/v1/frame/keys/migrate', {})
    return wiped(secretOf(fromBase64(evmKey), fromBase64(solanaSeed)), async (secret) => {
      await register(userId, secret, 'migrated')
      return run(secret)
    })
  }

  /** @template T @param {Uint8Array} secret @param {(secret: Uint8Array) => Promise<T>} run */
  async function wiped(secret, run) {
    try {
      return await run(secret)
    } finally {
      secret.fill(0)
    }
  }

  /**
   * Splits the secret, keeps the device share here and sends the auth share and the wrapped recovery share.
   *
   * @param {string} userId @param {Uint8Array} secret @param {'register' | 'migrated'} path
   */
  async function register(userId, secret, path) {
    const { device, auth, recovery } = await splitSecret(secret)
    const recoveryWrap = await wrapShare(phraseKey(phraseOf(secret)), recovery, userId)
    await store.keepDeviceShare(userId, device)
    await backend(`/v1/frame/keys/${path}`, { ...addressesOf(secret), authShare: toBase64(auth), recoveryWrap: toBase64(recoveryWrap) })
    for (const share of [device, auth, recovery]) share.fill(0)
  }

  /** Whether this browser can rebuild the user's key without the recovery phrase. @param {string} userId */
  async function hasShare(userId) {
    return (await store.deviceShare(userId)) !== undefined
  }

  /**
   * Rebuilds the user's secret in memory for `run` alone, then zeroes it. A browser without a share opens the
   * recovery share with `phrase` and keeps it as its own. The rebuilt key must give the user's addresses.
   *
   * @template T
   * @param {FrameKeys} keys @param {string | undefined} phrase @param {(secret: Uint8Array) => Promise<T>} run
   * @returns {Promise<T>}
   */
  async function withSecret(keys, phrase, run) {
    if (keys.status === 'sealed') return migrate(keys.userId, run)
    if (!keys.authShare) throw new KeyError('NO_KEYS', 'This wallet has no keys yet: sign in again')
    let share = await store.deviceShare(keys.userId)
    const recovering = share === undefined
    if (!share) share = await openRecoveryShare(keys, phrase)
    const own = /** @type {Uint8Array} */ (share)
    return wiped(await combineShares(own, fromBase64(keys.authShare)), async (secret) => {
      try {
        if (addressesOf(secret).evmAddress.toLowerCase() !== keys.evmAddress.toLowerCase()) {
          throw new KeyError('KEY_MISMATCH', 'This browser’s key share is not this wallet’s: recover it with your recovery phrase')
        }
        if (recovering) await store.keepDeviceShare(keys.userId, own)
        return await run(secret)
      } finally {
        own.fill(0)
      }
    })
  }

  /** @param {FrameKeys} keys @param {string | undefined} phrase */
  async function openRecoveryShare(keys, phrase) {
    if (!phrase) throw new KeyError('RECOVERY_NEEDED', 'This browser has no share of your wallet’s key: enter your recovery phrase')
    if (!keys.recoveryWrap) throw new KeyError('NO_KEYS', 'This wallet has no recovery share')
    let key
    try {
      key = phraseKey(phrase)
    } catch {
      throw new KeyError('INVALID_PHRASE', 'Invalid recovery phrase')
    }
    try {
      return await unwrapShare(key, fromBase64(keys.recoveryWrap), keys.userId)
    } catch {
      throw new KeyError('INVALID_PHRASE', 'This is not this wallet’s recovery phrase')
    }
  }

  /**
   * What key export shows: the EVM private key, the Solana secret key (seed ‖ public key, base58, as Solana
   * wallets import it) and the recovery phrase.
   *
   * @param {FrameKeys} keys @param {string | undefined} phrase
   */
  function exportKeys(keys, phrase) {
    return withSecret(keys, phrase, async (secret) => {
      const seed = solanaSeedOf(secret)
      const solanaSecret = new Uint8Array(64)
      solanaSecret.set(seed, 0)
      solanaSecret.set(ed25519.getPublicKey(seed), 32)
      const hex = [...secret.subarray(0, 32)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
      const exported = { evmPrivateKey: `0x${hex}`, solanaSecretKey: base58.encode(solanaSecret), phrase: phraseOf(secret) }
      solanaSecret.fill(0)
      return exported
    })
  }

  /** The recovery phrase alone, for a backup made after sign-up (docs/wallets.md#backup). @param {FrameKeys} keys */
  function phraseFor(keys) {
    return withSecret(keys, undefined, async (secret) => phraseOf(secret))
  }

  return { afterLogin, hasShare, withSecret, exportKeys, phraseFor }
}
