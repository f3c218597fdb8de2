// The names schema. Append-only: a released migration is never edited (services/storage checks the names).

/** @type {import('../../storage/index.mjs').Migration[]} */
export const NAMES_MIGRATIONS = [
  {
    name: 'create registrations',
    sql: `
      -- One row per registered name. The message and signature are kept as the proof the address asked for it.
      CREATE TABLE names.registrations (
        name text PRIMARY KEY,
        coin_type bigint NOT NULL,
        address text NOT NULL,
        address_key text NOT NULL,
        attributes jsonb NOT NULL DEFAULT '{}',
        message text NOT NULL,
        signature text NOT NULL,
        registered_at timestamptz NOT NULL DEFAULT now()
      );
      -- Reverse lookups (an address's names, newest first); address_key is the lower-case address.
      CREATE INDEX registrations_address ON names.registrations (address_key, registered_at DESC);`,
  },
]
