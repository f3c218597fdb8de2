// Durable storage for the services: PGlite by default, a PostgreSQL server through DATABASE_URL.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export { DataDirLockedError } from './lockDataDir.mjs'
export { releaseLease, takeLease } from './lease.mjs'
export { DatabaseNewerError } from './migrate.mjs'
export { DEFAULT_DATA_DIR, openDatabase, restoreDatabase } from './openDatabase.mjs'
export { POOL_SIZE } from './postgresDatabase.mjs'

/**
 * @typedef {import('./openDatabase.mjs').Database} Database
 * @typedef {import('./migrate.mjs').Migration} Migration
 * @typedef {import('./openDatabase.mjs').Query} Query
 */
/**
 * @template [Row=Record<string, any>]
 * @typedef {import('./openDatabase.mjs').QueryResult<Row>} QueryResult
 */
