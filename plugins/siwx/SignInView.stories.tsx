import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { connect } from 'foyer'
import type { Kernel } from 'foyer'
import { ConnectButton } from 'foyer/react'
import { testChain, type TestChainOptions } from '../../test/fixtures.js'
import { memorySiwxVerifier, type MemorySiwxVerifier } from '../../test/memorySiwxVerifier.js'
import { withinModal } from '../../test/stories.js'
import { siwx, type SiwxOptions } from './index.js'

// The wallet connects in setup, without waiting: the plugin's afterConnect opens the modal at SignIn itself, as it
// does on a page. `story` is the running story's kernel and verifier, for the play functions.
const story: { kernel?: Kernel; verifier?: MemorySiwxVerifier } = {}

function signInStory({ chain = {}, options = {}, refuse }: { chain?: TestChainOptions; options?: SiwxOptions; refuse?: string } = {}) {
  return {
    foyer: {
      options: () => {
        story.verifier = memorySiwxVerifier()
        story.verifier.refuse = refuse
        return {
          metadata: { name: 'Foyer Demo', description: '', url: '', icons: [] },
          plugins: [testChain(chain), siwx({ siwx: story.verifier, ...options })],
        }
      },
      setup: (kernel: Kernel) => {
        story.kernel = kernel
        void connect(kernel, { connectorId: 'test-wallet-eip155' }).catch(() => {})
      },
    },
  }
}

const meta = {
  title: 'Plugins/Siwx/SignIn',
  component: ConnectButton,
  parameters: signInStory(),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The view loads with the wallet's connection, which may take seconds on a busy machine. */
const LOADING = { timeout: 15_000 }

const status = () => story.kernel?.store.getState().connection.namespaces['eip155']?.status

/** Optional mode: the account, why the site asks; signing keeps a session and closes the modal, connected. */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('dialog', { name: 'Sign in' }, LOADING)).toBeVisible()
    await expect(await modal.findByText(/Foyer Demo asks you to sign a message/, {}, LOADING)).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Not now' })).toBeVisible()
    await userEvent.click(modal.getByRole('button', { name: 'Sign in' }))
    // The message's format (viem/siwe) loads with the first sign-in.
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull(), LOADING)
    await expect(story.verifier?.sessions).toHaveLength(1)
    await expect(status()).toBe('connected')
  },
}
export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** Optional mode: 'Not now' closes the modal and stays connected, without a session. */
export const Skipped: Story = {
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Not now' }, LOADING))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull(), LOADING)
    await expect(status()).toBe('connected')
    await expect(story.verifier?.sessions).toHaveLength(0)
  },
}

/** Required mode: the site says so, and declining disconnects. */
export const Required: Story = {
  parameters: signInStory({ options: { required: true } }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('This site needs you to sign in to stay connected.', {}, LOADING)).toBeVisible()
    await userEvent.click(modal.getByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(status()).toBe('disconnected'), LOADING)
  },
}

/** Waiting for the wallet: both buttons wait too. */
export const Signing: Story = {
  parameters: signInStory({ chain: { signMessage: 'pending' } }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Sign in' }, LOADING))
    await expect(await modal.findByText('Sign the message in your wallet…', {}, LOADING)).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Not now' })).toBeDisabled()
  },
}

/** The wallet said no: the view says so and stays, to try again. */
export const Rejected: Story = {
  parameters: signInStory({ chain: { signMessage: 'reject' } }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Sign in' }, LOADING))
    await expect(await modal.findByRole('alert', {}, LOADING)).toHaveTextContent('You declined the signature.')
    await expect(modal.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  },
}

/** The verifier refused the signed message: its reason shows. */
export const Refused: Story = {
  parameters: signInStory({ refuse: 'The nonce is unknown, expired or used already' }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Sign in' }, LOADING))
    await expect(await modal.findByRole('alert', {}, LOADING)).toHaveTextContent(
      'The sign-in was refused: The nonce is unknown, expired or used already',
    )
    await expect(status()).toBe('connected')
  },
}
