// rules §3 `siwxMessage`: the sign-in message signed as part of the login. A login (a code, a social or Farcaster
// sign-in; never a session alone) is the user's approval; for a short while after it, the embedding origin may
// have its sign-in message signed once per namespace without a second approval. The
// message is written here from checked fields: its domain and URI are the embedding origin the frame pinned, its
// account the user's own, so the host page can have nothing else signed this way.
import { getBase58Decoder } from '@solana/kit'
import * as v from 'valibot'
import { getAddress } from 'viem'

import { SignInSyntaxError, formatSignInWithSolana } from 'foyer/protocol'
import { formatEip4361 } from 'foyer/protocol/evm'
import { keysForFrame } from './keyShares.mjs'
import { WalletError, invalidRequest } from './errors.mjs'
import { findNetwork } from './networks.mjs'

/** How long after a login its sign-in may be signed without asking (rules §9's login requests wait 120 s at most). */
export const SIGN_IN_GRANT_MS = 120_000
/** How far the message's issuedAt may be from the wallet's clock. */
const CLOCK_SKEW_MS = 5 * 60_000

const line = (/** @type {number} */ max) => v.pipe(v.string(), v.maxLength(max), v.regex(/^[^\n\r]*$/, 'must be one line'))
const time = v.pipe(v.string(), v.maxLength(40), v.isoTimestamp('must be an ISO 8601 time'))
const SIWX_MESSAGE = v.object({
  accountAddress: line(100),
  chainId: v.pipe(v.string(), v.maxLength(100)),
  domain: line(255),
  uri: v.pipe(line(2048), v.url('uri must be a URL')),
  version: v.literal('1', "version must be '1'"),
  nonce: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,128}$/, 'nonce must be 8 to 128 letters or digits')),
  statement: v.optional(line(500)),
  resources: v.optional(v.pipe(v.array(v.pipe(line(2048), v.url('resources must be URLs'))), v.maxLength(20))),
  requestId: v.optional(line(200)),
  issuedAt: time,
  expirationTime: v.optional(time),
  notBefore: v.optional(time),
})
const PAYLOAD = v.object({ siwxMessage: SIWX_MESSAGE }, 'siwxMessage must be the sign-in message')

/**
 * The visitor just proved who they are in this browser for this embedding origin (a mailed code, a social or
 * Farcaster sign-in): its sign-in may be signed, once per namespace, until 120 s after the proof. Only such a proof
 * grants it (docs/wallets.md): a session alone, or the host page sending the email again, never does.
 *
 * @param {import('./handlers.mjs').WalletDeps} deps @param {import('./handlers.mjs').RequestContext} ctx @param {string} userId
 * @param {number} [provedAt] when the visitor gave the proof (default now)
 */
export async function grantSignIn(deps, ctx, userId, provedAt = deps.now()) {
  const expires = provedAt + SIGN_IN_GRANT_MS
  const namespaces = expires <= deps.now() ? [] : [...new Set(deps.networks.map((network) => network.namespace))]
  // A new login replaces what an earlier one left unused, in one statement: the old grants go, one per namespace comes.
  await deps.database.query(
    `WITH replaced AS (DELETE FROM wallet.sign_in_grants WHERE device_hash = $2 AND host_origin = $3)
     INSERT INTO wallet.sign_in_grants (user_id, device_hash, host_origin, namespace, expires_at)
     SELECT $1, $2, $3, namespace, $5 FROM unnest($4::text[]) AS namespace`,
    [userId, ctx.deviceHash, ctx.hostOrigin, namespaces, new Date(expires)],
  )
}

/**
 * APP_SIGN_IN `{ siwxMessage }`: checks the fields, spends the login's grant for the namespace and writes the message
 * (EIP-4361 on eip155, Sign In With Solana on solana). Answers the frame `{ message, siwxMessage, sign }`: the frame
 * signs the message with the rebuilt key (KEYS.md) and hands the host `{ message, signature, siwxMessage }`.
 *
 * @param {import('./handlers.mjs').WalletDeps} deps @param {import('./handlers.mjs').RequestContext} ctx
 * @param {import('./accounts.mjs').WalletUser} user
 */
export async function signInDuringLogin(deps, ctx, user) {
  const parsed = v.safeParse(PAYLOAD, ctx.payload ?? {})
  if (!parsed.success)
    throw invalidRequest(
      `${parsed.issues.map((issue) => issue.path?.map((step) => step.key).join('.')).filter(Boolean)[0] ?? 'siwxMessage'}: ${parsed.issues[0].message}`,
    )
  const fields = parsed.output.siwxMessage
  const network = findNetwork(deps.networks, fields.chainId)
  if (!network || !fields.chainId.startsWith(`${network.namespace}:`)) {
    throw new WalletError(400, 'UNSUPPORTED_CHAIN', 'Network not supported by the embedded wallet', { rpcCode: 4902 })
  }
  // The frame's pinned embedding origin is the only authority a message may name.
  const host = new URL(ctx.hostOrigin)
  if (fields.domain !== host.host) throw invalidRequest(`siwxMessage.domain must be ${host.host}, the page that embeds the wallet`)
  if (new URL(fields.uri).origin !== host.origin) throw invalidRequest(`siwxMessage.uri must be on ${host.origin}`)
  const own = network.namespace === 'eip155' ? user.evmAddress : user.solanaAddress
  const sameAccount =
    network.namespace === 'eip155' ? fields.accountAddress.toLowerCase() === own.toLowerCase() : fields.accountAddress === own
  // The owner key signs the text itself; the smart account's ERC-1271 signature (FoyerAccountMessage, PROTOCOL.md) is
  // made only for an approved personal_sign, so the message names the key's own account.
  if (!sameAccount) throw invalidRequest("siwxMessage.accountAddress must be the wallet's own account for the chain")
  const now = deps.now()
  const issuedAt = Date.parse(fields.issuedAt)
  if (Math.abs(issuedAt - now) > CLOCK_SKEW_MS) throw invalidRequest('siwxMessage.issuedAt must be now')
  if (fields.expirationTime !== undefined && Date.parse(fields.expirationTime) <= now)
    throw invalidRequest('siwxMessage.expirationTime has passed')

  // Written before the grant is spent, so a message the grammar refuses leaves the grant for the right one.
  const message = writeMessage(network.namespace, fields, own)
  const { rows } = await deps.database.query(
    `UPDATE wallet.sign_in_grants SET used_at = $5
     WHERE user_id = $1 AND device_hash = $2 AND host_origin = $3 AND namespace = $4 AND used_at IS NULL AND expires_at > $5
     RETURNING namespace`,
    [user.id, ctx.deviceHash, ctx.hostOrigin, network.namespace, new Date(now)],
  )
  if (!rows[0]) throw new WalletError(403, 'SIGN_IN_NOT_GRANTED', 'Sign-in needs the user’s approval: no login just happened here')

  /** @type {import('./frame/signing.js').SigningJob} */
  const job =
    network.namespace === 'eip155'
      ? { kind: 'evm_message', message }
      : { kind: 'solana_message', message: getBase58Decoder().decode(new TextEncoder().encode(message)) }
  return { message, siwxMessage: fields, sign: { job, keys: await keysForFrame(deps.database, user) } }
}

/**
 * The sign-in text for the namespace (EIP-4361 on eip155, Sign In With Solana on solana), for the user's own account.
 *
 * @param {string} namespace @param {v.InferOutput<typeof SIWX_MESSAGE>} fields @param {string} account
 */
function writeMessage(namespace, fields, account) {
  const reference = fields.chainId.slice(namespace.length + 1)
  if (namespace === 'eip155') {
    return written(() =>
      formatEip4361({
        address: getAddress(account),
        chainId: reference,
        domain: fields.domain,
        uri: fields.uri,
        version: '1',
        nonce: fields.nonce,
        statement: fields.statement,
        resources: fields.resources,
        requestId: fields.requestId,
        issuedAt: new Date(fields.issuedAt).toISOString(),
        expirationTime: fields.expirationTime === undefined ? undefined : new Date(fields.expirationTime).toISOString(),
        notBefore: fields.notBefore === undefined ? undefined : new Date(fields.notBefore).toISOString(),
      }),
    )
  }
  return written(() =>
    formatSignInWithSolana({
      domain: fields.domain,
      address: account,
      statement: fields.statement,
      uri: fields.uri,
      version: '1',
      chainId: reference,
      nonce: fields.nonce,
      issuedAt: fields.issuedAt,
      expirationTime: fields.expirationTime,
      notBefore: fields.notBefore,
      requestId: fields.requestId,
      resources: fields.resources,
    }),
  )
}

/**
 * The message a formatter writes; fields its grammar refuses (docs/sign-in.md) are the page's mistake.
 *
 * @param {() => string} format
 */
function written(format) {
  try {
    return format()
  } catch (error) {
    if (error instanceof SignInSyntaxError) throw invalidRequest(`siwxMessage: ${error.message}`)
    throw error
  }
}
