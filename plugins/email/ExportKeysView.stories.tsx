import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { withinModal } from '../../test/stories.js'
import { emailStories } from '../../test/embeddedWalletStories.js'
import { EmbeddedWalletError } from './frameClient.js'

/**
 * Export keys, from Account while the embedded wallet is connected, with a fake embedded wallet: the code, the keys and
 * the phrase belong to the secure frame, which the view only places under its warning (test/e2e/passkeys.test.ts
 * exports for real and checks that the page cannot read what the frame shows).
 */
const stories = emailStories('connected')

const meta = {
  title: 'Plugins/Email/ExportKeys',
  component: ConnectButton,
  parameters: stories.parameters({}),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

async function openExport() {
  const modal = await withinModal()
  await userEvent.click(await modal.findByRole('button', { name: 'Export keys' }))
  await modal.findByRole('dialog', { name: 'Export keys' })
  return modal
}

/** Account → Export keys: the warning, and the frame's export panel placed over the view. */
export const Open: Story = {
  play: async () => {
    const modal = await openExport()
    await expect(await modal.findByText(/Anyone who sees your keys can take everything/)).toBeVisible()
    await waitFor(() => expect(stories.wallet().exportKeys).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(stories.wallet().frame.showAt).toHaveBeenCalled())
    await expect((await modal.findByTestId('export-frame-slot')).getBoundingClientRect().height).toBe(440)
  },
}
export const OpenDark: Story = { ...Open, globals: { theme: 'dark' } }

/** Leaving before the frame's panel closed: the frame is told to hide the keys and close it. */
export const LeftOpen: Story = {
  play: async () => {
    const modal = await openExport()
    await waitFor(() => expect(stories.wallet().exportKeys).toHaveBeenCalled())
    await userEvent.click(modal.getByRole('button', { name: 'Back' }))
    await modal.findByRole('dialog', { name: 'Account' })
    await expect(stories.wallet().abortKeysPanel).toHaveBeenCalledTimes(1)
    await expect(stories.wallet().frame.hide).toHaveBeenCalled()
  },
}

/** Hide and close in the frame: back on Account. */
export const Closed: Story = {
  parameters: stories.parameters({ exportKeys: undefined }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Export keys' }))
    await modal.findByRole('dialog', { name: 'Account' })
    await expect(stories.wallet().exportKeys).toHaveBeenCalledTimes(1)
    await expect(stories.wallet().abortKeysPanel).not.toHaveBeenCalled()
  },
}

/** A social user has no email to send the code to: the frame's reason, and Try again. */
export const NoEmail: Story = {
  parameters: stories.parameters({
    exportKeys: new EmbeddedWalletError('Key export needs an email to send the code to', { frameCode: 'INVALID_REQUEST' }),
  }),
  play: async () => {
    const modal = await openExport()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Key export needs an email to send the code to')
    await expect(modal.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}
