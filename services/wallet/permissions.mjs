// ERC-7715 permissions enforced on chain (docs/wallets.md#permissions-enforced-on-chain): a `wallet_grantPermissions` request becomes
// one delegation (ERC-7710, MetaMask's Delegation Framework) from the user's upgraded EOA to the grant's signer, with
// caveats the DelegationManager checks at every redemption: how much of a token per period, which contract and
// methods, until when. The user signs the delegation once, in the frame; the signer then redeems calls inside it
// without asking again, and anything outside it reverts on chain. Revoking disables the delegation on chain.
//
// Who redeems: the key the grant names as its `signer`, never the operator. `account` (or `key`): the site's own
// session account, as ERC-7715 has it, which redeems through ERC-7710 itself. `wallet`: a session key the frame makes
// and keeps in this browser's storage, which redeems the site's requests inside the permission with no approval; its
// address comes from the frame. The service only prepares, checks and relays.
import { randomBytes } from 'node:crypto'

import * as v from 'valibot'
import {
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  isAddressEqual,
  numberToHex,
  pad,
  toFunctionSelector,
} from 'viem'
import { publicKeyToAddress } from 'viem/accounts'

import { DELEGATION_ABIS, DELEGATION_MANAGER, ENFORCERS } from './delegationFramework.mjs'
import { SINGLE_CALL_MODE, encodeSingleExecution } from './delegatedAccount.mjs'
import { invalidRequest } from './errors.mjs'
import { recoverTypedDataSigner } from './recoverSigner.mjs'
import { clientsOf } from './smartAccounts.mjs'

/** A delegation signed by its delegator itself: no parent delegation (the framework's ROOT_AUTHORITY). */
export const ROOT_AUTHORITY = /** @type {`0x${string}`} */ (`0x${'f'.repeat(64)}`)
/** A grant lasts at most a year: the visitor should not forget what they allowed. */
export const MAX_GRANT_SECONDS = 365 * 24 * 3600
/** The permission types this wallet grants. */
export const PERMISSION_TYPES = /** @type {const} */ (['erc20-token-periodic', 'contract-call'])

const ADDRESS = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'an address starting with 0x'))
const AMOUNT = v.pipe(
  v.union([
    v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/, 'an amount in hex or decimal')),
    v.pipe(v.number(), v.safeInteger()),
  ]),
  v.transform((amount) => BigInt(amount)),
  v.check((amount) => amount > 0n && amount < 2n ** 256n, 'an amount above 0'),
)
const SECONDS = v.pipe(v.number(), v.safeInteger('whole seconds'), v.minValue(1))
const FUNCTION = v.pipe(
  v.string(),
  v.regex(
    /^(0x[0-9a-fA-F]{8}|[A-Za-z_$][\w$]*\([\w,[\]()\s]*\))$/,
    'a 4-byte selector or a function signature such as transfer(address,uint256)',
  ),
)
const PERMISSION = v.variant('type', [
  v.object({
    type: v.literal('erc20-token-periodic'),
    data: v.object({
      tokenAddress: ADDRESS,
      periodAmount: AMOUNT,
      periodDuration: v.pipe(SECONDS, v.maxValue(MAX_GRANT_SECONDS, 'a period of at most a year')),
      startTime: v.optional(SECONDS),
      justification: v.optional(v.pipe(v.string(), v.maxLength(200))),
    }),
  }),
  v.object({
    type: v.literal('contract-call'),
    data: v.object({
      address: ADDRESS,
      functions: v.pipe(v.array(FUNCTION), v.minLength(1, 'at least one function'), v.maxLength(10, 'at most 10 functions')),
      justification: v.optional(v.pipe(v.string(), v.maxLength(200))),
    }),
  }),
])
const SIGNER = v.variant('type', [
  v.object({ type: v.literal('wallet'), data: v.optional(v.object({})) }),
  v.object({ type: v.literal('account'), data: v.object({ address: ADDRESS }) }),
  v.object({
    type: v.literal('key'),
    data: v.object({
      type: v.literal('secp256k1'),
      publicKey: v.pipe(v.string(), v.regex(/^0x04[0-9a-fA-F]{128}$/, 'an uncompressed public key')),
    }),
  }),
])
const REQUEST = v.object({
  chainId: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,14}$/, 'chainId in hex')),
  address: v.optional(ADDRESS),
  expiry: SECONDS,
  signer: SIGNER,
  permissions: v.pipe(v.array(v.unknown()), v.length(1, 'exactly one permission per request')),
})

/** @typedef {v.InferOutput<typeof PERMISSION>} Permission */
/** @typedef {v.InferOutput<typeof SIGNER>} Signer */

/**
 * A permission request as the wallet will grant it: checked, with the account it is for and the key that redeems it.
 *
 * @typedef {object} PermissionGrant
 * @property {number} chainId
 * @property {`0x${string}`} account the user's EOA (upgraded: the delegator)
 * @property {number} expiry seconds
 * @property {Signer} signer as the site asked
 * @property {`0x${string}`} delegate the address that redeems (the signer's)
 * @property {Permission} permission
 */

/**
 * Checks an ERC-7715 request and gives the grant it asks for, or throws INVALID_REQUEST saying what is wrong.
 *
 * @param {unknown} request one entry of wallet_grantPermissions' params
 * @param {object} context
 * @param {number} context.chainId the current network's
 * @param {`0x${string}`} context.account the user's EOA
 * @param {number} context.now milliseconds
 * @param {`0x${string}`} [context.sessionAddress] for a `wallet` signer: the session key the frame made for it
 * @returns {PermissionGrant}
 */
export function parsePermissionRequest(request, { chainId, account, now, sessionAddress }) {
  const parsed = v.safeParse(REQUEST, request)
  if (!parsed.success) throw invalidRequest(`Invalid params for wallet_grantPermissions: ${parsed.issues[0].message}`)
  const { output } = parsed
  const permission = v.safeParse(PERMISSION, output.permissions[0])
  if (!permission.success) {
    const type = /** @type {any} */ (output.permissions[0])?.type
    const known = /** @type {readonly string[]} */ (PERMISSION_TYPES).includes(type)
    throw invalidRequest(
      known
        ? `Invalid params for wallet_grantPermissions: ${permission.issues[0].message}`
        : `wallet_grantPermissions: this wallet grants ${PERMISSION_TYPES.join(' and ')} permissions, not ${String(type)}`,
    )
  }
  if (Number.parseInt(output.chainId, 16) !== chainId)
    throw invalidRequest('wallet_grantPermissions: chainId must be the current network’s')
  if (output.address && !isAddressEqual(/** @type {`0x${string}`} */ (output.address), account)) {
    throw invalidRequest(`wallet_grantPermissions names ${output.address}, not this wallet's address`)
  }
  const seconds = Math.floor(now / 1000)
  if (output.expiry <= seconds || output.expiry > seconds + MAX_GRANT_SECONDS) {
    throw invalidRequest('wallet_grantPermissions: expiry must be within a year from now')
  }
  const delegate = redeemerOf(output.signer, sessionAddress)
  if (isAddressEqual(delegate, account)) throw invalidRequest('wallet_grantPermissions: the signer cannot be the account itself')
  const data = permission.output.data
  if ('startTime' in data && data.startTime !== undefined && data.startTime >= output.expiry) {
    throw invalidRequest('wallet_grantPermissions: startTime must be before expiry')
  }
  return { chainId, account, expiry: output.expiry, signer: output.signer, delegate, permission: permission.output }
}

/**
 * The address that redeems a grant: the signer's.
 *
 * @param {Signer} signer @param {`0x${string}` | undefined} sessionAddress
 * @returns {`0x${string}`}
 */
function redeemerOf(signer, sessionAddress) {
  if (signer.type === 'account') return /** @type {`0x${string}`} */ (signer.data.address)
  if (signer.type === 'key') return publicKeyToAddress(/** @type {`0x${string}`} */ (signer.data.publicKey))
  if (!sessionAddress) throw invalidRequest('wallet_grantPermissions: a wallet signer needs this browser’s session key')
  return sessionAddress
}

/** @typedef {{ enforcer: `0x${string}`, terms: `0x${string}`, args: `0x${string}` }} Caveat */
/**
 * @typedef {{ delegate: `0x${string}`, delegator: `0x${string}`, authority: `0x${string}`, caveats: Caveat[], salt: bigint,
 *   signature: `0x${string}` }} Delegation
 */

const uint = (/** @type {bigint | number} */ value, /** @type {number} */ size) => pad(numberToHex(value), { size })
/** @param {string} fn a selector or a signature */
const selectorOf = (fn) =>
  /^0x[0-9a-fA-F]{8}$/.test(fn) ? /** @type {`0x${string}`} */ (fn.toLowerCase()) : toFunctionSelector(`function ${fn}`)

/**
 * The caveats that enforce a grant on chain, each in its enforcer's terms format.
 *
 * @param {PermissionGrant} grant
 * @param {number} now milliseconds, the chain's latest block time: a periodic allowance's first period starts then unless
 *   the request says when. Not the wall clock: a period that starts after the chain's last block refuses every use
 *   until the next block (ERC20PeriodTransferEnforcer:transfer-not-started).
 * @returns {Caveat[]}
 */
export function caveatsOf(grant, now) {
  const caveat = (/** @type {`0x${string}`} */ enforcer, /** @type {`0x${string}`[]} */ parts) => ({
    enforcer,
    terms: /** @type {`0x${string}`} */ (parts.length ? `0x${parts.map((part) => part.slice(2)).join('')}` : '0x'),
    args: /** @type {`0x${string}`} */ ('0x'),
  })
  // TimestampEnforcer: valid after (16 bytes, 0 = at once) and before (16 bytes) the expiry.
  const until = caveat(ENFORCERS.timestamp, [uint(0, 16), uint(grant.expiry, 16)])
  const { permission } = grant
  if (permission.type === 'erc20-token-periodic') {
    const { tokenAddress, periodAmount, periodDuration, startTime } = permission.data
    // ERC20PeriodTransferEnforcer: token ‖ amount per period ‖ period in seconds ‖ start; it allows only the token's
    // `transfer`, no ETH, and at most the amount in each period.
    const start = startTime ?? Math.floor(now / 1000)
    return [
      caveat(ENFORCERS.erc20PeriodTransfer, [
        /** @type {`0x${string}`} */ (tokenAddress.toLowerCase()),
        uint(periodAmount, 32),
        uint(periodDuration, 32),
        uint(start, 32),
      ]),
      until,
    ]
  }
  const { address, functions } = permission.data
  return [
    caveat(ENFORCERS.allowedTargets, [/** @type {`0x${string}`} */ (address.toLowerCase())]),
    caveat(ENFORCERS.allowedMethods, [...new Set(functions.map(selectorOf))]),
    caveat(ENFORCERS.valueLte, [uint(0, 32)]),
    until,
  ]
}

/**
 * The delegation a grant becomes, unsigned; a random salt keeps two equal grants apart (each revoked on its own).
 *
 * @param {PermissionGrant} grant @param {number} now milliseconds, the chain's latest block time (see caveatsOf)
 * @returns {Delegation}
 */
export function delegationOf(grant, now) {
  return {
    delegate: grant.delegate,
    delegator: grant.account,
    authority: ROOT_AUTHORITY,
    caveats: caveatsOf(grant, now),
    salt: BigInt(`0x${randomBytes(32).toString('hex')}`),
    signature: '0x',
  }
}

/**
 * What the user signs for a delegation: the DelegationManager's EIP-712 message (the caveats' `args` are the
 * redeemer's, not signed).
 *
 * @param {Delegation} delegation @param {number} chainId
 */
export function delegationTypedData(delegation, chainId) {
  return /** @type {const} */ ({
    domain: { name: 'DelegationManager', version: '1', chainId, verifyingContract: DELEGATION_MANAGER },
    types: {
      Delegation: [
        { name: 'delegate', type: 'address' },
        { name: 'delegator', type: 'address' },
        { name: 'authority', type: 'bytes32' },
        { name: 'caveats', type: 'Caveat[]' },
        { name: 'salt', type: 'uint256' },
      ],
      Caveat: [
        { name: 'enforcer', type: 'address' },
        { name: 'terms', type: 'bytes' },
      ],
    },
    primaryType: 'Delegation',
    message: {
      delegate: delegation.delegate,
      delegator: delegation.delegator,
      authority: delegation.authority,
      caveats: delegation.caveats.map(({ enforcer, terms }) => ({ enforcer, terms })),
      salt: delegation.salt,
    },
  })
}

/**
 * The delegation with the delegator's signature, checked to be the delegator's (the DeleGator accepts the EOA's own
 * signature through ERC-1271).
 *
 * @param {Delegation} delegation @param {number} chainId @param {`0x${string}`} signature
 * @returns {Promise<Delegation>}
 */
export async function signedDelegation(delegation, chainId, signature) {
  const signer = recoverTypedDataSigner(delegationTypedData(delegation, chainId), signature)
  if (!signer || !isAddressEqual(signer, delegation.delegator)) throw invalidRequest('The permission is not signed by the wallet’s key')
  return { ...delegation, signature }
}

const DELEGATIONS = /** @type {const} */ ([
  {
    type: 'tuple[]',
    components: [
      { name: 'delegate', type: 'address' },
      { name: 'delegator', type: 'address' },
      { name: 'authority', type: 'bytes32' },
      {
        name: 'caveats',
        type: 'tuple[]',
        components: [
          { name: 'enforcer', type: 'address' },
          { name: 'terms', type: 'bytes' },
          { name: 'args', type: 'bytes' },
        ],
      },
      { name: 'salt', type: 'uint256' },
      { name: 'signature', type: 'bytes' },
    ],
  },
])

/**
 * ERC-7710's permissions context: the delegation chain, leaf first, ABI-encoded (here a chain of one).
 *
 * @param {Delegation} delegation signed
 * @returns {`0x${string}`}
 */
export const permissionContextOf = (delegation) => encodeAbiParameters(DELEGATIONS, [[delegation]])

/**
 * The delegation a context holds, or INVALID_REQUEST for bytes that are not a chain of one delegation.
 *
 * @param {unknown} context
 * @returns {Delegation}
 */
export function delegationOfContext(context) {
  try {
    const [chain] = decodeAbiParameters(DELEGATIONS, /** @type {`0x${string}`} */ (context))
    if (chain.length !== 1 || !chain[0]) throw new Error('not one delegation')
    return /** @type {Delegation} */ ({ ...chain[0], caveats: [...chain[0].caveats] })
  } catch {
    throw invalidRequest('permissionsContext is not a permission this wallet granted')
  }
}

/**
 * ERC-7715's answer: the request as granted, its context, and where to redeem it (ERC-7710's DelegationManager).
 *
 * @param {PermissionGrant} grant @param {Delegation} delegation signed
 */
export function grantAnswer(grant, delegation) {
  return {
    chainId: numberToHex(grant.chainId),
    address: grant.account,
    expiry: grant.expiry,
    signer: grant.signer,
    permissions: [jsonOf(grant.permission)],
    context: permissionContextOf(delegation),
    signerMeta: { delegationManager: DELEGATION_MANAGER },
  }
}

/** A permission as JSON: amounts as hex. @param {Permission} permission */
const jsonOf = (permission) =>
  permission.type === 'erc20-token-periodic'
    ? { type: permission.type, data: { ...permission.data, periodAmount: numberToHex(permission.data.periodAmount) } }
    : permission

/** @param {number} seconds */
function everyPeriod(seconds) {
  for (const [unit, size, one] of /** @type {const} */ ([
    ['week', 604_800, 'a week'],
    ['day', 86_400, 'a day'],
    ['hour', 3600, 'an hour'],
    ['minute', 60, 'a minute'],
  ])) {
    if (seconds % size === 0) return seconds === size ? one : `every ${seconds / size} ${unit}s`
  }
  return `every ${seconds} seconds`
}

const dateOf = (/** @type {number} */ seconds) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * A token's symbol and decimals as its contract answers them, for the summary; undefined when it does not answer as
 * an ERC20 (the summary then names raw units).
 *
 * @param {import('./networks.mjs').WalletNetwork} network @param {`0x${string}`} token
 */
export async function tokenOf(network, token) {
  const { client } = clientsOf(network)
  try {
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
      client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
    ])
    return { symbol: String(symbol).slice(0, 12), decimals: Number(decimals) }
  } catch {
    return undefined
  }
}

/**
 * What the grant lets its signer do, in plain words, for the frame's approval and Account's list.
 *
 * @param {PermissionGrant} grant
 * @param {{ symbol: string, decimals: number }} [token] an erc20-token-periodic's token (tokenOf)
 */
export function summarizeGrant(grant, token) {
  const { permission } = grant
  const who =
    grant.signer.type === 'wallet' ? 'This site, through this wallet in this browser, may' : `The site’s key ${grant.delegate} may`
  const what =
    permission.type === 'erc20-token-periodic'
      ? `spend up to ${
          token
            ? `${formatUnits(permission.data.periodAmount, token.decimals)} ${token.symbol}`
            : `${permission.data.periodAmount} units of the token`
        } (${permission.data.tokenAddress}) ${everyPeriod(permission.data.periodDuration)} from your account ${grant.account}`
      : `call ${permission.data.functions.join(', ')} on ${permission.data.address} from your account ${grant.account}, sending no ETH`
  return [
    `${who} ${what}, without asking you each time, until ${dateOf(grant.expiry)}.`,
    'Anything beyond that is refused on chain. You can revoke it at any time.',
  ].join('\n')
}

/**
 * The call that revokes a delegation: the DelegationManager's `disableDelegation`, which only its delegator may make
 * (sent as a user operation from the user's upgraded account, delegation.mjs).
 *
 * @param {Delegation} delegation
 * @returns {import('./relay.mjs').EvmCall[]}
 */
export function revocationCalls(delegation) {
  return [
    {
      to: DELEGATION_MANAGER,
      data: encodeFunctionData({ abi: DELEGATION_ABIS.delegationManager, functionName: 'disableDelegation', args: [delegation] }),
    },
  ]
}

/**
 * The call the signer makes to run `calls` inside a permission: ERC-7710's `redeemDelegations`, one execution per
 * call (the period enforcer reads a single call).
 *
 * @param {`0x${string}`} context the grant's
 * @param {readonly { to: `0x${string}`, value?: bigint, data?: `0x${string}` }[]} calls
 * @returns {{ to: `0x${string}`, data: `0x${string}` }}
 */
export function redemptionCall(context, calls) {
  return {
    to: DELEGATION_MANAGER,
    data: encodeFunctionData({
      abi: DELEGATION_ABIS.delegationManager,
      functionName: 'redeemDelegations',
      args: [calls.map(() => context), calls.map(() => SINGLE_CALL_MODE), calls.map(encodeSingleExecution)],
    }),
  }
}

/**
 * Where a granted permission stands now: `revoked` (disabled on chain), `expired`, or `active`, with what is left of
 * a periodic allowance in the current period.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {Delegation} delegation
 * @param {number} now milliseconds
 */
export async function permissionStatus(network, delegation, now) {
  const { client } = clientsOf(network)
  const manager = { address: DELEGATION_MANAGER, abi: DELEGATION_ABIS.delegationManager }
  const hash = /** @type {`0x${string}`} */ (
    await client.readContract({ ...manager, functionName: 'getDelegationHash', args: [delegation] })
  )
  if (await client.readContract({ ...manager, functionName: 'disabledDelegations', args: [hash] })) return { status: 'revoked' }
  const expiry = delegation.caveats.find((caveat) => isAddressEqual(caveat.enforcer, ENFORCERS.timestamp))
  if (expiry && Number(BigInt(`0x${expiry.terms.slice(34)}`)) * 1000 <= now) return { status: 'expired' }
  const period = delegation.caveats.find((caveat) => isAddressEqual(caveat.enforcer, ENFORCERS.erc20PeriodTransfer))
  if (!period) return { status: 'active' }
  const [available] = /** @type {[bigint, boolean, bigint]} */ (
    await client.readContract({
      address: ENFORCERS.erc20PeriodTransfer,
      abi: DELEGATION_ABIS.erc20PeriodTransfer,
      functionName: 'getAvailableAmount',
      args: [hash, DELEGATION_MANAGER, period.terms],
    })
  )
  return { status: 'active', availableThisPeriod: available }
}
