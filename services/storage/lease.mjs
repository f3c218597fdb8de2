// Work that instances sharing one database must not do at once: the first to take a lease does it, the others skip
// it while the lease is held (until its holder gives it back, or its time runs out). A lease row, not a session's advisory lock: it needs no connection held open (PGlite
// has only one), and a holder that dies simply lets it expire.

/** The leases' table; append-only like every service's migrations. */
export const LEASE_MIGRATIONS = [
  {
    name: 'create leases',
    sql: `
      -- One row per kind of work: who holds it and until when (the server's clock, the same for every instance).
      CREATE TABLE leases.held (
        name text PRIMARY KEY,
        holder text NOT NULL,
        until timestamptz NOT NULL
      );`,
  },
]

/**
 * Takes the lease `name` for `ttlMs` when nobody holds it (or its holder's time ran out); resolves whether it was
 * taken. Two instances asking at once: exactly one gets it.
 *
 * @example
 * if (await takeLease(database, { name: 'names.publish', holder: instanceId, ttlMs: 300_000 })) {
 *   try { await publishNames(); } finally { await releaseLease(database, { name: 'names.publish', holder: instanceId }); }
 * }
 *
 * @param {import('./openDatabase.mjs').Database} database
 * @param {{ name: string, holder: string, ttlMs: number }} lease
 * @returns {Promise<boolean>}
 */
export async function takeLease(database, { name, holder, ttlMs }) {
  await database.migrate({ schema: 'leases', migrations: LEASE_MIGRATIONS })
  const { rows } = await database.query(
    `INSERT INTO leases.held AS l (name, holder, until) VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond')
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
       WHERE l.until < now() OR l.holder = EXCLUDED.holder
     RETURNING holder`,
    [name, holder, Math.ceil(ttlMs)],
  )
  return rows.length === 1
}

/**
 * Gives the lease `name` back, if `holder` holds it: the next instance to start may do the work again.
 *
 * @param {import('./openDatabase.mjs').Database} database
 * @param {{ name: string, holder: string }} lease
 */
export async function releaseLease(database, { name, holder }) {
  await database.query('DELETE FROM leases.held WHERE name = $1 AND holder = $2', [name, holder])
}
