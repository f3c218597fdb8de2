import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import type { Kernel, FoyerOptions } from 'foyer'
import { ConnectButton } from 'foyer/react'
import { pairingActions, STORY_PAIRING_URI } from '../../../test/fakeWalletConnect.js'
import { scanQrSvg } from '../../../test/scanQrCode.js'
import { withinModal } from '../../../test/stories.js'
import { copyLinkStory, pairingStories } from '../../../test/walletConnectStories.js'
import { dispatchPairing, WalletConnectToken, type PairingAction } from '../pairing.js'

// A stand-in pairing whose state each story sets with the real pairing actions
// (test/walletConnectStories.ts).
const { story, foyer: pairing } = pairingStories()
const foyer = (actions: () => PairingAction[], options: Partial<FoyerOptions> = {}) => ({
  ...pairing(actions, { options }),
  view: 'ConnectingWalletConnectBasic' as const,
})

const meta = {
  title: 'Chains/EVM/ConnectingWalletConnectBasic',
  component: ConnectButton,
  parameters: { foyer: foyer(pairingActions.ready) },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Any WalletConnect wallet: a QR code and Copy link, under WalletConnect's name. */
export const Ready: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'WalletConnect' })
    const qr = await modal.findByRole('img', { name: 'QR code to connect a wallet' })
    // Read back by an independent decoder, as a phone would.
    await waitFor(() => expect(scanQrSvg(qr)).toBe(STORY_PAIRING_URI))
    await expect(modal.getByText('Scan with your phone’s wallet app')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Copy link' })).toBeEnabled()
    await expect(modal.queryAllByRole('link')).toEqual([])
    await expect(story.calls.start).toBe(1)
  },
}

export const ReadyDark: Story = { ...Ready, globals: { theme: 'dark' } }

/** rules §2: with manual WalletConnect control the modal opens here on desktop, without being asked to. */
export const OpensHereWithManualControl: Story = {
  parameters: { foyer: { ...foyer(pairingActions.ready, { manualWCControl: true }), view: undefined } },
  play: async () => {
    const { openModal } = await import('../../../kernel/core/modal.js')
    openModal(story.kernel)
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'WalletConnect' })
  },
}

/** legalCheckbox: the modal may open here first, so the box stands in the QR code's place; pairing starts once it is ticked. */
export const LegalCheckboxFirst: Story = {
  parameters: {
    foyer: foyer(pairingActions.ready, { features: { legalCheckbox: true }, privacyPolicyUrl: 'https://shop.example/privacy' }),
  },
  play: async () => {
    const modal = await withinModal()
    const box = await modal.findByRole('checkbox', { name: 'I agree to the Privacy Policy.' })
    await expect(modal.queryByRole('img', { name: 'QR code to connect a wallet' })).toBeNull()
    await expect(story.calls.start).toBe(0)
    await userEvent.click(box)
    await modal.findByRole('img', { name: 'QR code to connect a wallet' })
    await expect(story.calls.start).toBe(1)
    await expect(modal.queryByRole('checkbox')).toBeNull()
  },
}

/** While the URI is made. */
export const Loading: Story = {
  parameters: { foyer: foyer(pairingActions.creating) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Preparing a code…')).toHaveAttribute('role', 'status')
    await expect(modal.queryByRole('button', { name: 'Copy link' })).toBeNull()
  },
}

export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } }

/** rules §9: an expired URI is being replaced. */
export const Expired: Story = {
  parameters: { foyer: foyer(pairingActions.expired) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('The code expired. Making a new one…')).toHaveAttribute('role', 'status')
  },
}

export const ExpiredDark: Story = { ...Expired, globals: { theme: 'dark' } }

/** rules §9: a code is not shown in its last 10 s, even when the timer that replaces it is late. */
export const ExpiresOnScreen: Story = {
  parameters: {
    foyer: foyer(() => [
      { type: 'create-started', at: Date.now() },
      { type: 'uri-created', uri: STORY_PAIRING_URI, expiresAt: Date.now() + 10_000 + 3000 },
    ]),
  },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('img', { name: 'QR code to connect a wallet' })
    await expect(await modal.findByText('The code expired. Making a new one…', {}, { timeout: 6000 })).toBeVisible()
    await expect(modal.queryByRole('img')).toBeNull()
    await expect(modal.queryByRole('button', { name: 'Copy link' })).toBeNull()
  },
}

/** The wallet approved; success then closes the modal. */
export const Connecting: Story = {
  parameters: { foyer: foyer(pairingActions.connecting) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Connecting to WalletConnect…')).toHaveAttribute('role', 'status')
    dispatchPairing(story.kernel, { type: 'connected' })
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
  },
}

export const ConnectingDark: Story = {
  ...Connecting,
  globals: { theme: 'dark' },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Connecting to WalletConnect…')).toHaveAttribute('role', 'status')
  },
}

/** rules §8 'Connection rejected'; 'Try again' is enabled after 1 s (rules §9) and asks for a new URI. */
export const Rejected: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('img', { name: 'QR code to connect a wallet' })
    dispatchPairing(story.kernel, { type: 'rejected', at: Date.now() })
    await expect(await modal.findByRole('alert')).toHaveTextContent('Connection rejected')
    const retry = modal.getByRole('button', { name: 'Try again' })
    await expect(retry).toBeDisabled()
    await waitFor(() => expect(retry).toBeEnabled(), { timeout: 3000 })
    await userEvent.click(retry)
    await expect(story.calls.retry).toBe(1)
  },
}

export const RejectedDark: Story = { ...Rejected, globals: { theme: 'dark' } }

/**
 * The page's clock falls behind its timers (a clock adjustment): the timer set for `retryAt` fires
 * while Date.now() is still before it. Retry must still become available.
 */
export const RetryAfterClockLag: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('img', { name: 'QR code to connect a wallet' })
    dispatchPairing(story.kernel, { type: 'rejected', at: Date.now() })
    const retry = await modal.findByRole('button', { name: 'Try again' })
    const realNow = Date.now
    Date.now = () => realNow() - 300
    try {
      await waitFor(() => expect(retry).toBeEnabled(), { timeout: 3000 })
    } finally {
      Date.now = realNow
    }
  },
}

/** rules §8 'Failed to connect'. */
export const Failed: Story = {
  parameters: { foyer: foyer(pairingActions.failed) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to connect')
    await waitFor(() => expect(modal.getByRole('button', { name: 'Try again' })).toBeEnabled(), { timeout: 3000 })
  },
}

export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } }

/** Copy link puts the URI on the clipboard and says so. */
export const CopyLink: Story = copyLinkStory

/** Leaving the view stops the pairing (no URI is kept fresh for nobody). */
export const LeavingStops: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('img', { name: 'QR code to connect a wallet' })
    await userEvent.click(modal.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(story.calls.stop).toBe(1))
  },
}

/** rules §2: WalletConnect is first on Connect; choosing it opens this view. */
export const FromConnect: Story = {
  parameters: { foyer: { ...foyer(pairingActions.ready), view: 'Connect' as const } },
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    const first = list.querySelector('.f-list-item-label')
    await expect(first?.textContent).toBe('WalletConnect')
    await userEvent.click(modal.getByRole('button', { name: 'WalletConnect' }))
    await modal.findByRole('dialog', { name: 'WalletConnect' })
    await modal.findByRole('img', { name: 'QR code to connect a wallet' })
  },
}

/** The WalletConnect client did not load (offline): 'Failed to connect', and the retry loads it again. */
export const ClientFailsToLoad: Story = {
  parameters: {
    foyer: {
      ...foyer(() => []),
      setup: (kernel: Kernel) => {
        story.kernel = kernel
        let attempts = 0
        kernel.container.provide(WalletConnectToken, {
          pairing: async () => {
            if (++attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
            return { start: () => dispatchPairing(kernel, { type: 'create-started', at: Date.now() }), retry() {}, stop() {} }
          },
        })
      },
    },
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to connect')
    const retry = modal.getByRole('button', { name: 'Try again' })
    await waitFor(() => expect(retry).toBeEnabled(), { timeout: 3000 })
    await userEvent.click(retry)
    await expect(await modal.findByText('Preparing a code…')).toHaveAttribute('role', 'status')
  },
}
