import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { testChain, testConnector } from '../../test/fixtures.js'
import { connectedStory, withinModal } from '../../test/stories.js'
import { wallets } from './index.js'

/** Two wallets connected on EVM, one after the other: the second (the test wallet) is active. */
const options =
  (features = {}) =>
  () => ({
    plugins: [testChain({ connectors: [testConnector(), testConnector({ id: 'other', name: 'Other Wallet' })] }), wallets()],
    features,
  })
const story = (features = {}) => connectedStory({ options: options(features), connectorIds: ['other', 'test-wallet-eip155'] })

const meta = {
  title: 'Plugins/Wallets/ProfileWallets',
  component: ConnectButton,
  parameters: { foyer: story() },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

async function openWallets() {
  const modal = await withinModal()
  await userEvent.click(await modal.findByRole('button', { name: 'Your wallets' }))
  const dialog = await modal.findByRole('dialog', { name: 'Your wallets' })
  // The view loads on demand: a placeholder stands in until its code is there.
  await waitFor(() => expect(dialog.querySelector('[data-view-skeleton]')).toBeNull())
  return modal
}

/** Both connections, each with its connector; the active one marked and not a button to press. */
export const Default: Story = {
  play: async () => {
    const modal = await openWallets()
    const rows = await modal.findAllByTestId('profile-wallet')
    await expect(rows).toHaveLength(2)
    await expect(rows[0]).toHaveTextContent('Other Wallet')
    await expect(rows[1]).toHaveTextContent('Test Wallet')
    await expect(rows[1]).toHaveTextContent('Active')
    await expect(modal.getByRole('button', { name: /^Test Wallet/ })).toBeDisabled()
    await expect(modal.getByRole('button', { name: /^Other Wallet/ })).toBeEnabled()
  },
}

export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** Switching makes the other wallet the active one. */
export const Switch: Story = {
  play: async () => {
    const modal = await openWallets()
    await userEvent.click(await modal.findByRole('button', { name: /^Other Wallet/ }))
    await waitFor(() => expect(modal.getByRole('button', { name: /^Other Wallet/ })).toBeDisabled())
    await expect(modal.getByRole('button', { name: /^Test Wallet/ })).toBeEnabled()
  },
}

/** Removing forgets an inactive wallet. */
export const Remove: Story = {
  play: async () => {
    const modal = await openWallets()
    await userEvent.click(await modal.findByRole('button', { name: 'Remove Other Wallet' }))
    await waitFor(() => expect(modal.getAllByTestId('profile-wallet')).toHaveLength(1))
    await expect(modal.queryByRole('button', { name: /^Other Wallet/ })).toBeNull()
  },
}

/** Add wallet goes to Connect. */
export const Add: Story = {
  play: async () => {
    const modal = await openWallets()
    await userEvent.click(await modal.findByRole('button', { name: 'Add wallet' }))
    await modal.findByRole('dialog', { name: 'Connect a wallet' })
  },
}

/** rules §6: multi-wallet off in the project's configuration: an info note and no list. */
export const MultiWalletOff: Story = {
  parameters: { foyer: story({ multiWallet: false }) },
  play: async () => {
    const modal = await openWallets()
    await expect(await modal.findByText('Several wallets at once are not enabled for this project.')).toBeVisible()
    await expect(modal.queryAllByTestId('profile-wallet')).toHaveLength(0)
  },
}

export const MultiWalletOffDark: Story = { ...MultiWalletOff, globals: { theme: 'dark' } }
