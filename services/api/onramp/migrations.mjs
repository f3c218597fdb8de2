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
  {
    name: 'quotes and payout claims',
    sql: `
      -- Quotes a client may open a checkout with, kept here so that any instance of the API honours them. The quote
      -- is JSON with its amounts as decimal strings.
      CREATE TABLE onramp.quotes (
        id text PRIMARY KEY,
        quote jsonb NOT NULL,
        expires_ms bigint NOT NULL
      );
      CREATE INDEX quotes_expiry ON onramp.quotes (expires_ms);
      -- Which instance is paying an order out, until when: another instance takes a paying order over only once
      -- that time has passed (its payer stopped), so two instances never pay one order at once.
      ALTER TABLE onramp.orders ADD COLUMN payout_holder text, ADD COLUMN payout_until timestamptz;`,
  },
  {
    name: 'payout transactions and treasury turns',
    sql: `
      -- The payout's transaction, signed and written here before it is sent (JSON: its hash or signature, the signed
      -- bytes, on Solana its blockhash): an instance taking the order over finds it on chain, or sends the very same
      -- transaction again, instead of paying a second time.
      ALTER TABLE onramp.orders ADD COLUMN payout_tx text;
      -- Whose turn it is to send from a treasury key on a chain, until when: one instance at a time picks its next
      -- nonce, so two instances paying at once never take the same one.
      CREATE TABLE onramp.treasury_turns (
        key text PRIMARY KEY,
        holder text NOT NULL,
        until timestamptz NOT NULL
      );`,
  },
]
