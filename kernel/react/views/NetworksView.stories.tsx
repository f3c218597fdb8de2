import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { connect } from '../../actions/connect.js'
import type { Kernel } from '../../core/createKernel.js'
import { openModal } from '../../core/modal.js'
import { testChain } from '../../../test/fixtures.js'
import { withinModal } from '../../../test/stories.js'
import { ConnectButton } from '../ConnectButton.js'

const connected = async (kernel: Kernel) => {
  await connect(kernel, { connectorId: 'test-wallet-eip155' })
  openModal(kernel, { view: 'Account' })
  kernel.router.push('Networks')
}

const meta = {
  title: 'Views/Networks',
  component: ConnectButton,
  // Storybook merges parameters deeply, so the connected setup is given per story, not here.
  parameters: { foyer: { options: () => ({ plugins: [testChain()] }) } },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Every configured network; the connected one is marked. */
export const Default: Story = {
  parameters: { foyer: { setup: connected } },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Choose network' })
    const current = await modal.findByRole('button', { name: 'Testnet One Connected' })
    await expect(current).toHaveAttribute('aria-current', 'true')
    await expect(modal.getByRole('button', { name: 'Testnet Ten' })).toBeEnabled()
  },
}

export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** Choosing a network switches the wallet and goes back to the account on the new network. */
export const Switches: Story = {
  parameters: { foyer: { setup: connected } },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Testnet Ten' }))
    await modal.findByRole('dialog', { name: 'Account' })
    await expect(await modal.findByRole('button', { name: 'Testnet Ten Network' })).toBeVisible()
  },
}

/** A wallet that fails to switch leaves the list usable and says so. */
export const SwitchFails: Story = {
  parameters: { foyer: { options: () => ({ plugins: [testChain({ switchNetwork: 'fail' })] }), setup: connected } },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Testnet Ten' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('The network could not be switched.')
    await waitFor(() => expect(modal.getByRole('button', { name: 'Testnet Ten' })).toBeEnabled())
  },
}

export const SwitchFailsDark: Story = { ...SwitchFails, globals: { theme: 'dark' } }

/** Before connecting, networks are listed but cannot be chosen. */
export const NotConnected: Story = {
  parameters: { foyer: { options: () => ({ plugins: [testChain()] }), view: 'Networks' } },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('button', { name: 'Testnet One' })).toBeDisabled()
    await expect(modal.getByRole('button', { name: 'Testnet Ten' })).toBeDisabled()
  },
}

/** With no chain plugin there are no networks. */
export const Empty: Story = {
  parameters: { foyer: { options: () => ({ plugins: [] }), view: 'Networks' } },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('No networks are configured.')).toBeVisible()
  },
}

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } }
