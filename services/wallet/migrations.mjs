// The wallet schema. Append-only: a released migration is never edited (services/storage checks the names).

/** @type {import('../storage/index.mjs').Migration[]} */
export const WALLET_MIGRATIONS = [
  {
    name: 'create users, devices, codes, mails and approvals',
    sql: `
      CREATE TABLE wallet.users (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        evm_address text NOT NULL,
        solana_address text NOT NULL,
        -- AES-256-GCM: iv | tag | ciphertext, the user id and the key's use as AAD (masterKey.mjs)
        sealed_evm_key bytea NOT NULL,
        sealed_solana_seed bytea NOT NULL,
        chain_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- A browser the user confirmed (by a code or a mailed link); device_hash is the HMAC of its device cookie.
      CREATE TABLE wallet.devices (
        device_hash bytea NOT NULL,
        email text NOT NULL,
        confirmed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (device_hash, email)
      );
      -- One-time codes and device links; purpose: login, device, update_primary, update_secondary.
      CREATE TABLE wallet.codes (
        id bigserial PRIMARY KEY,
        purpose text NOT NULL,
        device_hash bytea NOT NULL,
        email text NOT NULL,
        new_email text,
        secret_hash bytea NOT NULL,
        tries integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX codes_device ON wallet.codes (device_hash, purpose, created_at);
      -- Device links are found by their token; codes by device (two users may draw the same 6 digits).
      CREATE INDEX codes_secret ON wallet.codes (secret_hash);
      -- The 30 s cooldown between mails a visitor triggers, per address.
      CREATE TABLE wallet.mail_cooldowns (
        email text PRIMARY KEY,
        sent_at timestamptz NOT NULL
      );
      -- Unsafe requests waiting for the user's click in the frame; secret_hash: HMAC of the frame's secret.
      CREATE TABLE wallet.approvals (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES wallet.users (id) ON DELETE CASCADE,
        secret_hash bytea NOT NULL,
        method text NOT NULL,
        params jsonb NOT NULL,
        chain_id text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        -- what the approved request returned (wallet_sendCalls: its transaction hashes, for wallet_getCallsStatus)
        result jsonb,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    name: 'social logins',
    sql: `
      -- A social user has no email: it is known by its provider and that provider's subject.
      ALTER TABLE wallet.users ALTER COLUMN email DROP NOT NULL;
      ALTER TABLE wallet.users ADD COLUMN social_provider text;
      ALTER TABLE wallet.users ADD COLUMN social_subject text;
      ALTER TABLE wallet.users ADD COLUMN user_name text;
      CREATE UNIQUE INDEX users_social ON wallet.users (social_provider, social_subject);
      -- One sign-in under way: its state (stored as an HMAC), the PKCE verifier and nonce the code exchange needs,
      -- the browser (device cookie, per embedding site) and the embedding origin that asked, single use.
      CREATE TABLE wallet.social_logins (
        state_hash bytea PRIMARY KEY,
        provider text NOT NULL,
        device_hash bytea NOT NULL,
        host_origin text NOT NULL,
        code_verifier text NOT NULL,
        nonce text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    name: 'smart accounts: the preferred account type per user, the account an approval spends from',
    sql: `
      -- 'eoa' or 'smartAccount'; NULL: the network's default (smartAccount where a bundler serves it, rules §6).
      ALTER TABLE wallet.users ADD COLUMN preferred_account_type text;
      -- The account type the request was made for: a smartAccount request runs as one user operation.
      ALTER TABLE wallet.approvals ADD COLUMN account_type text NOT NULL DEFAULT 'eoa';`,
  },
  {
    name: 'social logins that come back by redirect',
    sql: `
      -- Telegram comes back to the host page itself (\`result_uri\`): where, checked against the embedding origin.
      ALTER TABLE wallet.social_logins ADD COLUMN return_to text;`,
  },
  {
    name: 'sign-in during login',
    sql: `
      -- rules §3 siwxMessage: a login (code, social, Farcaster) lets the embedding origin have its sign-in message signed
      -- once per namespace, in this browser, shortly after, without a second approval. Single use.
      CREATE TABLE wallet.sign_in_grants (
        user_id text NOT NULL,
        device_hash bytea NOT NULL,
        host_origin text NOT NULL,
        namespace text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX sign_in_grants_lookup ON wallet.sign_in_grants (user_id, device_hash, host_origin, namespace);`,
  },
  {
    name: 'wallets per project, a budget of wrong codes per address, fresh social logins',
    sql: `
      -- The project a wallet belongs to (docs/wallets.md): the same email or social account gets another wallet on
      -- another project, unless the operator shares wallets across a list of its projects. NULL: a wallet made
      -- before this migration, which nothing recorded the project of; the first project it is used on claims it.
      ALTER TABLE wallet.users ADD COLUMN project_id text;
      ALTER TABLE wallet.users DROP CONSTRAINT IF EXISTS users_email_key;
      DROP INDEX IF EXISTS wallet.users_social;
      CREATE UNIQUE INDEX users_email ON wallet.users (email, project_id);
      CREATE UNIQUE INDEX users_social ON wallet.users (social_provider, social_subject, project_id);
      -- Wrong codes per mailed address, across all its codes and whoever sends them, in a window of an hour.
      CREATE TABLE wallet.code_guesses (
        email text PRIMARY KEY,
        window_started_at timestamptz NOT NULL,
        wrong integer NOT NULL
      );
      -- When the provider sent the visitor back: a sign-in is granted only shortly after that proof.
      ALTER TABLE wallet.social_logins ADD COLUMN returned_at timestamptz;`,
  },
  {
    name: 'keys born in the frame: shares instead of sealed keys (KEYS.md)',
    sql: `
      -- A new user has no keys until their frame registers its addresses and shares; a migrated one no sealed keys.
      ALTER TABLE wallet.users ALTER COLUMN evm_address DROP NOT NULL;
      ALTER TABLE wallet.users ALTER COLUMN solana_address DROP NOT NULL;
      ALTER TABLE wallet.users ALTER COLUMN sealed_evm_key DROP NOT NULL;
      ALTER TABLE wallet.users ALTER COLUMN sealed_solana_seed DROP NOT NULL;
      -- The auth share: released only to the user's own frame over their session.
      CREATE TABLE wallet.key_shares (
        user_id text PRIMARY KEY,
        auth_share bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- The recovery share, wrapped under keys this service never sees: kind 'phrase' (label ''), or 'passkey'
      -- (label: the credential id).
      CREATE TABLE wallet.recovery_wraps (
        user_id text NOT NULL,
        kind text NOT NULL,
        label text NOT NULL DEFAULT '',
        wrapped bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, kind, label)
      );
      -- What an approved request has done so far while the frame signs it step by step.
      ALTER TABLE wallet.approvals ADD COLUMN progress jsonb;`,
  },
  {
    name: 'passkeys',
    sql: `
      -- A user's passkeys (WebAuthn credentials, docs/wallets.md#passkeys): the id the authenticator gave, the COSE
      -- public key, the signature counter, and whether it asked for the PRF extension (it can open the recovery share).
      CREATE TABLE wallet.passkeys (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES wallet.users (id) ON DELETE CASCADE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports jsonb,
        device_type text NOT NULL,
        backed_up boolean NOT NULL,
        prf boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      );
      CREATE INDEX passkeys_user ON wallet.passkeys (user_id);
      -- A ceremony under way: its challenge as an HMAC, for one browser and embedding origin, single use.
      CREATE TABLE wallet.passkey_challenges (
        challenge_hash bytea PRIMARY KEY,
        ceremony text NOT NULL,
        user_id text,
        device_hash bytea NOT NULL,
        host_origin text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    name: 'sponsored gas',
    sql: `
      -- A host's sponsorship policy for its project (sponsorship.mjs, docs/sponsored-gas.md): the chain ids (jsonb
      -- strings), the calls allowed ('0x<contract>' or '0x<contract>:0x<selector>'), operations per user per UTC day,
      -- and the budget in wei across its chains.
      CREATE TABLE wallet.sponsorship_policies (
        project_id text PRIMARY KEY,
        chains jsonb NOT NULL,
        calls jsonb NOT NULL,
        daily_limit integer NOT NULL,
        budget_wei numeric NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- Each operation the paymaster was signed for: its most cost until mined, then what it cost.
      CREATE TABLE wallet.sponsorships (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        user_id text NOT NULL,
        chain_id text NOT NULL,
        user_op_hash text,
        cost_wei numeric NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX sponsorships_project_user ON wallet.sponsorships (project_id, user_id, created_at);
      -- Who pays an approval's network fee: the project (its id) or the visitor (why the policy refused).
      ALTER TABLE wallet.approvals ADD COLUMN sponsorship jsonb;`,
  },
  {
    name: 'indexes for the reads of every approval and login',
    sql: `
      -- A user's pending requests are counted at each new one (rpc.mjs createApproval); without it, that read every
      -- approval ever made.
      CREATE INDEX approvals_pending ON wallet.approvals (user_id) WHERE status = 'pending';
      -- A login deletes the sign-in grants an earlier one left on the same browser and page (signIn.mjs grantSignIn).
      CREATE INDEX sign_in_grants_device ON wallet.sign_in_grants (device_hash, host_origin);`,
  },
  {
    name: 'backups the visitor made',
    sql: `
      -- When the visitor finished the recovery phrase's panel ("I saved it"; docs/wallets.md#backup): the phrase's wrap
      -- exists from sign-up whether or not they ever saw the words, so only this says the phrase is a backup. A passkey's
      -- wrap (recovery_wraps, kind 'passkey') is one from the moment it is made.
      ALTER TABLE wallet.users ADD COLUMN phrase_confirmed_at timestamptz;`,
  },
  {
    name: 'EIP-7702 for new wallets',
    sql: `
      -- Which smart account a wallet's EVM side is (docs/wallets.md#account-modes): 'erc4337', the counterfactual
      -- FoyerAccount at an address of its own, for every wallet made before this migration, which keeps its
      -- addresses; 'eip7702', the EOA itself upgraded in place, for every wallet made after it, on the chains that
      -- support it (the network's eip7702 flag; elsewhere such a wallet still gets the ERC-4337 account).
      ALTER TABLE wallet.users ADD COLUMN account_mode text NOT NULL DEFAULT 'erc4337';
      ALTER TABLE wallet.users ALTER COLUMN account_mode SET DEFAULT 'eip7702';`,
  },
]
