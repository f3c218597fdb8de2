// Types for startPostgres.mjs.

export type PostgresServer = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication, loopback only). */
  url: string;
  port: number;
  /** The server's own pid. */
  pid: number;
  /** Creates a new, empty database and resolves with its URL. */
  createDatabase(): Promise<string>;
  /** Fast shutdown by pid (SIGKILL after 10 s), then removes the directory. Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * Starts a throwaway PostgreSQL server (initdb on a temporary directory, a free port on 127.0.0.1, run as
 * `nobody` under root). Fails with `apt-get install -y postgresql` in its message when the binaries are missing.
 */
export declare function startPostgres(): Promise<PostgresServer>;
