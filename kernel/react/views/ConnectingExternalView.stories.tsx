import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { testChain, testConnector } from '../../../test/fixtures.js'
import { iconDataUrl, withinModal } from '../../../test/stories.js'
import { ConnectButton } from '../ConnectButton.js'

const amber = testConnector({ id: 'amber', name: 'Amber Wallet', imageUrl: iconDataUrl('#d97706', 'A') })

const meta = {
  title: 'Views/ConnectingExternal',
  component: ConnectButton,
  parameters: {
    foyer: {
      options: () => ({ plugins: [testChain({ connectors: [amber], connectDelayMs: 60_000 })] }),
      view: 'ConnectingExternal',
      params: { connectorId: 'amber' },
    },
  },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Waiting for the visitor to accept in the wallet: the dialog is named after the wallet. */
export const Waiting: Story = {
  play: async ({ canvas }) => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Amber Wallet' })
    await expect(modal.getByText('Continue in Amber Wallet')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Connecting…' })).toBeVisible()
  },
}

export const WaitingDark: Story = { ...Waiting, globals: { theme: 'dark' } }

/** The visitor said no: 'Connection rejected' (rules §8) and a retry that asks again. */
export const Rejected: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: [testChain({ connectors: [amber], connect: 'reject' })] }),
      view: 'ConnectingExternal',
      params: { connectorId: 'amber' },
    },
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Connection rejected')
    await userEvent.click(modal.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(modal.getByRole('alert')).toHaveTextContent('Connection rejected'))
  },
}

export const RejectedDark: Story = { ...Rejected, globals: { theme: 'dark' } }

/** The wallet failed: 'Failed to connect' (rules §8). */
export const Failed: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: [testChain({ connectors: [amber], connect: 'fail' })] }),
      view: 'ConnectingExternal',
      params: { connectorId: 'amber' },
    },
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to connect')
  },
}
