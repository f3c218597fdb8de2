import { describe, expect, it } from 'vitest'

import type { WalletNetwork } from './networks.mjs'
import { withTokenMarks } from './preview.mjs'

const LISTED_USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const FAKE_USDC = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const SPENDER = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad'
const network: WalletNetwork = { id: '31337', namespace: 'eip155', rpcUrl: 'http://127.0.0.1:9' }
const listed = new Map([
  ['eip155:31337', [{ chainId: 31337, address: LISTED_USDC as `0x${string}`, name: 'USD Coin', symbol: 'USDC', decimals: 6 }]],
])

const isBrandMark = (url: string) => decodeURIComponent(url).includes('class="web3icons"')
const letters = (url: string) => /<text[^>]*>([^<]*)</.exec(Buffer.from(url.split(',')[1]!, 'base64').toString())?.[1]

describe('the approval preview’s token marks', () => {
  it('gives the coin and a token the lists name on this network their brand marks, and a token only met on chain its letters', async () => {
    const preview = await withTokenMarks(
      {
        status: 'ok',
        outgoing: [
          { kind: 'native', amount: '1', symbol: 'ETH', decimals: 18 },
          { kind: 'erc20', token: LISTED_USDC, amount: '7500000', symbol: 'USDC', decimals: 6 },
        ],
        // Calls itself USDC, and is not the listed one.
        incoming: [{ kind: 'erc20', token: FAKE_USDC, amount: '1', symbol: 'USDC', decimals: 6 }],
        allowances: [{ kind: 'erc20', token: LISTED_USDC, spender: SPENDER, amount: '1', symbol: 'USDC', decimals: 6, unlimited: false }],
      },
      network,
      listed,
    )
    expect(isBrandMark(preview.outgoing[0].icon)).toBe(true)
    expect(isBrandMark(preview.outgoing[1].icon)).toBe(true)
    expect(isBrandMark(preview.allowances[0].icon)).toBe(true)
    expect(isBrandMark(preview.incoming[0].icon)).toBe(false)
    expect(letters(preview.incoming[0].icon)).toBe('USD')
  })

  it('vouches for a token on the network its list names only, and for a permit’s tokens as for a transaction’s', async () => {
    const permit = {
      status: 'permit',
      allowances: [{ token: LISTED_USDC, spender: SPENDER, amount: '1', symbol: 'USDC', decimals: 6, unlimited: false }],
    }
    const here = await withTokenMarks(permit, network, listed)
    const elsewhere = await withTokenMarks(permit, { ...network, id: '31338' }, listed)
    expect(isBrandMark(here.allowances[0].icon)).toBe(true)
    expect(isBrandMark(elsewhere.allowances[0].icon)).toBe(false)
  })

  it('leaves a preview with no tokens as it is', async () => {
    const reverts = { status: 'reverts', reason: 'no' }
    expect(await withTokenMarks(reverts, network, listed)).toBe(reverts)
    expect(await withTokenMarks(null, network, listed)).toBe(null)
  })
})
