import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { connect, type Kernel } from '../../kernel/index.js'
import { ConnectButton } from '../../kernel/react/index.js'
import { testAddresses, testChain, type TestWalletAnswer } from '../../test/fixtures.js'
import { typeInto, withinModal } from '../../test/stories.js'
import { send } from './index.js'

const connected = async (kernel: Kernel) => {
  await connect(kernel, { connectorId: 'test-wallet-eip155' })
}
const withWallet = (transfer: TestWalletAnswer | 'pending') => ({
  foyer: { options: () => ({ plugins: [testChain({ transfer }), send()] }), setup: connected, view: 'Send' as const },
})

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

/** §5: the exact messages; more than the balance is refused before anything is signed. */
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

/** §5: with no token chosen, 'A token is required'. */
export const TokenRequired: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByTestId('send-balance')
    await userEvent.selectOptions(modal.getByRole('combobox'), '')
    typeInto(modal.getByRole('textbox', { name: 'Amount' }), '1')
    typeInto(modal.getByRole('textbox', { name: 'Receiver address' }), testAddresses.eip155[1])
    await userEvent.click(modal.getByRole('button', { name: 'Preview' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('A token is required')
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

/** A native send shows its hash; the form is reset. */
export const Success: Story = {
  play: async () => {
    const modal = await fill('0.25')
    await userEvent.click(await modal.findByRole('button', { name: 'Send now' }))
    await expect(await modal.findByTestId('send-hash')).toHaveTextContent(/^0x0{63}1$/)
    await userEvent.click(modal.getByRole('button', { name: 'Send more' }))
    await expect(modal.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
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

/** No chain can transfer: the account offers no Send action. */
export const NoTransferCapability: Story = {
  parameters: { foyer: { options: () => ({ plugins: [testChain(), send()] }), setup: connected, view: 'Account' } },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('button', { name: 'Disconnect' })
    await expect(modal.queryByRole('button', { name: 'Send' })).toBeNull()
  },
}
