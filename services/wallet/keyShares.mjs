// What this service keeps of a user's keys (KEYS.md): their addresses, the auth share, and the recovery share
// wrapped under keys it never sees. It hands the auth share to the user's own frame page over their session, and
// a user's old sealed keys to that frame once, to be split (migration). It never holds a key it could sign with.
import * as v from 'valibot'

import { SIGNED_IN_USER, openSealedKeysForMigration, sessionUser } from './accounts.mjs'
import { WalletError, invalidRequest } from './errors.mjs'

const BASE64 = (/** @type {number} */ max) => v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64 text'), v.maxLength(max))
/** What the frame sends of new or migrated keys (checked by the key routes, routes/keyRoutes.mjs). */
export const REGISTRATION = v.object({
  evmAddress: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'evmAddress must be an address')),
  solanaAddress: v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'solanaAddress must be a base58 address')),
  authShare: BASE64(200),
  recoveryWrap: BASE64(300),
})

/** @typedef {{ query: import('../storage/index.mjs').Query }} Db */
/** @typedef {v.InferOutput<typeof REGISTRATION>} Registration */

/** Whether the user `u` has a backup, as the column `backed_up` ({@link isBackedUp}). */
const BACKED_UP = `u.phrase_confirmed_at IS NOT NULL
  OR EXISTS (SELECT 1 FROM wallet.recovery_wraps w WHERE w.user_id = u.id AND w.kind = 'passkey') AS backed_up`

/**
 * Where the user's keys are: `none` (a new user: the frame makes them), `shares` (split), or `sealed` (made before
 * KEYS.md: the frame migrates them); and whether they are backed up ({@link isBackedUp}). Read with the session's user
 * (accounts.mjs sessionUserWith): the frame asks it after every login.
 */
export const KEY_STATE_COLUMNS = `u.sealed_evm_key IS NOT NULL AS sealed,
  EXISTS (SELECT 1 FROM wallet.key_shares s WHERE s.user_id = u.id) AS split, ${BACKED_UP}`

/**
 * The key state of a row read with {@link KEY_STATE_COLUMNS}.
 *
 * @param {Record<string, any>} row
 * @returns {{ status: 'none' | 'shares' | 'sealed', backedUp: boolean }}
 */
export function keyStateOf(row) {
  const status = row.split ? 'shares' : row.sealed ? 'sealed' : 'none'
  return { status, backedUp: row.backed_up === true }
}

/**
 * Stores what the frame made for the session's new user: their addresses, the auth share, the phrase's wrap of the
 * recovery share. Refused when the user has keys already: keys are made once.
 *
 * @param {import('../storage/index.mjs').Database} database @param {import('./accounts.mjs').WalletScope} scope
 * @param {string} userId the session's @param {Registration} registration
 * @returns {Promise<boolean>} false when the session's user is not one of the scope's wallets
 */
export async function registerKeys(database, scope, userId, registration) {
  const { evmAddress, solanaAddress, authShare, recoveryWrap } = registration
  // The session's user, the addresses and both shares in one statement: all of them are stored, or none.
  const { rows } = await database.query(
    `WITH signed_in AS (${SIGNED_IN_USER}), registered AS (
       UPDATE wallet.users SET evm_address = $3, solana_address = $4
       WHERE id = (SELECT id FROM signed_in WHERE project_id IS NOT NULL) AND evm_address IS NULL AND sealed_evm_key IS NULL
       RETURNING id
     ), auth AS (
       INSERT INTO wallet.key_shares (user_id, auth_share) SELECT id, $5::bytea FROM registered
     ), recovery AS (
       INSERT INTO wallet.recovery_wraps (user_id, kind, label, wrapped) SELECT id, 'phrase', '', $6::bytea FROM registered
     )
     SELECT (SELECT project_id FROM signed_in) AS project_id, EXISTS (SELECT 1 FROM signed_in) AS signed_in,
       EXISTS (SELECT 1 FROM registered) AS registered`,
    [scope.projects, userId, evmAddress, solanaAddress, Buffer.from(authShare, 'base64'), Buffer.from(recoveryWrap, 'base64')],
  )
  const row = /** @type {Record<string, any>} */ (rows[0])
  if (!row.signed_in) return false
  if (row.registered) return true
  // A wallet made before wallets were per project is this project's once claimed (another may have claimed it first).
  if (row.project_id === null)
    return (await sessionUser(database, scope, userId)) !== undefined && registerKeys(database, scope, userId, registration)
  throw keysExist()
}

/**
 * Migration, step 1: the user's old keys, for their own frame to split. Refused once they are split.
 *
 * @param {Db} db @param {Buffer} sealingKey @param {string} userId
 */
export async function sealedKeysToMigrate(db, sealingKey, userId) {
  const opened = await openSealedKeysForMigration(db, sealingKey, userId)
  if (!opened) throw new WalletError(409, 'NOTHING_TO_MIGRATE', 'This wallet’s keys are already split')
  return { evmKey: opened.evmKey.toString('base64'), solanaSeed: opened.solanaSeed.toString('base64') }
}

/**
 * Migration, step 2: the frame split the old keys; the shares are stored and the sealed keys deleted, in one
 * transaction, when the addresses are the user's own (the user keeps them).
 *
 * @param {import('../storage/index.mjs').Database} database @param {string} userId @param {Registration} registration
 */
export async function completeMigration(database, userId, registration) {
  await database.transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE wallet.users SET sealed_evm_key = NULL, sealed_solana_seed = NULL
       WHERE id = $1 AND sealed_evm_key IS NOT NULL AND lower(evm_address) = lower($2) AND solana_address = $3 RETURNING id`,
      [userId, registration.evmAddress, registration.solanaAddress],
    )
    if (!rows[0]) throw invalidRequest('These shares are not of this wallet’s keys')
    await storeShares(tx, userId, registration)
  })
}

/**
 * What the user's frame needs to rebuild their key for one operation: the auth share, the wrapped recovery share
 * (for a browser without a share yet), and the addresses the rebuilt key must give.
 *
 * @param {Db} db @param {import('./accounts.mjs').WalletUser} user
 */
export async function keysForFrame(db, user) {
  const { rows } = await db.query(`SELECT ${FRAME_KEY_COLUMNS} FROM wallet.users u ${FRAME_KEY_JOINS} WHERE u.id = $1`, [user.id])
  return frameKeysOf(user, rows[0] ?? {})
}

/**
 * The columns keysForFrame reads, of the user `u` joined with FRAME_KEY_JOINS: a query that reads a user for a
 * signing job reads them with it (rpc.mjs), in one statement.
 */
export const FRAME_KEY_COLUMNS =
  's.auth_share AS key_auth_share, w.wrapped AS key_recovery_wrap, u.sealed_evm_key IS NOT NULL AS key_sealed'
export const FRAME_KEY_JOINS = `LEFT JOIN wallet.key_shares s ON s.user_id = u.id
  LEFT JOIN wallet.recovery_wraps w ON w.user_id = u.id AND w.kind = 'phrase'`

/**
 * keysForFrame's answer from a row read with FRAME_KEY_COLUMNS.
 *
 * @param {import('./accounts.mjs').WalletUser} user @param {Record<string, any>} row
 * @returns {import('./frame/keyring.js').FrameKeys}
 */
export function frameKeysOf(user, row) {
  const status = row.key_auth_share ? 'shares' : row.key_sealed ? 'sealed' : 'none'
  return {
    userId: user.id,
    status,
    evmAddress: user.evmAddress,
    solanaAddress: user.solanaAddress,
    ...(row.key_auth_share && {
      authShare: row.key_auth_share.toString('base64'),
      recoveryWrap: row.key_recovery_wrap?.toString('base64'),
    }),
  }
}

/**
 * Whether the wallet has a backup its visitor really made (docs/wallets.md#backup): the recovery phrase they confirmed
 * saving, or a passkey that wraps a share. Without one, the key lives only in the browsers that hold a device share.
 *
 * @param {Db} db @param {string} userId
 * @returns {Promise<boolean>}
 */
export async function isBackedUp(db, userId) {
  const { rows } = await db.query(`SELECT ${BACKED_UP} FROM wallet.users u WHERE u.id = $1`, [userId])
  return rows[0]?.backed_up === true
}

/**
 * The visitor finished the recovery phrase's panel in their frame: from now on the phrase counts as a backup. Only for a
 * wallet whose keys are split (its phrase wraps the recovery share).
 *
 * @param {Db} db @param {string} userId @param {() => number} now
 */
export async function confirmPhraseBackup(db, userId, now) {
  const { rows } = await db.query(
    `UPDATE wallet.users SET phrase_confirmed_at = COALESCE(phrase_confirmed_at, $2)
     WHERE id = $1 AND EXISTS (SELECT 1 FROM wallet.recovery_wraps w WHERE w.user_id = $1 AND w.kind = 'phrase') RETURNING id`,
    [userId, new Date(now())],
  )
  if (!rows[0]) throw new WalletError(409, 'NO_KEYS', 'This wallet has no keys yet: sign in again')
}

/** @param {Db} tx @param {string} userId @param {Registration} registration */
async function storeShares(tx, userId, { authShare, recoveryWrap }) {
  await tx.query('INSERT INTO wallet.key_shares (user_id, auth_share) VALUES ($1, $2)', [userId, Buffer.from(authShare, 'base64')])
  await tx.query(`INSERT INTO wallet.recovery_wraps (user_id, kind, label, wrapped) VALUES ($1, 'phrase', '', $2)`, [
    userId,
    Buffer.from(recoveryWrap, 'base64'),
  ])
}

const keysExist = () => new WalletError(409, 'KEYS_EXIST', 'This wallet has keys already')
