// The one database every service with durable state uses (wallet keys, names, sign-in sessions, orders,
// analytics). Embedded by default: PGlite in a data directory, nothing to set up. At scale: a PostgreSQL server
// through DATABASE_URL. The same SQL and the same migrations run on both.
//
// One database, one schema per service: a process opens the database once and every service in it shares it
// (PGlite allows one opener per directory, and each instance costs a second to start); each service migrates
// and names its own schema (`names.registrations`), so services never see each other's tables and a host can
// move one schema elsewhere. Schema-qualified SQL, rather than a per-service search_path, works unchanged on
// PGlite's single shared session and on the server's pool.
import { AsyncLocalStorage } from 'node:async_hooks'
import path from 'node:path'

import { openEmbeddedDatabase, restoreEmbeddedDatabase } from './embeddedDatabase.mjs'
import { migrate } from './migrate.mjs'
import { connectPostgresDatabase } from './postgresDatabase.mjs'

/** Where the embedded database lives unless FOYER_DATA_DIR or `dataDir` says otherwise; relative to the working directory. */
export const DEFAULT_DATA_DIR = '.foyer/data'

/**
 * @template [Row=Record<string, any>]
 * @typedef {{ rows: Row[], rowCount: number }} QueryResult `rowCount`: rows returned or changed
 */

/**
 * One statement with `$1`-style parameters. int8 and numeric come back as strings (lossless), date as 'YYYY-MM-DD',
 * bytea as Buffer, json and jsonb parsed; the same on both backends. Pass json parameters as `JSON.stringify(value)`.
 *
 * @typedef {<Row = Record<string, any>>(sql: string, params?: readonly unknown[]) => Promise<QueryResult<Row>>} Query
 */

/**
 * @typedef {{ query: Query, exec: (sql: string) => Promise<void> }} BackendTransaction
 * @typedef {object} DatabaseBackend
 * @property {'pglite' | 'postgres'} kind
 * @property {string} location
 * @property {Query} query
 * @property {<T>(fn: (tx: BackendTransaction) => Promise<T>) => Promise<T>} transaction
 * @property {(file: string) => Promise<void>} backup
 * @property {() => Promise<void>} close
 */

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is set, else the embedded one in `dataDir`.
 *
 * @example
 * const database = await openDatabase();
 * await database.migrate({ schema: 'names', migrations });
 * await database.transaction(async (tx) => {
 *   await tx.query('INSERT INTO names.registrations (name, owner) VALUES ($1, $2)', [name, owner]);
 *   await tx.query('UPDATE names.owners SET count = count + 1 WHERE owner = $1', [owner]);
 * });
 * await database.close();
 *
 * @param {object} [options]
 * @param {string} [options.databaseUrl=process.env.DATABASE_URL]
 * @param {string} [options.dataDir] Defaults to process.env.FOYER_DATA_DIR, else DEFAULT_DATA_DIR.
 */
export async function openDatabase({
  databaseUrl = process.env['DATABASE_URL'] || undefined,
  dataDir = process.env['FOYER_DATA_DIR'] || DEFAULT_DATA_DIR,
} = {}) {
  const backend = databaseUrl ? await connectPostgresDatabase(databaseUrl) : await openEmbeddedDatabase(path.resolve(dataDir))
  const insideTransaction = new AsyncLocalStorage()
  /** @type {Promise<void> | undefined} */
  let closing

  /** @param {string} call */
  function assertOutsideTransaction(call) {
    // On PGlite the call would wait for the transaction it is part of, forever; on a server it would run on
    // another connection, outside the transaction. Either way it is a bug, so it fails at once.
    if (insideTransaction.getStore()) {
      throw new Error(`database.${call} was called inside a transaction: use the transaction's own tx.query`)
    }
  }

  return {
    /** 'pglite' (embedded) or 'postgres' (DATABASE_URL). */
    kind: backend.kind,
    /** The data directory, or the server's URL without its password. */
    location: backend.location,
    /**
     * One statement, with `$1`-style parameters. int8 and numeric come back as strings, dates as 'YYYY-MM-DD',
     * bytea as Buffer, json as parsed values. A change of several rows goes in a {@link transaction}.
     *
     * @type {Query}
     */
    async query(sql, params) {
      assertOutsideTransaction('query')
      return backend.query(sql, params)
    },
    /**
     * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (and the error
     * rethrown). Inside, use only `tx.query`.
     *
     * @template T
     * @param {(tx: { query: Query }) => Promise<T>} fn
     * @returns {Promise<T>}
     */
    async transaction(fn) {
      assertOutsideTransaction('transaction')
      return backend.transaction(async (tx) => {
        let open = true
        /** @type {Query} */
        const query = async (sql, params) => {
          if (!open) throw new Error('tx.query was called after its transaction ended')
          return tx.query(sql, params)
        }
        try {
          return await insideTransaction.run(true, () => fn({ query }))
        } finally {
          open = false
        }
      })
    },
    /**
     * Applies the schema's pending migrations in one transaction, before a service starts. Throws
     * DatabaseNewerError when the database holds migrations this code does not know.
     *
     * @param {{ schema: string, migrations: readonly import('./migrate.mjs').Migration[] }} options
     */
    async migrate({ schema, migrations }) {
      assertOutsideTransaction('migrate')
      return backend.transaction((tx) => migrate(tx, { schema, migrations, location: backend.location }))
    },
    /**
     * Writes a backup of the embedded database to `file` (gzipped tar of the data directory) while it is open;
     * `restoreDatabase` reads it back. A PostgreSQL server is backed up with pg_dump instead.
     *
     * @param {string} file
     */
    backup: (file) => backend.backup(file),
    /** Closes the database (and, for the embedded one, releases its directory). Safe to call twice. */
    close() {
      closing ??= backend.close()
      return closing
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof openDatabase>>} Database */

/**
 * Replaces the embedded database with a backup from `database.backup(file)`. The database must be closed (every
 * service using it stopped); the data it replaces is moved aside to `pgdata.before-restore-<time>`, not deleted.
 *
 * @param {string} file
 * @param {object} [options]
 * @param {string} [options.dataDir] Defaults to process.env.FOYER_DATA_DIR, else DEFAULT_DATA_DIR.
 * @returns {Promise<{ previous: string | undefined }>} where the replaced data now is, if there was any
 */
export async function restoreDatabase(file, { dataDir = process.env['FOYER_DATA_DIR'] || DEFAULT_DATA_DIR } = {}) {
  return restoreEmbeddedDatabase(path.resolve(dataDir), file)
}
