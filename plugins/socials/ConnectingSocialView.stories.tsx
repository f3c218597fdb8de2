import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { EmbeddedWalletError } from '../email/frameClient.js'
import { postResult, socialStory, socialStoryParameters, STORY_WALLET_ORIGIN } from '../../test/socialStories.js'
import { withinModal } from '../../test/stories.js'
import { finishRedirectLogin } from './redirectLogin.js'

/**
 * ConnectingSocial, reached as a visitor does: Connect, then 'Continue with Google'. A fake embedded wallet answers
 * as told and an iframe stands in for the popup (the end-to-end test signs in through the real provider).
 */
const meta = {
  title: 'Plugins/Socials/ConnectingSocial',
  component: ConnectButton,
  parameters: socialStoryParameters({ view: 'Connect' }),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The view's status line says `text` (the modal has a live region of its own with the same role). */
async function status(modal: Awaited<ReturnType<typeof withinModal>>, text: string) {
  await expect(await modal.findByText(text, { exact: false }, { timeout: 3000 })).toHaveAttribute('role', 'status')
}

async function continueWithGoogle() {
  const modal = await withinModal()
  await userEvent.click(await modal.findByRole('button', { name: 'Continue with Google' }))
  await modal.findByRole('dialog', { name: 'Sign in with Google' })
  return modal
}

/** Asking the wallet for Google's authorization URL; the popup is open and blank. */
export const Opening: Story = {
  parameters: socialStoryParameters({ view: 'Connect' }, { socialRedirectUri: 'pending' }),
  play: async () => {
    const modal = await continueWithGoogle()
    await status(modal, 'Opening Google…')
    await expect(socialStory().opened).toBe(1)
    await expect(socialStory().wallet.socialRedirectUri).toHaveBeenCalledWith('google')
  },
}
export const OpeningDark: Story = { ...Opening, globals: { theme: 'dark' } }

/** The popup shows the provider; the visitor signs in there. */
export const Waiting: Story = {
  play: async () => {
    const modal = await continueWithGoogle()
    await status(modal, 'Continue in the Google window. It closes by itself when you are signed in.')
    await expect(socialStory().popup!.contentWindow!.location.hash).toBe('#authorize')
    await expect(socialStory().kernel.store.getState().socials.login).toEqual({ step: 'waiting', provider: 'google' })
  },
}
export const WaitingDark: Story = { ...Waiting, globals: { theme: 'dark' } }

/**
 * Security: results from another origin, another window, of another shape or pointing elsewhere are ignored; the
 * wallet's own, out of the popup, finishes the login: connected, the modal closes, rules §3's provider and name are set.
 */
export const OnlyTheWalletsMessageCounts: Story = {
  play: async () => {
    const modal = await continueWithGoogle()
    await status(modal, 'Continue in the Google window')
    const { kernel, wallet } = socialStory()
    const good = { type: 'FOYER_SOCIAL_RESULT', resultUri: `${STORY_WALLET_ORIGIN}/social/callback?code=c&state=s` }
    postResult('http://evil.example', good)
    postResult(STORY_WALLET_ORIGIN, { ...good, type: 'SOMETHING_ELSE' })
    postResult(STORY_WALLET_ORIGIN, { ...good, resultUri: 'http://evil.example/social/callback?code=c' })
    window.dispatchEvent(new MessageEvent('message', { data: good, origin: STORY_WALLET_ORIGIN, source: window }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    await expect(wallet.connectSocial).not.toHaveBeenCalled()
    await expect(kernel.store.getState().socials.login?.step).toBe('waiting')

    postResult()
    await waitFor(() => expect(kernel.store.getState().modal.open).toBe(false))
    await expect(wallet.connectSocial).toHaveBeenCalledWith('google', good.resultUri)
    await expect(kernel.store.getState().connection.namespaces['eip155']).toMatchObject({ status: 'connected', connectorId: 'email' })
    await expect(kernel.store.getState().socials).toMatchObject({ socialProvider: 'google', userName: 'Alice' })
  },
}

/** The wallet exchanges the result: 'Opening your wallet…'. */
export const Connecting: Story = {
  parameters: socialStoryParameters({ view: 'Connect' }, { connectSocial: 'pending' }),
  play: async () => {
    const modal = await continueWithGoogle()
    await status(modal, 'Continue in the Google window')
    postResult()
    await status(modal, 'Opening your wallet…')
  },
}

/** rules §4, §8: the visitor closed the popup: 'Popup closed' (found by the check every second), and Try again opens a new one. */
export const PopupClosed: Story = {
  play: async () => {
    const modal = await continueWithGoogle()
    await status(modal, 'Continue in the Google window')
    socialStory().popup!.remove()
    await expect(await modal.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Popup closed')
    await userEvent.click(modal.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(socialStory().opened).toBe(2))
    await status(modal, 'Continue in the Google window')
  },
}
export const PopupClosedDark: Story = { ...PopupClosed, globals: { theme: 'dark' } }

/** rules §8: the wallet gave no authorization URL. */
export const InitiationFailed: Story = {
  parameters: socialStoryParameters(
    { view: 'Connect' },
    {
      socialRedirectUri: new EmbeddedWalletError('Sign-in with google is not configured on this wallet', {
        frameCode: 'SOCIAL_NOT_CONFIGURED',
      }),
    },
  ),
  play: async () => {
    const modal = await continueWithGoogle()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to initiate social connection')
    await expect(modal.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}

/** rules §8: the browser blocked the popup. */
export const PopupBlocked: Story = {
  parameters: socialStoryParameters({ view: 'Connect' }, { blocked: true }),
  play: async () => {
    const modal = await continueWithGoogle()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to initiate social connection')
    await expect(socialStory().wallet.socialRedirectUri).not.toHaveBeenCalled()
  },
}

/** rules §8: the wallet refused the result (a used or forged code): 'Failed to connect'. */
export const ConnectFailed: Story = {
  parameters: socialStoryParameters(
    { view: 'Connect' },
    { connectSocial: new EmbeddedWalletError('Failed to connect', { frameCode: 'SOCIAL_LOGIN_FAILED' }) },
  ),
  play: async () => {
    const modal = await continueWithGoogle()
    await status(modal, 'Continue in the Google window')
    postResult()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to connect')
    await expect(socialStory().kernel.store.getState().connection.namespaces['eip155']?.status).not.toBe('connected')
  },
}
export const ConnectFailedDark: Story = { ...ConnectFailed, globals: { theme: 'dark' } }

/** rules §8: closing the modal ends the login: 'Modal closed', the popup is not waited for any longer. */
export const ModalClosed: Story = {
  play: async () => {
    const modal = await continueWithGoogle()
    await status(modal, 'Continue in the Google window')
    await userEvent.keyboard('{Escape}')
    const { kernel, wallet } = socialStory()
    await waitFor(() =>
      expect(kernel.store.getState().socials.login).toEqual({ step: 'failed', provider: 'google', error: 'Modal closed' }),
    )
    postResult()
    await new Promise((resolve) => setTimeout(resolve, 100))
    await expect(wallet.connectSocial).not.toHaveBeenCalled()
  },
}

/** Account after a social login: the provider and the name it gave (rules §3). */
export const SignedInAccount: Story = {
  parameters: socialStoryParameters('connected'),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Alice · Google')).toBeVisible()
    // No email row for a social user: checked once every account row's code has loaded (each loads on its own, with a
    // placeholder until then).
    await waitFor(() => expect(modal.getByRole('dialog').querySelector('.f-skeleton')).toBeNull())
    await expect(modal.queryByRole('button', { name: /Change/ })).toBeNull()
  },
}
export const SignedInAccountDark: Story = { ...SignedInAccount, globals: { theme: 'dark' } }

/** Telegram leaves the page: the wallet's login page gets the whole page, to come back to this address. */
export const TelegramRedirect: Story = {
  parameters: socialStoryParameters(
    { view: 'Connect' },
    { socials: ['google', 'telegram'], socialRedirectUri: 'http://127.0.0.1:9/telegram/auth?bot_id=1' },
  ),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Continue with Telegram' }))
    await modal.findByRole('dialog', { name: 'Sign in with Telegram' })
    await waitFor(() => expect(socialStory().navigatedTo).toEqual(['http://127.0.0.1:9/telegram/auth?bot_id=1']))
    await expect(socialStory().wallet.socialRedirectUri).toHaveBeenCalledWith('telegram', location.href)
    // No popup for Telegram.
    await expect(socialStory().opened).toBe(0)
  },
}
export const TelegramRedirectDark: Story = { ...TelegramRedirect, globals: { theme: 'dark' } }

/** Back from Telegram with a result the wallet refuses (a tampered hash): the modal opens on 'Failed to connect'. */
export const TelegramResultRefused: Story = {
  parameters: {
    foyer: {
      ...socialStoryParameters(
        { view: 'Connect' },
        { connectSocial: new EmbeddedWalletError('Failed to connect', { frameCode: 'SOCIAL_LOGIN_FAILED' }) },
      ).foyer,
      view: undefined,
    },
  },
  play: async () => {
    // This story's kernel, not the one the previous story left behind (destroyed when it unmounted).
    await waitFor(() => expect(socialStory()?.kernel.isDestroyed()).toBe(false))
    void finishRedirectLogin(socialStory().kernel, `${STORY_WALLET_ORIGIN}/social/callback?state=s&id=1&hash=00`)
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Sign in with Telegram' })
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to connect')
    await expect(modal.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}
