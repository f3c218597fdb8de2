// The embedded default: PGlite (PostgreSQL compiled to WebAssembly) in `<dataDir>/pgdata`, locked to this
// process by `<dataDir>/lock`. PGlite runs one statement at a time and its `transaction` holds every other call
// back until it ends, so access is serialised by PGlite itself.
//
// Durability: every commit reaches the operating system before it returns, so a killed process loses nothing
// it committed (the crash test checks it). PGlite's WebAssembly file layer cannot fsync, though, so a power cut
// may lose the last commits; a host that cannot accept that uses a PostgreSQL server (DATABASE_URL).
import { existsSync } from 'node:fs'
import { readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'

import { writeAtomically } from '../writeAtomically.mjs'
import { lockDataDir } from './lockDataDir.mjs'

/** PostgreSQL type ids whose JavaScript form differs between PGlite and node-postgres. */
const INT8 = 20
const BYTEA = 17
const DATE = 1082

/** Rows read as node-postgres reads them (see postgresDatabase.mjs), so a service sees the same values on both. */
const PARSERS = {
  // Text, as node-postgres gives it: a wei amount exceeds 2^53, and PGlite's own parser mixes numbers and bigints.
  [INT8]: (/** @type {string} */ value) => value,
  [BYTEA]: (/** @type {string} */ value) => Buffer.from(value.slice(2), 'hex'),
  // A calendar day has no time zone; as a Date it would shift with the host's.
  [DATE]: (/** @type {string} */ value) => value,
}

/**
 * Opens (creating on first use) the embedded database in `dataDir`.
 *
 * @param {string} dataDir absolute
 * @returns {Promise<import('./openDatabase.mjs').DatabaseBackend>}
 */
export async function openEmbeddedDatabase(dataDir) {
  const release = await lockDataDir(dataDir)
  try {
    const pgdata = path.join(dataDir, 'pgdata')
    if (!existsSync(pgdata)) await rename(await createPgdata(pgdata), pgdata)
    const db = await startPglite({ dataDir: pgdata })
    /** @param {import('@electric-sql/pglite').Results<any>} result */
    const toResult = (result) => ({ rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 })
    return {
      kind: 'pglite',
      location: dataDir,
      // PGlite types `params` as a mutable array; it only reads it.
      query: async (sql, params) => toResult(await db.query(sql, /** @type {unknown[] | undefined} */ (params))),
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            query: async (sql, params) => toResult(await tx.query(sql, /** @type {unknown[] | undefined} */ (params))),
            exec: async (sql) => void (await tx.exec(sql)),
          }),
        ),
      async backup(file) {
        const archive = await db.dumpDataDir('gzip')
        await writeAtomically(file, new Uint8Array(await archive.arrayBuffer()))
      },
      async close() {
        await db.close()
        await release()
      },
    }
  } catch (error) {
    await release()
    throw error
  }
}

/**
 * Replaces the embedded database in `dataDir` with the backup in `file` (made by `backup`). The backup is loaded
 * and opened before anything is replaced, and the data it replaces is moved aside, never deleted.
 *
 * @param {string} dataDir absolute
 * @param {string} file
 * @returns {Promise<{ previous: string | undefined }>} where the replaced data now is
 */
export async function restoreEmbeddedDatabase(dataDir, file) {
  const backup = new Blob([await readFile(file)])
  const release = await lockDataDir(dataDir)
  try {
    const pgdata = path.join(dataDir, 'pgdata')
    const restored = await createPgdata(pgdata, backup)
    const previous = existsSync(pgdata) ? `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : undefined
    if (previous) await rename(pgdata, previous)
    await rename(restored, pgdata)
    return { previous }
  } finally {
    await release()
  }
}

/**
 * Creates a cluster (empty, or from a backup) beside `pgdata` and resolves with its path, for the caller to move
 * into place once complete: a process killed while creating one (initdb takes seconds) must leave nothing that
 * the next start would open as an empty database.
 *
 * @param {string} pgdata
 * @param {Blob} [backup]
 */
async function createPgdata(pgdata, backup) {
  const partial = `${pgdata}.partial`
  await rm(partial, { recursive: true, force: true })
  const db = await startPglite({ dataDir: partial, ...(backup ? { loadDataDir: backup } : {}) })
  await db.close()
  return partial
}

/** @param {import('@electric-sql/pglite').PGliteOptions} options */
async function startPglite(options) {
  // Loaded here, not at the top: a host on DATABASE_URL never loads the WebAssembly.
  const { PGlite } = await import('@electric-sql/pglite')
  const db = new PGlite({ ...options, parsers: PARSERS })
  await db.waitReady
  return db
}
