// Versioned migrations, one list per service schema: migration N is the list's Nth entry, applied once and
// recorded in `<schema>.schema_migrations`. Every pending migration of one start runs in one transaction, so a
// failing one leaves the database exactly as it was.

/** A service's schema: a plain lower-case SQL identifier, written into the SQL as it is. */
const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/

/** The database holds migrations this code does not know: it was written by a newer Foyer. */
export class DatabaseNewerError extends Error {
  /**
   * @param {object} details
   * @param {string} details.schema
   * @param {string} details.location where the database is (a directory or a redacted URL)
   * @param {number} details.databaseVersion
   * @param {number} details.codeVersion
   */
  constructor({ schema, location, databaseVersion, codeVersion }) {
    super(
      `The ${schema} schema in ${location} is at version ${databaseVersion}, newer than this code, which knows ` +
        `version ${codeVersion}: run the Foyer release that wrote it, or restore a backup made before the upgrade.`,
    )
    this.name = 'DatabaseNewerError'
    this.schema = schema
    this.databaseVersion = databaseVersion
    this.codeVersion = codeVersion
  }
}

/**
 * @typedef {object} Migration
 * @property {string} name what it does, recorded with it ('create names'); a recorded name that differs from
 *   the code's means the list was edited after it ran
 * @property {string} sql one or more statements; tables are named with their schema (`names.registrations`)
 */

/**
 * @typedef {object} MigrationTransaction
 * @property {(sql: string, params?: unknown[]) => Promise<{ rows: any[] }>} query
 * @property {(sql: string) => Promise<void>} exec runs a script of several statements
 */

/**
 * Brings `schema` up to the last of `migrations` inside the transaction `tx`.
 *
 * @param {MigrationTransaction} tx
 * @param {object} options
 * @param {string} options.schema
 * @param {readonly Migration[]} options.migrations
 * @param {string} options.location named in {@link DatabaseNewerError}
 * @returns {Promise<{ version: number, applied: string[] }>} the schema's version now and the names applied
 */
export async function migrate(tx, { schema, migrations, location }) {
  checkMigrations(schema, migrations)
  // Servers started together against one PostgreSQL (replicas of a service) take turns.
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`foyer.migrate.${schema}`])
  await tx.exec(
    `CREATE SCHEMA IF NOT EXISTS ${schema};
     CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
       version integer PRIMARY KEY,
       name text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  )
  const { rows } = await tx.query(`SELECT version, name FROM ${schema}.schema_migrations ORDER BY version`)
  const databaseVersion = rows.length === 0 ? 0 : Number(rows.at(-1).version)
  if (databaseVersion > migrations.length) {
    throw new DatabaseNewerError({ schema, location, databaseVersion, codeVersion: migrations.length })
  }
  for (const { version, name } of rows) {
    const expected = migrations[version - 1]?.name
    if (name !== expected) {
      throw new Error(
        `Migration ${version} of the ${schema} schema ran as ${JSON.stringify(name)} but the code now calls it ` +
          `${JSON.stringify(expected)}: migrations are append-only; add a new one instead of editing one that ran.`,
      )
    }
  }
  const applied = []
  for (let version = databaseVersion + 1; version <= migrations.length; version += 1) {
    const { name, sql } = /** @type {Migration} */ (migrations[version - 1])
    try {
      await tx.exec(sql)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(`Migration ${version} (${name}) of the ${schema} schema failed: ${reason}`, { cause: error })
    }
    await tx.query(`INSERT INTO ${schema}.schema_migrations (version, name) VALUES ($1, $2)`, [version, name])
    applied.push(name)
  }
  return { version: migrations.length, applied }
}

/** @param {unknown} schema @param {unknown} migrations */
function checkMigrations(schema, migrations) {
  if (typeof schema !== 'string' || !SCHEMA_PATTERN.test(schema)) {
    throw new TypeError(`schema must be a lower-case SQL identifier (letters, digits, _), got ${JSON.stringify(schema)}`)
  }
  if (!Array.isArray(migrations)) throw new TypeError('migrations must be a list of { name, sql }')
  migrations.forEach((migration, index) => {
    if (typeof migration?.name !== 'string' || migration.name === '' || typeof migration.sql !== 'string') {
      throw new TypeError(`migrations[${index}] must be { name: string, sql: string }`)
    }
  })
}
