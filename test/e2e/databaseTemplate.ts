// The e2e project's global setup: one empty embedded database (PGlite) for the whole run, which every stack and every
// file with a wallet service of its own copies (harness.ts, `copyDatabaseTemplate`) instead of creating its own.
// Creating one runs initdb in WebAssembly, which holds its process's event loop for seconds: 13 s at load 10 on this
// 2-core machine, during which the stack's dev chains, deploying in the same worker, timed out waiting for answers
// that had come ('8 transactions not mined within 30 s', viem's 'The request took too long to respond'). Opening a
// copy holds it for a few milliseconds.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../services/storage/index.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory holding an empty embedded database, created and closed: copy its `pgdata`, never open it. */
    databaseTemplate: string
  }
}

export default async function createDatabaseTemplate(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'foyer-e2e-database-'))
  const database = await openDatabase({ dataDir })
  await database.close()
  project.provide('databaseTemplate', dataDir)
  return () => rmSync(dataDir, { recursive: true, force: true })
}
