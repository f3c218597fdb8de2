// On-ramp orders in the service storage (schema `onramp`, services/storage): a checkout opened, then paid, failed
// or cancelled. Kept there so an order and its payout survive a restart of the API.
import { ONRAMP_MIGRATIONS } from './migrations.mjs'

/**
 * An order as the API answers it.
 *
 * @typedef {object} OnrampOrder
 * @property {string} id
 * @property {string} provider
 * @property {'created' | 'paying' | 'paid' | 'failed' | 'cancelled'} status
 * @property {string} network
 * @property {string} chainId CAIP-2
 * @property {string} address the destination wallet
 * @property {string} purchaseCurrency
 * @property {string} purchaseAmount decimal
 * @property {string} units smallest unit
 * @property {string} paymentCurrency
 * @property {string} paymentMethod
 * @property {string} paymentTotal decimal
 * @property {string} paymentSubtotal decimal
 * @property {string} fee decimal
 * @property {string | null} partnerUserId
 * @property {string | null} hash the treasury's payout, once sent
 * @property {string | null} failure why the payout failed
 * @property {string} createdAt ISO 8601
 * @property {string} updatedAt ISO 8601
 */

const COLUMNS = `id, provider, status, network, chain_id, address, purchase_currency, purchase_amount, units, payment_currency,
  payment_method, payment_total, payment_subtotal, fee, partner_user_id, hash, failure, created_at, updated_at`

/**
 * @param {any} row
 * @returns {OnrampOrder}
 */
const toOrder = (row) => ({
  id: row.id,
  provider: row.provider,
  status: row.status,
  network: row.network,
  chainId: row.chain_id,
  address: row.address,
  purchaseCurrency: row.purchase_currency,
  purchaseAmount: row.purchase_amount,
  units: row.units,
  paymentCurrency: row.payment_currency,
  paymentMethod: row.payment_method,
  paymentTotal: row.payment_total,
  paymentSubtotal: row.payment_subtotal,
  fee: row.fee,
  partnerUserId: row.partner_user_id ?? null,
  hash: row.hash ?? null,
  failure: row.failure ?? null,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
})

/**
 * Migrates the `onramp` schema and returns the store over it.
 *
 * @param {import('../../storage/index.mjs').Database} database
 */
export async function openOrderStore(database) {
  await database.migrate({ schema: 'onramp', migrations: ONRAMP_MIGRATIONS })
  return {
    /**
     * @param {Omit<OnrampOrder, 'status' | 'hash' | 'failure' | 'createdAt' | 'updatedAt'>} order
     * @returns {Promise<OnrampOrder>}
     */
    async create(order) {
      const { rows } = await database.query(
        `INSERT INTO onramp.orders (id, provider, status, network, chain_id, address, address_key, purchase_currency,
           purchase_amount, units, payment_currency, payment_method, payment_total, payment_subtotal, fee, partner_user_id)
         VALUES ($1, $2, 'created', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING ${COLUMNS}`,
        [
          order.id,
          order.provider,
          order.network,
          order.chainId,
          order.address,
          order.address.toLowerCase(),
          order.purchaseCurrency,
          order.purchaseAmount,
          order.units,
          order.paymentCurrency,
          order.paymentMethod,
          order.paymentTotal,
          order.paymentSubtotal,
          order.fee,
          order.partnerUserId,
        ],
      )
      return toOrder(rows[0])
    },

    /**
     * @param {string} id
     * @returns {Promise<OnrampOrder | undefined>}
     */
    async find(id) {
      const { rows } = await database.query(`SELECT ${COLUMNS} FROM onramp.orders WHERE id = $1`, [id])
      return rows[0] ? toOrder(rows[0]) : undefined
    },

    /**
     * Moves an order on from `from` only: two confirmations of one checkout cannot both pay.
     *
     * @param {string} id
     * @param {OnrampOrder['status']} from
     * @param {OnrampOrder['status']} to
     * @param {{ hash?: string, failure?: string }} [details]
     * @returns {Promise<OnrampOrder | undefined>} undefined when the order was not in `from`
     */
    async transition(id, from, to, { hash, failure } = {}) {
      const { rows } = await database.query(
        `UPDATE onramp.orders SET status = $3, hash = COALESCE($4, hash), failure = COALESCE($5, failure), updated_at = now()
         WHERE id = $1 AND status = $2 RETURNING ${COLUMNS}`,
        [id, from, to, hash ?? null, failure ?? null],
      )
      return rows[0] ? toOrder(rows[0]) : undefined
    },

    /**
     * Orders confirmed whose payout has not finished and that no instance is paying now (a stopped one left them).
     *
     * @returns {Promise<OnrampOrder[]>}
     */
    async paying() {
      const { rows } = await database.query(
        `SELECT ${COLUMNS} FROM onramp.orders WHERE status = 'paying' AND (payout_until IS NULL OR payout_until < now())
         ORDER BY created_at`,
      )
      return rows.map(toOrder)
    },

    /**
     * Claims a paying order's payout for `holder` during `ttlMs`, unless somebody holds it: of two claims at once
     * (two instances, or one instance's confirmation and its own look for orders left paying), one gets it.
     *
     * @param {string} id
     * @param {string} holder
     * @param {number} ttlMs
     * @returns {Promise<boolean>} whether `holder` now pays it
     */
    async claimPayout(id, holder, ttlMs) {
      const { rowCount } = await database.query(
        `UPDATE onramp.orders SET payout_holder = $2, payout_until = now() + $3::bigint * interval '1 millisecond'
         WHERE id = $1 AND status = 'paying' AND (payout_until IS NULL OR payout_until < now())`,
        [id, holder, Math.ceil(ttlMs)],
      )
      return rowCount === 1
    },

    /**
     * Keeps `holder`'s claim on a paying order for `ttlMs` more; false when the order is paid or another instance
     * took it over (the claim ran out meanwhile), so `holder` must leave it.
     *
     * @param {string} id
     * @param {string} holder
     * @param {number} ttlMs
     */
    async holdPayout(id, holder, ttlMs) {
      const { rowCount } = await database.query(
        `UPDATE onramp.orders SET payout_until = now() + $3::bigint * interval '1 millisecond'
         WHERE id = $1 AND status = 'paying' AND payout_holder = $2`,
        [id, holder, Math.ceil(ttlMs)],
      )
      return rowCount === 1
    },

    /**
     * The payout transaction recorded for an order, if one was signed.
     *
     * @param {string} id
     * @returns {Promise<import('./treasury.mjs').SignedPayout | undefined>}
     */
    async signedPayout(id) {
      const { rows } = await database.query('SELECT payout_tx FROM onramp.orders WHERE id = $1', [id])
      return rows[0]?.payout_tx ? JSON.parse(rows[0].payout_tx) : undefined
    },

    /**
     * Records the payout transaction `holder` signed, before it is sent, in place of `replacing` (one that can never
     * be mined any more); false when the order moved on, another instance holds it, or another transaction was
     * recorded meanwhile.
     *
     * @param {string} id
     * @param {string} holder
     * @param {import('./treasury.mjs').SignedPayout} signed
     * @param {import('./treasury.mjs').SignedPayout | undefined} replacing
     */
    async recordPayout(id, holder, signed, replacing) {
      const { rowCount } = await database.query(
        `UPDATE onramp.orders SET payout_tx = $3, updated_at = now()
         WHERE id = $1 AND status = 'paying' AND payout_holder = $2 AND payout_tx IS NOT DISTINCT FROM $4`,
        [id, holder, JSON.stringify(signed), replacing ? JSON.stringify(replacing) : null],
      )
      return rowCount === 1
    },

    /**
     * Takes the turn `key` (a treasury key on one chain) for `ttlMs` when nobody holds it or its holder's time ran
     * out; of two instances asking at once, one gets it.
     *
     * @param {string} key
     * @param {string} holder
     * @param {number} ttlMs
     * @returns {Promise<boolean>}
     */
    async takeTurn(key, holder, ttlMs) {
      const { rows } = await database.query(
        `INSERT INTO onramp.treasury_turns AS t (key, holder, until) VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until WHERE t.until < now()
         RETURNING holder`,
        [key, holder, Math.ceil(ttlMs)],
      )
      return rows.length === 1
    },

    /** Ends `holder`'s turn `key`. @param {string} key @param {string} holder */
    async endTurn(key, holder) {
      await database.query('DELETE FROM onramp.treasury_turns WHERE key = $1 AND holder = $2', [key, holder])
    },

    /**
     * Keeps a quote until `expiresMs` (epoch ms); every instance on this database can then find it.
     *
     * @param {import('./onrampRules.mjs').OnrampQuote} quote
     * @param {number} expiresMs
     */
    async saveQuote(quote, expiresMs) {
      const stored = { ...quote, totalCents: String(quote.totalCents), feeCents: String(quote.feeCents), units: String(quote.units) }
      await database.query('INSERT INTO onramp.quotes (id, quote, expires_ms) VALUES ($1, $2, $3)', [
        quote.quoteId,
        JSON.stringify(stored),
        Math.floor(expiresMs),
      ])
    },

    /**
     * A quote not expired at `nowMs`.
     *
     * @param {string} id
     * @param {number} nowMs
     * @returns {Promise<import('./onrampRules.mjs').OnrampQuote | undefined>}
     */
    async findQuote(id, nowMs) {
      const { rows } = await database.query('SELECT quote FROM onramp.quotes WHERE id = $1 AND expires_ms > $2', [id, Math.floor(nowMs)])
      const stored = rows[0]?.quote
      if (!stored) return undefined
      return { ...stored, totalCents: BigInt(stored.totalCents), feeCents: BigInt(stored.feeCents), units: BigInt(stored.units) }
    },

    /** Forgets the quotes expired at `nowMs`. @param {number} nowMs */
    async dropExpiredQuotes(nowMs) {
      await database.query('DELETE FROM onramp.quotes WHERE expires_ms <= $1', [Math.floor(nowMs)])
    },

    /**
     * An account's orders, newest first; those of one provider when it is named.
     *
     * @param {string} address any case
     * @param {string} [provider]
     * @returns {Promise<OnrampOrder[]>}
     */
    async ordersOf(address, provider) {
      const { rows } = await database.query(
        `SELECT ${COLUMNS} FROM onramp.orders WHERE address_key = $1 AND ($2::text IS NULL OR provider = $2)
         ORDER BY created_at DESC, id LIMIT 100`,
        [address.toLowerCase(), provider ?? null],
      )
      return rows.map(toOrder)
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof openOrderStore>>} OrderStore */
