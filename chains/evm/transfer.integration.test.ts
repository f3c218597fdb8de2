// The EVM transfer capability and the send plugin's sendToken against a real anvil with the
// fixture tokens: native ETH, USDC (6 decimals) and the USDT-style token whose transfer returns
// nothing. Balances are read from the chain before and after. One anvil for this file.
import { createPublicClient, createTestClient, erc20Abi, formatEther, http, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect } from 'foyer'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { sendToken } from '../../plugins/send/sendToken.js'
import { send } from '../../plugins/send/index.js'
import { announceTestWallet, EVM_TEST_CONNECTOR_ID, useAnvil, usePage } from '../../test/chainSetup.js'
import { testKernel } from '../../test/fixtures.js'
import { evm } from './index.js'

const [first, , third] = ANVIL_ACCOUNTS as unknown as [(typeof ANVIL_ACCOUNTS)[0], unknown, (typeof ANVIL_ACCOUNTS)[0]]

const { anvil, local, fixtures } = useAnvil({ fixtures: true })
const page = usePage()

async function setup() {
  const wallet = announceTestWallet(page.current, anvil.url)
  const kernel = testKernel({ plugins: [evm({ networks: [local] }), send()] })
  await connect(kernel, { connectorId: EVM_TEST_CONNECTOR_ID })
  const events: string[] = []
  kernel.bus.on('send:initiated', (payload) => events.push(payload.event))
  kernel.bus.on('send:succeeded', (payload) => events.push(payload.event))
  return { kernel, wallet, events }
}

const client = () => createPublicClient({ transport: http(anvil.url) })
const tokenBalance = (token: Address, owner: Address) =>
  client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('evm: transfer', () => {
  it('sends ETH to anvil #2; its balance grows by the amount', async () => {
    const { kernel, events } = await setup()
    const before = await client().getBalance({ address: third.address })
    const { hash } = await sendToken(kernel, { token: { symbol: 'ETH', decimals: 18 }, amount: '1.25', to: third.address })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await client().getBalance({ address: third.address })).toBe(before + 1_250_000_000_000_000_000n)
    expect(events).toEqual(['SEND_INITIATED', 'SEND_SUCCESS'])
  })

  it('estimateFee holds back enough for the wallet: sending the rest goes through', async () => {
    const { kernel } = await setup()
    const anvilControl = createTestClient({ mode: 'anvil', transport: http(anvil.url) })
    await anvilControl.setBalance({ address: first.address, value: 2n * 10n ** 18n })
    try {
      const fee = await kernel.chains.require('eip155').capabilities!.transfer!.estimateFee!(kernel, {
        from: first.address,
        networkId: local.caipNetworkId,
      })
      const { maxFeePerGas } = await client().estimateFeesPerGas()
      expect(fee).toBe(21_000n * maxFeePerGas * 2n)
      const balance = await client().getBalance({ address: first.address })
      await sendToken(kernel, { token: { symbol: 'ETH', decimals: 18 }, amount: formatEther(balance - fee), to: third.address })
      // What stays behind is at most the fee held back, less the fee the wallet paid.
      expect(await client().getBalance({ address: first.address })).toBeLessThan(fee)
    } finally {
      await anvilControl.setBalance({ address: first.address, value: 10_000n * 10n ** 18n })
    }
  })

  it('sends USDC (6 decimals) to anvil #2', async () => {
    const { kernel } = await setup()
    const before = await tokenBalance(fixtures.usdc, third.address)
    const senderBefore = await tokenBalance(fixtures.usdc, first.address)
    await sendToken(kernel, { token: { symbol: 'USDC', decimals: 6, address: fixtures.usdc }, amount: '12.5', to: third.address })
    expect(await tokenBalance(fixtures.usdc, third.address)).toBe(before + 12_500_000n)
    expect(await tokenBalance(fixtures.usdc, first.address)).toBe(senderBefore - 12_500_000n)
  })

  it('sends the USDT-style token, whose transfer returns nothing (rules §4)', async () => {
    const { kernel } = await setup()
    const before = await tokenBalance(fixtures.usdt, third.address)
    await sendToken(kernel, { token: { symbol: 'USDTS', decimals: 6, address: fixtures.usdt }, amount: '3', to: third.address })
    expect(await tokenBalance(fixtures.usdt, third.address)).toBe(before + 3_000_000n)
  })

  it('a token transfer that reverts (more than the balance) fails after the receipt, without SEND_SUCCESS', async () => {
    const { kernel, events } = await setup()
    const before = await tokenBalance(fixtures.usdc, third.address)
    const result = sendToken(kernel, {
      token: { symbol: 'USDC', decimals: 6, address: fixtures.usdc },
      amount: '99999999',
      to: third.address,
    })
    await expect(result).rejects.toMatchObject({ name: 'TransferRevertedError' })
    expect(events).toEqual(['SEND_INITIATED'])
    expect(await tokenBalance(fixtures.usdc, third.address)).toBe(before)
  })

  it('user rejected request — nothing is sent', async () => {
    const { kernel, wallet, events } = await setup()
    wallet.answers.set('eth_sendTransaction', 'reject')
    const before = await client().getBalance({ address: third.address })
    await expect(sendToken(kernel, { token: { symbol: 'ETH', decimals: 18 }, amount: '1', to: third.address })).rejects.toMatchObject({
      code: 4001,
    })
    expect(events).toEqual(['SEND_INITIATED'])
    expect(await client().getBalance({ address: third.address })).toBe(before)
  })

  it("a gas limit the caller offers (a swap service's) is the one the wallet sends with; without it the wallet estimates", async () => {
    const { kernel } = await setup()
    const { sendTransaction } = kernel.chains.require('eip155').capabilities!.sendTransaction!
    const offered = await sendTransaction(kernel, {
      from: first.address,
      to: third.address,
      value: 1n,
      gas: 54_321n,
      networkId: local.caipNetworkId,
    })
    expect((await client().getTransaction({ hash: offered.hash as `0x${string}` })).gas).toBe(54_321n)
    const estimated = await sendTransaction(kernel, { from: first.address, to: third.address, value: 1n, networkId: local.caipNetworkId })
    expect((await client().getTransaction({ hash: estimated.hash as `0x${string}` })).gas).not.toBe(54_321n)
  })
})
