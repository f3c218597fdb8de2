import { describe, expect, it } from 'vitest'

import { isEvmAddress, isSignedMessage, isSolanaAddress, isTransactionHash, withHexPrefix } from './addresses.mjs'

const EVM = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
const SOLANA = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const SOLANA_SYSTEM_PROGRAM = '11111111111111111111111111111111'

describe('isEvmAddress', () => {
  it.each([EVM, EVM.toLowerCase(), EVM.slice(2), `0x${'0'.repeat(40)}`, `0x${'F'.repeat(40)}`])('accepts %s', (value) => {
    expect(isEvmAddress(value)).toBe(true)
  })

  it.each([
    '',
    '0x',
    EVM.slice(0, -1),
    `${EVM}0`,
    `0x${'g'.repeat(40)}`,
    `0X${EVM.slice(2)}`,
    ` ${EVM}`,
    `${EVM}\n`,
    SOLANA,
    null,
    undefined,
    42,
  ])('rejects %j', (value) => {
    expect(isEvmAddress(value)).toBe(false)
  })
})

describe('isSolanaAddress', () => {
  it.each([SOLANA, SOLANA_SYSTEM_PROGRAM, '1'.repeat(44), 'z'.repeat(32)])('accepts %s', (value) => {
    expect(isSolanaAddress(value)).toBe(true)
  })

  it.each([
    '1'.repeat(31),
    '1'.repeat(45),
    `0${SOLANA.slice(1)}`,
    `O${SOLANA.slice(1)}`,
    `I${SOLANA.slice(1)}`,
    `l${SOLANA.slice(1)}`,
    `${SOLANA.slice(0, -1)}+`,
    EVM,
    '',
    undefined,
    {},
  ])('rejects %j (length or alphabet)', (value) => {
    expect(isSolanaAddress(value)).toBe(false)
  })
})

describe('isTransactionHash', () => {
  it('accepts 0x plus exactly 64 hex characters', () => {
    expect(isTransactionHash(`0x${'ab'.repeat(32)}`)).toBe(true)
    expect(isTransactionHash(`0x${'AB'.repeat(32)}`)).toBe(true)
  })

  it.each([`0x${'a'.repeat(63)}`, `0x${'a'.repeat(65)}`, 'ab'.repeat(32), `0x${'g'.repeat(64)}`, '', null])('rejects %j', (value) => {
    expect(isTransactionHash(value)).toBe(false)
  })
})

describe('isSignedMessage', () => {
  it.each([`0x${'a'.repeat(62)}`, `0x${'1b'.repeat(65)}`, `0x${'F'.repeat(1000)}`])('accepts %s', (v) => {
    expect(isSignedMessage(v)).toBe(true)
  })

  it.each([`0x${'a'.repeat(61)}`, 'a'.repeat(64), `0x${'a'.repeat(62)}z`, '0x', undefined])('rejects %j', (value) => {
    expect(isSignedMessage(value)).toBe(false)
  })
})

describe('withHexPrefix', () => {
  it('adds the 0x a visitor left out, and trims', () => {
    expect(withHexPrefix(` ${EVM.slice(2)} `)).toBe(EVM)
    expect(withHexPrefix(EVM)).toBe(EVM)
  })
})
