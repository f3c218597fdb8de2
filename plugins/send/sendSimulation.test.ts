import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'

import { transferCall } from './sendSimulation.js'

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('transferCall', () => {
  it('sends the native coin as the value itself', () => {
    expect(transferCall({ symbol: 'ETH', decimals: 18 }, to, 5n)).toEqual({ to, value: 5n })
  })

  it("calls a token's transfer with the receiver and amount, as the wallet will send it", () => {
    const token = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
    const call = transferCall({ symbol: 'USDC', decimals: 6, address: `eip155:1:${token}` }, to, 25_000_000n)
    expect(call).toEqual({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 25_000_000n] }) })
  })
})
