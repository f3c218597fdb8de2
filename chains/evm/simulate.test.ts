// The EVM chain's simulate capability speaks the kernel's chain-neutral shape (docs/previews.md): the node's answer in
// the ERC standards' terms, read as native coin, tokens, NFTs and collections.
import { describe, expect, it } from 'vitest'
import { testKernel } from '../../test/fixtures.js'
import { chainNeutral, simulate } from './simulate.js'

const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const SPENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

describe('the simulate capability', () => {
  it('reads ERC-20 amounts as tokens, ERC-721 and ERC-1155 items as NFTs, setApprovalForAll as a collection', () => {
    const words = { symbol: 'X', decimals: 0 }
    expect(
      chainNeutral({
        status: 'ok',
        outgoing: [
          { kind: 'native', amount: 5n, symbol: 'ETH', decimals: 18 },
          { kind: 'erc20', token: TOKEN, amount: 7n, ...words },
        ],
        incoming: [
          { kind: 'erc721', token: TOKEN, tokenId: 1n, amount: 1n, ...words },
          { kind: 'erc1155', token: TOKEN, tokenId: 2n, amount: 3n, ...words },
        ],
        allowances: [
          { kind: 'erc20', token: TOKEN, spender: SPENDER, amount: 9n, unlimited: false, ...words },
          { kind: 'all', token: TOKEN, spender: SPENDER, amount: 1n, unlimited: true, ...words },
        ],
      }),
    ).toEqual({
      status: 'ok',
      outgoing: [
        { kind: 'native', amount: 5n, symbol: 'ETH', decimals: 18 },
        { kind: 'token', token: TOKEN, amount: 7n, ...words },
      ],
      incoming: [
        { kind: 'nft', token: TOKEN, tokenId: 1n, amount: 1n, ...words },
        { kind: 'nft', token: TOKEN, tokenId: 2n, amount: 3n, ...words },
      ],
      allowances: [
        { kind: 'token', token: TOKEN, spender: SPENDER, amount: 9n, unlimited: false, ...words },
        { kind: 'collection', token: TOKEN, spender: SPENDER, amount: 1n, unlimited: true, ...words },
      ],
    })
  })

  it('passes a revert or an unavailable node on as it is', () => {
    expect(chainNeutral({ status: 'reverts', callIndex: 1, reason: 'Panic 0x11' })).toEqual({
      status: 'reverts',
      callIndex: 1,
      reason: 'Panic 0x11',
    })
    expect(chainNeutral({ status: 'unavailable', reason: 'no eth_simulateV1' })).toEqual({
      status: 'unavailable',
      reason: 'no eth_simulateV1',
    })
  })

  it('says a call that is not an EVM call cannot be simulated, before asking any node', async () => {
    const kernel = testKernel()
    const config = {} as Parameters<typeof simulate>[1]
    const networkId = 'eip155:1'
    await expect(simulate(kernel, config, { from: FROM, networkId, calls: [{ to: 'not an address' }] })).resolves.toEqual({
      status: 'unavailable',
      reason: 'Call 0 is not an EVM call (an address to call and hex data).',
    })
    await expect(simulate(kernel, config, { from: FROM, networkId, calls: [{ to: TOKEN, data: 'a9059cbb' }] })).resolves.toMatchObject({
      status: 'unavailable',
    })
  })
})
