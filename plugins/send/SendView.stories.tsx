import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { BlockchainApiToken } from 'foyer/query'
import { testAddresses, testChain, type TestChain, type TestChainOptions, type TestWalletAnswer } from '../../test/fixtures.js'
import { memoryBlockchainApi, tokenBalance, type MemoryBlockchainApiOptions } from '../../test/memoryBlockchainApi.js'
import { connectedStory, deepActiveElement, iconDataUrl, pick, typeInto, withinModal } from '../../test/stories.js'
import { send } from './index.js'

/** The Send view of a connected test wallet whose transfers answer `transfer`. */
const withWallet = (transfer: TestWalletAnswer | 'pending', chain: TestChainOptions = {}) => ({
  foyer: connectedStory({ options: () => ({ plugins: [testChain({ transfer, ...chain }), send()] }), view: 'Send' }),
})
// The in-memory service stands in for services/api (Node and anvil do not run in the browser); the
// real service is exercised by the end-to-end send test.
const withApi = (api: MemoryBlockchainApiOptions) => ({
  foyer: connectedStory({
    options: () => ({ plugins: [testChain({ transfer: 'approve' }), send()] }),
    setup: (kernel) => kernel.container.provide(BlockchainApiToken, memoryBlockchainApi(api)),
    view: 'Send',
  }),
})
const usdc = { address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', quantity: { decimals: 6, numeric: '250' } }
const dai = { address: 'eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f', quantity: { decimals: 18, numeric: '12' } }
const holdings = [tokenBalance('ETH', '0.5', 3000), tokenBalance('USDC', '250', 1, usdc)]

const meta = {
  title: 'Plugins/Send',
  component: ConnectButton,
  parameters: withWallet('approve'),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Fills the form: the only token (the native coin) is chosen already; its balance is 1.5 TETH. */
async function fill(amount: string, receiver: string = testAddresses.eip155[1]) {
  const modal = await withinModal()
  await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 1.5 TETH')
  typeInto(modal.getByRole('textbox', { name: 'Amount' }), amount)
  typeInto(modal.getByRole('textbox', { name: 'Receiver address' }), receiver)
  await userEvent.click(modal.getByRole('button', { name: 'Preview' }))
  return modal
}

/** The empty form, reached from the account's Send action. */
export const Empty: Story = {
  parameters: { foyer: { ...withWallet('approve').foyer, view: 'Account' } },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Send' }))
    await modal.findByRole('dialog', { name: 'Send' })
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 1.5 TETH')
    await expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
    await expect(modal.getByRole('textbox', { name: 'Receiver address' })).toHaveValue('')
  },
}
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } }

/** rules §5: the exact messages; more than the balance is refused before anything is signed. */
export const ValidationErrors: Story = {
  play: async () => {
    const modal = await fill('', '')
    await expect(await modal.findByRole('alert')).toHaveTextContent('An amount and receiver address are required')
    typeInto(modal.getByRole('textbox', { name: 'Amount' }), '1')
    typeInto(modal.getByRole('textbox', { name: 'Receiver address' }), testAddresses.solana[0])
    await userEvent.click(modal.getByRole('button', { name: 'Preview' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('The receiver address is not valid on this network')
    typeInto(modal.getByRole('textbox', { name: 'Receiver address' }), testAddresses.eip155[1])
    typeInto(modal.getByRole('textbox', { name: 'Amount' }), '2')
    await userEvent.click(modal.getByRole('button', { name: 'Preview' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('The amount is more than your balance')
    // Max fills in the whole balance, which passes.
    await userEvent.click(modal.getByRole('button', { name: 'Max' }))
    await expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue('1.5')
  },
}
export const ValidationErrorsDark: Story = { ...ValidationErrors, globals: { theme: 'dark' } }

/** rules §5: with several tokens and no native coin none is chosen for the visitor: 'A token is required'. */
export const TokenRequired: Story = {
  parameters: withApi({ balances: [tokenBalance('USDC', '250', 1, usdc), tokenBalance('DAI', '12', 1, dai)] }),
  play: async () => {
    const modal = await withinModal()
    await waitFor(() => expect(modal.getByRole('combobox', { name: 'Token' })).toHaveTextContent('Choose a token'))
    typeInto(modal.getByRole('textbox', { name: 'Amount' }), '1')
    typeInto(modal.getByRole('textbox', { name: 'Receiver address' }), testAddresses.eip155[1])
    await userEvent.click(modal.getByRole('button', { name: 'Preview' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('A token is required')
  },
}

/**
 * rules §3: the native coin is chosen while the account holds tokens too, so Preview works at once; the picker lists
 * every token with its network, balance and worth, and the network balance in USD shows above the amount.
 */
export const Tokens: Story = {
  parameters: withApi({ balances: holdings }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('send-network-balance')).toHaveTextContent('On this network: $1,750.00')
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 0.5 ETH')
    typeInto(modal.getByRole('textbox', { name: 'Amount' }), '0.1')
    await expect(modal.getByTestId('send-amount-value')).toHaveTextContent('$300.00')
    await pick(modal, 'Token', 'USDC')
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 250 USDC')
    await userEvent.click(modal.getByRole('button', { name: 'Max' }))
    await expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue('250')
  },
}
export const TokensDark: Story = { ...Tokens, globals: { theme: 'dark' } }

/** The keyboard alone: arrows move through the list, Enter chooses, Escape closes it and leaves the dialog open. */
export const TokenPickerKeyboard: Story = {
  parameters: withApi({ balances: holdings }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 0.5 ETH')
    const picker = modal.getByRole('combobox', { name: 'Token' })
    picker.focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(picker).toHaveAttribute('aria-expanded', 'true')
    const list = modal.getByRole('listbox', { name: 'Token' })
    await expect(modal.getByRole('option', { name: 'ETH, Testnet One, 0.5, $1,500.00' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowDown}')
    await expect(picker.getAttribute('aria-activedescendant')).toBe(modal.getByRole('option', { name: /^USDC,/ }).id)
    await userEvent.keyboard('{Escape}')
    await expect(list).not.toBeInTheDocument()
    await expect(modal.getByRole('dialog', { name: 'Send' })).toBeVisible()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 250 USDC')
    await expect(deepActiveElement()).toBe(picker)
  },
}

/** A long list gets a search field: typing filters by symbol or name, the arrows and Enter choose from what is left. */
export const TokenSearch: Story = {
  parameters: withApi({
    balances: [
      ...holdings,
      ...['DAI', 'LINK', 'UNI', 'AAVE', 'WBTC'].map((symbol, index) =>
        tokenBalance(symbol, '1', 1, { address: `eip155:1:0x${String(index + 1).repeat(40)}`, name: `${symbol} token` }),
      ),
    ],
  }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 0.5 ETH')
    await userEvent.click(modal.getByRole('combobox', { name: 'Token' }))
    const search = await modal.findByRole('combobox', { name: 'Search tokens' })
    await expect(modal.getAllByRole('option')).toHaveLength(7)
    typeInto(search, 'li')
    await waitFor(() =>
      expect(modal.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['LINK, Testnet One, 1, $1.00']),
    )
    typeInto(search, 'zzz')
    await expect(await modal.findByText('No token matches')).toBeVisible()
    typeInto(search, 'u')
    await waitFor(() => expect(modal.getAllByRole('option')).toHaveLength(2))
    search.focus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 1 UNI')
  },
}

/** The data service failed: its rules §8 toast shows, and the native coin can still be sent. */
export const BalancesUnavailable: Story = {
  parameters: withApi({ failWith: 503 }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Token Balance Unavailable')
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 1.5 TETH')
    await expect(modal.queryByTestId('send-network-balance')).toBeNull()
  },
}
export const BalancesUnavailableDark: Story = { ...BalancesUnavailable, globals: { theme: 'dark' } }

/** No balance can be read on this chain: nothing to send. */
export const NothingToSend: Story = {
  parameters: withWallet('approve', { balance: false }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Nothing to send on this network.')).toBeVisible()
  },
}
export const NothingToSendDark: Story = { ...NothingToSend, globals: { theme: 'dark' } }

/** The chain's balance read failed: the form says so. */
export const BalancesFailed: Story = {
  parameters: {
    foyer: connectedStory({
      options: () => {
        const chain = testChain({ transfer: 'approve' })
        chain.wallet.balanceAnswer = 'fail'
        return { plugins: [chain, send()] }
      },
      view: 'Send',
    }),
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Your balances could not be loaded. Try again later.')
  },
}
export const BalancesFailedDark: Story = { ...BalancesFailed, globals: { theme: 'dark' } }

/** rules §3: a receiver the data service knows shows with its name and avatar, in the form and the preview. */
export const ReceiverProfile: Story = {
  parameters: withApi({
    balances: holdings,
    identities: { [testAddresses.eip155[1]]: { name: 'bob.eth', avatar: iconDataUrl('#7c3aed', 'B') } },
  }),
  play: async () => {
    const modal = await withinModal()
    typeInto(await modal.findByRole('textbox', { name: 'Receiver address' }), testAddresses.eip155[1])
    await expect(await modal.findByTestId('send-receiver-profile')).toHaveTextContent('bob.eth')
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 0.5 ETH')
    typeInto(modal.getByRole('textbox', { name: 'Amount' }), '0.1')
    await userEvent.click(modal.getByRole('button', { name: 'Preview' }))
    await expect(await modal.findByTestId('send-to-name')).toHaveTextContent('bob.eth')
    await userEvent.click(modal.getByRole('button', { name: 'Edit' }))
    // Another receiver drops the name at once.
    typeInto(modal.getByRole('textbox', { name: 'Receiver address' }), testAddresses.eip155[0])
    await waitFor(() => expect(modal.queryByTestId('send-receiver-profile')).toBeNull())
  },
}
export const ReceiverProfileDark: Story = { ...ReceiverProfile, globals: { theme: 'dark' } }

/** Max on the native coin holds back what the chain says the fee may cost (0.01 TETH here). */
export const MaxHoldsBackTheFee: Story = {
  parameters: withWallet('approve', { transferFee: 10n ** 16n }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 1.5 TETH')
    await userEvent.click(modal.getByRole('button', { name: 'Max' }))
    await waitFor(() => expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue('1.49'))
  },
}

/** The preview: from, to, amount and network. */
export const Preview: Story = {
  play: async () => {
    const modal = await fill('0.25')
    await expect(await modal.findByLabelText('Preview')).toHaveTextContent('Testnet One')
    await expect(modal.getByTestId('send-amount')).toHaveTextContent('0.25 TETH')
    await expect(modal.getByTestId('send-to')).toHaveTextContent(testAddresses.eip155[1])
  },
}
export const PreviewDark: Story = { ...Preview, globals: { theme: 'dark' } }

/** The preview with what the network's node says the transfer will do (docs/previews.md). */
const simulated = (simulate: NonNullable<TestChainOptions['simulate']>) => withWallet('approve', { simulate })
const spender = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad'

/** The simulated effect under the preview: what leaves, what arrives, and an unlimited allowance flagged. */
export const PreviewSimulated: Story = {
  parameters: simulated(async () => ({
    status: 'ok',
    outgoing: [{ kind: 'native', amount: 250_000_000_000_000_000n, symbol: 'TETH', decimals: 18 }],
    incoming: [{ kind: 'nft', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3', tokenId: 7n, amount: 1n, symbol: 'PASS', decimals: 0 }],
    allowances: [
      {
        kind: 'token',
        token: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
        spender,
        amount: 2n ** 256n - 1n,
        symbol: 'USDC',
        decimals: 6,
        unlimited: true,
      },
    ],
  })),
  play: async () => {
    const modal = await fill('0.25')
    const list = await modal.findByTestId('simulation')
    await expect(list).toHaveTextContent('You send0.25 TETH')
    await expect(list).toHaveTextContent('You receivePASS #7')
    await expect(list).toHaveTextContent('AllowanceUnlimited USDC to 0x3fc9…7fad')
    await expect(modal.getByRole('button', { name: 'Send now' })).toBeEnabled()
  },
}
export const PreviewSimulatedDark: Story = { ...PreviewSimulated, globals: { theme: 'dark' } }

/** A transfer the node says would revert: its reason shows before signing, and Send now is disabled. */
export const PreviewWouldFail: Story = {
  parameters: simulated(async () => ({ status: 'reverts', callIndex: 0, reason: 'Transfers are paused' })),
  play: async () => {
    const modal = await fill('0.25')
    await expect(await modal.findByRole('alert')).toHaveTextContent('This transfer would fail: Transfers are paused')
    await expect(modal.getByRole('button', { name: 'Send now' })).toBeDisabled()
  },
}
export const PreviewWouldFailDark: Story = { ...PreviewWouldFail, globals: { theme: 'dark' } }

/** A node without eth_simulateV1: the preview says so plainly, and sending stays possible. */
export const PreviewCannotSimulate: Story = {
  parameters: simulated(async () => ({ status: 'unavailable', reason: 'the method eth_simulateV1 does not exist' })),
  play: async () => {
    const modal = await fill('0.25')
    await expect(await modal.findByTestId('simulation-unavailable')).toHaveTextContent('This network cannot preview the result')
    await expect(modal.getByRole('button', { name: 'Send now' })).toBeEnabled()
  },
}
export const PreviewCannotSimulateDark: Story = { ...PreviewCannotSimulate, globals: { theme: 'dark' } }

/** Waiting for the wallet: the button is busy. */
export const Sending: Story = {
  parameters: withWallet('pending'),
  play: async () => {
    const modal = await fill('0.25')
    await userEvent.click(await modal.findByRole('button', { name: 'Send now' }))
    await expect(await modal.findByText('Confirm the transfer in your wallet')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Send now' })).toBeDisabled()
  },
}
export const SendingDark: Story = { ...Sending, globals: { theme: 'dark' } }

/** The test chain of the latest Success story: its wallet's balance drops when it sends. */
let sender: TestChain | undefined

/** A native send shows its hash and a link to the network's explorer; the form is reset and the balance read again. */
export const Success: Story = {
  parameters: {
    foyer: connectedStory({
      options: () => {
        sender = testChain({ transfer: 'approve' })
        return { plugins: [sender, send()] }
      },
      view: 'Send',
    }),
  },
  play: async () => {
    const modal = await fill('0.25')
    // What the chain will say after the transfer.
    sender!.wallet.balance = 125n * 10n ** 16n
    await userEvent.click(await modal.findByRole('button', { name: 'Send now' }))
    await expect(await modal.findByTestId('send-hash')).toHaveTextContent(/^0x0{63}1$/)
    await expect(modal.getByRole('link', { name: 'View on Testscan' })).toHaveAttribute(
      'href',
      `https://testscan.example/tx/0x${'1'.padStart(64, '0')}`,
    )
    await userEvent.click(modal.getByRole('button', { name: 'Send more' }))
    await expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
    await expect(await modal.findByTestId('send-balance')).toHaveTextContent('Balance: 1.25 TETH')
  },
}
export const SuccessDark: Story = { ...Success, globals: { theme: 'dark' } }

/** A refused signature shows why and keeps the form. */
export const Rejected: Story = {
  parameters: withWallet('reject'),
  play: async () => {
    const modal = await fill('0.25')
    await userEvent.click(await modal.findByRole('button', { name: 'Send now' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('You declined the transfer in your wallet')
    await userEvent.click(modal.getByRole('button', { name: 'Edit' }))
    await waitFor(() => expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue('0.25'))
    await expect(modal.getByRole('textbox', { name: 'Receiver address' })).toHaveValue(testAddresses.eip155[1])
  },
}
export const RejectedDark: Story = { ...Rejected, globals: { theme: 'dark' } }

/** The form outlives the view: going to Networks and back finds what was typed. */
export const KeepsTheForm: Story = {
  parameters: { foyer: { ...withWallet('approve').foyer, view: 'Account' } },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Send' }))
    await modal.findByTestId('send-balance')
    typeInto(modal.getByRole('textbox', { name: 'Amount' }), '0.3')
    typeInto(modal.getByRole('textbox', { name: 'Receiver address' }), testAddresses.eip155[1])
    await userEvent.click(modal.getByRole('button', { name: 'Back' }))
    await userEvent.click(await modal.findByRole('button', { name: 'Send' }))
    await expect(await modal.findByRole('textbox', { name: 'Amount' })).toHaveValue('0.3')
    await expect(modal.getByRole('textbox', { name: 'Receiver address' })).toHaveValue(testAddresses.eip155[1])
  },
}

/** No chain can transfer: the account offers no Send action. */
export const NoTransferCapability: Story = {
  parameters: { foyer: connectedStory({ options: () => ({ plugins: [testChain(), send()] }) }) },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('button', { name: 'Disconnect' })
    await expect(modal.queryByRole('button', { name: 'Send' })).toBeNull()
  },
}

/** EVM connected without the transfer capability; Solana has it. */
const onlyOtherChainTransfers = () => ({ plugins: [testChain(), testChain({ namespace: 'solana', transfer: 'approve' }), send()] })

/** Another chain can transfer, but not the connected one: no Send action for this account. */
export const ConnectedChainCannotTransfer: Story = {
  parameters: { foyer: connectedStory({ options: onlyOtherChainTransfers }) },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('button', { name: 'Disconnect' })
    await expect(modal.queryByRole('button', { name: 'Send' })).toBeNull()
  },
}

/** Reached anyway (a link, or the account changed chains while open): the view says it cannot send here. */
export const Unsupported: Story = {
  parameters: { foyer: connectedStory({ options: onlyOtherChainTransfers, view: 'Send' }) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Sending is not available on this network.')).toBeVisible()
  },
}
