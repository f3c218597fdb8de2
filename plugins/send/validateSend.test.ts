import { describe, expect, it } from 'vitest'
import { isEvmAddress, isSolanaAddress } from 'foyer/protocol'
import { testAddresses } from '../../test/fixtures.js'
import { parseAmount, validateSend } from './validateSend.js'

const eth = { symbol: 'ETH', decimals: 18 }
const usdc = { symbol: 'USDC', decimals: 6, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }
const to = testAddresses.eip155[1]

describe('parseAmount', () => {
  it('decimal text in the smallest unit', () => {
    expect(parseAmount('1.5', 6)).toBe(1_500_000n)
    expect(parseAmount('.25', 2)).toBe(25n)
    expect(parseAmount('7', 0)).toBe(7n)
    expect(parseAmount(' 0.000001 ', 6)).toBe(1n)
  })
  it('not a plain decimal, or more fraction digits than the token has, is undefined', () => {
    for (const text of ['', '.', 'abc', '-1', '1e3', '1,5', '0.0000001']) expect(parseAmount(text, 6)).toBeUndefined()
  })
})

describe('validateSend', () => {
  it("no amount or no receiver is 'An amount and receiver address are required' (rules §5)", () => {
    expect(validateSend({ token: eth, sendTokenAmount: '', receiverAddress: to }, { isAddress: isEvmAddress })).toEqual({
      error: 'send.error.required',
    })
    expect(validateSend({ token: eth, sendTokenAmount: '1', receiverAddress: ' ' }, { isAddress: isEvmAddress })).toEqual({
      error: 'send.error.required',
    })
  })
  it("no token is 'A token is required' (rules §5)", () => {
    expect(validateSend({ sendTokenAmount: '1', receiverAddress: to }, { isAddress: isEvmAddress })).toEqual({ error: 'send.error.token' })
  })
  it("the address is checked by the chain's rules (rules §5)", () => {
    expect(
      validateSend({ token: eth, sendTokenAmount: '1', receiverAddress: testAddresses.solana[0] }, { isAddress: isEvmAddress }),
    ).toEqual({ error: 'send.error.address' })
    expect(validateSend({ token: eth, sendTokenAmount: '1', receiverAddress: to }, { isAddress: isSolanaAddress })).toEqual({
      error: 'send.error.address',
    })
    expect(validateSend({ token: eth, sendTokenAmount: '1', receiverAddress: to.slice(2) }, { isAddress: isEvmAddress })).toMatchObject({
      amount: 10n ** 18n,
    })
  })
  it('zero, garbage and too many decimals are refused', () => {
    for (const amount of ['0', 'x', '1.0000001']) {
      expect(validateSend({ token: usdc, sendTokenAmount: amount, receiverAddress: to }, { isAddress: isEvmAddress })).toEqual({
        error: 'send.error.amount',
      })
    }
  })
  it('more than the balance is refused; exactly the balance (Max) is fine', () => {
    const form = { token: usdc, sendTokenAmount: '2.000001', receiverAddress: to }
    expect(validateSend(form, { isAddress: isEvmAddress, balance: 2_000_000n })).toEqual({ error: 'send.error.balance' })
    expect(validateSend({ ...form, sendTokenAmount: '2' }, { isAddress: isEvmAddress, balance: 2_000_000n })).toEqual({
      amount: 2_000_000n,
      token: usdc,
    })
  })
})
