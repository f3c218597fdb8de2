import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import type { Network } from 'foyer'
import { testChain, testNetwork, type TestChain, type TestChainOptions } from '../../test/fixtures.js'
import { connectedStory, iconDataUrl, pick, typeInto, withinModal } from '../../test/stories.js'
import { ConvertApiToken, ConvertRequestError, NATIVE_TOKEN, type ConvertApi } from './convertApi.js'
import { swaps } from './index.js'

// An in-memory exchange stands in for services/api's convert calls (Node and anvil do not run in the browser); the
// real service and pools are exercised by services/api/convert.integration.test.ts and the end-to-end swap test.
const TETH = { name: 'Test Ether', symbol: 'TETH', address: `eip155:1:${NATIVE_TOKEN}`, decimals: 18, logoUri: iconDataUrl('#627eea', 'E') }
const USDC = {
  name: 'USD Coin',
  symbol: 'USDC',
  address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  decimals: 6,
  logoUri: iconDataUrl('#2775ca', 'U'),
}
const USDT = { name: 'Tether USD', symbol: 'USDT', address: 'eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 }
/** TETH in USD: a quote pays 3000 USDC or USDT per TETH, and 1 for 1 between the two. */
const PRICE = { TETH: 3000, USDC: 1, USDT: 1 } as const

interface ExchangeOptions {
  /** How quotes answer: a price from PRICE, a refusal with this message, or never. @default 'price' */
  quote?: 'price' | 'pending' | { error: string }
  /** What the exchange may spend of the visitor's tokens, smallest unit. @default 0 */
  allowance?: bigint
}

/** The exchange of one story; `allowance` grows when an approval is sent. */
function memoryExchange(options: ExchangeOptions = {}): ConvertApi & { allowance: bigint } {
  const symbolOf = (address: string) => [TETH, USDC, USDT].find((token) => token.address === address)!
  const exchange: ConvertApi & { allowance: bigint } = {
    allowance: options.allowance ?? 0n,
    getTokens: async () => [TETH, USDC, USDT],
    async getQuote({ from, to, amount }) {
      if (options.quote === 'pending') await new Promise(() => {})
      if (typeof options.quote === 'object') throw new ConvertRequestError(options.quote.error, 400)
      const [source, target] = [symbolOf(from), symbolOf(to)]
      const value = (Number(amount) / 10 ** source.decimals) * PRICE[source.symbol as keyof typeof PRICE]
      const out = BigInt(Math.floor((value / PRICE[target.symbol as keyof typeof PRICE]) * 0.997 * 10 ** target.decimals))
      return {
        fromAmount: amount,
        toAmount: out,
        route: [from, to],
        priceImpact: 0.12,
        fees: [{ token: from, amount: (amount * 3n) / 1000n, percent: 0.3 }],
        gas: 120_000n,
      }
    },
    getAllowance: async () => exchange.allowance,
    getGasPrice: async () => ({ standard: 2_000_000_000n, fast: 2_400_000_000n, instant: 3_000_000_000n }),
    // USDT is left unpriced, as a service may leave a token out.
    getPrices: async (tokens) =>
      Object.fromEntries(tokens.flatMap((id) => (id === USDT.address ? [] : [[id, PRICE[symbolOf(id).symbol as keyof typeof PRICE]]]))),
    buildTransaction: async ({ amount, from }) => ({
      to: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
      data: '0x38ed1739',
      value: from === TETH.address ? amount : 0n,
      gasPrice: 2_000_000_000n,
    }),
    async buildApprove({ amount }) {
      exchange.allowance = amount
      return { to: USDC.address.split(':')[2] as `0x${string}`, data: '0x095ea7b3', value: 0n, gasPrice: 2_000_000_000n, reset: false }
    },
  }
  return exchange
}

/** The wallet of the latest story: 1.5 TETH, 250 USDC and no USDT. */
let wallet: TestChain | undefined

/** The Swap view of a connected test wallet that holds 1.5 TETH and 250 USDC, over an in-memory exchange. */
const withExchange = (
  options: ExchangeOptions = {},
  view: 'Swap' | 'Account' = 'Swap',
  networks?: Network[],
  simulate?: TestChainOptions['simulate'],
) => ({
  foyer: connectedStory({
    options: () => {
      wallet = testChain({
        sendTransaction: 'approve',
        ...(networks && { networks }),
        ...(simulate && { simulate }),
        readContract: ({ address }) => (address.toLowerCase() === USDC.address.split(':')[2]!.toLowerCase() ? 250_000_000n : 0n),
      })
      return { services: { api: 'http://127.0.0.1:9' }, plugins: [wallet, swaps()] }
    },
    setup: (kernel) => kernel.container.provide(ConvertApiToken, memoryExchange(options)),
    view,
  }),
})

const meta = {
  title: 'Plugins/Swaps',
  component: ConnectButton,
  parameters: withExchange(),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Chooses the tokens and types the amount (the coin is chosen to pay with until another is picked). */
async function fill(amount: string, { from, to = 'USDC' }: { from?: string; to?: string } = {}) {
  const modal = await withinModal()
  await waitFor(() => expect(modal.getByRole('combobox', { name: 'Token to pay with' })).toHaveTextContent('TETH'))
  if (from) await pick(modal, 'Token to pay with', from)
  await pick(modal, 'Token to receive', to)
  typeInto(modal.getByRole('textbox', { name: 'Amount to pay' }), amount)
  return modal
}

/** The empty form, from the account's Swap action: the coin to pay with and its balance, nothing to review yet. */
export const Empty: Story = {
  parameters: withExchange({}, 'Account'),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Swap' }))
    await modal.findByRole('dialog', { name: 'Swap' })
    await expect(await modal.findByTestId('swap-from-balance')).toHaveTextContent('Balance: 1.5 TETH')
    await waitFor(() => expect(modal.getByRole('combobox', { name: 'Token to pay with' })).toHaveTextContent('TETH'))
    await expect(modal.getByRole('combobox', { name: 'Token to receive' })).toHaveTextContent('Choose a token')
    await expect(modal.getByRole('textbox', { name: 'Amount to pay' })).toHaveValue('')
    await expect(modal.getByRole('button', { name: 'Review swap' })).toBeDisabled()
  },
}
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } }

/** rules §9: while the debounced quote is asked, the view says it is finding the price. */
export const Quoting: Story = {
  parameters: withExchange({ quote: 'pending' }),
  play: async () => {
    const modal = await fill('0.5')
    await expect(await modal.findByText('Finding the best price…')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Review swap' })).toBeDisabled()
  },
}
export const QuotingDark: Story = { ...Quoting, globals: { theme: 'dark' } }

/** The quote: output, rate, price impact, pool fee, network fee, the 1 % slippage and the minimum received. */
export const Quote: Story = {
  play: async () => {
    const modal = await fill('0.5')
    await expect(await modal.findByTestId('swap-output', {}, { timeout: 3000 })).toHaveTextContent('1,495.5 USDC')
    await expect(modal.getByTestId('swap-rate')).toHaveTextContent('1 TETH = 2,991 USDC')
    await expect(modal.getByTestId('swap-price-impact')).toHaveTextContent('0.12 %')
    await expect(modal.getByTestId('swap-pool-fee')).toHaveTextContent('0.3 % (TETH)')
    // 120,000 gas at 2 gwei.
    await expect(modal.getByTestId('swap-network-fee')).toHaveTextContent('0.00024 TETH')
    await expect(modal.getByTestId('swap-slippage')).toHaveTextContent('1 %')
    await expect(modal.getByTestId('swap-minimum')).toHaveTextContent('1,480.545 USDC')
    await expect(modal.getByTestId('swap-route')).toHaveTextContent('TETH → USDC')
    await expect(modal.getByRole('button', { name: 'Review swap' })).toBeEnabled()
    // Fiat values from the service's prices (rules §7 fungible/price): 0.5 TETH at 3000, 1,495.5 USDC at 1.
    await expect(await modal.findByTestId('swap-from-value')).toHaveTextContent('$1,500.00')
    await expect(modal.getByTestId('swap-to-value')).toHaveTextContent('$1,495.50')
  },
}
export const QuoteDark: Story = { ...Quote, globals: { theme: 'dark' } }

/** More than the balance: 'Insufficient balance', and nothing to review. */
export const InsufficientBalance: Story = {
  play: async () => {
    const modal = await fill('2')
    await expect(await modal.findByRole('alert')).toHaveTextContent('Insufficient balance')
    await modal.findByTestId('swap-output', {}, { timeout: 3000 })
    await expect(modal.getByRole('button', { name: 'Review swap' })).toBeDisabled()
    // Max fills in the whole USDC balance, which is enough.
    await pick(modal, 'Token to pay with', 'USDC')
    await pick(modal, 'Token to receive', 'USDT')
    await userEvent.click(modal.getByRole('button', { name: 'Max' }))
    await expect(modal.getByRole('textbox', { name: 'Amount to pay' })).toHaveValue('250')
    await waitFor(() => expect(modal.queryByRole('alert')).toBeNull())
    // The round button between the two sides swaps them.
    await userEvent.click(modal.getByRole('button', { name: 'Swap the two tokens' }))
    await expect(modal.getByRole('combobox', { name: 'Token to pay with' })).toHaveTextContent('USDT')
    await expect(modal.getByRole('combobox', { name: 'Token to receive' })).toHaveTextContent('USDC')
  },
}
export const InsufficientBalanceDark: Story = { ...InsufficientBalance, globals: { theme: 'dark' } }

/** The whole coin balance leaves nothing for the network fee: said in words; Max keeps the fee back. */
export const NoRoomForFee: Story = {
  play: async () => {
    const modal = await fill('1.5')
    await expect(await modal.findByRole('alert')).toHaveTextContent('Insufficient TETH for the network fee')
    await modal.findByTestId('swap-output', {}, { timeout: 3000 })
    await expect(modal.getByRole('button', { name: 'Review swap' })).toBeDisabled()
    await userEvent.click(modal.getByRole('button', { name: 'Max' }))
    // 1.5 TETH less twice 120,000 gas at 2 gwei.
    await expect(modal.getByRole('textbox', { name: 'Amount to pay' })).toHaveValue('1.49952')
    await waitFor(() => expect(modal.queryByRole('alert')).toBeNull())
  },
}

/** rules §4: USDC with no allowance: the preview asks for the approval, and after it the swap. */
export const NeedsApproval: Story = {
  play: async () => {
    const modal = await fill('100', { from: 'USDC', to: 'USDT' })
    await modal.findByTestId('swap-output', {}, { timeout: 3000 })
    await userEvent.click(modal.getByRole('button', { name: 'Review swap' }))
    await expect(await modal.findByText('The exchange needs your approval to spend USDC first.')).toBeVisible()
    await expect(modal.queryByRole('button', { name: 'Swap now' })).toBeNull()
    await userEvent.click(modal.getByRole('button', { name: 'Approve USDC' }))
    await waitFor(() => expect(modal.getByRole('button', { name: 'Swap now' })).toBeEnabled())
    // The wallet was asked to approve exactly the amount, on the token itself.
    await expect(wallet!.wallet.transactions).toEqual([
      expect.objectContaining({ to: USDC.address.split(':')[2], data: '0x095ea7b3', value: 0n }),
    ])
  },
}
export const NeedsApprovalDark: Story = { ...NeedsApproval, globals: { theme: 'dark' } }

/** The preview with what the network's node says the swap will do (docs/previews.md). */
const simulated = (simulate: NonNullable<TestChainOptions['simulate']>) => withExchange({}, 'Swap', undefined, simulate)
const usdcAddress = USDC.address.split(':')[2]!.toLowerCase() as `0x${string}`

/** The simulated effect under the review: the coin leaving, the tokens arriving. */
export const SwapSimulated: Story = {
  parameters: simulated(async () => ({
    status: 'ok',
    outgoing: [{ kind: 'native', amount: 500_000_000_000_000_000n, symbol: 'TETH', decimals: 18 }],
    incoming: [{ kind: 'token', token: usdcAddress, amount: 1_495_500_000n, symbol: 'USDC', decimals: 6 }],
    allowances: [],
  })),
  play: async () => {
    const modal = await fill('0.5')
    await modal.findByTestId('swap-output', {}, { timeout: 3000 })
    await userEvent.click(modal.getByRole('button', { name: 'Review swap' }))
    const list = await modal.findByTestId('simulation')
    await expect(list).toHaveTextContent('You send0.5 TETH')
    await expect(list).toHaveTextContent('You receive1495.5 USDC')
    await waitFor(() => expect(modal.getByRole('button', { name: 'Swap now' })).toBeEnabled())
  },
}
export const SwapSimulatedDark: Story = { ...SwapSimulated, globals: { theme: 'dark' } }

/** A swap the node says would revert: its reason shows before signing, and Swap now is disabled. */
export const SwapWouldFail: Story = {
  parameters: simulated(async () => ({ status: 'reverts', callIndex: 0, reason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT' })),
  play: async () => {
    const modal = await fill('0.5')
    await modal.findByTestId('swap-output', {}, { timeout: 3000 })
    await userEvent.click(modal.getByRole('button', { name: 'Review swap' }))
    await expect(await modal.findByTestId('simulation-reverts')).toHaveTextContent(
      'This swap would fail: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
    )
    await expect(modal.getByRole('button', { name: 'Swap now' })).toBeDisabled()
  },
}
export const SwapWouldFailDark: Story = { ...SwapWouldFail, globals: { theme: 'dark' } }

/** A node without eth_simulateV1: the review says so plainly, and the swap stays possible. */
export const SwapCannotSimulate: Story = {
  parameters: simulated(async () => ({ status: 'unavailable', reason: 'the method eth_simulateV1 does not exist' })),
  play: async () => {
    const modal = await fill('0.5')
    await modal.findByTestId('swap-output', {}, { timeout: 3000 })
    await userEvent.click(modal.getByRole('button', { name: 'Review swap' }))
    await expect(await modal.findByTestId('simulation-unavailable')).toHaveTextContent('This network cannot preview the result')
    await waitFor(() => expect(modal.getByRole('button', { name: 'Swap now' })).toBeEnabled())
  },
}
export const SwapCannotSimulateDark: Story = { ...SwapCannotSimulate, globals: { theme: 'dark' } }

/** rules §8: a quote error is stored and shown as its message. */
export const QuoteError: Story = {
  parameters: withExchange({ quote: { error: 'No pool connects these tokens' } }),
  play: async () => {
    const modal = await fill('0.5')
    await expect(await modal.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('No pool connects these tokens')
    await expect(modal.getByRole('button', { name: 'Review swap' })).toBeDisabled()
  },
}
export const QuoteErrorDark: Story = { ...QuoteError, globals: { theme: 'dark' } }

/** The swap: the wallet signs, the hash shows with a link to the network's explorer. */
export const Swapped: Story = {
  play: async () => {
    const modal = await fill('0.5')
    await modal.findByTestId('swap-output', {}, { timeout: 3000 })
    await userEvent.click(modal.getByRole('button', { name: 'Review swap' }))
    await expect(await modal.findByTestId('swap-receive')).toHaveTextContent('1,495.5 USDC')
    await waitFor(() => expect(modal.getByRole('button', { name: 'Swap now' })).toBeEnabled())
    await userEvent.click(modal.getByRole('button', { name: 'Swap now' }))
    await expect(await modal.findByTestId('swap-hash')).toHaveTextContent(/^0x0+a01$/)
    await expect(modal.getByRole('link', { name: 'View on Testscan' })).toHaveAttribute(
      'href',
      `https://testscan.example/tx/0x${'a01'.padStart(64, '0')}`,
    )
    // The coin goes along with the swap, exactly the amount paid.
    await expect(wallet!.wallet.transactions).toEqual([expect.objectContaining({ value: 5n * 10n ** 17n })])
  },
}
export const SwappedDark: Story = { ...Swapped, globals: { theme: 'dark' } }

/** rules §6: on a network outside the swap networks, the account offers no Swap action. */
export const UnsupportedNetwork: Story = {
  parameters: withExchange({}, 'Account', [{ ...testNetwork, id: 5, name: 'Testnet Five', caipNetworkId: 'eip155:5' }]),
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('button', { name: 'Disconnect' })
    await expect(modal.queryByRole('button', { name: 'Swap' })).toBeNull()
  },
}
