// One function per APP_ message the frame forwards (PROTOCOL.md): what it needs, what it answers. The table at the
// end (HANDLERS) gives each its payload's schema, which the request route checks before the function runs.
import { setTimeout as sleep } from 'node:timers/promises'

import * as v from 'valibot'

import { findOrCreateSocialUser, findOrCreateUser, findUser, sessionUser } from './accounts.mjs'
import { hashSecret } from './masterKey.mjs'
import { CONNECT_PAYLOAD, REDIRECT_PAYLOAD, SOCIAL_LOGIN_TTL_MS } from './social.mjs'
import { confirmDeviceToken, isDeviceConfirmed, issueCode, issueDeviceToken, pendingDeviceEmail, useCode } from './codes.mjs'
import { WalletError, invalidRequest } from './errors.mjs'
import { mailCode, mailDeviceLink } from './mails.mjs'
import { findNetwork, wireChainId } from './networks.mjs'
import { isBackedUp } from './keyShares.mjs'
import { REVOKE_PAYLOAD, getPasskeys, revokePasskey } from './passkeys.mjs'
import { evmAccountOf, handleRpcRequest } from './rpc.mjs'
import { grantSignIn, signInDuringLogin } from './signIn.mjs'

/** How long APP_CONNECT_DEVICE waits for the mailed link to be opened (within rules §9's 120 s login timeout). */
export const DEVICE_WAIT_MS = 110_000
const DEVICE_POLL_MS = 1_000

/**
 * @typedef {object} WalletDeps
 * @property {import('../storage/index.mjs').Database} database
 * @property {Buffer} sealingKey opens only the old sealed keys that wait for migration (KEYS.md)
 * @property {Buffer} codesKey
 * @property {readonly import('./networks.mjs').WalletNetwork[]} networks
 * @property {import('./createMailer.mjs').Mailer} mailer
 * @property {ReturnType<typeof import('./session.mjs').createSessions>} sessions
 * @property {() => number} now
 * @property {number} deviceWaitMs
 * @property {import('./social.mjs').SocialLogin} social
 * @property {ReturnType<typeof import('./farcaster.mjs').createFarcasterLogin> | undefined} farcaster
 * @property {import('./sponsorship.mjs').SponsorshipOptions} [sponsorship] the paymaster sponsored operations use
 * @property {ReadonlyMap<string, readonly import('../api/tokenLists.mjs').ListedToken[]>} listedTokens the tokens whose
 *   brand marks the approval panel shows, by CAIP-2 id
 */
/**
 * @typedef {object} RequestContext
 * @property {import('hono').Context} c
 * @property {Buffer} deviceHash
 * @property {string} walletOrigin for the links in mails
 * @property {string} hostOrigin the embedding page's origin, checked against the project's allowed list
 * @property {import('./accounts.mjs').WalletScope} scope the wallets the request's project uses
 * @property {unknown} payload as the message's schema read it (HANDLERS)
 */

const EMAIL = v.pipe(
  v.string('Enter a valid email address'),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254),
  v.email('Enter a valid email address'),
)
const EMAIL_PAYLOAD = v.object({ email: EMAIL })
/** What a message that takes nothing is sent with: anything, unread. */
const ANY_PAYLOAD = v.unknown()
const OTP_PAYLOAD = v.object({ otp: v.string('otp must be a string') })
const CHAIN_PAYLOAD = v.object({ chainId: v.union([v.string(), v.number()], 'chainId must be a string or a number') })
const ACCOUNT_TYPE_PAYLOAD = v.object({ type: v.picklist(['eoa', 'smartAccount'], "type must be 'eoa' or 'smartAccount'") })
const USER_PAYLOAD = v.object({ chainId: v.optional(v.union([v.string(), v.number()])) })
const FARCASTER_PAYLOAD = v.object(
  { channelToken: v.pipe(v.string('channelToken must be a string'), v.maxLength(200)) },
  'channelToken must be a string',
)
const RPC_PAYLOAD = v.object({
  method: v.pipe(v.string('method must be a string'), v.maxLength(100)),
  params: v.optional(v.unknown()),
  chainId: v.optional(v.union([v.string(), v.number()])),
  // The embedded wallet's sponsorGas option: the site offers to pay the fee, as its policy allows (docs/sponsored-gas.md).
  sponsorGas: v.optional(v.boolean('sponsorGas must be true or false')),
})

/**
 * The signed-in user, or NOT_CONNECTED / SESSION_EXPIRED.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx
 */
async function requireUser(deps, { c, scope }) {
  const userId = await deps.sessions.userIdOf(c)
  const user = userId && (await sessionUser(deps.database, scope, userId))
  if (!user) throw new WalletError(401, 'NOT_CONNECTED', 'Not connected to email or social')
  // A new user's keys are made by their frame right after the login (KEYS.md); until then there is no account.
  if (!user.evmAddress) throw new WalletError(409, 'NO_KEYS', 'This wallet has no keys yet: sign in again')
  return user
}

/**
 * Mails a login code; `mailed` says which checks its storing makes (codes.mjs MailedSecret).
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {string} email
 * @param {Pick<import('./codes.mjs').MailedSecret, 'budgetOf' | 'claimSlot'>} mailed
 */
async function sendLoginCode(deps, ctx, email, mailed) {
  const { code, slot } = await issueCode(deps, { purpose: 'login', deviceHash: ctx.deviceHash, email, ...mailed })
  await mailCode(deps, { to: email, code, why: 'to sign in', slot })
  return { action: 'VERIFY_OTP' }
}

/**
 * rules §4: a session for this email already → CONNECT; a known user on a new device → a confirmation link
 * (VERIFY_DEVICE); otherwise a code (VERIFY_OTP). A new address signs up with the code alone: the code proves the
 * mailbox, and the device is remembered when it is used.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof EMAIL_PAYLOAD>} payload
 */
async function connectEmail(deps, ctx, { email }) {
  const sessionUserId = await deps.sessions.userIdOf(ctx.c).catch(() => undefined)
  const user = await findUser(deps.database, ctx.scope, 'email', email)
  // No sign-in grant: the host page can read the email and send this message itself, so CONNECT proves nothing
  // the visitor did just now (docs/wallets.md).
  if (user && user.id === sessionUserId) return { action: 'CONNECT' }
  // Neither a code the address could not use nor a device link that would lead to one is mailed.
  const mailed = { budgetOf: [email], claimSlot: true }
  if (!user || (await isDeviceConfirmed(deps, ctx.deviceHash, email))) return sendLoginCode(deps, ctx, email, mailed)
  const { token, slot } = await issueDeviceToken(deps, { deviceHash: ctx.deviceHash, email, ...mailed })
  await mailDeviceLink(deps, { to: email, link: `${ctx.walletOrigin}/device/confirm?token=${token}`, slot })
  return { action: 'VERIFY_DEVICE' }
}

/**
 * Waits until the mailed device link is opened, then mails the code.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx
 */
async function connectDevice(deps, ctx) {
  const email = await pendingDeviceEmail(deps, ctx.deviceHash)
  if (!email) throw invalidRequest('No device confirmation is pending: connect with your email first')
  // Polled in the database rather than awaited in memory, so that a link opened on another replica counts too.
  for (const deadline = deps.now() + deps.deviceWaitMs; !(await isDeviceConfirmed(deps, ctx.deviceHash, email)); ) {
    if (deps.now() >= deadline) throw new WalletError(408, 'DEVICE_NOT_CONFIRMED', 'The device was not confirmed in time: connect again')
    await sleep(DEVICE_POLL_MS)
  }
  // The budget may have run out while the visitor opened the link.
  return sendLoginCode(deps, ctx, email, { budgetOf: [email] })
}

/** @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof OTP_PAYLOAD>} payload */
async function connectOtp(deps, ctx, { otp }) {
  const { result: user } = await useCode(deps, { purpose: 'login', deviceHash: ctx.deviceHash, code: otp }, async (tx, { email }) => {
    const found = await findOrCreateUser(tx, ctx.scope, email)
    await tx.query('INSERT INTO wallet.devices (device_hash, email) VALUES ($1, $2) ON CONFLICT DO NOTHING', [ctx.deviceHash, email])
    return found
  })
  await deps.sessions.start(ctx.c, user.id)
  await grantSignIn(deps, ctx, user.id)
  return {}
}

/**
 * rules §3's authenticated user. `address` and `accounts[0]` belong to the requested (or last) chain's namespace;
 * `accounts` lists every address, each with its namespace and type. On EVM that is the EOA and, where the service
 * has a bundler for the network, the smart account the EOA owns (SimpleAccount, counterfactual until its first
 * operation); the preferred one comes first. `preferredAccountType` is the user's choice, else rules §6's default
 * (smartAccount where offered); `smartAccountDeployed` whether its code is on chain yet. A wallet whose EOA is its smart
 * account (EIP-7702, docs/wallets.md#account-modes) has the one EVM address, `accountMode: 'eip7702'`, and `upgraded`.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof USER_PAYLOAD>} payload
 */
async function getUser(deps, ctx, { chainId }) {
  const user = await requireUser(deps, ctx)
  const network =
    (chainId !== undefined && findNetwork(deps.networks, chainId)) || findNetwork(deps.networks, user.chainId) || deps.networks[0]
  if (!network) throw new Error('no networks')
  if (network.id !== user.chainId) await deps.database.query('UPDATE wallet.users SET chain_id = $2 WHERE id = $1', [user.id, network.id])
  return describeUser(deps, user, network)
}

/**
 * @param {WalletDeps} deps @param {import('./accounts.mjs').WalletUser} user
 * @param {import('./networks.mjs').WalletNetwork} network
 */
async function describeUser(deps, user, network) {
  // On a Solana network the EVM side is the last EVM network's, or the first.
  const evmNetwork = network.namespace === 'eip155' ? network : deps.networks.find((entry) => entry.namespace === 'eip155')
  const evm = evmNetwork ? await evmAccountOf(evmNetwork, user) : { type: /** @type {const} */ ('eoa'), address: user.evmAddress }
  const eoa = { address: user.evmAddress, type: 'eoa', namespace: 'eip155' }
  const smart = evm.type !== 'eip7702' &&
    evm.smartAccount && { address: evm.smartAccount.address, type: 'smartAccount', namespace: 'eip155' }
  const evmAccounts = smart ? (evm.type === 'smartAccount' ? [smart, eoa] : [eoa, smart]) : [eoa]
  const solana = { address: user.solanaAddress, type: 'eoa', namespace: 'solana' }
  const accounts = network.namespace === 'solana' ? [solana, ...evmAccounts] : [...evmAccounts, solana]
  return {
    ...(user.email !== null && { email: user.email }),
    ...(user.userName !== null && { userName: user.userName }),
    ...(user.socialProvider !== null && { socialProvider: user.socialProvider }),
    address: /** @type {{ address: string }} */ (accounts[0]).address,
    chainId: wireChainId(network),
    accounts,
    preferredAccountType: evm.type === 'eip7702' ? 'eoa' : evm.type,
    smartAccountDeployed: evm.smartAccount?.deployed ?? false,
    ...(evm.type === 'eip7702' && { accountMode: 'eip7702', upgraded: evm.upgraded }),
    // docs/wallets.md#backup: the modal says "Not backed up" and asks again before the wallet holds value.
    backedUp: await isBackedUp(deps.database, user.id),
  }
}

/**
 * rules §7 'preferred account set': eoa or smartAccount for the user's EVM account, kept for every EVM network; a smart
 * account only where the current network has one. Answers the user as APP_GET_USER does.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof ACCOUNT_TYPE_PAYLOAD>} payload
 */
async function setPreferredAccount(deps, ctx, { type }) {
  const user = await requireUser(deps, ctx)
  const network = findNetwork(deps.networks, user.chainId) ?? deps.networks[0]
  if (!network) throw new Error('no networks')
  const evmNetwork = network.namespace === 'eip155' ? network : deps.networks.find((entry) => entry.namespace === 'eip155')
  if (type === 'smartAccount' && !evmNetwork?.bundlerUrl) {
    throw new WalletError(400, 'UNSUPPORTED_ACCOUNT_TYPE', 'Smart accounts are not available on this network')
  }
  // An EIP-7702 wallet has one address there: its EOA is the smart account, with nothing to switch to.
  if (evmNetwork?.eip7702 && user.accountMode === 'eip7702') {
    throw new WalletError(400, 'UNSUPPORTED_ACCOUNT_TYPE', 'This account is a smart account at its own address')
  }
  await deps.database.query('UPDATE wallet.users SET preferred_account_type = $2 WHERE id = $1', [user.id, type])
  return describeUser(deps, { ...user, preferredAccountType: type }, network)
}

/** @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof CHAIN_PAYLOAD>} payload */
async function switchNetwork(deps, ctx, { chainId }) {
  const user = await requireUser(deps, ctx)
  const network = findNetwork(deps.networks, chainId)
  if (!network) throw new WalletError(400, 'UNSUPPORTED_CHAIN', 'Network not supported by the embedded wallet', { rpcCode: 4902 })
  await deps.database.query('UPDATE wallet.users SET chain_id = $2 WHERE id = $1', [user.id, network.id])
  return { chainId: wireChainId(network) }
}

/** @param {WalletDeps} deps @param {RequestContext} ctx */
async function getChainId(deps, ctx) {
  const user = await requireUser(deps, ctx)
  const network = findNetwork(deps.networks, user.chainId) ?? deps.networks[0]
  return { chainId: network ? wireChainId(network) : undefined }
}

/** @param {WalletDeps} deps @param {RequestContext} ctx */
async function isConnected(deps, ctx) {
  const userId = await deps.sessions.userIdOf(ctx.c).catch(() => undefined)
  return { isConnected: Boolean(userId && (await sessionUser(deps.database, ctx.scope, userId))) }
}

/** @param {WalletDeps} deps @param {RequestContext} ctx */
async function signOut(deps, ctx) {
  deps.sessions.end(ctx.c)
  return {}
}

/** @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof RPC_PAYLOAD>} payload */
async function rpcRequest(deps, ctx, payload) {
  const user = await requireUser(deps, ctx)
  return handleRpcRequest(deps, user, payload, { projectId: ctx.scope.projectId, origin: ctx.hostOrigin })
}

/**
 * UpdateEmailWallet, step 1: a code to the current address (VERIFY_PRIMARY_OTP).
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof EMAIL_PAYLOAD>} payload
 */
async function updateEmail(deps, ctx, { email: newEmail }) {
  const user = await requireUser(deps, ctx)
  if (user.email === null) throw invalidRequest('This wallet signs in with a social account, not an email')
  if (newEmail === user.email) throw invalidRequest('This is already the wallet’s email')
  if (await findUser(deps.database, ctx.scope, 'email', newEmail)) throw invalidRequest('Another wallet uses this email')
  const { code, slot } = await issueCode(deps, {
    purpose: 'update_primary',
    deviceHash: ctx.deviceHash,
    email: user.email,
    newEmail,
    budgetOf: [user.email, newEmail],
    claimSlot: true,
  })
  await mailCode(deps, { to: user.email, code, why: `to change your wallet's email to ${newEmail}`, slot })
  return { action: 'VERIFY_PRIMARY_OTP' }
}

/**
 * Uses an email-change code of the signed-in user (one issued for another user's address does not count).
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {string} otp
 * @param {'update_primary' | 'update_secondary'} purpose
 * @returns {Promise<{ user: import('./accounts.mjs').WalletUser, email: string, newEmail: string }>}
 */
async function useUpdateCode(deps, ctx, otp, purpose) {
  const user = await requireUser(deps, ctx)
  const { email, newEmail } = await useCode(deps, { purpose, deviceHash: ctx.deviceHash, code: otp })
  if (user.email === null || email !== user.email || !newEmail) throw new WalletError(400, 'INVALID_CODE', 'Invalid code')
  return { user, email, newEmail }
}

/**
 * Step 2: the current address's code, then a code to the new address (VERIFY_SECONDARY_OTP).
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof OTP_PAYLOAD>} payload
 */
async function updateEmailPrimaryOtp(deps, ctx, { otp }) {
  const { email, newEmail } = await useUpdateCode(deps, ctx, otp, 'update_primary')
  const { code } = await issueCode(deps, { purpose: 'update_secondary', deviceHash: ctx.deviceHash, email, newEmail })
  await mailCode(deps, { to: newEmail, code, why: 'to confirm this address for your Foyer Wallet' })
  return { action: 'VERIFY_SECONDARY_OTP' }
}

/**
 * Step 3: the new address's code; the new email is stored.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof OTP_PAYLOAD>} payload
 */
async function updateEmailSecondaryOtp(deps, ctx, { otp }) {
  const { user, email, newEmail } = await useUpdateCode(deps, ctx, otp, 'update_secondary')
  try {
    await deps.database.transaction(async (tx) => {
      await tx.query('UPDATE wallet.users SET email = $2 WHERE id = $1', [user.id, newEmail])
      // The browsers confirmed for the old address count for the new one; the old address may still sign in to
      // its wallets on other projects, so they stay confirmed for it too.
      await tx.query(
        'INSERT INTO wallet.devices (device_hash, email) SELECT device_hash, $2 FROM wallet.devices WHERE email = $1 ON CONFLICT DO NOTHING',
        [email, newEmail],
      )
    })
  } catch {
    throw invalidRequest('Another wallet uses this email')
  }
  return { newEmail }
}

/**
 * Social login, step 1: the provider's authorization URL, for the host to open in a popup (rules §4).
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof REDIRECT_PAYLOAD>} payload
 */
async function getSocialRedirectUri(deps, ctx, payload) {
  return deps.social.redirectUri({
    ...payload,
    deviceHash: ctx.deviceHash,
    hostOrigin: ctx.hostOrigin,
    walletOrigin: ctx.walletOrigin,
  })
}

/**
 * Social login, step 2: the result URI the callback page handed the host; the code is exchanged and the session
 * starts.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof CONNECT_PAYLOAD>} payload
 */
async function connectSocial(deps, ctx, payload) {
  const { user, returnedAt } = await deps.social.connect({
    ...payload,
    deviceHash: ctx.deviceHash,
    hostOrigin: ctx.hostOrigin,
    walletOrigin: ctx.walletOrigin,
    scope: ctx.scope,
  })
  await deps.sessions.start(ctx.c, user.id)
  // The proof is the visitor's sign-in at the provider, when it sent them back; the host page may hold the result.
  await grantSignIn(deps, ctx, user.id, returnedAt)
  return { ...(user.userName !== null && { userName: user.userName }), socialProvider: user.socialProvider }
}

/** @param {WalletDeps} deps */
function requireFarcaster(deps) {
  if (!deps.farcaster) throw new WalletError(400, 'SOCIAL_NOT_CONFIGURED', 'Sign-in with farcaster is not configured on this wallet')
  return deps.farcaster
}

/**
 * Farcaster, step 1: a channel on the relay; its `farcaster://connect` URL is the QR code (ConnectingFarcaster).
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx
 */
async function getFarcasterUri(deps, ctx) {
  const { url, channelToken, nonce } = await requireFarcaster(deps).open(ctx.walletOrigin)
  await deps.database.query(
    `INSERT INTO wallet.social_logins (state_hash, provider, device_hash, host_origin, code_verifier, nonce, expires_at, created_at)
     VALUES ($1, 'farcaster', $2, $3, '', $4, $5, $6)`,
    [
      hashSecret(deps.codesKey, `farcaster:${channelToken}`),
      ctx.deviceHash,
      ctx.hostOrigin,
      nonce,
      new Date(deps.now() + SOCIAL_LOGIN_TTL_MS),
      new Date(deps.now()),
    ],
  )
  return { url, channelToken }
}

/**
 * Farcaster, step 2: waits for the app's approval (110 s at most), checks the signed message, and signs in.
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx @param {v.InferOutput<typeof FARCASTER_PAYLOAD>} payload
 */
async function connectFarcaster(deps, ctx, { channelToken }) {
  const farcaster = requireFarcaster(deps)
  // Claimed first: a channel signs in once, and only the browser and origin that opened it.
  const { rows } = await deps.database.query(
    `UPDATE wallet.social_logins SET used_at = $4
     WHERE state_hash = $1 AND device_hash = $2 AND host_origin = $3 AND provider = 'farcaster' AND used_at IS NULL AND expires_at > $4
     RETURNING nonce`,
    [hashSecret(deps.codesKey, `farcaster:${channelToken}`), ctx.deviceHash, ctx.hostOrigin, new Date(deps.now())],
  )
  if (!rows[0]) throw new WalletError(400, 'FARCASTER_LOGIN_FAILED', 'Failed to connect to farcaster')
  const { fid, userName } = await farcaster.wait({ channelToken, nonce: rows[0].nonce, walletOrigin: ctx.walletOrigin })
  const user = await deps.database.transaction((tx) =>
    findOrCreateSocialUser(tx, ctx.scope, { provider: 'farcaster', subject: fid, userName }),
  )
  await deps.sessions.start(ctx.c, user.id)
  await grantSignIn(deps, ctx, user.id)
  return { ...(user.userName !== null && { userName: user.userName }), socialProvider: 'farcaster' }
}

/**
 * rules §3 siwxMessage: the sign-in message, signed as part of the login that just happened (signIn.mjs).
 *
 * @param {WalletDeps} deps @param {RequestContext} ctx
 */
async function signIn(deps, ctx) {
  return signInDuringLogin(deps, ctx, await requireUser(deps, ctx))
}

/**
 * One APP_ message: the schema its payload is checked by before `handle` runs, and `handle`, given what it read.
 *
 * @template {v.GenericSchema} S
 * @param {S} payload
 * @param {(deps: WalletDeps, ctx: RequestContext, payload: v.InferOutput<S>) => Promise<unknown>} handle
 */
const message = (payload, handle) => ({ payload, handle })

/**
 * The APP_ messages the frame forwards, by type. A message that takes nothing takes any payload and reads none;
 * APP_SIGN_IN's sign-in message is checked by signIn.mjs, whose refusals name the field at fault (`nonce: …`).
 */
export const HANDLERS = {
  APP_CONNECT_EMAIL: message(EMAIL_PAYLOAD, connectEmail),
  APP_CONNECT_DEVICE: message(ANY_PAYLOAD, connectDevice),
  APP_CONNECT_OTP: message(OTP_PAYLOAD, connectOtp),
  APP_GET_USER: message(USER_PAYLOAD, getUser),
  APP_SET_PREFERRED_ACCOUNT: message(ACCOUNT_TYPE_PAYLOAD, setPreferredAccount),
  APP_IS_CONNECTED: message(ANY_PAYLOAD, isConnected),
  APP_GET_CHAIN_ID: message(ANY_PAYLOAD, getChainId),
  APP_SWITCH_NETWORK: message(CHAIN_PAYLOAD, switchNetwork),
  APP_SIGN_OUT: message(ANY_PAYLOAD, signOut),
  APP_RPC_REQUEST: message(RPC_PAYLOAD, rpcRequest),
  APP_SIGN_IN: message(ANY_PAYLOAD, signIn),
  APP_UPDATE_EMAIL: message(EMAIL_PAYLOAD, updateEmail),
  APP_UPDATE_EMAIL_PRIMARY_OTP: message(OTP_PAYLOAD, updateEmailPrimaryOtp),
  APP_UPDATE_EMAIL_SECONDARY_OTP: message(OTP_PAYLOAD, updateEmailSecondaryOtp),
  APP_GET_SOCIAL_REDIRECT_URI: message(REDIRECT_PAYLOAD, getSocialRedirectUri),
  APP_CONNECT_SOCIAL: message(CONNECT_PAYLOAD, connectSocial),
  APP_GET_FARCASTER_URI: message(ANY_PAYLOAD, getFarcasterUri),
  APP_CONNECT_FARCASTER: message(FARCASTER_PAYLOAD, connectFarcaster),
  APP_GET_PASSKEYS: message(ANY_PAYLOAD, getPasskeys),
  APP_REVOKE_PASSKEY: message(REVOKE_PAYLOAD, revokePasskey),
}

export { confirmDeviceToken }
