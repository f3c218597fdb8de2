import { describe, expect, it } from 'vitest'

import { isFoyerError } from '../core/errors/BaseError.js'
import { formatBalance, formatFiat, formatNumber, formatQuantity, formatUnits, truncateDecimal, type NumericInput } from './format.js'

const INVALID: NumericInput[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  'abc',
  '',
  ' ',
  '.',
  '-',
  '1.2.3',
  '1,234.5',
  '0x1f',
  '12abc',
  '1e',
  null,
  undefined,
  { numeric: 'oops', decimals: 18 },
  {} as NumericInput,
  [] as unknown as NumericInput,
  true as unknown as NumericInput,
]

describe('formatUnits', () => {
  it.each([
    [0n, 18, '0'],
    [1n, 18, '0.000000000000000001'],
    [1_500_000n, 6, '1.5'],
    [2_000_000n, 6, '2'],
    [123n, 0, '123'],
    [10n ** 18n, 18, '1'],
    [123_456_789n, 3, '123456.789'],
    [-1n, 18, '-0.000000000000000001'],
    [-2_500n, 3, '-2.5'],
    [2n ** 256n - 1n, 18, '115792089237316195423570985008687907853269984665640564039457.584007913129639935'],
  ])('%s with %i decimals is %s', (value, decimals, expected) => {
    expect(formatUnits(value, decimals)).toBe(expected)
  })

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s decimals', (decimals) => {
    let error: unknown
    try {
      formatUnits(1n, decimals)
    } catch (caught) {
      error = caught
    }
    expect(isFoyerError(error, 'InvalidDecimalsError')).toBe(true)
  })
})

describe('truncateDecimal', () => {
  it.each<[NumericInput, number, string]>([
    ['1234.56789', 3, '1234.567'],
    ['1.9999', 2, '1.99'],
    ['1.500', 3, '1.5'],
    ['2.000', 3, '2'],
    ['0.0009', 3, '0'],
    ['-0.0009', 3, '0'],
    ['-1.23456', 2, '-1.23'],
    ['+5.5', 1, '5.5'],
    ['007.10', 2, '7.1'],
    ['.5', 2, '0.5'],
    ['5.', 2, '5'],
    [' 42 ', 2, '42'],
    ['1e-7', 8, '0.0000001'],
    ['1.5e3', 0, '1500'],
    ['1.5E+21', 0, '1500000000000000000000'],
    ['123456789012345678901234567890.987654321', 4, '123456789012345678901234567890.9876'],
    [1e21, 0, '1000000000000000000000'],
    [1e-7, 7, '0.0000001'],
    [0.1 + 0.2, 2, '0.3'],
    [-0, 2, '0'],
    [12345678901234567890n, 2, '12345678901234567890'],
    [{ numeric: '0.123456', decimals: 18 }, 3, '0.123'],
    [{ numeric: '12.5' }, 3, '12.5'],
    ['1.23', 0, '1'],
    ['1.23', -5, '1'],
    ['1.23', Number.NaN, '1'],
    ['1.23', 2.9, '1.23'],
  ])('%o to %s decimals is %s', (value, decimals, expected) => {
    expect(truncateDecimal(value, decimals)).toBe(expected)
  })

  it('truncates on the string, never through floating point', () => {
    // As a float this is 0.30000000000000004 or 9007199254740992; the string must survive untouched.
    expect(truncateDecimal('0.299999999999999999999', 20)).toBe('0.29999999999999999999')
    expect(truncateDecimal('9007199254740993.129', 2)).toBe('9007199254740993.12')
  })

  it.each(INVALID)('invalid input %j gives 0', (value) => {
    expect(truncateDecimal(value, 2)).toBe('0')
  })

  it('absurd exponents are rejected instead of allocating huge strings', () => {
    expect(truncateDecimal('1e999999999', 2)).toBe('0')
  })
})

describe('formatBalance', () => {
  it.each<[NumericInput, string]>([
    ['1234.56789', '1,234.567'],
    ['1.500', '1.5'],
    ['2.000', '2'],
    ['0.9999', '0.999'],
    ['0.0001', '0'],
    [0, '0'],
    [1234567.1, '1,234,567.1'],
    ['-3.14159', '-3.141'],
    ['123456789012345678901234567890.98765', '123,456,789,012,345,678,901,234,567,890.987'],
    [{ numeric: '10.00049', decimals: 6 }, '10'],
  ])('%j displays as %s (3 decimals, truncated)', (value, expected) => {
    expect(formatBalance(value)).toBe(expected)
  })

  it.each(INVALID)('invalid %j displays as 0 without throwing', (value) => {
    expect(formatBalance(value)).toBe('0')
  })

  it('follows a given locale', () => {
    expect(formatBalance('1234.5678', 'de-DE')).toBe('1.234,567')
  })

  it('a malformed locale falls back to en-US instead of throwing', () => {
    expect(formatBalance('1234.5678', 'not a locale!')).toBe('1,234.567')
  })
})

describe('formatQuantity', () => {
  it.each<[NumericInput, string]>([
    [{ numeric: '0.123456', decimals: 18 }, '0.123'],
    [{ numeric: '1000', decimals: '6' }, '1,000'],
    ['0.1009', '0.1'],
    [3, '3'],
  ])('%j displays as %s (3 decimals)', (value, expected) => {
    expect(formatQuantity(value)).toBe(expected)
  })

  it('invalid input displays as 0', () => {
    expect(formatQuantity({ numeric: '', decimals: 18 })).toBe('0')
  })
})

describe('formatNumber', () => {
  it('keeps 2 decimals by default (rules §5)', () => {
    expect(formatNumber('1234.5678')).toBe('1,234.56')
    expect(formatNumber(1234.5678)).toBe('1,234.56')
  })

  it('trims trailing zeros', () => {
    expect(formatNumber('1.50')).toBe('1.5')
    expect(formatNumber('7.001')).toBe('7')
  })

  it('honours a custom decimals count', () => {
    expect(formatNumber('1.23456789', 5)).toBe('1.23456')
    expect(formatNumber('1.9', 0)).toBe('1')
    expect(formatNumber('0.1234567890123456789012345', 25)).toBe('0.1234567890123456789012345')
  })

  it('bigint input keeps every digit', () => {
    expect(formatNumber(10n ** 30n)).toBe('1,000,000,000,000,000,000,000,000,000,000')
  })

  it.each(INVALID)('invalid %j displays as 0', (value) => {
    expect(formatNumber(value)).toBe('0')
  })
})

describe('formatFiat', () => {
  it.each<[NumericInput, string]>([
    ['1234.567', '$1,234.56'],
    ['0.999', '$0.99'],
    ['0.005', '$0.00'],
    [5, '$5.00'],
    ['1.5', '$1.50'],
    [1234567.891, '$1,234,567.89'],
    ['-12.349', '-$12.34'],
    ['-0.001', '$0.00'],
    [{ numeric: '19.999', decimals: 2 }, '$19.99'],
  ])('%j displays as %s (truncated, always 2 decimals)', (value, expected) => {
    expect(formatFiat(value)).toBe(expected)
  })

  it.each(INVALID)('invalid %j gives the zero amount', (value) => {
    expect(formatFiat(value)).toBe('$0.00')
  })

  it('uses the currency symbol of the given code', () => {
    expect(formatFiat('1234.567', 'EUR')).toBe('€1,234.56')
    expect(formatFiat('10', 'GBP')).toBe('£10.00')
  })

  it('shows 2 decimals even for currencies without minor units', () => {
    expect(formatFiat('1234.567', 'JPY')).toBe('¥1,234.56')
  })

  it('follows a given locale', () => {
    expect(formatFiat('1234.567', 'EUR', 'de-DE')).toBe('1.234,56\u00a0€')
  })

  it('a malformed currency code shows the code instead of throwing', () => {
    expect(formatFiat('1234.567', 'dollars')).toBe('dollars 1,234.56')
  })

  it('never rounds up across a unit boundary', () => {
    expect(formatFiat('9.999999')).toBe('$9.99')
    expect(formatFiat(0.29)).toBe('$0.29')
  })
})
