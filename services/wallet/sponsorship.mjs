// Sponsored gas (docs/sponsored-gas.md): a host pays the network fee of its visitors' smart-account operations,
// through a verifying paymaster (FoyerPaymaster) whose signer is this service. It signs only what the host's policy
// for its project allows, kept in PostgreSQL: which chains, which contracts and methods, how many operations per
// user per day, and a budget for the project. Every refusal names the rule that refused.
import { randomUUID } from 'node:crypto'

import * as v from 'valibot'

import { WalletError } from './errors.mjs'

/**
 * The paymaster this service signs for, the same on each of its networks with a bundler.
 *
 * @typedef {object} SponsorshipOptions
 * @property {`0x${string}`} paymaster a FoyerPaymaster whose verifying signer is `signerKey`'s address
 * @property {`0x${string}`} signerKey the signer's private key
 * @property {Record<string, SponsorshipPolicyInput>} [policies] projects' policies, written to the database at start
 */

/**
 * A project's policy as a host writes it.
 *
 * @typedef {object} SponsorshipPolicyInput
 * @property {(number | string)[]} chains the chain ids whose fees the project pays
 * @property {string[]} calls what the operations may call: `0x<contract>` (any method of it) or
 *   `0x<contract>:0x<selector>` (that method only); an operation is sponsored only when every call it makes is listed
 * @property {number} dailyLimit sponsored operations per user per day (UTC)
 * @property {string} budget the most the project pays in all, in ETH (`'0.5'`), across its chains
 */

/** @typedef {{ chains: string[], calls: string[], dailyLimit: number, budgetWei: bigint }} SponsorshipPolicy */
/** @typedef {{ rule: 'policy' | 'chains' | 'calls' | 'dailyLimit' | 'budget', reason: string }} Refusal */

const ADDRESS = /^0x[0-9a-f]{40}$/
const CALL_RULE = /^0x[0-9a-f]{40}(:0x[0-9a-f]{8})?$/
const POLICY = v.object({
  chains: v.pipe(
    v.array(v.union([v.pipe(v.number(), v.safeInteger(), v.minValue(1)), v.pipe(v.string(), v.regex(/^\d{1,16}$/))])),
    v.minLength(1, 'chains must list at least one chain id'),
  ),
  calls: v.pipe(
    v.array(v.pipe(v.string(), v.toLowerCase(), v.regex(CALL_RULE, 'each of calls must be 0x<contract> or 0x<contract>:0x<selector>'))),
    v.minLength(1, 'calls must list at least one contract'),
  ),
  dailyLimit: v.pipe(v.number('dailyLimit must be a number'), v.safeInteger('dailyLimit must be a whole number'), v.minValue(0)),
  budget: v.pipe(
    v.string('budget must be a string of ETH, such as "0.5"'),
    v.regex(/^\d{1,12}(\.\d{1,18})?$/, 'budget must be ETH, such as "0.5"'),
  ),
})

/** ETH as wei, exactly (no floating point). @param {string} eth */
function weiOf(eth) {
  const [whole = '0', fraction = ''] = eth.split('.')
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'))
}

/** @param {bigint} wei */
const ethOf = (wei) => `${wei / 10n ** 18n}.${(wei % 10n ** 18n).toString().padStart(18, '0')}`.replace(/\.?0+$/, '')

/**
 * Writes a project's policy (replacing its last one); what it spent so far still counts.
 *
 * @param {import('../storage/index.mjs').Database} database
 * @param {string} projectId
 * @param {unknown} input a SponsorshipPolicyInput
 */
export async function setSponsorshipPolicy(database, projectId, input) {
  const result = v.safeParse(POLICY, input)
  if (!result.success) throw new TypeError(`The sponsorship policy of ${projectId}: ${result.issues[0].message}`)
  const { chains, calls, dailyLimit, budget } = result.output
  await database.query(
    `INSERT INTO wallet.sponsorship_policies (project_id, chains, calls, daily_limit, budget_wei, updated_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (project_id) DO UPDATE SET chains = $2, calls = $3, daily_limit = $4, budget_wei = $5, updated_at = now()`,
    [projectId, JSON.stringify(chains.map(String)), JSON.stringify(calls), dailyLimit, weiOf(budget).toString()],
  )
}

/**
 * @param {{ query: import('../storage/index.mjs').Query }} db @param {string} projectId @param {boolean} [lock]
 * @returns {Promise<SponsorshipPolicy | undefined>}
 */
async function policyOf(db, projectId, lock = false) {
  const { rows } = await db.query(
    `SELECT chains, calls, daily_limit, budget_wei::text AS budget_wei FROM wallet.sponsorship_policies WHERE project_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [projectId],
  )
  const row = rows[0]
  return row && { chains: row.chains, calls: row.calls, dailyLimit: row.daily_limit, budgetWei: BigInt(row.budget_wei) }
}

/**
 * @typedef {object} SponsorshipRequest
 * @property {string} projectId the project whose policy applies (and whose budget pays)
 * @property {string} userId
 * @property {string} chainId canonical
 * @property {readonly { to: string, data?: string }[]} calls what the operation makes the account call
 */

/**
 * The first rule of the policy that refuses the request; undefined when it may be sponsored. `cost` is the most the
 * operation may cost, once its gas is known (before, only a spent budget refuses).
 *
 * @param {{ query: import('../storage/index.mjs').Query }} db
 * @param {SponsorshipRequest} request
 * @param {{ now: number, cost?: bigint, lock?: boolean }} at
 * @returns {Promise<Refusal | undefined>}
 */
async function refusalOf(db, { projectId, userId, chainId, calls }, { now, cost = 0n, lock = false }) {
  const policy = await policyOf(db, projectId, lock)
  if (!policy) return { rule: 'policy', reason: 'this site has no sponsorship policy' }
  if (!policy.chains.includes(chainId)) return { rule: 'chains', reason: `the site’s policy does not cover chain ${chainId}` }
  const outside = calls.find((call) => !callAllowed(policy.calls, call))
  if (outside) {
    const selector = outside.data && outside.data.length >= 10 ? ` (method ${outside.data.slice(0, 10)})` : ''
    return { rule: 'calls', reason: `the site’s policy does not cover calls to ${outside.to}${selector}` }
  }
  const day = new Date(now)
  day.setUTCHours(0, 0, 0, 0)
  const { rows } = await db.query(
    `SELECT count(*) FILTER (WHERE user_id = $2 AND created_at >= $3)::int AS today, coalesce(sum(cost_wei), 0)::text AS spent
     FROM wallet.sponsorships WHERE project_id = $1`,
    [projectId, userId, day],
  )
  const { today, spent } = /** @type {{ today: number, spent: string }} */ (rows[0])
  if (today >= policy.dailyLimit) {
    return { rule: 'dailyLimit', reason: `the site pays for ${policy.dailyLimit} operations per visitor a day, and today’s are used` }
  }
  const left = policy.budgetWei - BigInt(spent)
  if (left <= 0n) return { rule: 'budget', reason: `the site’s sponsorship budget (${ethOf(policy.budgetWei)} ETH) is spent` }
  if (cost > left) {
    return { rule: 'budget', reason: `the site’s sponsorship budget has ${ethOf(left)} ETH left, less than this operation may cost` }
  }
  return undefined
}

/** @param {readonly string[]} rules @param {{ to: string, data?: string }} call */
function callAllowed(rules, call) {
  const to = call.to.toLowerCase()
  if (!ADDRESS.test(to)) return false
  const data = (call.data ?? '0x').toLowerCase()
  return rules.some((rule) => rule === to || (data.length >= 10 && rule === `${to}:${data.slice(0, 10)}`))
}

/**
 * Whether the policy would sponsor this request now, for the approval to say who pays before the visitor decides.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {SponsorshipRequest} request
 */
export function sponsorshipRefusal(deps, request) {
  return refusalOf(deps.database, request, { now: deps.now() })
}

/**
 * The policy's last word on an operation whose gas is known: refused (a WalletError naming the rule), or recorded
 * against the day's limit and the budget at its most it can cost, in one transaction, so two operations at once
 * cannot both take the last of either. Answers the record's id for {@link settleSponsorship}.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {SponsorshipRequest} request @param {bigint} cost
 */
export async function reserveSponsorship(deps, request, cost) {
  return deps.database.transaction(async (tx) => {
    const refusal = await refusalOf(tx, request, { now: deps.now(), cost, lock: true })
    if (refusal) throw sponsorshipRefused(refusal)
    const id = randomUUID()
    await tx.query(
      `INSERT INTO wallet.sponsorships (id, project_id, user_id, chain_id, cost_wei, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, request.projectId, request.userId, request.chainId, cost.toString(), new Date(deps.now())],
    )
    return id
  })
}

/**
 * What a sponsored operation cost once mined (the EntryPoint's actualGasCost), in place of its most.
 *
 * @param {import('../storage/index.mjs').Database} database @param {string} id @param {`0x${string}`} userOpHash @param {bigint} cost
 */
export async function settleSponsorship(database, id, userOpHash, cost) {
  await database.query('UPDATE wallet.sponsorships SET user_op_hash = $2, cost_wei = $3 WHERE id = $1', [id, userOpHash, cost.toString()])
}

/** @param {Refusal} refusal */
export const sponsorshipRefused = ({ rule, reason }) =>
  new WalletError(400, 'SPONSORSHIP_REFUSED', `Network fee not sponsored: ${reason}`, { rpcCode: -32603, rule })
