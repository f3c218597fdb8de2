#!/usr/bin/env node
// Backup and restore of the embedded database (FOYER_DATA_DIR, default .foyer/data):
//   node services/storage/cli.mjs backup <file>    while no service has it open
//   node services/storage/cli.mjs restore <file>   the data it replaces is moved aside, not deleted
// A PostgreSQL server (DATABASE_URL) is backed up with its own tools: pg_dump / pg_restore.
import { openDatabase, restoreDatabase } from './index.mjs'

const USAGE = 'usage: node services/storage/cli.mjs backup <file> | restore <file>'

const [command, file, ...rest] = process.argv.slice(2)
if (!file || rest.length > 0 || (command !== 'backup' && command !== 'restore')) {
  console.error(USAGE)
  process.exit(2)
}
if (process.env['DATABASE_URL']) {
  console.error('DATABASE_URL is set: back up and restore the PostgreSQL server with pg_dump and pg_restore.')
  process.exit(1)
}

try {
  if (command === 'backup') {
    const database = await openDatabase()
    try {
      await database.backup(file)
    } finally {
      await database.close()
    }
    console.log(`Backed up ${database.location} to ${file}`)
  } else {
    const { previous } = await restoreDatabase(file)
    console.log(`Restored ${file}${previous ? `; the data it replaced is in ${previous}` : ''}`)
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
