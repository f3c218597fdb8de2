// Durable storage for the services: PGlite by default, a PostgreSQL server through DATABASE_URL.
// Types: index.d.mts (import from this file, not from the modules behind it).
export { DataDirLockedError } from './lockDataDir.mjs';
export { DatabaseNewerError } from './migrate.mjs';
export { DEFAULT_DATA_DIR, openDatabase, restoreDatabase } from './openDatabase.mjs';
export { POOL_SIZE } from './postgresDatabase.mjs';
