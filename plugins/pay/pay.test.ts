import { afterEach, describe, expect, it } from 'vitest'
import { connect, closeModal } from 'foyer'
import type { Kernel } from 'foyer'
import { testAddresses, testChain, testKernel } from '../../test/fixtures.js'
import { send } from '../send/index.js'
import { pay, payPlugin, parsePayParameters } from './index.js'

const USDC = 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const recipient = testAddresses.eip155[1]!
let kernel: Kernel

async function setUp(features: { pay?: boolean } = { pay: true }) {
  kernel = testKernel({ features, plugins: [testChain({ transfer: 'approve' }), send(), payPlugin()] })
  await connect(kernel, { connectorId: 'test-wallet-eip155' })
  const events: string[] = []
  kernel.bus.on('pay:started', ({ amount }) => events.push(`started ${amount}`))
  kernel.bus.on('pay:succeeded', ({ hash, via }) => events.push(`succeeded ${via} ${hash}`))
  kernel.bus.on('pay:failed', ({ message }) => events.push(`failed ${message}`))
  return events
}

afterEach(() => kernel?.destroy())

describe('parsePayParameters', () => {
  it('CAIP-19 assets on EVM and Solana, native and tokens', () => {
    expect(parsePayParameters({ recipient, amount: '10', asset: USDC })).toEqual({
      namespace: 'eip155',
      networkId: 'eip155:1',
      kind: 'token',
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    })
    expect(parsePayParameters({ recipient, amount: '0.5', asset: 'eip155:31337/slip44:60' })).toEqual({
      namespace: 'eip155',
      networkId: 'eip155:31337',
      kind: 'native',
    })
    const sol = '4Xn7HseN9fPTJCvNGTn7UvaDQBTpHFxoZ28fJ2aBLAp6'
    expect(parsePayParameters({ recipient: sol, amount: '1', asset: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501' }).networkId).toBe(
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
  })

  it('bad parameters are refused with a message that says which and why', () => {
    const refused = (params: Record<string, unknown>) => () =>
      parsePayParameters({ recipient, amount: '10', asset: USDC, ...params } as never)
    expect(refused({ asset: 'USDC' })).toThrow(`Invalid asset: expected a CAIP-19 id such as 'eip155:1/erc20:0x…', got "USDC"`)
    expect(refused({ asset: 'eip155:1/erc20:0x12' })).toThrow("Invalid asset: an EVM token is 'erc20:' and its contract address")
    expect(refused({ recipient: '0x1234' })).toThrow('Invalid recipient: not an EVM address: "0x1234"')
    expect(refused({ recipient: '4Xn7HseN9fPTJCvNGTn7UvaDQBTpHFxoZ28fJ2aBLAp6' })).toThrow('Invalid recipient: not an EVM address')
    for (const amount of ['0', '-1', '1e3', '', 10])
      expect(refused({ amount })).toThrow("Invalid amount: a positive decimal string such as '10' is required")
    expect(refused({ amount: '1.1234567', metadata: { symbol: 'USDC', decimals: 6 } })).toThrow('Invalid amount: USDC has 6 decimals')
  })
})

describe('pay', () => {
  it('opens Pay with the parameters and resolves with its answer; pay:started then pay:succeeded', async () => {
    const events = await setUp()
    const paying = pay(kernel, { recipient, amount: '10', asset: USDC })
    expect(kernel.router.current()).toEqual({ view: 'Pay', params: { recipient, amount: '10', asset: USDC } })
    expect(events).toEqual(['started 10'])
    const hash = `0x${'1'.repeat(64)}`
    kernel.router.finish({ status: 'success', hash, via: 'wallet' })
    await expect(paying).resolves.toEqual({ status: 'success', hash, via: 'wallet' })
    expect(events).toEqual(['started 10', `succeeded wallet ${hash}`])
  })

  it("closing the modal rejects with 'Modal closed' and emits pay:failed", async () => {
    const events = await setUp()
    const paying = pay(kernel, { recipient, amount: '10', asset: USDC })
    closeModal(kernel)
    await expect(paying).rejects.toThrow('Modal closed')
    expect(events).toEqual(['started 10', 'failed Modal closed'])
  })

  it('bad parameters reject before any view opens, and nothing is emitted', async () => {
    const events = await setUp()
    await expect(pay(kernel, { recipient: 'nobody', amount: '10', asset: USDC })).rejects.toThrow('Invalid recipient')
    expect(kernel.store.getState().modal.open).toBe(false)
    expect(events).toEqual([])
  })

  it('rules §9 pay is off unless the host turns it on', async () => {
    await setUp({})
    await expect(pay(kernel, { recipient, amount: '10', asset: USDC })).rejects.toThrow(
      'Pay is off (rules §9): set `features: { pay: true }` in createKernel',
    )
  })

  it('payPlugin requires send', () => {
    expect(() => testKernel({ plugins: [testChain(), payPlugin()] })).toThrow("The plugin 'pay' requires 'send'. Add send() to `plugins`.")
  })
})
