import { describe, expect, it } from 'vitest'
import { connect, closeModal, openModal } from 'foyer'
import { testAddresses, testChain, testKernel, testNetwork, type TestChainOptions } from '../../test/fixtures.js'
import { send } from './index.js'
import { sendToken } from './sendToken.js'

const eth = { symbol: 'TETH', decimals: 18 }
const usdc = { symbol: 'USDC', decimals: 6, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }

async function setup(options: TestChainOptions = { transfer: 'approve' }) {
  const chain = testChain(options)
  const kernel = testKernel({ plugins: [chain, send()] })
  const namespace = options.namespace ?? 'eip155'
  await connect(kernel, { connectorId: `test-wallet-${namespace}` })
  const events: unknown[] = []
  kernel.bus.on('send:initiated', (payload) => events.push(payload))
  kernel.bus.on('send:succeeded', (payload) => events.push(payload))
  kernel.bus.on('transaction:sent', (payload) => events.push({ sent: payload }))
  kernel.bus.on('balances:changed', () => events.push('balances:changed'))
  return { kernel, wallet: chain.wallet, events }
}

describe('sendToken', () => {
  it("a native send goes to the chain without a token, between SEND_INITIATED and SEND_SUCCESS, then 'balances:changed'", async () => {
    const { kernel, wallet, events } = await setup()
    const result = await sendToken(kernel, { token: eth, amount: '0.5', to: testAddresses.eip155[1] })
    expect(result).toEqual({ hash: `0x${'1'.padStart(64, '0')}`, namespace: 'eip155', networkId: testNetwork.caipNetworkId })
    expect(wallet.transfers).toEqual([
      { from: testAddresses.eip155[0], to: testAddresses.eip155[1], amount: 5n * 10n ** 17n, token: undefined, networkId: 'eip155:1' },
    ])
    expect(events).toEqual([
      { event: 'SEND_INITIATED', namespace: 'eip155', networkId: 'eip155:1', symbol: 'TETH', amount: '0.5' },
      { event: 'SEND_SUCCESS', namespace: 'eip155', networkId: 'eip155:1', symbol: 'TETH', amount: '0.5', hash: result.hash },
      {
        sent: {
          hash: result.hash,
          networkId: 'eip155:1',
          from: testAddresses.eip155[0],
          to: testAddresses.eip155[1],
          operationType: 'send',
          transfers: [{ direction: 'out', symbol: 'TETH', numeric: '0.5' }],
        },
      },
      'balances:changed',
    ])
  })

  it('rules §4: the form is loading while the wallet signs, then reset; a failure keeps it', async () => {
    const { kernel, wallet } = await setup()
    const filled = {
      token: eth,
      sendTokenAmount: '0.5',
      receiverAddress: testAddresses.eip155[1],
      receiverProfileName: 'bob.eth',
      networkBalanceInUSD: '$10.00',
    }
    kernel.store.update('send', (state) => ({ ...state, ...filled }))
    const seen: boolean[] = []
    kernel.store.select(
      (state) => state.send.loading,
      (loading) => seen.push(loading),
    )

    wallet.transferAnswer = 'reject'
    await expect(sendToken(kernel, { token: eth, amount: '0.5', to: testAddresses.eip155[1] })).rejects.toMatchObject({ code: 4001 })
    expect(kernel.store.getState().send).toEqual({ ...filled, loading: false, step: 'form' })

    wallet.transferAnswer = 'approve'
    await sendToken(kernel, { token: eth, amount: '0.5', to: testAddresses.eip155[1] })
    expect(seen).toEqual([true, false, true, false])
    // What the account holds on the network is not part of what the visitor typed.
    expect(kernel.store.getState().send).toEqual({
      sendTokenAmount: '',
      receiverAddress: '',
      networkBalanceInUSD: '$10.00',
      loading: false,
      step: 'form',
    })
  })

  it('a token send names the token; an EVM address without 0x gets it', async () => {
    const { kernel, wallet } = await setup()
    await sendToken(kernel, { token: usdc, amount: '1.5', to: testAddresses.eip155[1].slice(2) })
    expect(wallet.transfers[0]).toMatchObject({ to: testAddresses.eip155[1], amount: 1_500_000n, token: usdc })
  })

  it('solana sends through the solana chain', async () => {
    const { kernel, wallet } = await setup({ namespace: 'solana', transfer: 'approve' })
    await sendToken(kernel, { token: { symbol: 'SOL', decimals: 9 }, amount: '2', to: testAddresses.solana[1] })
    expect(wallet.transfers[0]).toMatchObject({
      to: testAddresses.solana[1],
      amount: 2_000_000_000n,
      networkId: expect.stringMatching(/^solana:/),
    })
  })

  it('any chain that offers transfer sends: sendToken names no namespace (a bip122 chain here)', async () => {
    const { kernel, wallet, events } = await setup({
      namespace: 'bip122',
      transfer: 'approve',
      accounts: ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
      networks: [{ ...testNetwork, id: 'btc', chainNamespace: 'bip122', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' }],
    })
    await sendToken(kernel, { token: { symbol: 'BTC', decimals: 8 }, amount: '1', to: 'bc1q9h6yzs0ej3vfhp6jvmvf4hq6xqyvnhvfwjq2xs' })
    expect(wallet.transfers).toMatchObject([{ to: 'bc1q9h6yzs0ej3vfhp6jvmvf4hq6xqyvnhvfwjq2xs', amount: 10n ** 8n }])
    // SEND_INITIATED, SEND_SUCCESS, the sent transaction for Activity, 'balances:changed'.
    expect(events).toHaveLength(4)
    expect(events[2]).toMatchObject({ sent: { networkId: 'bip122:000000000019d6689c085ae165831e93', operationType: 'send' } })
  })

  it("a chain without the transfer capability is 'Unsupported chain'", async () => {
    const { kernel } = await setup({})
    await expect(sendToken(kernel, { token: eth, amount: '1', to: testAddresses.eip155[1] })).rejects.toThrow('Unsupported chain')
  })

  it('rules §5 messages, and nothing is signed', async () => {
    const { kernel, wallet, events } = await setup()
    await expect(sendToken(kernel, { token: eth, amount: '', to: testAddresses.eip155[1] })).rejects.toThrow(
      'An amount and receiver address are required',
    )
    await expect(sendToken(kernel, { amount: '1', to: testAddresses.eip155[1] })).rejects.toThrow('A token is required')
    await expect(sendToken(kernel, { token: eth, amount: '2', to: testAddresses.eip155[1], balance: 10n ** 18n })).rejects.toMatchObject({
      name: 'SendValidationError',
      key: 'send.error.balance',
    })
    expect(wallet.transfers).toEqual([])
    expect(events).toEqual([])
  })

  it('user rejected request — the wallet error passes through, without SEND_SUCCESS', async () => {
    const { kernel, events } = await setup({ transfer: 'reject' })
    await expect(sendToken(kernel, { token: eth, amount: '1', to: testAddresses.eip155[1] })).rejects.toMatchObject({ code: 4001 })
    expect(events).toMatchObject([{ event: 'SEND_INITIATED' }])
  })

  it("nobody connected is 'Address or auth connector not found'", async () => {
    const kernel = testKernel({ plugins: [testChain({ transfer: 'approve' }), send()] })
    await expect(sendToken(kernel, { token: eth, amount: '1', to: testAddresses.eip155[1] })).rejects.toThrow(
      'Address or auth connector not found',
    )
  })
})

describe('send()', () => {
  it('the Send view and the form exist only where a chain can transfer', () => {
    const sending = testKernel({ plugins: [testChain({ transfer: 'approve' }), send()] })
    expect(sending.views.get('Send')).toBeDefined()
    expect(sending.store.getState().send).toEqual({ sendTokenAmount: '', receiverAddress: '', loading: false, step: 'form' })
    const other = testKernel({ plugins: [testChain(), send()] })
    expect(other.views.get('Send')).toBeUndefined()
    expect('send' in other.store.getState()).toBe(false)
  })

  it("the view's step outlives a view shown over it (an approval) and starts over once Send leaves the modal", async () => {
    const kernel = testKernel({ plugins: [testChain({ transfer: 'approve' }), send()] })
    // Another view to show over Send (the core views come with the React layer).
    kernel.views.register('Networks', { title: 'networks.title', load: async () => ({ default: null }) })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    openModal(kernel, { view: 'Send' })
    kernel.store.update('send', (state) => ({ ...state, step: 'done', hash: '0xabc' }))
    kernel.router.push('Networks')
    kernel.router.back()
    expect(kernel.store.getState().send).toMatchObject({ step: 'done', hash: '0xabc' })
    closeModal(kernel)
    expect(kernel.store.getState().send).toMatchObject({ step: 'form', hash: undefined })
  })

  it('destroying the kernel removes the view and the form', async () => {
    const kernel = testKernel({ plugins: [testChain({ transfer: 'approve' }), send()] })
    await kernel.destroy()
    expect(kernel.views.get('Send')).toBeUndefined()
    expect('send' in kernel.store.getState()).toBe(false)
  })

  it('the send feature off hides the view', () => {
    const kernel = testKernel({ plugins: [testChain({ transfer: 'approve' }), send()], features: { send: false } })
    expect(kernel.isViewAvailable('Send')).toBe(false)
  })
})
