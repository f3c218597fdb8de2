// Registered names in the service storage (schema `names`, services/storage): one row per name, found by name or
// by address. Names and addresses are compared case-insensitively; names are stored lower-case.
import { NAMES_MIGRATIONS } from './migrations.mjs'
import { NameRequestError } from './rules.mjs'

/** PostgreSQL's unique_violation, on PGlite and on a server alike. */
const UNIQUE_VIOLATION = '23505'

/**
 * A name as the profile calls answer it (rules §7).
 *
 * @typedef {object} NameProfile
 * @property {string} name
 * @property {string} registered_at ISO 8601
 * @property {Record<string, { address: string, created: string }>} addresses by ENSIP-11 coin type
 * @property {Record<string, string>} attributes
 */

/**
 * @param {any} row
 * @returns {NameProfile}
 */
function toProfile(row) {
  const created = new Date(row.registered_at).toISOString()
  return {
    name: row.name,
    registered_at: created,
    addresses: { [String(row.coin_type)]: { address: row.address, created } },
    attributes: row.attributes ?? {},
  }
}

const COLUMNS = 'name, coin_type, address, attributes, registered_at'

/**
 * Migrates the `names` schema and returns the store over it.
 *
 * @param {import('../../storage/index.mjs').Database} database
 */
export async function openNameStore(database) {
  await database.migrate({ schema: 'names', migrations: NAMES_MIGRATIONS })
  return {
    /**
     * @param {string} name lower-case
     * @returns {Promise<NameProfile | undefined>}
     */
    async find(name) {
      const { rows } = await database.query(`SELECT ${COLUMNS} FROM names.registrations WHERE name = $1`, [name])
      return rows[0] ? toProfile(rows[0]) : undefined
    },

    /**
     * The names registered whose names are among `names`, for suggestions.
     *
     * @param {readonly string[]} names lower-case
     * @returns {Promise<Set<string>>}
     */
    async taken(names) {
      const { rows } = await database.query('SELECT name FROM names.registrations WHERE name = ANY($1::text[])', [names])
      return new Set(rows.map((row) => row.name))
    },

    /**
     * Every name, oldest first (to write them all to the on-chain mirror).
     *
     * @returns {Promise<NameProfile[]>}
     */
    async all() {
      const { rows } = await database.query(`SELECT ${COLUMNS} FROM names.registrations ORDER BY registered_at, name`)
      return rows.map(toProfile)
    },

    /**
     * An address's names, newest first.
     *
     * @param {string} address any case
     * @returns {Promise<NameProfile[]>}
     */
    async namesOf(address) {
      const { rows } = await database.query(
        `SELECT ${COLUMNS} FROM names.registrations WHERE address_key = $1 ORDER BY registered_at DESC, name LIMIT 100`,
        [address.toLowerCase()],
      )
      return rows.map(toProfile)
    },

    /**
     * Registers a name; NAME_TAKEN (409) when it has been registered, even a moment ago by another request.
     *
     * @param {{ name: string, coinType: number, address: string, attributes: Record<string, string>, message: string,
     *   signature: string, registeredAt: Date }} registration
     * @returns {Promise<NameProfile>}
     */
    async register({ name, coinType, address, attributes, message, signature, registeredAt }) {
      try {
        const { rows } = await database.query(
          `INSERT INTO names.registrations (name, coin_type, address, address_key, attributes, message, signature, registered_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
          [name, coinType, address, address.toLowerCase(), JSON.stringify(attributes), message, signature, registeredAt.toISOString()],
        )
        return toProfile(rows[0])
      } catch (error) {
        if (/** @type {{ code?: string }} */ (error)?.code === UNIQUE_VIOLATION) throw nameTaken(name)
        throw error
      }
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof openNameStore>>} NameStore */

/** @param {string} name */
export const nameTaken = (name) => new NameRequestError(409, 'NAME_TAKEN', `The name ${name} is taken`)
