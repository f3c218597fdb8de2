import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { testAddresses, testChain } from '../../test/fixtures.js'
import { scanQrSvg } from '../../test/scanQrCode.js'
import { connectedStory, withinModal } from '../../test/stories.js'
import { receive } from './index.js'

const meta = {
  title: 'Plugins/Receive',
  component: ConnectButton,
  parameters: { foyer: connectedStory({ options: () => ({ plugins: [testChain(), receive()] }) }) },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** From the account: the address as a QR code and text, and the networks it receives on. */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Receive' }))
    await modal.findByRole('dialog', { name: 'Receive' })
    const qr = await modal.findByRole('img', { name: 'QR code of your address' })
    await waitFor(() => expect(scanQrSvg(qr)).toBe(testAddresses.eip155[0]))
    await expect(modal.getByTestId('receive-address')).toHaveTextContent(testAddresses.eip155[0])
    const networks = modal.getByRole('list', { name: 'This address receives on these networks' })
    await expect(networks).toHaveTextContent('Testnet One')
    await expect(networks).toHaveTextContent('Testnet Ten')
  },
}

export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** With the receive feature off, the account offers no Receive action. */
export const FeatureOff: Story = {
  parameters: {
    foyer: connectedStory({ options: () => ({ plugins: [testChain(), receive()], features: { receive: false } }) }),
  },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('button', { name: 'Disconnect' })
    await expect(modal.queryByRole('button', { name: 'Receive' })).toBeNull()
  },
}

/** Opened before anyone connects, the view says what to do. */
export const NotConnected: Story = {
  // setup is replaced, not inherited: Storybook merges parameters deeply.
  parameters: { foyer: { options: () => ({ plugins: [testChain(), receive()] }), setup: () => undefined, view: 'Receive' } },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Connect a wallet to see your address.')).toBeVisible()
  },
}

export const NotConnectedDark: Story = { ...NotConnected, globals: { theme: 'dark' } }
