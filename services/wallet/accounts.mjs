// Users. A user's keys are born in the frame and split there (KEYS.md): this service keeps their addresses, the
// auth share and the wrapped recovery share (keyShares.mjs), never a key. Users made before that still have their
// keys sealed with AES-256-GCM under the master key, opened only to hand them to their own frame once, to migrate.
import { randomUUID } from 'node:crypto'

import { open } from './masterKey.mjs'

/**
 * @typedef {object} WalletUser
 * @property {string} id
 * @property {string | null} email null for a social user
 * @property {string | null} socialProvider 'google' … for a social user
 * @property {string | null} userName the name the social provider gave
 * @property {`0x${string}`} evmAddress '' until the frame registered the user's keys (keyShares.mjs)
 * @property {string} solanaAddress '' likewise
 * @property {string | null} chainId the last network, canonical (networks.mjs)
 * @property {'eoa' | 'smartAccount' | null} preferredAccountType what the user chose; null: the network's default
 * @property {'eip7702' | 'erc4337'} accountMode which smart account the wallet has (docs/wallets.md#account-modes): its
 *   EOA upgraded in place where the network supports EIP-7702 (wallets made since), or the ERC-4337 account (before)
 * @property {string | null} projectId the project the wallet belongs to; null: made before wallets were per project
 */
/**
 * Which wallets a request may use (docs/wallets.md): those of its project, or of the projects the operator shares
 * wallets across; a new wallet belongs to the request's own project.
 *
 * @typedef {object} WalletScope
 * @property {string} projectId
 * @property {readonly string[]} projects the projects whose wallets count, `projectId` among them
 */

/** @param {string} userId @param {'evm' | 'solana'} use the AAD: the key is bound to its user and its use */
const aadOf = (userId, use) => `${userId}/${use}`

/** @param {any} row @returns {WalletUser} */
const toUser = (row) => ({
  id: row.id,
  email: row.email,
  socialProvider: row.social_provider,
  userName: row.user_name,
  evmAddress: row.evm_address ?? '',
  solanaAddress: row.solana_address ?? '',
  chainId: row.chain_id,
  preferredAccountType: row.preferred_account_type ?? null,
  accountMode: row.account_mode === 'eip7702' ? 'eip7702' : 'erc4337',
  projectId: row.project_id,
})

const USER_COLUMN_NAMES = [
  'id',
  'email',
  'social_provider',
  'user_name',
  'evm_address',
  'solana_address',
  'chain_id',
  'preferred_account_type',
  'account_mode',
  'project_id',
]
const USER_COLUMNS = USER_COLUMN_NAMES.join(', ')
/**
 * The user's columns of `wallet.users` joined as `alias`, each named `user_<column>`, for a query that reads a row of
 * another table and its user at once; {@link joinedUser} reads them back.
 *
 * @param {string} alias
 */
export const joinedUserColumns = (alias) => USER_COLUMN_NAMES.map((column) => `${alias}.${column} AS user_${column}`).join(', ')
/** The user of a row read with {@link joinedUserColumns}. @param {Record<string, any>} row */
export const joinedUser = (row) => toUser(Object.fromEntries(USER_COLUMN_NAMES.map((column) => [column, row[`user_${column}`]])))
/**
 * The scope's wallets ($1: the projects), then the unclaimed ones made before wallets were per project; among
 * shared projects, the oldest wallet wins (two projects may have had their own before the operator shared them).
 */
const IN_SCOPE = '(project_id = ANY($1) OR project_id IS NULL)'
const SCOPE_ORDER = 'ORDER BY project_id IS NULL, created_at, id LIMIT 1'

/**
 * The session's user `$2` when its wallet is the scope's (`$1`: the projects), as the body of a CTE: a statement that
 * writes for the user checks its session in the same round trip. A wallet made before wallets were per project
 * (`project_id` null) is not claimed by it; {@link sessionUser} claims it.
 */
export const SIGNED_IN_USER = `SELECT id, project_id FROM wallet.users WHERE ${IN_SCOPE} AND id = $2`

/**
 * A wallet made before wallets were per project belongs to the first project that uses it afterwards: nothing
 * recorded which projects used it before. Undefined when another project claimed it first.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} db
 * @param {WalletScope} scope
 * @param {WalletUser} user
 * @returns {Promise<WalletUser | undefined>}
 */
async function claimed(db, scope, user) {
  if (user.projectId !== null) return user
  const { rows } = await db.query(
    `UPDATE wallet.users SET project_id = $2 WHERE id = $1 AND project_id IS NULL RETURNING ${USER_COLUMNS}`,
    [user.id, scope.projectId],
  )
  return rows[0] ? toUser(rows[0]) : undefined
}

/**
 * The scope's user with this email, created (without keys: the frame makes them) when there is none.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} tx
 * @param {WalletScope} scope
 * @param {string} email lower-case
 * @returns {Promise<WalletUser>}
 */
export async function findOrCreateUser(tx, scope, email) {
  const existing = await findUser(tx, scope, 'email', email)
  const user = existing && (await claimed(tx, scope, existing))
  if (user) return user
  if (existing) return findOrCreateUser(tx, scope, email)
  return createUser(tx, { projectId: scope.projectId, email })
}

/**
 * The scope's user a social provider knows by `subject`, created (without keys) when there is none; the name it
 * gives is kept up to date. The same account at the same provider is always the same wallet on a project.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} tx
 * @param {WalletScope} scope
 * @param {{ provider: string, subject: string, userName: string | null }} identity
 * @returns {Promise<WalletUser>}
 */
export async function findOrCreateSocialUser(tx, scope, identity) {
  const { provider, subject, userName } = identity
  const { rows } = await tx.query(
    `SELECT ${USER_COLUMNS} FROM wallet.users WHERE ${IN_SCOPE} AND social_provider = $2 AND social_subject = $3 ${SCOPE_ORDER}`,
    [scope.projects, provider, subject],
  )
  const existing = rows[0] && toUser(rows[0])
  const user = existing && (await claimed(tx, scope, existing))
  if (existing && !user) return findOrCreateSocialUser(tx, scope, identity)
  if (!user) return createUser(tx, { projectId: scope.projectId, socialProvider: provider, socialSubject: subject, userName })
  await tx.query('UPDATE wallet.users SET user_name = $2 WHERE id = $1', [user.id, userName])
  return { ...user, userName }
}

/**
 * @param {{ query: import('../storage/index.mjs').Query }} tx
 * @param {{ projectId: string, email?: string, socialProvider?: string, socialSubject?: string, userName?: string | null }} identity
 * @returns {Promise<WalletUser>}
 */
async function createUser(tx, { projectId, email, socialProvider, socialSubject, userName }) {
  const { rows } = await tx.query(
    `INSERT INTO wallet.users (id, project_id, email, social_provider, social_subject, user_name)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${USER_COLUMNS}`,
    [randomUUID(), projectId, email ?? null, socialProvider ?? null, socialSubject ?? null, userName ?? null],
  )
  return toUser(rows[0])
}

/**
 * The scope's user with this id or email. A wallet made before wallets were per project is found too, unclaimed
 * (a session, or a login that is not done yet, names it).
 *
 * @param {{ query: import('../storage/index.mjs').Query }} db
 * @param {WalletScope} scope
 * @param {'id' | 'email'} field
 * @param {string} value
 * @returns {Promise<WalletUser | undefined>}
 */
export async function findUser(db, scope, field, value) {
  const column = field === 'id' ? 'id' : 'email'
  const { rows } = await db.query(`SELECT ${USER_COLUMNS} FROM wallet.users WHERE ${IN_SCOPE} AND ${column} = $2 ${SCOPE_ORDER}`, [
    scope.projects,
    value,
  ])
  return rows[0] ? toUser(rows[0]) : undefined
}

/**
 * A user by id, whatever the project (an approval names its user).
 *
 * @param {{ query: import('../storage/index.mjs').Query }} db @param {string} userId
 * @returns {Promise<WalletUser>}
 */
export async function userById(db, userId) {
  const { rows } = await db.query(`SELECT ${USER_COLUMNS} FROM wallet.users WHERE id = $1`, [userId])
  if (!rows[0]) throw new Error(`No user ${userId}`)
  return toUser(rows[0])
}

/**
 * The signed-in user of a session, when its wallet is the scope's; a wallet made before wallets were per project
 * is claimed by this project.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} db
 * @param {WalletScope} scope
 * @param {string} userId
 * @returns {Promise<WalletUser | undefined>}
 */
export async function sessionUser(db, scope, userId) {
  return (await sessionUserWith(db, scope, userId))?.user
}

/**
 * {@link sessionUser}, with more of what the call needs read in the same statement: `columns`, SQL over the user's row
 * `u` (one statement a call where there were two, docs/budgets.md), answered as `row`.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} db
 * @param {WalletScope} scope
 * @param {string} userId
 * @param {string} [columns] e.g. `u.sealed_evm_key IS NOT NULL AS sealed`
 * @returns {Promise<{ user: WalletUser, row: Record<string, any> } | undefined>}
 */
export async function sessionUserWith(db, scope, userId, columns) {
  const { rows } = await db.query(
    `SELECT ${joinedUserColumns('u')}${columns ? `, ${columns}` : ''} FROM wallet.users u WHERE ${IN_SCOPE} AND u.id = $2 ${SCOPE_ORDER}`,
    [scope.projects, userId],
  )
  const row = rows[0]
  const user = row && (await claimed(db, scope, joinedUser(row)))
  return user && { user, row }
}

/**
 * A user's old sealed keys, opened for the one thing they are still opened for: handing them to the user's own frame
 * to split into shares (KEYS.md, Migration). Undefined once migrated.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} db
 * @param {Buffer} sealingKey
 * @param {string} userId
 * @returns {Promise<{ evmKey: Buffer, solanaSeed: Buffer } | undefined>}
 */
export async function openSealedKeysForMigration(db, sealingKey, userId) {
  const { rows } = await db.query('SELECT sealed_evm_key, sealed_solana_seed FROM wallet.users WHERE id = $1', [userId])
  if (!rows[0]?.sealed_evm_key) return undefined
  return {
    evmKey: open(sealingKey, rows[0].sealed_evm_key, aadOf(userId, 'evm')),
    solanaSeed: open(sealingKey, rows[0].sealed_solana_seed, aadOf(userId, 'solana')),
  }
}
