import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import type { Kernel } from 'foyer'
import { BlockchainApiToken } from 'foyer/query'
import { ConnectButton } from 'foyer/react'
import { testAddresses, testChain, type TestChainOptions } from '../../test/fixtures.js'
import { memoryBlockchainApi } from '../../test/memoryBlockchainApi.js'
import { memoryNamesService, type MemoryNamesServiceOptions } from '../../test/memoryNamesService.js'
import { connectedStory, typeInto, withinModal } from '../../test/stories.js'
import { names } from './index.js'
import { NamesServiceToken } from './namesService.js'

// In memory: the profile calls of services/api need Node, anvil and a database, which a story does not have.
// The real service is exercised by plugins/names/registerAccountName.integration.test.ts and test/e2e/names.test.ts.
const withNames = (
  service: MemoryNamesServiceOptions = {},
  chain: TestChainOptions = {},
  view: 'RegisterAccountName' | 'Account' = 'RegisterAccountName',
) => ({
  foyer: connectedStory({
    options: () => ({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain(chain), names()] }),
    setup: (kernel: Kernel) => {
      kernel.container.provide(NamesServiceToken, memoryNamesService(service))
      kernel.container.provide(BlockchainApiToken, memoryBlockchainApi())
    },
    view,
  }),
})

const meta = {
  title: 'Plugins/Names/RegisterAccountName',
  component: ConnectButton,
  parameters: withNames(),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Types a name into the field. */
async function typeName(name: string) {
  const modal = await withinModal()
  typeInto(await modal.findByRole('textbox', { name: 'Name' }), name)
  return modal
}

/** Types an available name and waits until the service has said so. */
async function available(name = 'alice-foyer') {
  const modal = await typeName(name)
  await waitFor(() => expect(modal.getByTestId('names-status')).toHaveTextContent(`${name}.foyer.id is available`))
  return modal
}

/** Before anything is typed: the rules, and nothing to register yet. */
export const Empty: Story = {
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByTestId('names-status')).toHaveTextContent(
      'Your name ends in .foyer.id. Letters, digits and hyphens; at least 4 characters.',
    )
    await expect(modal.getByRole('button', { name: 'Register' })).toBeDisabled()
  },
}
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } }

/** Reached from the account's 'Get a name' action (EVM accounts only, rules §6). */
export const FromAccount: Story = {
  parameters: withNames({}, {}, 'Account'),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Get a name' }))
    await expect(await modal.findByRole('textbox', { name: 'Name' })).toBeVisible()
  },
}

/** rules §5: fewer than 4 characters, said at once; the service is not asked. */
export const TooShort: Story = {
  play: async () => {
    const modal = await typeName('abc')
    await expect(modal.getByTestId('names-status')).toHaveTextContent('A name has at least 4 characters')
    await expect(modal.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true')
    await expect(modal.getByRole('button', { name: 'Register' })).toBeDisabled()
  },
}
export const TooShortDark: Story = { ...TooShort, globals: { theme: 'dark' } }

/** A hyphen only inside a name: first or last is refused with its reason, and the service is not asked. */
export const EdgeHyphen: Story = {
  play: async () => {
    const modal = await typeName('-abcd')
    await expect(modal.getByTestId('names-status')).toHaveTextContent('A name cannot start or end with a hyphen')
    typeInto(modal.getByRole('textbox', { name: 'Name' }), 'abcd-')
    await expect(modal.getByTestId('names-status')).toHaveTextContent('A name cannot start or end with a hyphen')
    await expect(modal.getByRole('button', { name: 'Register' })).toBeDisabled()
  },
}

/** The account's own name typed again: it is said to be the visitor's, not taken, and no suggestions are needed. */
export const AlreadyYours: Story = {
  parameters: withNames({ taken: ['bobby.foyer.id'], owned: { 'alice.foyer.id': testAddresses.eip155[0]! } }),
  play: async () => {
    const modal = await typeName('alice')
    await waitFor(() => expect(modal.getByTestId('names-status')).toHaveTextContent('alice.foyer.id is already yours'))
    await expect(modal.getByRole('button', { name: 'Register' })).toBeDisabled()
    typeInto(modal.getByRole('textbox', { name: 'Name' }), 'bobby')
    await waitFor(() => expect(modal.getByTestId('names-status')).toHaveTextContent('bobby.foyer.id is taken'))
  },
}

/** rules §5: letters, digits and hyphens only. */
export const InvalidCharacters: Story = {
  play: async () => {
    const modal = await typeName('alice_foyer')
    await expect(modal.getByTestId('names-status')).toHaveTextContent('Use letters, digits and hyphens only')
    await expect(modal.getByRole('button', { name: 'Register' })).toBeDisabled()
  },
}
export const InvalidCharactersDark: Story = { ...InvalidCharacters, globals: { theme: 'dark' } }

/** The check under way (the service has not answered). */
export const Checking: Story = {
  parameters: withNames({ suggestions: 'pending' }),
  play: async () => {
    const modal = await typeName('alice-foyer')
    await expect(modal.getByTestId('names-status')).toHaveTextContent('Checking alice-foyer.foyer.id…')
    await expect(modal.getByRole('button', { name: 'Register' })).toBeDisabled()
  },
}
export const CheckingDark: Story = { ...Checking, globals: { theme: 'dark' } }

/** A free name: Register is offered; capitals become lower case. */
export const Available: Story = {
  play: async () => {
    const modal = await typeName('Alice-Foyer')
    await waitFor(() => expect(modal.getByTestId('names-status')).toHaveTextContent('alice-foyer.foyer.id is available'))
    await expect(modal.getByRole('button', { name: 'Register' })).toBeEnabled()
  },
}
export const AvailableDark: Story = { ...Available, globals: { theme: 'dark' } }

/** A taken name: free names close to it are offered, and choosing one fills the field. */
export const TakenWithSuggestions: Story = {
  parameters: withNames({ taken: ['alice.foyer.id', 'alice1.foyer.id'] }),
  play: async () => {
    const modal = await typeName('alice')
    await waitFor(() => expect(modal.getByTestId('names-status')).toHaveTextContent('alice.foyer.id is taken'))
    await expect(modal.getByRole('button', { name: 'Register' })).toBeDisabled()
    const list = modal.getByRole('list', { name: 'Available names' })
    await expect(list).toHaveTextContent('alice2.foyer.id')
    await expect(list).not.toHaveTextContent('alice1.foyer.id')
    await userEvent.click(modal.getByRole('button', { name: 'alice2.foyer.id' }))
    await expect(modal.getByRole('textbox', { name: 'Name' })).toHaveValue('alice2')
    await waitFor(() => expect(modal.getByTestId('names-status')).toHaveTextContent('alice2.foyer.id is available'))
  },
}
export const TakenWithSuggestionsDark: Story = { ...TakenWithSuggestions, globals: { theme: 'dark' } }

/** rules §8: the suggestions could not be fetched. */
export const SuggestionsError: Story = {
  parameters: withNames({ suggestions: {} }),
  play: async () => {
    const modal = await typeName('alice-foyer')
    await expect(await modal.findByRole('alert')).toHaveTextContent('Error fetching name suggestions')
    await expect(modal.getByRole('button', { name: 'Register' })).toBeDisabled()
  },
}
export const SuggestionsErrorDark: Story = { ...SuggestionsError, globals: { theme: 'dark' } }

/** Waiting for the wallet's signature: the field and Register wait. */
export const Signing: Story = {
  parameters: withNames({}, { signMessage: 'pending' }),
  play: async () => {
    const modal = await available()
    await userEvent.click(modal.getByRole('button', { name: 'Register' }))
    await expect(await modal.findByText('Sign the message in your wallet to register alice-foyer.foyer.id.')).toBeVisible()
    await expect(modal.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly')
    await expect(modal.getByRole('button', { name: 'Register' })).toBeDisabled()
  },
}
export const SigningDark: Story = { ...Signing, globals: { theme: 'dark' } }

/** rules §2: a cancelled signature returns to RegisterAccountName, the name kept, nothing registered. */
export const SignatureCancelled: Story = {
  parameters: withNames({}, { signMessage: 'reject' }),
  play: async () => {
    const modal = await available()
    await userEvent.click(modal.getByRole('button', { name: 'Register' }))
    await expect(await modal.findByText('You cancelled the signature: alice-foyer.foyer.id is not registered.')).toBeVisible()
    await expect(modal.getByRole('dialog', { name: 'Choose your name' })).toBeVisible()
    await expect(modal.getByRole('textbox', { name: 'Name' })).toHaveValue('alice-foyer')
    await expect(modal.getByRole('button', { name: 'Register' })).toBeEnabled()
  },
}
export const SignatureCancelledDark: Story = { ...SignatureCancelled, globals: { theme: 'dark' } }

/** rules §8: the service refused with a reason (someone took the name meanwhile): its words are shown. */
export const RegisterRefused: Story = {
  parameters: withNames({ register: { reason: { name: 'NAME_TAKEN', description: 'The name alice-foyer.foyer.id is taken' } } }),
  play: async () => {
    const modal = await available()
    await userEvent.click(modal.getByRole('button', { name: 'Register' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('The name alice-foyer.foyer.id is taken')
  },
}
export const RegisterRefusedDark: Story = { ...RegisterRefused, globals: { theme: 'dark' } }

/** rules §8: the service failed without a reason. */
export const RegisterFailed: Story = {
  parameters: withNames({ register: {} }),
  play: async () => {
    const modal = await available()
    await userEvent.click(modal.getByRole('button', { name: 'Register' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('Error registering name alice-foyer.foyer.id')
    // Editing the name clears the error.
    typeInto(modal.getByRole('textbox', { name: 'Name' }), 'alice-foyer2')
    await waitFor(() => expect(modal.queryByRole('alert')).toBeNull())
  },
}
export const RegisterFailedDark: Story = { ...RegisterFailed, globals: { theme: 'dark' } }

/** rules §2, §4: signed and registered: RegisterAccountNameSuccess, then Account shows the name, as does the connect button. */
export const Registered: Story = {
  parameters: withNames({}, {}, 'Account'),
  play: async ({ canvasElement }) => {
    let modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Get a name' }))
    modal = await available()
    await userEvent.click(modal.getByRole('button', { name: 'Register' }))
    await expect(await modal.findByRole('dialog', { name: 'Name registered' })).toBeVisible()
    await expect(await modal.findByTestId('registered-name')).toHaveTextContent('alice-foyer.foyer.id')
    await userEvent.click(modal.getByRole('button', { name: 'Back to account' }))
    await modal.findByRole('dialog', { name: 'Account' })
    await waitFor(() => expect(modal.getByRole('dialog', { name: 'Account' })).toHaveTextContent('alice-foyer.foyer.id'))
    await expect(canvasElement.querySelector('[data-foyer-connect-button]')).toHaveTextContent('alice-foyer.foyer.id')
  },
}
export const RegisteredDark: Story = { ...Registered, globals: { theme: 'dark' } }

/** rules §6: names are EVM only: a Solana account has no action, and the view says why. */
export const NotEvm: Story = {
  parameters: {
    foyer: {
      ...connectedStory({
        options: () => ({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain({ namespace: 'solana' }), names()] }),
        connectorIds: ['test-wallet-solana'],
        view: 'RegisterAccountName',
      }),
    },
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Names are for EVM accounts. Switch to one to get a name.')).toBeVisible()
  },
}
