// SPL Token account layouts → the `jsonParsed` shapes of a real RPC node (agave's account-decoder).
// Parsed by hand from the fixed layouts so the node needs no token-program client at run time.
import { getBase58Decoder } from '@solana/kit'

/** The SPL Token program. */
export const TOKEN_PROGRAM_ADDRESS = /** @type {import('@solana/kit').Address<'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'>} */ (
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
)
/** The Token-2022 program. */
export const TOKEN_2022_PROGRAM_ADDRESS = /** @type {import('@solana/kit').Address<'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'>} */ (
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
)

/** @type {Record<string, string>} `program` in a jsonParsed answer, by token program. */
const PROGRAM_NAMES = { [TOKEN_PROGRAM_ADDRESS]: 'spl-token', [TOKEN_2022_PROGRAM_ADDRESS]: 'spl-token-2022' }

const MINT_LENGTH = 82
const ACCOUNT_LENGTH = 165
// Token-2022 accounts with extensions are longer; the byte after the base account says which kind it is.
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2

const STATES = ['uninitialized', 'initialized', 'frozen']

const base58 = getBase58Decoder()

/**
 * @param {string} programAddress
 * @returns {boolean}
 */
export function isTokenProgram(programAddress) {
  return programAddress in PROGRAM_NAMES
}

/**
 * @param {Uint8Array} data
 * @returns {'mint' | 'account' | undefined}
 */
export function tokenAccountKind(data) {
  if (data.length === ACCOUNT_LENGTH) return 'account'
  if (data.length === MINT_LENGTH) return 'mint'
  if (data.length > ACCOUNT_LENGTH) {
    if (data[ACCOUNT_LENGTH] === ACCOUNT_TYPE_ACCOUNT) return 'account'
    if (data[ACCOUNT_LENGTH] === ACCOUNT_TYPE_MINT) return 'mint'
  }
  return undefined
}

/**
 * @param {Uint8Array} data
 * @param {number} offset
 * @returns {string}
 */
function addressAt(data, offset) {
  return base58.decode(data.subarray(offset, offset + 32))
}

/**
 * @param {Uint8Array} data
 * @param {number} offset
 * @returns {bigint}
 */
function u64At(data, offset) {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
}

/**
 * A `COption<Pubkey>`: a u32 tag, then 32 bytes.
 *
 * @param {Uint8Array} data
 * @param {number} offset
 * @returns {string | null}
 */
function optionalAddressAt(data, offset) {
  return data[offset] === 1 ? addressAt(data, offset + 4) : null
}

/**
 * agave's `UiTokenAmount`: the raw amount as a string, the decimals, and the UI amount.
 *
 * @param {bigint} amount
 * @param {number} decimals
 * @returns {{ amount: string, decimals: number, uiAmount: number, uiAmountString: string }}
 */
export function tokenAmount(amount, decimals) {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/**
 * The mint's fields, or undefined when `data` is no mint.
 *
 * @param {Uint8Array} data
 * @returns {{ mintAuthority: string | null, supply: bigint, decimals: number, isInitialized: boolean, freezeAuthority: string | null } | undefined}
 */
export function decodeMint(data) {
  if (tokenAccountKind(data) !== 'mint') return undefined
  return {
    mintAuthority: optionalAddressAt(data, 0),
    supply: u64At(data, 36),
    decimals: /** @type {number} */ (data[44]),
    isInitialized: data[45] === 1,
    freezeAuthority: optionalAddressAt(data, 46),
  }
}

/**
 * The token account's fields, or undefined when `data` is no token account.
 *
 * @param {Uint8Array} data
 */
export function decodeTokenAccount(data) {
  if (tokenAccountKind(data) !== 'account') return undefined
  return {
    mint: addressAt(data, 0),
    owner: addressAt(data, 32),
    amount: u64At(data, 64),
    delegate: optionalAddressAt(data, 72),
    state: STATES[/** @type {number} */ (data[108])] ?? 'uninitialized',
    /** The rent-exempt reserve of a wrapped-SOL account, else null. */
    nativeReserve: data[109] === 1 ? u64At(data, 113) : null,
    delegatedAmount: u64At(data, 121),
    closeAuthority: optionalAddressAt(data, 129),
  }
}

/**
 * The `data` member of a jsonParsed account owned by a token program, or undefined when it cannot be
 * parsed (unknown owner or layout, missing mint), in which case the caller falls back to base64 as
 * real nodes do.
 *
 * @param {string} programAddress the account's owner
 * @param {Uint8Array} data
 * @param {(mint: string) => Uint8Array | undefined} readMint the mint account's data, for the decimals
 * @returns {{ program: string, parsed: { type: string, info: object }, space: bigint } | undefined}
 */
export function parseTokenAccountData(programAddress, data, readMint) {
  const program = PROGRAM_NAMES[programAddress]
  if (!program) return undefined
  const space = BigInt(data.length)
  const mint = decodeMint(data)
  if (mint) {
    const info = { ...mint, supply: mint.supply.toString() }
    return { program, parsed: { type: 'mint', info }, space }
  }
  const account = decodeTokenAccount(data)
  if (!account) return undefined
  const mintData = readMint(account.mint)
  const decimals = mintData ? decodeMint(mintData)?.decimals : undefined
  if (decimals === undefined) return undefined
  /** @type {Record<string, unknown>} */
  const info = {
    isNative: account.nativeReserve !== null,
    mint: account.mint,
    owner: account.owner,
    state: account.state,
    tokenAmount: tokenAmount(account.amount, decimals),
  }
  if (account.delegate) {
    info['delegate'] = account.delegate
    info['delegatedAmount'] = tokenAmount(account.delegatedAmount, decimals)
  }
  if (account.nativeReserve !== null) info['rentExemptReserve'] = tokenAmount(account.nativeReserve, decimals)
  if (account.closeAuthority) info['closeAuthority'] = account.closeAuthority
  return { program, parsed: { type: 'account', info }, space }
}
