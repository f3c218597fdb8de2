// The onramp schema. Append-only: a released migration is never edited (services/storage checks the names).

/** @type {import('../../storage/index.mjs').Migration[]} */
export const ONRAMP_MIGRATIONS = [
  {
    name: 'create orders',
    sql: `
      -- One row per checkout the on-ramp stand-ins opened. Amounts are decimal strings as quoted; units is the
      -- purchase in the token's smallest unit, what the treasury pays.
      CREATE TABLE onramp.orders (
        id text PRIMARY KEY,
        provider text NOT NULL,
        status text NOT NULL,
        network text NOT NULL,
        chain_id text NOT NULL,
        address text NOT NULL,
        address_key text NOT NULL,
        purchase_currency text NOT NULL,
        purchase_amount text NOT NULL,
        units text NOT NULL,
        payment_currency text NOT NULL,
        payment_method text NOT NULL,
        payment_total text NOT NULL,
        payment_subtotal text NOT NULL,
        fee text NOT NULL,
        partner_user_id text,
        hash text,
        failure text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- The history call's onramp parameter: an account's orders, newest first.
      CREATE INDEX orders_address ON onramp.orders (address_key, created_at DESC);`,
  },
]
