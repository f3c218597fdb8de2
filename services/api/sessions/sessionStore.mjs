// Sign-in nonces and sessions in the service storage (schema `sessions`, services/storage).
import { randomBytes } from 'node:crypto'

import { SESSIONS_MIGRATIONS } from './migrations.mjs'

/**
 * A session as GET /v1/sessions/{id} answers it.
 *
 * @typedef {object} SessionView
 * @property {string} id
 * @property {'active' | 'revoked' | 'expired'} status
 * @property {string} chainId CAIP-2
 * @property {string} address
 * @property {string} domain
 * @property {string} message the signed text
 * @property {string} signature
 * @property {string} issuedAt ISO 8601
 * @property {string | null} expiresAt ISO 8601, null when the message set no expiry
 * @property {string | null} revokedAt
 */

/**
 * @param {any} row
 * @param {number} now
 * @returns {SessionView}
 */
function toView(row, now) {
  const expiresAt = row.expires_at ? new Date(row.expires_at) : null
  const revokedAt = row.revoked_at ? new Date(row.revoked_at) : null
  return {
    id: row.id,
    status: revokedAt ? 'revoked' : expiresAt && expiresAt.getTime() <= now ? 'expired' : 'active',
    chainId: row.chain_id,
    address: row.address,
    domain: row.domain,
    message: row.message,
    signature: row.signature,
    issuedAt: new Date(row.issued_at).toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
    revokedAt: revokedAt?.toISOString() ?? null,
  }
}

/** Letters and digits only (EIP-4361 nonces), 24 of them: 142 bits. */
function newNonce() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(randomBytes(24), (byte) => alphabet[byte % 62]).join('')
}

/**
 * Migrates the `sessions` schema and returns the store over it.
 *
 * @param {import('../../storage/index.mjs').Database} database
 */
export async function openSessionStore(database) {
  await database.migrate({ schema: 'sessions', migrations: SESSIONS_MIGRATIONS })
  return {
    /**
     * @param {string} projectId
     * @param {number} now
     * @param {number} ttlMs
     */
    async issueNonce(projectId, now, ttlMs) {
      const nonce = newNonce()
      const expiresAt = new Date(now + ttlMs)
      await database.query('INSERT INTO sessions.nonces (nonce, project_id, expires_at) VALUES ($1, $2, $3)', [nonce, projectId, expiresAt])
      return { nonce, expiresAt: expiresAt.toISOString() }
    },

    /**
     * Spends a nonce: true only for one this project was given, unexpired and unused — once.
     *
     * @param {string} projectId @param {string} nonce @param {number} now
     */
    async consumeNonce(projectId, nonce, now) {
      // One statement: two sign-ins racing with the same nonce cannot both see it unused.
      const { rowCount } = await database.query(
        'UPDATE sessions.nonces SET used_at = $3 WHERE nonce = $1 AND project_id = $2 AND used_at IS NULL AND expires_at > $3',
        [nonce, projectId, new Date(now)],
      )
      return rowCount === 1
    },

    /**
     * @param {{ projectId: string, chainId: string, address: string, domain: string, message: string, signature: string,
     *   issuedAt: string, expiresAt: string | undefined, now: number }} session
     * @returns {Promise<SessionView>}
     */
    async create({ projectId, chainId, address, domain, message, signature, issuedAt, expiresAt, now }) {
      const id = randomBytes(32).toString('base64url')
      const { rows } = await database.query(
        `INSERT INTO sessions.sessions (id, project_id, chain_id, address, domain, message, signature, issued_at, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
        [
          id,
          projectId,
          chainId,
          address,
          domain,
          message,
          signature,
          new Date(issuedAt),
          expiresAt ? new Date(expiresAt) : null,
          new Date(now),
        ],
      )
      return toView(rows[0], now)
    },

    /**
     * @param {string} projectId @param {string} id @param {number} now
     * @returns {Promise<SessionView | undefined>}
     */
    async find(projectId, id, now) {
      const { rows } = await database.query('SELECT * FROM sessions.sessions WHERE id = $1 AND project_id = $2', [id, projectId])
      return rows[0] ? toView(rows[0], now) : undefined
    },

    /**
     * Revokes a session (again is harmless: the first time is kept).
     *
     * @param {string} projectId @param {string} id @param {number} now
     * @returns {Promise<SessionView | undefined>}
     */
    async revoke(projectId, id, now) {
      const { rows } = await database.query(
        'UPDATE sessions.sessions SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND project_id = $2 RETURNING *',
        [id, projectId, new Date(now)],
      )
      return rows[0] ? toView(rows[0], now) : undefined
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof openSessionStore>>} SessionStore */
