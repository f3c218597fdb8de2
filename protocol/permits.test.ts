import { maxUint160, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'

import { decodePermit } from './permits.mjs'

const token = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const spender = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'
const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

describe('decodePermit', () => {
  it("reads an EIP-2612 permit as the token's spender and amount until its deadline", () => {
    const typedData = {
      domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: token },
      primaryType: 'Permit',
      message: { owner, spender, value: '25000000', nonce: '0', deadline: '1900000000' },
    }
    expect(decodePermit(typedData)).toEqual([
      {
        standard: 'erc2612',
        token: token.toLowerCase(),
        spender: spender.toLowerCase(),
        owner: owner.toLowerCase(),
        amount: 25_000_000n,
        unlimited: false,
        expires: 1_900_000_000,
      },
    ])
  })

  it("flags Permit2's PermitSingle for uint160's maximum as unlimited", () => {
    const typedData = {
      domain: { name: 'Permit2', chainId: 1, verifyingContract: permit2 },
      primaryType: 'PermitSingle',
      message: {
        details: { token, amount: maxUint160.toString(), expiration: '1900000000', nonce: '0' },
        spender,
        sigDeadline: '1800000000',
      },
    }
    expect(decodePermit(typedData)).toMatchObject([
      { standard: 'permit2', token: token.toLowerCase(), spender: spender.toLowerCase(), amount: maxUint160, unlimited: true },
    ])
  })

  it("reads Permit2's PermitTransferFrom and its batch form, one allowance per token", () => {
    const single = decodePermit({
      domain: { verifyingContract: permit2 },
      primaryType: 'PermitTransferFrom',
      message: { permitted: { token, amount: '5' }, spender, nonce: '1', deadline: '1900000000' },
    })
    expect(single).toEqual([
      {
        standard: 'permit2',
        token: token.toLowerCase(),
        spender: spender.toLowerCase(),
        amount: 5n,
        unlimited: false,
        expires: 1_900_000_000,
      },
    ])
    const batch = decodePermit({
      domain: { verifyingContract: permit2 },
      primaryType: 'PermitBatchTransferFrom',
      message: {
        permitted: [
          { token, amount: '5' },
          { token: permit2, amount: maxUint256.toString() },
        ],
        spender,
        nonce: '1',
        deadline: '1900000000',
      },
    })
    expect(batch?.map(({ token, unlimited }) => ({ token, unlimited }))).toEqual([
      { token: token.toLowerCase(), unlimited: false },
      { token: permit2.toLowerCase(), unlimited: true },
    ])
  })

  it("reads DAI's yes-or-no permit as unlimited while allowed", () => {
    const typedData = {
      domain: { verifyingContract: token },
      primaryType: 'Permit',
      message: { holder: owner, spender, nonce: 0, expiry: 0, allowed: true },
    }
    expect(decodePermit(typedData)).toMatchObject([{ spender: spender.toLowerCase(), unlimited: true, expires: 0 }])
  })

  it('gives undefined for other typed data, and for a permit it cannot read rather than a harmless-looking one', () => {
    expect(decodePermit({ primaryType: 'Mail', message: { contents: 'hello' } })).toBeUndefined()
    expect(
      decodePermit({
        domain: { verifyingContract: token },
        primaryType: 'Permit',
        message: { owner, spender, value: 'lots', deadline: 1 },
      }),
    ).toBeUndefined()
    expect(
      decodePermit({ primaryType: 'PermitSingle', message: { details: { token: 'not an address', amount: '1' }, spender } }),
    ).toBeUndefined()
  })
})
