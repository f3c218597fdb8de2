// The sessions schema (sign-in with X, rules §7). Append-only: a released migration is never edited.

/** @type {import('../../storage/index.mjs').Migration[]} */
export const SESSIONS_MIGRATIONS = [
  {
    name: 'create nonces and sessions',
    sql: `
      -- Nonces handed out for sign-in messages; used_at set once, by the sign-in that spends it.
      CREATE TABLE sessions.nonces (
        nonce text PRIMARY KEY,
        project_id text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      -- One row per verified sign-in; the message and signature are kept as the proof.
      CREATE TABLE sessions.sessions (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        chain_id text NOT NULL,
        address text NOT NULL,
        domain text NOT NULL,
        message text NOT NULL,
        signature text NOT NULL,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX sessions_account ON sessions.sessions (project_id, chain_id, address);`,
  },
]
