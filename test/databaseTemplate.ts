// One empty embedded database (PGlite) that every test copies instead of creating its own: the integration and e2e
// projects' global setup makes sure it exists and hands its path to the workers (`inject('databaseTemplate')`).
// Creating a database runs initdb in WebAssembly: about 9 s of CPU, which holds its process's event loop (13 s at
// load 10 on this 2-core machine, during which a stack's dev chains, deploying in the same worker, timed out waiting
// for answers that had come), and fifteen integration files each made one. Opening a copy takes a few milliseconds.
// The template is kept in node_modules/.cache by PGlite's version, so a machine makes it once, not once a run.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { openDatabase, type Database } from '../services/storage/index.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory holding an empty embedded database, created and closed: copy its `pgdata`, never open it. */
    databaseTemplate: string
  }
}

const repo = fileURLToPath(new URL('..', import.meta.url))

/** The global setup: the template made if this machine has none for this PGlite, and its path provided. */
export default async function provideDatabaseTemplate(project: TestProject) {
  project.provide('databaseTemplate', await databaseTemplate())
}

/** The data directory of the empty database for the installed PGlite, made on first use. */
async function databaseTemplate(): Promise<string> {
  const pglite = path.join(repo, 'node_modules/@electric-sql/pglite/package.json')
  const { version } = JSON.parse(readFileSync(pglite, 'utf8')) as { version: string }
  const template = path.join(repo, 'node_modules/.cache/foyer-tests', `pglite-${version}`)
  if (existsSync(path.join(template, 'pgdata'))) return template
  // Made aside and moved into place whole, so that a run stopped midway leaves no half-made template behind.
  mkdirSync(path.dirname(template), { recursive: true })
  const making = mkdtempSync(`${template}.partial-`)
  const database = await openDatabase({ dataDir: making })
  await database.close()
  mkdirSync(template, { recursive: true })
  try {
    renameSync(path.join(making, 'pgdata'), path.join(template, 'pgdata'))
  } catch (error) {
    // Another run made it meanwhile: theirs is as good.
    if (!existsSync(path.join(template, 'pgdata'))) throw error
  }
  rmSync(making, { recursive: true, force: true })
  return template
}

/** Puts a copy of the empty database in `dataDir`, for `openDatabase({ dataDir })` to open rather than create. */
export function copyDatabaseTemplate(dataDir: string): void {
  cpSync(path.join(inject('databaseTemplate'), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true })
}

/** A new, empty embedded database in `dataDir` (which must not hold one), opened. */
export function openEmptyDatabase(dataDir: string): Promise<Database> {
  copyDatabaseTemplate(dataDir)
  return openDatabase({ dataDir })
}
