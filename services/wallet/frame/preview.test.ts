import { describe, expect, it } from 'vitest'

import { describePreview, formatUnits } from './preview.js'

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const ROUTER = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad'

describe("the frame's approval preview", () => {
  it('lists what leaves and arrives, each amount in its token’s decimals and symbol, NFTs by id', () => {
    const description = describePreview({
      status: 'ok',
      outgoing: [{ kind: 'native', amount: '500000000000000000', symbol: 'ETH', decimals: 18 }],
      incoming: [
        { kind: 'erc20', token: USDC, amount: '1234560000', symbol: 'USDC', decimals: 6 },
        { kind: 'erc721', token: ROUTER, tokenId: '7', amount: '1', symbol: 'PASS', decimals: 0 },
      ],
      allowances: [],
    })
    expect(description).toEqual({
      list: [
        { term: 'You send', items: [{ text: '0.5 ETH' }] },
        { term: 'You receive', items: [{ text: '1234.56 USDC' }, { text: 'PASS #7' }] },
      ],
    })
  })

  it('flags an unlimited allowance and names its spender in full; a limited one shows its amount', () => {
    const grant = { kind: 'erc20', token: USDC, spender: ROUTER, symbol: 'USDC', decimals: 6 }
    const description = describePreview({
      status: 'ok',
      outgoing: [],
      incoming: [],
      allowances: [
        { ...grant, amount: (2n ** 256n - 1n).toString(), unlimited: true },
        { ...grant, amount: '25000000', unlimited: false },
      ],
    })
    expect(description).toEqual({
      list: [
        {
          term: 'You allow',
          items: [
            { text: `${ROUTER} may spend any amount of USDC`, flagged: 'Unlimited allowance:' },
            { text: `${ROUTER} may spend 25 USDC` },
          ],
        },
      ],
    })
  })

  it('shows a revert as a warning with its reason, and says plainly when the network cannot preview', () => {
    expect(describePreview({ status: 'reverts', reason: 'UniswapV2Router: EXPIRED' })).toEqual({
      sentence: 'This would fail: UniswapV2Router: EXPIRED. Approving is disabled: it would only spend the network fee.',
      warning: true,
    })
    expect(describePreview({ status: 'unavailable', reason: 'method not found' })).toEqual({
      sentence: 'This network cannot preview the result.',
    })
    expect(describePreview({ status: 'ok', outgoing: [], incoming: [], allowances: [] })).toEqual({
      sentence: 'Nothing leaves or arrives in your wallet.',
    })
  })

  it('reads a permit as "you allow" its spender an amount until its deadline', () => {
    const description = describePreview({
      status: 'permit',
      allowances: [
        { token: USDC, spender: ROUTER, amount: '25000000', unlimited: false, expires: 1_900_000_000, symbol: 'USDC', decimals: 6 },
      ],
    })
    expect(description).toEqual({
      list: [{ term: 'You allow', items: [{ text: `${ROUTER} may spend 25 USDC, until 2030-03-17 17:46 UTC` }] }],
    })
  })

  it('keeps the token mark the service sent with a line, and only an inline SVG image', () => {
    const mark = 'data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E'
    const description = describePreview({
      status: 'ok',
      outgoing: [
        { kind: 'native', amount: '1', symbol: 'ETH', decimals: 18, icon: mark },
        { kind: 'erc20', token: USDC, amount: '1', symbol: 'USDC', decimals: 6, icon: 'https://tracker.example/usdc.png' },
        { kind: 'erc20', token: USDC, amount: '2', symbol: 'USDC', decimals: 6, icon: 'javascript:alert(1)' },
      ],
      incoming: [],
      allowances: [{ kind: 'erc20', token: USDC, spender: ROUTER, amount: '1', symbol: 'USDC', decimals: 6, unlimited: false, icon: mark }],
    })
    expect(description).toEqual({
      list: [
        {
          term: 'You send',
          items: [{ text: '0.000000000000000001 ETH', icon: mark }, { text: '0.000001 USDC' }, { text: '0.000002 USDC' }],
        },
        { term: 'You allow', items: [{ text: `${ROUTER} may spend 0.000001 USDC`, icon: mark }] },
      ],
    })
  })

  it('writes amounts exactly, every digit kept', () => {
    expect(formatUnits(1n, 6)).toBe('0.000001')
    expect(formatUnits(10n ** 24n + 5n, 18)).toBe('1000000.000000000000000005')
    expect(formatUnits(42n, 0)).toBe('42')
  })
})
