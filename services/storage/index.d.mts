// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).

/** `.foyer/data`, relative to the working directory (the repository root under `npm start`). */
export declare const DEFAULT_DATA_DIR: string;
/** Connections the PostgreSQL pool opens at most (10). */
export declare const POOL_SIZE: number;

export type QueryResult<Row = Record<string, any>> = {
  rows: Row[];
  /** Rows returned or changed. */
  rowCount: number;
};

/**
 * One statement with `$1`-style parameters. int8 and numeric come back as strings (lossless), date as
 * 'YYYY-MM-DD', bytea as Buffer, json and jsonb parsed; the same on both backends. Pass json parameters as
 * `JSON.stringify(value)`.
 */
export type Query = <Row = Record<string, any>>(sql: string, params?: readonly unknown[]) => Promise<QueryResult<Row>>;

/** A versioned migration: the Nth of a schema's list is version N. Append-only. */
export type Migration = {
  /** What it does ('create registrations'); recorded, and checked against the code at every start. */
  name: string;
  /** One or more statements, tables named with their schema (`names.registrations`). */
  sql: string;
};

export type OpenDatabaseOptions = {
  /** A PostgreSQL server, `postgres://user:password@host:port/database`. @default process.env.DATABASE_URL */
  databaseUrl?: string;
  /** The embedded database's directory. @default process.env.FOYER_DATA_DIR, else '.foyer/data' */
  dataDir?: string;
};

export type Database = {
  /** 'pglite' (embedded) or 'postgres' (DATABASE_URL). */
  readonly kind: 'pglite' | 'postgres';
  /** The data directory, or the server's URL without its password. */
  readonly location: string;
  /** One statement outside any transaction; throws when called inside one (use `tx.query` there). */
  query: Query;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (the error is rethrown).
   * Every change of more than one row goes through here. Inside, use only `tx.query`.
   */
  transaction<T>(fn: (tx: { query: Query }) => Promise<T>): Promise<T>;
  /**
   * Creates the schema if needed and applies its pending migrations, all in one transaction, before a service
   * starts. Throws {@link DatabaseNewerError} when the database holds migrations this code does not know, and
   * an error naming the migration when one fails (nothing of this start is applied then).
   */
  migrate(options: { schema: string; migrations: readonly Migration[] }): Promise<{ version: number; applied: string[] }>;
  /** Writes a backup of the embedded database (gzipped tar) to `file`; a PostgreSQL server throws (use pg_dump). */
  backup(file: string): Promise<void>;
  /** Closes it and, for the embedded database, releases the directory. Safe to call twice. */
  close(): Promise<void>;
};

/**
 * Opens the database every service with durable state shares: a PostgreSQL server when `databaseUrl` (or
 * DATABASE_URL) is set, else PGlite in `dataDir`, created on first use. One process at a time may open a data
 * directory ({@link DataDirLockedError}).
 *
 * @example
 * const database = await openDatabase();
 * await database.migrate({ schema: 'names', migrations });
 * await database.transaction(async (tx) => {
 *   await tx.query('INSERT INTO names.registrations (name, owner) VALUES ($1, $2)', [name, owner]);
 *   await tx.query('UPDATE names.owners SET count = count + 1 WHERE owner = $1', [owner]);
 * });
 * await database.close();
 */
export declare function openDatabase(options?: OpenDatabaseOptions): Promise<Database>;

/**
 * Replaces the embedded database with a backup made by `database.backup(file)`. Nothing may have it open; the
 * data it replaces is moved aside to `pgdata.before-restore-<time>`, never deleted.
 */
export declare function restoreDatabase(file: string, options?: { dataDir?: string }): Promise<{ previous: string | undefined }>;

/** The database holds migrations this code does not know (it was written by a newer Foyer); nothing starts. */
export declare class DatabaseNewerError extends Error {
  readonly name: 'DatabaseNewerError';
  readonly schema: string;
  readonly databaseVersion: number;
  readonly codeVersion: number;
}

/** Another process (or this one) has the data directory open. */
export declare class DataDirLockedError extends Error {
  readonly name: 'DataDirLockedError';
  readonly dataDir: string;
  readonly pid: number;
}
