import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { testAddresses, testChain, type TestChainOptions, type TestWalletAnswer } from '../../test/fixtures.js'
import { connectedStory, withinModal } from '../../test/stories.js'
import { send } from '../send/index.js'
import { ExchangeApiToken, type ExchangeApi } from './exchangeApi.js'
import { payPlugin } from './index.js'
import type { PayParameters } from './payParameters.js'

// The Pay view opened as `pay` opens it, over the test chain (its transfer answers as told); paying on anvil through
// the real Send transfer is tested end to end (test/e2e/pay.test.ts).
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const payment: PayParameters = { recipient: testAddresses.eip155[1]!, amount: '10', asset: `eip155:1/erc20:${USDC}` }

const withPay = ({
  transfer = 'approve',
  params = payment,
  connected = true,
  readContract = ({ functionName }: { functionName: string }) => (functionName === 'symbol' ? 'USDC' : 6),
  simulate,
}: {
  transfer?: TestWalletAnswer | 'pending'
  params?: PayParameters
  connected?: boolean
  readContract?: (read: { functionName: string }) => unknown
  simulate?: TestChainOptions['simulate']
} = {}) => {
  const story = connectedStory({
    options: () => ({
      features: { pay: true },
      plugins: [testChain({ transfer, readContract, ...(simulate ? { simulate } : {}) }), send(), payPlugin()],
    }),
    view: 'Pay',
    ...(connected ? {} : { connectorIds: [] }),
  })
  return { foyer: { ...story, params } }
}

const meta = {
  title: 'Plugins/Pay',
  component: ConnectButton,
  parameters: withPay(),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** What the host asks: 10 USDC (symbol and decimals read from the token) to the recipient, on Testnet One. */
export const Ready: Story = {
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('pay-summary')).toHaveTextContent('Pay 10 USDC')
    await expect(modal.getByTestId('pay-recipient')).toHaveAttribute('title', payment.recipient)
    await expect(modal.getByText('Testnet One')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Pay from your wallet' })).toBeEnabled()
  },
}
export const ReadyDark: Story = { ...Ready, globals: { theme: 'dark' } }

/** The host gave the metadata: nothing is read. */
export const WithMetadata: Story = {
  parameters: withPay({
    params: { ...payment, amount: '2.5', metadata: { symbol: 'MUSD', decimals: 6 } },
    readContract: () => new Promise(() => {}),
  }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('pay-summary')).toHaveTextContent('Pay 2.5 MUSD')
  },
}

/** The token's symbol and decimals are being read. */
export const ReadingToken: Story = { parameters: withPay({ readContract: () => new Promise(() => {}) }) }

/** The token could not be read. */
export const TokenUnreadable: Story = {
  parameters: withPay({ readContract: () => undefined }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('This token could not be read; pass its `metadata`')
  },
}

/** What the network's node says the payment will do (docs/previews.md): Send's transfer, simulated. */
export const PaySimulated: Story = {
  parameters: withPay({
    simulate: async (_kernel, { calls }) => ({
      status: 'ok',
      outgoing:
        calls[0]?.to?.toLowerCase() === USDC.toLowerCase()
          ? [{ kind: 'token', token: USDC, amount: 10_000_000n, symbol: 'USDC', decimals: 6 }]
          : [],
      incoming: [],
      allowances: [],
    }),
  }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('simulation')).toHaveTextContent('You send10 USDC')
    await expect(modal.getByRole('button', { name: 'Pay from your wallet' })).toBeEnabled()
  },
}
export const PaySimulatedDark: Story = { ...PaySimulated, globals: { theme: 'dark' } }

/** A payment the node says would revert: its reason shows, and paying from the wallet is disabled. */
export const PayWouldFail: Story = {
  parameters: withPay({ simulate: async () => ({ status: 'reverts', callIndex: 0, reason: 'ERC20: transfer amount exceeds balance' }) }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('This payment would fail: ERC20: transfer amount exceeds balance')
    await expect(modal.getByRole('button', { name: 'Pay from your wallet' })).toBeDisabled()
  },
}
export const PayWouldFailDark: Story = { ...PayWouldFail, globals: { theme: 'dark' } }

/** A node without eth_simulateV1: said plainly, and paying stays possible. */
export const PayCannotSimulate: Story = {
  parameters: withPay({ simulate: async () => ({ status: 'unavailable', reason: 'the method eth_simulateV1 does not exist' }) }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('simulation-unavailable')).toHaveTextContent('This network cannot preview the result')
    await expect(modal.getByRole('button', { name: 'Pay from your wallet' })).toBeEnabled()
  },
}

/** Nobody connected: the view offers to connect first. */
export const NotConnected: Story = {
  parameters: withPay({ connected: false }),
  play: async () => {
    const modal = await withinModal()
    await expect((await modal.findAllByText('Connect a wallet to pay'))[0]).toBeVisible()
    await expect(modal.queryByRole('button', { name: 'Pay from your wallet' })).toBeNull()
  },
}

/** The wallet is asked to sign. */
export const Paying: Story = {
  parameters: withPay({ transfer: 'pending' }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Pay from your wallet' }))
    await expect(await modal.findByText('Confirm the payment in your wallet')).toBeVisible()
  },
}
export const PayingDark: Story = { ...Paying, globals: { theme: 'dark' } }

/** The visitor declined in the wallet: the view stays, saying so. */
export const Declined: Story = {
  parameters: withPay({ transfer: 'reject' }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Pay from your wallet' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('You declined the payment in your wallet')
    await expect(modal.getByRole('button', { name: 'Pay from your wallet' })).toBeEnabled()
  },
}
export const DeclinedDark: Story = { ...Declined, globals: { theme: 'dark' } }

/** An exchange whose payment stays unpaid (the visitor has not confirmed in its window). */
const memoryExchange: ExchangeApi = {
  createPayment: async ({ recipient }) => ({ url: 'https://exchange.example/pay/p1', paymentId: 'p1', depositAddress: recipient }),
  getPayment: async (id) => ({ id, status: 'created' }),
}

const withExchange = () => {
  const story = withPay()
  return {
    foyer: {
      ...story.foyer,
      options: () => ({ ...story.foyer.options(), services: { api: 'http://127.0.0.1:9' } }),
      setup: async (kernel: Parameters<typeof story.foyer.setup>[0]) => {
        kernel.container.provide(ExchangeApiToken, memoryExchange)
        await story.foyer.setup(kernel)
      },
    },
  }
}

/** A window the story controls, standing in for the exchange's popup. */
function stubWindow(closed: boolean) {
  const open = window.open
  const popup = { closed, location: { href: 'about:blank' }, close() {} }
  window.open = () => popup as unknown as Window
  return { popup, restore: () => (window.open = open) }
}

/** With an exchange: both ways to pay; the exchange's window is open, waiting for the visitor there. */
export const ExchangeOpen: Story = {
  parameters: withExchange(),
  play: async () => {
    const modal = await withinModal()
    const { popup, restore } = stubWindow(false)
    try {
      await userEvent.click(await modal.findByRole('button', { name: 'Pay from an exchange' }))
      await expect(await modal.findByText('Confirm the payment in the exchange window')).toBeVisible()
      await expect(popup.location.href).toBe('https://exchange.example/pay/p1')
      await expect(modal.getByRole('button', { name: 'Pay from your wallet' })).toBeDisabled()
    } finally {
      restore()
    }
  },
}
export const ExchangeOpenDark: Story = { ...ExchangeOpen, globals: { theme: 'dark' } }

/** The exchange's window was closed with nothing paid: the view says so and both ways stay. */
export const ExchangeClosed: Story = {
  parameters: withExchange(),
  play: async () => {
    const modal = await withinModal()
    const { restore } = stubWindow(true)
    try {
      await userEvent.click(await modal.findByRole('button', { name: 'Pay from an exchange' }))
      await expect(await modal.findByRole('alert')).toHaveTextContent('The exchange window was closed without paying')
      await expect(modal.getByRole('button', { name: 'Pay from an exchange' })).toBeEnabled()
    } finally {
      restore()
    }
  },
}
