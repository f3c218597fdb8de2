// Users and their keys. Each user gets a secp256k1 key (EVM) and a 32-byte ed25519 seed (Solana), sealed with
// AES-256-GCM before they reach the database; they are opened only in this process, to sign, and never sent.
import { createPrivateKey, createPublicKey, randomBytes, randomUUID } from 'node:crypto';

import { getAddressDecoder } from '@solana/kit';

import { open, seal } from './masterKey.mjs';

/** DER header of a PKCS#8 ed25519 private key; the 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * @typedef {object} WalletUser
 * @property {string} id
 * @property {string | null} email null for a social user
 * @property {string | null} socialProvider 'google' … for a social user
 * @property {string | null} userName the name the social provider gave
 * @property {`0x${string}`} evmAddress
 * @property {string} solanaAddress
 * @property {string | null} chainId the last network, canonical (networks.mjs)
 * @property {'eoa' | 'smartAccount' | null} preferredAccountType what the user chose; null: the network's default
 */

/** @param {Uint8Array} seed */
export function ed25519PrivateKey(seed) {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** @param {Uint8Array} seed the base58 Solana address of the seed's public key */
function solanaAddressOf(seed) {
  const jwk = createPublicKey(ed25519PrivateKey(seed)).export({ format: 'jwk' });
  return getAddressDecoder().decode(Buffer.from(/** @type {string} */ (jwk.x), 'base64url'));
}

/** @param {string} userId @param {'evm' | 'solana'} use the AAD: the key is bound to its user and its use */
const aadOf = (userId, use) => `${userId}/${use}`;

/** @param {any} row @returns {WalletUser} */
const toUser = (row) => ({
  id: row.id,
  email: row.email,
  socialProvider: row.social_provider,
  userName: row.user_name,
  evmAddress: row.evm_address,
  solanaAddress: row.solana_address,
  chainId: row.chain_id,
  preferredAccountType: row.preferred_account_type ?? null,
});

const USER_COLUMNS = 'id, email, social_provider, user_name, evm_address, solana_address, chain_id, preferred_account_type';

/**
 * The user with this email, created with fresh keys when there is none.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} tx
 * @param {Buffer} sealingKey
 * @param {string} email lower-case
 * @returns {Promise<WalletUser>}
 */
export async function findOrCreateUser(tx, sealingKey, email) {
  const existing = await tx.query(`SELECT ${USER_COLUMNS} FROM wallet.users WHERE email = $1`, [email]);
  if (existing.rows[0]) return toUser(existing.rows[0]);
  return createUser(tx, sealingKey, { email });
}

/**
 * The user a social provider knows by `subject`, created with fresh keys when there is none; the name it gives is
 * kept up to date. The same account at the same provider is always the same wallet.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} tx
 * @param {Buffer} sealingKey
 * @param {{ provider: string, subject: string, userName: string | null }} identity
 * @returns {Promise<WalletUser>}
 */
export async function findOrCreateSocialUser(tx, sealingKey, { provider, subject, userName }) {
  const existing = await tx.query(
    `UPDATE wallet.users SET user_name = $3 WHERE social_provider = $1 AND social_subject = $2 RETURNING ${USER_COLUMNS}`,
    [provider, subject, userName],
  );
  if (existing.rows[0]) return toUser(existing.rows[0]);
  return createUser(tx, sealingKey, { socialProvider: provider, socialSubject: subject, userName });
}

/**
 * @param {{ query: import('../storage/index.mjs').Query }} tx
 * @param {Buffer} sealingKey
 * @param {{ email?: string, socialProvider?: string, socialSubject?: string, userName?: string | null }} identity
 * @returns {Promise<WalletUser>}
 */
async function createUser(tx, sealingKey, { email, socialProvider, socialSubject, userName }) {
  const id = randomUUID();
  // Loaded at the first sign-up rather than at start.
  const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');
  const evmKey = generatePrivateKey();
  const seed = randomBytes(32);
  const { rows } = await tx.query(
    `INSERT INTO wallet.users (id, email, social_provider, social_subject, user_name, evm_address, solana_address, sealed_evm_key, sealed_solana_seed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${USER_COLUMNS}`,
    [
      id,
      email ?? null,
      socialProvider ?? null,
      socialSubject ?? null,
      userName ?? null,
      privateKeyToAccount(evmKey).address,
      solanaAddressOf(seed),
      seal(sealingKey, Buffer.from(evmKey.slice(2), 'hex'), aadOf(id, 'evm')),
      seal(sealingKey, seed, aadOf(id, 'solana')),
    ],
  );
  return toUser(rows[0]);
}

/**
 * @param {{ query: import('../storage/index.mjs').Query }} db
 * @param {string} field 'id' or 'email'
 * @param {string} value
 * @returns {Promise<WalletUser | undefined>}
 */
export async function findUser(db, field, value) {
  const column = field === 'id' ? 'id' : 'email';
  const { rows } = await db.query(`SELECT ${USER_COLUMNS} FROM wallet.users WHERE ${column} = $1`, [value]);
  return rows[0] ? toUser(rows[0]) : undefined;
}

/**
 * Opens a user's keys, for one signature.
 *
 * @param {{ query: import('../storage/index.mjs').Query }} db
 * @param {Buffer} sealingKey
 * @param {string} userId
 * @returns {Promise<{ evmKey: `0x${string}`, solanaSeed: Buffer }>}
 */
export async function openKeys(db, sealingKey, userId) {
  const { rows } = await db.query('SELECT sealed_evm_key, sealed_solana_seed FROM wallet.users WHERE id = $1', [userId]);
  if (!rows[0]) throw new Error(`No user ${userId}`);
  return {
    evmKey: `0x${open(sealingKey, rows[0].sealed_evm_key, aadOf(userId, 'evm')).toString('hex')}`,
    solanaSeed: open(sealingKey, rows[0].sealed_solana_seed, aadOf(userId, 'solana')),
  };
}
