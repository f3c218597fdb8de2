// The storage module against both of its backends: PGlite in a temporary data directory, and a real PostgreSQL
// server this file starts itself (test/startPostgres.mjs). Every behaviour test runs on both.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { cp, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startPostgres, type PostgresServer } from '../../test/startPostgres.mjs'
import { DataDirLockedError, DatabaseNewerError, openDatabase, type Database, type Migration } from './index.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const WRITER = path.join(root, 'test/storageWriter.mjs')
const CLI = path.join(root, 'services/storage/cli.mjs')
// PGlite takes one to two seconds to open a data directory, several to create one, and each CLI run starts it
// in a process of its own: generous, for a 2-core machine that runs the browser suites at the same time.
const SLOW = { timeout: 180_000 }

let postgres: PostgresServer
let scratch: string
/** A created, closed embedded database, copied for each test that needs a directory of its own (initdb takes seconds). */
let template: string

// Starting PGlite (PostgreSQL in WebAssembly) took over a minute beside the whole suite on 2 cores: wait for it.
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-storage-'))
  template = path.join(scratch, 'template')
  // What a process killed while creating the database leaves behind; it must be thrown away, not opened.
  await mkdir(path.join(template, 'pgdata.partial/base'), { recursive: true })
  const [server, embedded] = await Promise.all([startPostgres(), openDatabase({ dataDir: template })])
  postgres = server
  await embedded.close()
}, 300_000)

afterAll(async () => {
  await postgres?.stop()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

let directories = 0
/** A data directory holding a fresh copy of the template database. */
async function freshDataDir() {
  directories += 1
  const dataDir = path.join(scratch, `data-${directories}`)
  await cp(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true })
  return dataDir
}

const backends = [
  { kind: 'pglite', open: async () => openDatabase({ dataDir: await freshDataDir() }) },
  { kind: 'postgres', open: async () => openDatabase({ databaseUrl: await postgres.createDatabase() }) },
] as const

describe('the embedded database', () => {
  it('a half-created data directory is discarded, not opened', async () => {
    expect(await readdir(template)).toEqual(['pgdata'])
  })

  it('a second opener of a data directory is refused while the first has it', SLOW, async () => {
    const dataDir = await freshDataDir()
    const database = await openDatabase({ dataDir })
    const second = openDatabase({ dataDir })
    await expect(second).rejects.toThrow(DataDirLockedError)
    await expect(second).rejects.toThrow(`The database in ${dataDir} is already open in this process`)
    await database.close()
    const reopened = await openDatabase({ dataDir })
    await reopened.close()
  })

  it('backup and restore with the CLI, the replaced data kept aside', SLOW, async () => {
    const dataDir = await freshDataDir()
    const backupFile = path.join(scratch, 'backup.tar.gz')
    const database = await openDatabase({ dataDir })
    await database.migrate({ schema: 'notes', migrations: [{ name: 'create notes', sql: 'CREATE TABLE notes.notes (body text)' }] })
    await database.query(`INSERT INTO notes.notes VALUES ('before the backup')`)
    await database.close()

    expect(await cli(dataDir, 'backup', backupFile)).toMatchObject({ code: 0, stdout: `Backed up ${dataDir} to ${backupFile}\n` })
    const later = await openDatabase({ dataDir })
    await later.query(`INSERT INTO notes.notes VALUES ('after the backup')`)
    await later.close()
    const restore = await cli(dataDir, 'restore', backupFile)
    expect(restore.code).toBe(0)

    const restored = await openDatabase({ dataDir })
    expect((await restored.query('SELECT body FROM notes.notes')).rows).toEqual([{ body: 'before the backup' }])
    await restored.close()
    const [aside] = (await readdir(dataDir)).filter((name) => name.startsWith('pgdata.before-restore-'))
    expect(restore.stdout).toContain(path.join(dataDir, aside!))
    const replacedDir = path.join(scratch, 'replaced')
    await mkdir(replacedDir)
    await rename(path.join(dataDir, aside!), path.join(replacedDir, 'pgdata'))
    const replaced = await openDatabase({ dataDir: replacedDir })
    expect((await replaced.query('SELECT body FROM notes.notes ORDER BY body')).rows).toEqual([
      { body: 'after the backup' },
      { body: 'before the backup' },
    ])
    await replaced.close()
  })

  it('the CLI refuses a backup while a service has the database open', SLOW, async () => {
    const dataDir = await freshDataDir()
    const database = await openDatabase({ dataDir })
    const { code, stderr } = await cli(dataDir, 'backup', path.join(scratch, 'refused.tar.gz'))
    await database.close()
    expect(code).toBe(1)
    expect(stderr).toContain(`is already open in process ${process.pid}`)
  })
})

describe('statements on a PostgreSQL server', () => {
  it('a statement with parameters is prepared once on a connection and run by its name after', async () => {
    const database = await openDatabase({ databaseUrl: await postgres.createDatabase() })
    try {
      for (let n = 0; n < 3; n += 1) expect((await database.query('SELECT $1::int + 1 AS n', [n])).rows).toEqual([{ n: n + 1 }])
      // One query at a time runs on the one connection the pool keeps giving back.
      const { rows } = await database.query('SELECT statement FROM pg_prepared_statements')
      expect(rows.map((row) => row.statement)).toEqual(['SELECT $1::int + 1 AS n'])
    } finally {
      await database.close()
    }
  })

  it('a statement prepared before another instance changed its table runs on after the change', async () => {
    const databaseUrl = await postgres.createDatabase()
    const [database, newer] = await Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })])
    try {
      await database.query('CREATE TABLE t (id int PRIMARY KEY)')
      await database.query('INSERT INTO t (id) VALUES ($1)', [1])
      expect((await database.query('SELECT * FROM t WHERE id = $1', [1])).rows).toEqual([{ id: 1 }])
      // A newer release's migration, run by another instance.
      await newer.query('ALTER TABLE t ADD COLUMN name text')
      expect((await database.query('SELECT * FROM t WHERE id = $1', [1])).rows).toEqual([{ id: 1, name: null }])
    } finally {
      await Promise.all([database.close(), newer.close()])
    }
  })
})

describe.each(backends)('storage on $kind', ({ kind, open }) => {
  let database: Database
  let schemas = 0
  /** A schema no other test of this file uses. */
  const freshSchema = () => {
    schemas += 1
    return `s${schemas}`
  }

  beforeAll(async () => {
    database = await open()
  }, 60_000)
  afterAll(() => database?.close())

  it('migrations apply in order, once, and a re-run changes nothing', async () => {
    const schema = freshSchema()
    const migrations: Migration[] = [
      { name: 'create accounts', sql: `CREATE TABLE ${schema}.accounts (id serial PRIMARY KEY, owner text NOT NULL)` },
      {
        name: 'add balance',
        sql: `ALTER TABLE ${schema}.accounts ADD COLUMN balance int8 NOT NULL DEFAULT 0; INSERT INTO ${schema}.accounts (owner) VALUES ('alice')`,
      },
    ]
    expect(await database.migrate({ schema, migrations: migrations.slice(0, 1) })).toEqual({ version: 1, applied: ['create accounts'] })
    expect(await database.migrate({ schema, migrations })).toEqual({ version: 2, applied: ['add balance'] })
    expect(await database.migrate({ schema, migrations })).toEqual({ version: 2, applied: [] })
    expect((await database.query(`SELECT owner, balance FROM ${schema}.accounts`)).rows).toEqual([{ owner: 'alice', balance: '0' }])
    const { rows } = await database.query(`SELECT version, name FROM ${schema}.schema_migrations ORDER BY version`)
    expect(rows).toEqual([
      { version: 1, name: 'create accounts' },
      { version: 2, name: 'add balance' },
    ])
  })

  it('a database newer than the code is refused with a clear message', async () => {
    const schema = freshSchema()
    const migrations: Migration[] = [
      { name: 'one', sql: `CREATE TABLE ${schema}.one (id int)` },
      { name: 'two', sql: `CREATE TABLE ${schema}.two (id int)` },
    ]
    await database.migrate({ schema, migrations })
    const older = database.migrate({ schema, migrations: migrations.slice(0, 1) })
    await expect(older).rejects.toThrow(DatabaseNewerError)
    await expect(older).rejects.toThrow(
      `The ${schema} schema in ${database.location} is at version 2, newer than this code, which knows version 1: ` +
        'run the Foyer release that wrote it, or restore a backup made before the upgrade.',
    )
  })

  it('a failing migration rolls back everything of its start', async () => {
    const schema = freshSchema()
    const good = { name: 'create items', sql: `CREATE TABLE ${schema}.items (id int PRIMARY KEY)` }
    const bad = {
      name: 'add price',
      sql: `INSERT INTO ${schema}.items VALUES (1); ALTER TABLE ${schema}.items ADD COLUMN price nonsense_type`,
    }
    await expect(database.migrate({ schema, migrations: [good, bad] })).rejects.toThrow(
      `Migration 2 (add price) of the ${schema} schema failed: type "nonsense_type" does not exist`,
    )
    const tables = await database.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1`, [schema])
    expect(tables.rows).toEqual([])
    const fixed = { name: 'add price', sql: `ALTER TABLE ${schema}.items ADD COLUMN price numeric` }
    expect(await database.migrate({ schema, migrations: [good, fixed] })).toEqual({ version: 2, applied: ['create items', 'add price'] })
  })

  it('a migration edited after it ran is refused', async () => {
    const schema = freshSchema()
    await database.migrate({ schema, migrations: [{ name: 'create a', sql: `CREATE TABLE ${schema}.a (id int)` }] })
    await expect(
      database.migrate({ schema, migrations: [{ name: 'create b', sql: `CREATE TABLE ${schema}.b (id int)` }] }),
    ).rejects.toThrow(`Migration 1 of the ${schema} schema ran as "create a" but the code now calls it "create b"`)
  })

  it('a transaction commits when its function resolves and rolls back when it throws', async () => {
    const schema = freshSchema()
    await database.migrate({ schema, migrations: [{ name: 'create log', sql: `CREATE TABLE ${schema}.log (line text)` }] })
    await database.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${schema}.log VALUES ('kept 1'), ('kept 2')`)
    })
    const failure = new Error('the second step failed')
    await expect(
      database.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${schema}.log VALUES ('dropped')`)
        throw failure
      }),
    ).rejects.toBe(failure)
    expect((await database.query(`SELECT line FROM ${schema}.log ORDER BY line`)).rows).toEqual([{ line: 'kept 1' }, { line: 'kept 2' }])
  })

  it('the database itself cannot be used inside a transaction, nor a transaction after it ended', async () => {
    let leaked: { query: Database['query'] } | undefined
    await expect(
      database.transaction(async (tx) => {
        leaked = tx
        await database.query('SELECT 1')
      }),
    ).rejects.toThrow("database.query was called inside a transaction: use the transaction's own tx.query")
    await expect(leaked!.query('SELECT 1')).rejects.toThrow('tx.query was called after its transaction ended')
    expect((await database.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
  })

  it('values read the same on both backends', async () => {
    const { rows } = await database.query(
      `SELECT 9007199254740993::int8 AS big, 12.50::numeric AS amount, DATE '2024-02-29' AS day,
              TIMESTAMPTZ '2024-02-29T12:00:00Z' AS at, '\\x00ff'::bytea AS bytes, '{"a":[1,true]}'::jsonb AS doc,
              true AS flag, 0.5::float8 AS ratio, ARRAY[1,2]::int4[] AS list, NULL::text AS nothing`,
    )
    expect(rows).toEqual([
      {
        big: '9007199254740993',
        amount: '12.50',
        day: '2024-02-29',
        at: new Date('2024-02-29T12:00:00Z'),
        bytes: Buffer.from([0, 255]),
        doc: { a: [1, true] },
        flag: true,
        ratio: 0.5,
        list: [1, 2],
        nothing: null,
      },
    ])
    const inserted = await database.query(`SELECT * FROM (VALUES (1), (2), (3)) AS v(n) WHERE n > $1`, [1])
    expect(inserted.rowCount).toBe(2)
  })

  it('parallel writers lose no update', async () => {
    const schema = freshSchema()
    await database.migrate({
      schema,
      migrations: [
        { name: 'create counter', sql: `CREATE TABLE ${schema}.counter (n integer NOT NULL); INSERT INTO ${schema}.counter VALUES (0)` },
      ],
    })
    // Eight at once: without the row lock their first reads already see the same value. Forty transactions in all, so
    // that the test proves the lock and not the machine's speed (two hundred outlasted 5 s at load 20).
    const WRITERS = 8
    const INCREMENTS = 5
    // Read, then write what was read plus one: without the row lock a server would interleave and lose updates.
    const increment = () =>
      database.transaction(async (tx) => {
        const { rows } = await tx.query<{ n: number }>(`SELECT n FROM ${schema}.counter FOR UPDATE`)
        await tx.query(`UPDATE ${schema}.counter SET n = $1`, [rows[0]!.n + 1])
      })
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = 0; i < INCREMENTS; i += 1) await increment()
      }),
    )
    expect((await database.query(`SELECT n FROM ${schema}.counter`)).rows).toEqual([{ n: WRITERS * INCREMENTS }])
  })

  it('a writer killed with SIGKILL loses no row it reported committed, and the database opens cleanly', SLOW, async () => {
    const target = kind === 'pglite' ? { FOYER_DATA_DIR: await freshDataDir() } : { DATABASE_URL: await postgres.createDatabase() }
    const writer = spawn(process.execPath, [WRITER], {
      env: { ...process.env, DATABASE_URL: '', ...target },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const reported = await readIdsUntilKilled(writer, 300)

    const reopened = await openDatabase(kind === 'pglite' ? { dataDir: target.FOYER_DATA_DIR } : { databaseUrl: target.DATABASE_URL })
    try {
      const { rows } = await reopened.query<{ id: number }>('SELECT id FROM crash.rows ORDER BY id')
      const stored = new Set(rows.map((row) => row.id))
      expect(reported.filter((id) => !stored.has(id))).toEqual([])
      // Row and counter went in together or not at all; at most the one row in flight was committed unreported.
      expect((await reopened.query('SELECT count FROM crash.total')).rows).toEqual([{ count: rows.length }])
      expect(rows.length - reported.length).toBeLessThanOrEqual(1)
    } finally {
      await reopened.close()
    }
  })

  if (kind === 'pglite') {
    it('another process cannot open the directory while the writer has it', SLOW, async () => {
      const dataDir = await freshDataDir()
      const writer = spawn(process.execPath, [WRITER], {
        env: { ...process.env, DATABASE_URL: '', FOYER_DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      await readIdsUntil(writer, 1)
      const refused = openDatabase({ dataDir })
      await expect(refused).rejects.toThrow(`The database in ${dataDir} is already open in process ${writer.pid}`)
      writer.kill('SIGKILL')
      await once(writer, 'exit')
      // The lock of a process that died is taken over.
      const database = await openDatabase({ dataDir })
      await database.close()
    })
  }
})

/** Runs the storage CLI on `dataDir`. */
async function cli(dataDir: string, ...args: string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, DATABASE_URL: '', FOYER_DATA_DIR: dataDir } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const [code] = await once(child, 'exit')
  return { code, stdout, stderr }
}

/** The ids the writer reports, until it has reported `count` of them. */
function readIdsUntil(writer: ChildProcess, count: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const ids: number[] = []
    let pending = ''
    writer.stdout!.on('data', (chunk) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop()!
      for (const line of lines) if (/^\d+$/.test(line)) ids.push(Number(line))
      if (ids.length >= count) resolve(ids)
    })
    writer.once('exit', (code, signal) => reject(new Error(`the writer exited (${code ?? signal}) after ${ids.length} rows`)))
  })
}

/** Waits for `count` reported ids, kills the writer mid-stream and returns every id it reported before dying. */
async function readIdsUntilKilled(writer: ChildProcess, count: number) {
  const ids = await readIdsUntil(writer, count)
  writer.kill('SIGKILL')
  // Lines already in the pipe when it died were committed too: read to the end of its output.
  await once(writer, 'close')
  return ids
}
