import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { StorageToken } from 'foyer'
import { ConnectButton } from 'foyer/react'
import { withinModal } from '../../test/stories.js'
import { emailStories } from '../../test/embeddedWalletStories.js'
import * as v from 'valibot'
import { BACKUP_SKIPPED_KEY } from './constants.js'
import { EmbeddedWalletError } from './frameClient.js'

/**
 * BackupWallet, the prompt after a sign-up made the wallet (docs/wallets.md#backup), with a fake embedded wallet: the
 * phrase and the passkey button belong to the secure frame, which the view only places (the end-to-end test in
 * test/e2e/passkeys.test.ts shows the real phrase in the real frame).
 */
const stories = emailStories({ view: 'BackupWallet' })

const meta = {
  title: 'Plugins/Email/BackupWallet',
  component: ConnectButton,
  parameters: stories.parameters({}),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The three choices: the phrase, a passkey, or skip. */
export const Choose: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Back up your wallet' })
    await expect(await modal.findByText(/save its recovery phrase or add a passkey/)).toBeVisible()
    for (const name of ['Save recovery phrase', 'Add a passkey', 'Skip']) await expect(modal.getByRole('button', { name })).toBeEnabled()
    await expect(stories.wallet().frame.showAt).not.toHaveBeenCalled()
  },
}
export const ChooseDark: Story = { ...Choose, globals: { theme: 'dark' } }

/** 'Save recovery phrase': the frame shows it over the view's slot; this page is given nothing to show. */
export const SavePhrase: Story = {
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Save recovery phrase' }))
    await waitFor(() => expect(stories.wallet().showRecoveryPhrase).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(stories.wallet().frame.showAt).toHaveBeenCalled())
    const slot = await modal.findByTestId('backup-frame-slot')
    await expect(slot.getBoundingClientRect().height).toBe(400)
    await expect(modal.getByRole('button', { name: 'Back' })).toBeEnabled()
  },
}

/** Cancel in the frame: the choices again, and the frame's panel goes away. */
export const PhraseCancelled: Story = {
  parameters: stories.parameters({
    showRecoveryPhrase: new EmbeddedWalletError('The user closed the recovery phrase', { frameCode: 'USER_REJECTED' }),
  }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Save recovery phrase' }))
    await modal.findByRole('button', { name: 'Skip' })
    await waitFor(() => expect(stories.wallet().frame.hide).toHaveBeenCalled())
  },
}

/** Saved: the prompt is done and the modal closes. */
export const PhraseSaved: Story = {
  parameters: stories.parameters({ showRecoveryPhrase: undefined }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Save recovery phrase' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
  },
}

/** 'Add a passkey': the frame's passkey ceremony, in the same place. */
export const AddPasskey: Story = {
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Add a passkey' }))
    await waitFor(() => expect(stories.wallet().passkey).toHaveBeenCalledWith('register'))
    await expect((await modal.findByTestId('backup-frame-slot')).getBoundingClientRect().height).toBe(200)
  },
}

/** The phrase is no longer in the frame (it keeps it for a while after sign-up): the frame's reason, no panel. */
export const PhraseGone: Story = {
  parameters: stories.parameters({
    showRecoveryPhrase: new EmbeddedWalletError('The recovery phrase is shown here only right after sign-up: use key export', {
      frameCode: 'INVALID_REQUEST',
    }),
  }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Save recovery phrase' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('use key export')
    await expect((await modal.findByTestId('backup-frame-slot')).getBoundingClientRect().height).toBe(0)
  },
}

/** Skip: remembered in this browser's storage, and the modal closes. */
export const Skip: Story = {
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Skip' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
    await expect(stories.kernel().container.resolve(StorageToken).read(BACKUP_SKIPPED_KEY, v.literal(true))).toBe(true)
  },
}
