// At scale: a PostgreSQL server through DATABASE_URL (node-postgres, a pool of connections). A transaction
// holds one connection from BEGIN to COMMIT; everything else takes any free one. A statement with parameters is
// prepared once per connection, by name, and run by that name after: the server neither parses nor plans it again
// (on this 2-core machine, busy: 0.17 → 0.07 ms of the server's CPU per statement, 0.09 → 0.06 ms of the client's).

/** Connections the pool opens at most. */
export const POOL_SIZE = 10
/** Statements named at most; past them, statements run unnamed (the services' SQL is a fixed set of a few hundred). */
export const PREPARED_STATEMENTS = 1000
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
  const statements = createStatementNames()
  return {
    kind: 'postgres',
    location,
    async query(sql, params) {
      try {
        return toResult(await pool.query(statements.config(sql, params)))
      } catch (error) {
        if (!isStalePlan(error)) throw error
        // Another instance changed a table this statement reads: every statement is prepared afresh.
        statements.renew()
        return toResult(await pool.query(statements.config(sql, params)))
      }
    },
    async transaction(fn) {
      const client = await pool.connect()
      /** @type {Error | undefined} */
      let broken
      try {
        await client.query('BEGIN')
        const result = await fn({
          async query(sql, params) {
            try {
              return toResult(await client.query(statements.config(sql, params)))
            } catch (error) {
              // The transaction is lost (it rolls back), but the next one prepares its statements afresh.
              if (isStalePlan(error)) statements.renew()
              throw error
            }
          },
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

/**
 * The names statements run under. A statement's name is prepared once on each connection it runs on; after a
 * migration changed a table under it (an instance of a newer release started), `renew` gives every statement a new
 * name, so each connection prepares it again.
 */
function createStatementNames() {
  let generation = 0
  /** @type {Map<string, string>} */
  const names = new Map()
  return {
    /**
     * node-postgres's query for `sql`: named when it has parameters (then it is one statement; one without may be
     * several, as a migration is).
     *
     * @param {string} sql @param {readonly unknown[] | undefined} params
     * @returns {import('pg').QueryConfig}
     */
    config(sql, params) {
      // node-postgres types `values` as a mutable array; it only reads it.
      const values = /** @type {unknown[] | undefined} */ (params)
      if (values === undefined) return { text: sql }
      let name = names.get(sql)
      if (name === undefined && names.size < PREPARED_STATEMENTS) {
        name = `foyer_${generation}_${names.size}`
        names.set(sql, name)
      }
      return name === undefined ? { text: sql, values } : { name, text: sql, values }
    },
    renew() {
      generation += 1
      names.clear()
    },
  }
}

/**
 * The server's refusal to run a prepared statement whose table changed its columns since it was prepared.
 *
 * @param {unknown} error
 */
const isStalePlan = (error) =>
  /** @type {{ code?: string }} */ (error).code === '0A000' && /cached plan must not change result type/.test(String(error))

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
