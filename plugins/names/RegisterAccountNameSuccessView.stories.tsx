import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { BlockchainApiToken } from 'foyer/query'
import { ConnectButton } from 'foyer/react'
import { testAddresses, testChain } from '../../test/fixtures.js'
import { memoryBlockchainApi } from '../../test/memoryBlockchainApi.js'
import { memoryNamesService } from '../../test/memoryNamesService.js'
import { connectedStory, iconDataUrl, withinModal } from '../../test/stories.js'
import { names } from './index.js'
import { NamesServiceToken } from './namesService.js'

// The view as RegisterAccountName leaves it, with the account's identity as the data service (in memory) has it.
const meta = {
  title: 'Plugins/Names/RegisterAccountNameSuccess',
  component: ConnectButton,
  parameters: {
    foyer: {
      ...connectedStory({
        options: () => ({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain(), names()] }),
        setup: (kernel) => {
          kernel.container.provide(NamesServiceToken, memoryNamesService({ taken: ['alice-foyer.foyer.id'] }))
          const identities = { [testAddresses.eip155[0]]: { name: 'alice-foyer.foyer.id', avatar: iconDataUrl('#0e7490', 'A') } }
          kernel.container.provide(BlockchainApiToken, memoryBlockchainApi({ identities }))
        },
        view: 'RegisterAccountNameSuccess',
      }),
      params: { name: 'alice-foyer.foyer.id' },
    },
  },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The name and the account's avatar; 'Back to account' shows Account with the name. */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('dialog', { name: 'Name registered' })).toBeVisible()
    await expect(await modal.findByTestId('registered-name')).toHaveTextContent('alice-foyer.foyer.id')
    await expect(modal.getByText('It now shows wherever your address does.')).toBeVisible()
    await userEvent.click(modal.getByRole('button', { name: 'Back to account' }))
    await modal.findByRole('dialog', { name: 'Account' })
    await waitFor(() => expect(modal.getByRole('dialog', { name: 'Account' })).toHaveTextContent('alice-foyer.foyer.id'))
  },
}
export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }
