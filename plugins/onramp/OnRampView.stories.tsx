import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import type { Kernel } from 'foyer'
import { ConnectButton } from 'foyer/react'
import { testChain, testNetworkB } from '../../test/fixtures.js'
import { memoryOnrampApi, type MemoryOnrampOptions } from '../../test/memoryOnrampApi.js'
import { connectedStory, pick, typeInto, withinModal } from '../../test/stories.js'
import { onramp } from './index.js'
import { OnrampApiToken, type OnrampOrder } from './onrampApi.js'
import type { OnrampState } from './onrampState.js'

// An in-memory on-ramp stands in for services/api's on-ramp calls (Node, anvil and the treasury do not run in the
// browser); the real service and its payouts are exercised by services/api/onramp/onramp.integration.test.ts and end to end.

/** The on-ramp of a connected test wallet on Testnet One (eip155:1), opened at `view`. */
const withOnramp = (
  options: MemoryOnrampOptions = {},
  view: 'OnRamp' | 'BuyInProgress' | 'Account' = 'OnRamp',
  state?: Partial<OnrampState>,
  chainOptions: Parameters<typeof testChain>[0] = {},
) => ({
  foyer: connectedStory({
    options: () => ({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain(chainOptions), onramp({ timeZone: 'Europe/Paris' })] }),
    setup: (kernel: Kernel) => {
      kernel.container.provide(OnrampApiToken, memoryOnrampApi(options).api)
      if (state) kernel.store.update('onramp', (current) => ({ ...current, ...state }))
    },
    view,
  }),
})

const meta = {
  title: 'Plugins/OnRamp',
  component: ConnectButton,
  parameters: withOnramp(),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Types the amount; USDC is chosen by default (rules §3). */
async function typeAmount(amount: string) {
  const modal = await withinModal()
  await waitFor(() => expect(modal.getByRole('combobox', { name: 'Token to buy' })).toHaveTextContent('USDC'))
  typeInto(modal.getByRole('textbox', { name: 'Amount to pay' }), amount)
  return modal
}

/** From the account's Buy action: USDC, USD, card with its rules §9 limits; nothing quoted yet. */
export const Empty: Story = {
  parameters: withOnramp({}, 'Account'),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Buy' }))
    await modal.findByRole('dialog', { name: 'Buy crypto' })
    await waitFor(() => expect(modal.getByRole('combobox', { name: 'Token to buy' })).toHaveTextContent('USDC'))
    await expect(modal.getByRole('combobox', { name: 'Currency to pay with' })).toHaveTextContent('USD')
    await expect(modal.getByRole('combobox', { name: 'Payment method' })).toHaveTextContent('Card')
    await expect(modal.getByText('Between 10.00 and 7500.00 USD')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Continue' })).toBeDisabled()
  },
}
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } }

/** rules §4: the loading flag while the providers are asked. */
export const Quoting: Story = {
  parameters: withOnramp({ quotes: { meld: 'pending', coinbase: 'pending' } }),
  play: async () => {
    const modal = await typeAmount('50')
    await expect(await modal.findByText('Getting quotes…')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Continue' })).toBeDisabled()
  },
}
export const QuotingDark: Story = { ...Quoting, globals: { theme: 'dark' } }

/** Both providers quoted: what 50 USD buys after each fee; the better offer (meld, 1 %) selected. */
export const Quotes: Story = {
  play: async () => {
    const modal = await typeAmount('50')
    await expect(await modal.findByTestId('onramp-provider-meld')).toHaveTextContent('49.5 USDC · Fee 0.50 USD')
    await expect(modal.getByTestId('onramp-provider-coinbase')).toHaveTextContent('49 USDC · Fee 1.00 USD')
    await expect(modal.getByTestId('onramp-provider-meld')).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(modal.getByTestId('onramp-provider-coinbase'))
    await expect(modal.getByTestId('onramp-provider-coinbase')).toHaveAttribute('aria-pressed', 'true')
    await expect(modal.getByRole('button', { name: 'Continue with Coinbase' })).toBeEnabled()
  },
}
export const QuotesDark: Story = { ...Quotes, globals: { theme: 'dark' } }

/** ETH instead of USDC, paid in EUR by bank account (its own limits). */
export const OtherTokenAndCurrency: Story = {
  play: async () => {
    const modal = await withinModal()
    await waitFor(() => expect(modal.getByRole('combobox', { name: 'Token to buy' })).toHaveTextContent('USDC'))
    await pick(modal, 'Token to buy', 'ETH')
    await pick(modal, 'Currency to pay with', 'EUR')
    await pick(modal, 'Payment method', 'Bank account')
    await expect(modal.getByText('Between 10.00 and 25000.00 EUR')).toBeVisible()
    typeInto(modal.getByRole('textbox', { name: 'Amount to pay' }), '9000')
    await expect(await modal.findByTestId('onramp-provider-coinbase')).toHaveTextContent('2.94 ETH · Fee 180.00 EUR')
  },
}

/** A short list without search: a letter goes to the option starting with it, Space chooses it. */
export const PickerTypeAhead: Story = {
  play: async () => {
    const modal = await withinModal()
    const method = await modal.findByRole('combobox', { name: 'Payment method' })
    await expect(method).toHaveTextContent('Card')
    method.focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(modal.queryByRole('combobox', { name: 'Search' })).toBeNull()
    await userEvent.keyboard('b')
    await expect(method.getAttribute('aria-activedescendant')).toBe(modal.getByRole('option', { name: 'Bank account' }).id)
    await userEvent.keyboard(' ')
    await expect(method).toHaveTextContent('Bank account')
    await expect(method).toHaveAttribute('aria-expanded', 'false')
    await expect(modal.getByText('Between 10.00 and 25000.00 USD')).toBeVisible()
  },
}

/** rules §9: an amount outside the card's limits is refused before any provider is asked. */
export const OutsideLimits: Story = {
  play: async () => {
    const modal = await typeAmount('7500.01')
    await expect(await modal.findByRole('alert')).toHaveTextContent('Enter an amount between 10.00 and 7500.00 USD')
    await expect(modal.queryByTestId('onramp-provider-meld')).toBeNull()
    await expect(modal.getByRole('button', { name: 'Continue' })).toBeDisabled()
  },
}
/** A format problem is named as such ('1e2', '50.005'); without a quote the main button is just 'Continue'. */
export const BadFormat: Story = {
  play: async () => {
    const modal = await typeAmount('1e2')
    await expect(await modal.findByRole('alert')).toHaveTextContent('Enter the amount in digits, such as 50 or 50.25')
    typeInto(modal.getByRole('textbox', { name: 'Amount to pay' }), '50.005')
    await waitFor(() => expect(modal.getByRole('alert')).toHaveTextContent('Use at most 2 decimals'))
    const button = modal.getByRole('button', { name: 'Continue' })
    await expect(button).toBeDisabled()
    await expect(button.textContent?.trim()).toBe('Continue')
  },
}

export const OutsideLimitsDark: Story = { ...OutsideLimits, globals: { theme: 'dark' } }

/** rules §8: a provider's quote error is shown as its message; the other provider is still offered. */
export const QuoteError: Story = {
  parameters: withOnramp({ quotes: { meld: { error: 'Unsupported purchase currency: USDC' } } }),
  play: async () => {
    const modal = await typeAmount('50')
    await expect(await modal.findByTestId('onramp-provider-meld')).toHaveTextContent('Unsupported purchase currency: USDC')
    await expect(modal.getByTestId('onramp-provider-meld')).toBeDisabled()
    await expect(modal.getByTestId('onramp-provider-coinbase')).toHaveAttribute('aria-pressed', 'true')
  },
}
export const QuoteErrorDark: Story = { ...QuoteError, globals: { theme: 'dark' } }

/** The options are loading. */
export const OptionsLoading: Story = { parameters: withOnramp({ options: 'pending' }) }

/** The options could not be read. */
export const OptionsError: Story = {
  parameters: withOnramp({ options: 'error' }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('The on-ramp could not be loaded. Try again later.')
  },
}

/** Nothing is sold on the connected network. */
export const UnsupportedNetwork: Story = {
  parameters: withOnramp({}, 'OnRamp', undefined, { networks: [testNetworkB] }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Buying crypto is not available on this network.')).toBeVisible()
  },
}

const order = (status: OnrampOrder['status'], extra: Partial<OnrampOrder> = {}): OnrampOrder => ({
  id: 'order-1',
  provider: 'coinbase',
  status,
  networkId: 'eip155:1',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  purchaseCurrency: 'USDC',
  purchaseAmount: '49',
  paymentTotal: '50.00',
  paymentCurrency: 'USD',
  ...extra,
})

/** The checkout is opening. */
export const BuyOpening: Story = {
  parameters: withOnramp({}, 'BuyInProgress', { checkout: 'opening' }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('onramp-progress')).toHaveTextContent('Opening the checkout…')
  },
}

/** The provider's window is open; the order waits for the visitor there. */
export const BuyWaiting: Story = {
  parameters: withOnramp({}, 'BuyInProgress', { checkout: 'open', order: order('created') }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('onramp-progress')).toHaveTextContent('Complete the purchase in the Coinbase window.')
  },
}
export const BuyWaitingDark: Story = { ...BuyWaiting, globals: { theme: 'dark' } }

/** The browser blocked the window: a link opens the checkout instead. */
export const BuyBlocked: Story = {
  parameters: withOnramp({}, 'BuyInProgress', { checkout: 'blocked', checkoutUrl: 'https://checkout.example/order-1' }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('onramp-progress')).toHaveTextContent('Your browser blocked the checkout window.')
    await expect(modal.getByRole('link', { name: 'Open the checkout' })).toHaveAttribute('href', 'https://checkout.example/order-1')
  },
}

/** Paid: the funds are on their way. */
export const BuyPaying: Story = {
  parameters: withOnramp({}, 'BuyInProgress', { checkout: 'open', order: order('paying') }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('onramp-progress')).toHaveTextContent('Payment received. 49 USDC is on its way to your wallet.')
  },
}

/** The funds arrived, with the payout's hash. */
export const BuyPaid: Story = {
  parameters: withOnramp({}, 'BuyInProgress', { checkout: 'open', order: order('paid', { hash: `0x${'ab'.repeat(32)}` }) }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('onramp-paid')).toHaveTextContent('49 USDC arrived in your wallet.')
    await expect(modal.getByTestId('onramp-hash')).toHaveTextContent(`0x${'ab'.repeat(32)}`)
    await expect(modal.getByRole('button', { name: 'Buy again' })).toBeVisible()
  },
}
export const BuyPaidDark: Story = { ...BuyPaid, globals: { theme: 'dark' } }

/** The provider took the payment but could not deliver. */
export const BuyFailed: Story = {
  parameters: withOnramp({}, 'BuyInProgress', { checkout: 'open', order: order('failed', { failure: 'The treasury is empty' }) }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('The purchase could not be delivered: The treasury is empty')
  },
}

/** Cancelled on the provider's page. */
export const BuyCancelled: Story = {
  parameters: withOnramp({}, 'BuyInProgress', { checkout: 'open', order: order('cancelled') }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('onramp-ended')).toHaveTextContent('The purchase was cancelled.')
  },
}

/** The window was closed without paying. */
export const BuyClosed: Story = {
  parameters: withOnramp({}, 'BuyInProgress', { checkout: 'closed', order: order('created') }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('onramp-ended')).toHaveTextContent('The checkout was closed without paying.')
    await expect(modal.getByRole('button', { name: 'Back' })).toBeVisible()
  },
}
export const BuyClosedDark: Story = { ...BuyClosed, globals: { theme: 'dark' } }

/** Continue with a provider: the order opens and the buy view follows it (the window blocked here, so no popup). */
export const ContinueToCheckout: Story = {
  play: async () => {
    const modal = await typeAmount('50')
    await userEvent.click(await modal.findByTestId('onramp-provider-coinbase'))
    const open = window.open
    window.open = () => null
    try {
      await userEvent.click(modal.getByRole('button', { name: 'Continue with Coinbase' }))
      await modal.findByRole('dialog', { name: 'Buy in progress' })
      await expect(await modal.findByRole('link', { name: 'Open the checkout' })).toHaveAttribute(
        'href',
        'https://checkout.example/order-1',
      )
    } finally {
      window.open = open
    }
  },
}

/** rules §6: a visitor in a restricted time zone (Asia/Shanghai) is not offered the Buy action. */
export const RestrictedTimeZone: Story = {
  parameters: {
    foyer: connectedStory({
      options: () => ({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain(), onramp({ timeZone: 'Asia/Shanghai' })] }),
      setup: (kernel: Kernel) => kernel.container.provide(OnrampApiToken, memoryOnrampApi().api),
    }),
  },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('button', { name: 'Disconnect' })
    await expect(modal.queryByRole('button', { name: 'Buy' })).toBeNull()
  },
}
