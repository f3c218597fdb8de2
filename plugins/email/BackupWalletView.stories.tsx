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
 * BackupWallet, the backup prompt (docs/wallets.md#backup), with a fake embedded wallet: the phrase and the passkey
 * button belong to the secure frame, which the view only places (the end-to-end tests in test/e2e/passkeys.test.ts and
 * test/e2e/returningVisitor.test.ts show the real phrase in the real frame).
 */
const stories = emailStories({ view: 'BackupWallet', params: { moment: 'signup' } })
const fromAccount = emailStories({ view: 'BackupWallet', params: { moment: 'account' } })
const connected = emailStories('connected')

const meta = {
  title: 'Plugins/Email/BackupWallet',
  component: ConnectButton,
  parameters: stories.parameters({}),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The three choices: a passkey first, the phrase, or skip. */
export const Choose: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Back up your wallet' })
    await expect(await modal.findByText(/with a passkey or its recovery phrase, it opens on any browser/)).toBeVisible()
    const names = modal.getAllByRole('button').map((button) => button.textContent)
    await expect(names.filter((name) => ['Add a passkey', 'Save recovery phrase', 'Skip'].includes(name ?? ''))).toEqual([
      'Add a passkey',
      'Save recovery phrase',
      'Skip',
    ])
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

/** A wallet that signs in without an email cannot have its phrase shown again (no mailbox for the code): the reason. */
export const PhraseNeedsEmail: Story = {
  parameters: stories.parameters({
    showRecoveryPhrase: new EmbeddedWalletError(
      'The recovery phrase is shown again only with a code mailed to you, and this wallet has no email: add a passkey instead',
      { frameCode: 'INVALID_REQUEST' },
    ),
  }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Save recovery phrase' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('add a passkey instead')
    await expect((await modal.findByTestId('backup-frame-slot')).getBoundingClientRect().height).toBe(0)
  },
}

/** Skip goes through a warning that names what is lost; skipped anyway, this browser remembers it for the sign-up. */
export const Skip: Story = {
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Skip' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent(/lost for good/)
    await expect(stories.kernel().container.resolve(StorageToken).read(BACKUP_SKIPPED_KEY, v.array(v.string()))).toBeUndefined()
    await userEvent.click(modal.getByRole('button', { name: 'Skip anyway' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
    await expect(stories.kernel().container.resolve(StorageToken).read(BACKUP_SKIPPED_KEY, v.array(v.string()))).toEqual(['signup'])
  },
}
export const SkipDark: Story = { ...Skip, globals: { theme: 'dark' } }

/** From the warning, 'Back up now' leads back to the choices; nothing is skipped. */
export const SkipThenBackUp: Story = {
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Skip' }))
    await userEvent.click(await modal.findByRole('button', { name: 'Back up now' }))
    await modal.findByRole('button', { name: 'Add a passkey' })
    await expect(stories.kernel().container.resolve(StorageToken).read(BACKUP_SKIPPED_KEY, v.array(v.string()))).toBeUndefined()
  },
}

/** From Account's "Not backed up": the visitor came to back up, so there is no skip. */
export const FromAccount: Story = {
  parameters: fromAccount.parameters({ backedUp: false }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText(/This wallet lives only in this browser/)).toBeVisible()
    await expect(modal.queryByRole('button', { name: 'Skip' })).toBeNull()
  },
}

/**
 * A wallet with no backup whose balance Account sees gets the prompt back (once); skipped, Account says "Not backed up"
 * and opens the prompt again from there; a backup made there removes it.
 */
export const NotBackedUpOnAccount: Story = {
  parameters: connected.parameters({ backedUp: false, passkey: undefined }),
  play: async () => {
    const modal = await withinModal()
    await modal.findByText(/Back up your wallet before it receives anything/)
    await userEvent.click(modal.getByRole('button', { name: 'Skip' }))
    await userEvent.click(await modal.findByRole('button', { name: 'Skip anyway' }))
    await userEvent.click(await modal.findByRole('button', { name: /^Not backed up/ }))
    await modal.findByText(/This wallet lives only in this browser/)
    await userEvent.click(modal.getByRole('button', { name: 'Add a passkey' }))
    await waitFor(() => expect(connected.wallet().passkey).toHaveBeenCalledWith('register'))
    await modal.findByRole('dialog', { name: 'Account' })
    await waitFor(() => expect(modal.queryByRole('button', { name: /^Not backed up/ })).toBeNull())
    await expect(connected.kernel().container.resolve(StorageToken).read(BACKUP_SKIPPED_KEY, v.array(v.string()))).toEqual(['funds'])
  },
}
