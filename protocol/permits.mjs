// Typed-data permits read as the allowance they grant, the same "you allow X to spend Y" a simulated `approve`
// gives: EIP-2612's Permit (and DAI's older form) and Uniswap Permit2's PermitSingle, PermitBatch,
// PermitTransferFrom and PermitBatchTransferFrom. docs/previews.md. Plain JavaScript, its types in JSDoc: the wallet
// service reads the permits it is asked to sign with it.
import { UNLIMITED_THRESHOLD } from './simulation.mjs'

/**
 * What a signed permit lets `spender` do: spend `amount` of `token` (smallest units) until `expires`.
 *
 * @typedef {object} PermitAllowance
 * @property {'erc2612' | 'permit2'} standard
 * @property {`0x${string}`} token Lower case.
 * @property {`0x${string}`} spender
 * @property {bigint} amount
 * @property {boolean} unlimited At least UNLIMITED_THRESHOLD (uint160's maximum, Permit2's "forever").
 * @property {number} [expires] Unix seconds: the permit's deadline or the allowance's expiration.
 * @property {`0x${string}`} [owner]
 */
/** @typedef {any} Json */

/**
 * The allowances an EIP-712 message grants if it is a permit this module knows, else undefined. Amounts that are not
 * numbers make it undefined too: a permit that cannot be read is not described as a harmless one.
 *
 * @param {{ domain?: Json, primaryType?: string, message?: Json }} typedData
 * @returns {PermitAllowance[] | undefined}
 * @example
 * decodePermit(JSON.parse(params[1]))?.map(({ spender, amount }) => …)
 */
export function decodePermit(typedData) {
  try {
    return readPermit(typedData)
  } catch {
    return undefined
  }
}

/** @param {{ domain?: Json, primaryType?: string, message?: Json }} typedData @returns {PermitAllowance[] | undefined} */
function readPermit({ domain, primaryType, message }) {
  if (!message || typeof message !== 'object') return undefined
  const verifying = address(domain?.verifyingContract)
  switch (primaryType) {
    case 'Permit':
      if (!verifying) return undefined
      // DAI's permit: a yes or no for everything, until `expiry`.
      if ('allowed' in message) {
        const allowed = message.allowed === true || message.allowed === 'true'
        return [allowance('erc2612', verifying, message.spender, allowed ? 2n ** 256n - 1n : 0n, message.expiry, message.holder)]
      }
      return [allowance('erc2612', verifying, message.spender, message.value, message.deadline, message.owner)]
    case 'PermitSingle':
      return [allowance('permit2', message.details?.token, message.spender, message.details?.amount, message.details?.expiration)]
    case 'PermitBatch':
      return list(message.details).map((details) =>
        allowance('permit2', details?.token, message.spender, details?.amount, details?.expiration),
      )
    case 'PermitTransferFrom':
      return [allowance('permit2', message.permitted?.token, message.spender, message.permitted?.amount, message.deadline)]
    case 'PermitBatchTransferFrom':
      return list(message.permitted).map((permitted) =>
        allowance('permit2', permitted?.token, message.spender, permitted?.amount, message.deadline),
      )
    default:
      return undefined
  }
}

/**
 * @param {PermitAllowance['standard']} standard
 * @param {unknown} token
 * @param {unknown} spender
 * @param {unknown} amount
 * @param {unknown} until
 * @param {unknown} [owner]
 * @returns {PermitAllowance}
 */
function allowance(standard, token, spender, amount, until, owner) {
  const tokenAddress = address(token)
  const spenderAddress = address(spender)
  if (!tokenAddress || !spenderAddress) throw new TypeError('A permit names its token and spender')
  const value = BigInt(/** @type {string | number | bigint} */ (amount))
  const expires = until === undefined ? undefined : Number(BigInt(/** @type {string | number | bigint} */ (until)))
  const ownerAddress = address(owner)
  return {
    standard,
    token: tokenAddress,
    spender: spenderAddress,
    amount: value,
    unlimited: value >= UNLIMITED_THRESHOLD,
    ...(expires === undefined ? {} : { expires }),
    ...(ownerAddress ? { owner: ownerAddress } : {}),
  }
}

/** @param {unknown} value @returns {Json[]} */
function list(value) {
  if (!Array.isArray(value) || value.length === 0) throw new TypeError('A batch permit lists its tokens')
  return value
}

/** @param {unknown} value @returns {`0x${string}` | undefined} */
function address(value) {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? /** @type {`0x${string}`} */ (value.toLowerCase()) : undefined
}
