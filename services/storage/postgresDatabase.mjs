// At scale: a PostgreSQL server through DATABASE_URL (node-postgres, a pool of connections). A transaction
// holds one connection from BEGIN to COMMIT; everything else takes any free one.

/** Connections the pool opens at most. */
export const POOL_SIZE = 10
const DATE = 1082

/**
 * Connects to the server and checks it answers.
 *
 * @param {string} databaseUrl `postgres://user:password@host:port/database`
 * @returns {Promise<import('./openDatabase.mjs').DatabaseBackend>}
 */
export async function connectPostgresDatabase(databaseUrl) {
  // Loaded here, not at the top: the embedded default never needs it.
  const { default: pg } = await import('pg')
  const location = redact(databaseUrl)
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    // A calendar day stays text, as on PGlite (embeddedDatabase.mjs); int8 is text already.
    types: {
      getTypeParser: (oid, format) => (oid === DATE ? (/** @type {string} */ value) => value : pg.types.getTypeParser(oid, format)),
    },
  })
  // A connection the server drops while idle (a restart, a failover) must not end the process; the pool
  // replaces it, and the next query on a dead server fails on its own.
  pool.on('error', () => {})
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await pool.end()
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Cannot reach the PostgreSQL server of DATABASE_URL (${location}): ${reason}`, { cause: error })
  }
  /** @param {import('pg').QueryResult} result */
  const toResult = (result) => ({ rows: result.rows, rowCount: result.rowCount ?? 0 })
  return {
    kind: 'postgres',
    location,
    // node-postgres types `params` as a mutable array; it only reads it.
    query: async (sql, params) => toResult(await pool.query(sql, /** @type {unknown[] | undefined} */ (params))),
    async transaction(fn) {
      const client = await pool.connect()
      /** @type {Error | undefined} */
      let broken
      try {
        await client.query('BEGIN')
        const result = await fn({
          query: async (sql, params) => toResult(await client.query(sql, /** @type {unknown[] | undefined} */ (params))),
          exec: async (sql) => void (await client.query(sql)),
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch((/** @type {Error} */ rollbackError) => (broken = rollbackError))
        throw error
      } finally {
        // A connection that could not roll back is closed rather than handed to the next caller.
        client.release(broken)
      }
    },
    async backup() {
      throw new Error(`The database is a PostgreSQL server (${location}): back it up with pg_dump "$DATABASE_URL" > backup.sql`)
    },
    close: () => pool.end(),
  }
}

/** The URL without its password, for messages. @param {string} databaseUrl */
function redact(databaseUrl) {
  try {
    const url = new URL(databaseUrl)
    if (url.password) url.password = '***'
    return url.toString()
  } catch {
    return 'DATABASE_URL (not a URL)'
  }
}
