import { BaseError, type BaseErrorOptions } from '../core/errors/BaseError.js'

/**
 * A token amount as balance and activity APIs return it (rules §3 `quantity`). `numeric` is already a decimal amount
 * (`'12.5'`, not raw units); `decimals` is the token's precision and is not applied again.
 */
export interface Quantity {
  numeric: string
  decimals?: number | string
}

/**
 * Anything the display helpers accept. Strings and quantities are handled exactly, without floating point;
 * `null`, `undefined` and anything unparsable display as zero.
 */
export type NumericInput = number | bigint | string | Quantity | null | undefined

/** `formatUnits` was given a precision that is not a whole number of at least zero. */
export class InvalidDecimalsError extends BaseError {
  override name = 'InvalidDecimalsError'
  constructor(decimals: number, options?: BaseErrorOptions) {
    super(`Invalid decimals: ${decimals}`, options)
  }
}

/**
 * The locale used when none is given. Fixed rather than the runtime's so that server and browser render alike.
 *
 * @default 'en-US'
 */
export const DEFAULT_NUMBER_LOCALE = 'en-US'

interface DecimalParts {
  negative: boolean
  integer: string
  fraction: string
}

// Accepts what String(number) produces, including exponents ('1e-7', '1.5e+21').
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i
// Beyond this an exponent is garbage, and expanding it would allocate a huge string.
const MAX_EXPONENT = 1000
// Intl accepts at most 100 fraction digits.
const MAX_DECIMALS = 100

/**
 * Converts raw integer units into an exact decimal string, trimming trailing zeros.
 *
 * @throws {InvalidDecimalsError} when `decimals` is negative or not an integer.
 * @example
 * formatUnits(1_500_000n, 6) // '1.5'
 * formatUnits(-1n, 18) // '-0.000000000000000001'
 */
export function formatUnits(value: bigint, decimals: number): string {
  if (!Number.isSafeInteger(decimals) || decimals < 0) throw new InvalidDecimalsError(decimals)
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0')
  const point = digits.length - decimals
  return join({ negative: value < 0n, integer: digits.slice(0, point), fraction: digits.slice(point) })
}

/**
 * Cuts a number to at most `decimals` fraction digits without rounding, as a plain decimal string (no grouping,
 * no exponent, trailing zeros trimmed). Invalid input gives `'0'`; it never throws.
 *
 * @example
 * truncateDecimal('1234.56789', 3) // '1234.567'
 * truncateDecimal('-0.0004', 3) // '0'
 */
export function truncateDecimal(value: NumericInput, decimals: number): string {
  const parts = parseDecimal(value)
  if (!parts) return '0'
  return join({ ...parts, fraction: parts.fraction.slice(0, clampDecimals(decimals)) })
}

/**
 * A token balance for display: truncated to 3 decimals (rules §5), trailing zeros trimmed, thousands grouped.
 *
 * @example
 * formatBalance('1234.56789') // '1,234.567'
 * formatBalance('1.500') // '1.5'
 */
export function formatBalance(value: NumericInput, locale: Intl.LocalesArgument = DEFAULT_NUMBER_LOCALE): string {
  return formatNumber(value, 3, locale)
}

/**
 * A transfer quantity for display: truncated to 3 decimals (rules §5), trailing zeros trimmed, thousands grouped.
 *
 * @example
 * formatQuantity({ numeric: '0.123456', decimals: 18 }) // '0.123'
 */
export function formatQuantity(value: NumericInput, locale: Intl.LocalesArgument = DEFAULT_NUMBER_LOCALE): string {
  return formatNumber(value, 3, locale)
}

/**
 * A number for display: truncated to `decimals` (rules §5's default display is 2), trailing zeros trimmed, thousands
 * grouped. Invalid input gives `'0'`.
 *
 * @param decimals fraction digits kept. @default 2
 * @example
 * formatNumber(1234.5678) // '1,234.56'
 * formatNumber('abc') // '0'
 */
export function formatNumber(value: NumericInput, decimals = 2, locale: Intl.LocalesArgument = DEFAULT_NUMBER_LOCALE): string {
  const decimal = truncateDecimal(value, decimals)
  return intlFormat(decimal, locale, { maximumFractionDigits: clampDecimals(decimals) }) ?? decimal
}

/**
 * A fiat amount for display: truncated (not rounded) to 2 decimals (rules §5), always showing both, with the currency
 * symbol and thousands grouping. Invalid input gives the zero amount, e.g. `'$0.00'`.
 *
 * @param currency an ISO 4217 code. @default 'USD'
 * @example
 * formatFiat('1234.567') // '$1,234.56'
 * formatFiat(5, 'EUR') // '€5.00'
 */
export function formatFiat(value: NumericInput, currency = 'USD', locale: Intl.LocalesArgument = DEFAULT_NUMBER_LOCALE): string {
  const decimal = truncateDecimal(value, 2)
  const fixed = { minimumFractionDigits: 2, maximumFractionDigits: 2 }
  const formatted = intlFormat(decimal, locale, { ...fixed, style: 'currency', currency })
  // A malformed currency code makes Intl throw; show the code itself rather than nothing.
  const [whole, cents = ''] = decimal.split('.')
  return formatted ?? `${currency} ${intlFormat(decimal, locale, fixed) ?? `${whole}.${cents.padEnd(2, '0')}`}`
}

function parseDecimal(value: NumericInput): DecimalParts | undefined {
  const text = typeof value === 'object' && value !== null ? value.numeric : value
  if (typeof text !== 'string' && typeof text !== 'number' && typeof text !== 'bigint') return undefined
  const match = DECIMAL.exec(String(text).trim())
  if (!match) return undefined
  const [, sign, integer = '', fraction = '', exponent = '0'] = match
  const shift = Number(exponent)
  if ((integer === '' && fraction === '') || Math.abs(shift) > MAX_EXPONENT) return undefined
  return { negative: sign === '-', ...movePoint(integer + fraction, integer.length + shift) }
}

function movePoint(digits: string, point: number): Omit<DecimalParts, 'negative'> {
  if (point <= 0) return { integer: '0', fraction: '0'.repeat(-point) + digits }
  const padded = digits.padEnd(point, '0')
  return { integer: padded.slice(0, point), fraction: padded.slice(point) }
}

function join({ negative, integer, fraction }: DecimalParts): string {
  const whole = integer.replace(/^0+(?=\d)/, '') || '0'
  const rest = fraction.replace(/0+$/, '')
  // A value that truncates to zero has no sign: '-0' is noise on screen.
  const sign = negative && (whole !== '0' || rest !== '') ? '-' : ''
  return `${sign}${whole}${rest ? `.${rest}` : ''}`
}

function clampDecimals(decimals: number): number {
  return Number.isFinite(decimals) ? Math.min(MAX_DECIMALS, Math.max(0, Math.floor(decimals))) : 0
}

function intlFormat(decimal: string, locale: Intl.LocalesArgument, options: Intl.NumberFormatOptions): string | undefined {
  try {
    // A decimal string is formatted exactly (Intl.NumberFormat v3); it never becomes a float.
    const formatted = new Intl.NumberFormat(locale, options).format(decimal as Intl.StringNumericLiteral)
    // Past about 1.8e308 Intl gives '∞' (found by the property test): the plain digits are the truth.
    return /\p{Nd}/u.test(formatted) ? formatted : undefined
  } catch {
    // A malformed locale or currency code throws RangeError; display helpers must never throw.
    return locale === DEFAULT_NUMBER_LOCALE ? undefined : intlFormat(decimal, DEFAULT_NUMBER_LOCALE, options)
  }
}
