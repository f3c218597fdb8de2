import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { EmbeddedWalletError } from '../email/frameClient.js'
import { scanQrSvg } from '../../test/scanQrCode.js'
import { socialStory, socialStoryParameters } from '../../test/socialStories.js'
import { withinModal } from '../../test/stories.js'

/**
 * ConnectingFarcaster, reached from Connect's 'Continue with Farcaster'. A fake embedded wallet answers as told (the
 * end-to-end test approves in the local Farcaster app through the real relay).
 */
const meta = {
  title: 'Plugins/Socials/ConnectingFarcaster',
  component: ConnectButton,
  parameters: socialStoryParameters({ view: 'Connect' }),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

async function continueWithFarcaster() {
  const modal = await withinModal()
  await userEvent.click(await modal.findByRole('button', { name: 'Continue with Farcaster' }))
  await modal.findByRole('dialog', { name: 'Sign in with Farcaster' })
  return modal
}

/** The wallet opens a relay channel. */
export const Opening: Story = {
  parameters: socialStoryParameters({ view: 'Connect' }, { farcasterUri: 'pending' }),
  play: async () => {
    const modal = await continueWithFarcaster()
    await expect(await modal.findByText('Opening Farcaster…')).toHaveAttribute('role', 'status')
    await expect(socialStory().opened).toBe(0)
  },
}
export const OpeningDark: Story = { ...Opening, globals: { theme: 'dark' } }

/** The channel's link as a QR code and a link (rules §3 `farcasterUrl`), while the app has not approved. */
export const QrCode: Story = {
  play: async () => {
    const modal = await continueWithFarcaster()
    const qr = await modal.findByRole('img', { name: 'Farcaster sign-in QR code' }, { timeout: 5000 })
    await expect(qr).toBeVisible()
    await waitFor(() => expect(scanQrSvg(qr)).toBe('farcaster://connect?channelToken=story&nonce=abc123'))
    await expect(modal.getByRole('link', { name: 'Open in Farcaster' })).toHaveAttribute(
      'href',
      'farcaster://connect?channelToken=story&nonce=abc123',
    )
    await expect(socialStory().kernel.store.getState().socials.farcasterUrl).toBe('farcaster://connect?channelToken=story&nonce=abc123')
    await expect(socialStory().wallet.connectFarcaster).toHaveBeenCalledWith('story')
  },
}
export const QrCodeDark: Story = { ...QrCode, globals: { theme: 'dark' } }

/** Approved in the app: connected, the modal closes, the provider and name are set. */
export const Approved: Story = {
  parameters: socialStoryParameters({ view: 'Connect' }, { connectFarcaster: { userName: 'fran' } }),
  play: async () => {
    await continueWithFarcaster()
    const { kernel } = socialStory()
    await waitFor(() => expect(kernel.store.getState().modal.open).toBe(false))
    await expect(kernel.store.getState().socials).toEqual({ socialProvider: 'farcaster', userName: 'fran' })
    await expect(kernel.store.getState().connection.namespaces['eip155']).toMatchObject({ status: 'connected', connectorId: 'email' })
  },
}

/** rules §8: the approval did not check out: 'Failed to connect to farcaster', and Try again. */
export const Failed: Story = {
  parameters: socialStoryParameters(
    { view: 'Connect' },
    { connectFarcaster: new EmbeddedWalletError('Failed to connect to farcaster', { frameCode: 'FARCASTER_LOGIN_FAILED' }) },
  ),
  play: async () => {
    const modal = await continueWithFarcaster()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to connect to farcaster')
    await expect(modal.queryByRole('link', { name: 'Open in Farcaster' })).toBeNull()
    await userEvent.click(modal.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(socialStory().wallet.farcasterUri).toHaveBeenCalledTimes(2))
  },
}
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } }
