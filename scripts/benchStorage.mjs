// `node scripts/benchStorage.mjs [--rows N] [--json]`: the storage module's figures, on this machine:
//   - cold start of the embedded database: open a fresh data directory (initdb) and migrate; and a warm reopen
//   - rows per second for a simple insert, each its own commit and all in one transaction, on PGlite and on a
//     PostgreSQL server started for the run (test/startPostgres.mjs; stopped by its pid)
// Everything is bounded (N rows, default 2000) and temporary directories are removed.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { openDatabase } from '../services/storage/index.mjs'
import { startPostgres } from '../test/startPostgres.mjs'

const { values } = parseArgs({ options: { rows: { type: 'string', default: '2000' }, json: { type: 'boolean', default: false } } })
const rows = Math.min(Number(values.rows), 100_000)
const MIGRATIONS = [{ name: 'create events', sql: 'CREATE TABLE bench.events (id serial PRIMARY KEY, body text NOT NULL)' }]

const scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-bench-storage-'))
const postgres = await startPostgres()
try {
  const dataDir = path.join(scratch, 'data')
  let started = performance.now()
  const embedded = await openDatabase({ dataDir })
  await embedded.migrate({ schema: 'bench', migrations: MIGRATIONS })
  const coldStartMs = performance.now() - started
  await embedded.close()
  started = performance.now()
  const reopened = await openDatabase({ dataDir })
  const warmOpenMs = performance.now() - started

  const server = await openDatabase({ databaseUrl: await postgres.createDatabase() })
  await server.migrate({ schema: 'bench', migrations: MIGRATIONS })
  const results = {
    embeddedColdStartMs: Math.round(coldStartMs),
    embeddedWarmOpenMs: Math.round(warmOpenMs),
    pglite: await inserts(reopened),
    postgres: await inserts(server),
  }
  await Promise.all([reopened.close(), server.close()])
  if (values.json) console.log(JSON.stringify(results))
  else {
    console.log(`embedded cold start (initdb + migrate): ${results.embeddedColdStartMs} ms; warm open: ${results.embeddedWarmOpenMs} ms`)
    for (const kind of /** @type {const} */ (['pglite', 'postgres'])) {
      const { autocommit, oneTransaction } = results[kind]
      console.log(`${kind}: ${autocommit} rows/s (a commit each), ${oneTransaction} rows/s (${rows} in one transaction)`)
    }
  }
} finally {
  await postgres.stop()
  await rm(scratch, { recursive: true, force: true })
}

/** @param {import('../services/storage/index.mjs').Database} database */
async function inserts(database) {
  const insert = 'INSERT INTO bench.events (body) VALUES ($1)'
  let started = performance.now()
  for (let i = 0; i < rows; i += 1) await database.query(insert, [`event ${i}`])
  const autocommit = Math.round(rows / ((performance.now() - started) / 1000))
  started = performance.now()
  await database.transaction(async (tx) => {
    for (let i = 0; i < rows; i += 1) await tx.query(insert, [`event ${i}`])
  })
  const oneTransaction = Math.round(rows / ((performance.now() - started) / 1000))
  return { autocommit, oneTransaction }
}
