import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, userEvent, waitFor } from 'storybook/test'
import { rememberDirectoryWallet, type DirectoryWallet } from '../../../kernel/services/directory.js'
import { ConnectButton } from 'foyer/react'
import { pairingActions, STORY_PAIRING_URI } from '../../../test/fakeWalletConnect.js'
import { scanQrSvg } from '../../../test/scanQrCode.js'
import { iconDataUrl, withinModal } from '../../../test/stories.js'
import { copyLinkStory, pairingStories } from '../../../test/walletConnectStories.js'
import { dispatchPairing, type PairingAction } from '../pairing.js'

// A stand-in pairing whose state each story sets with the real pairing actions
// (test/walletConnectStories.ts).
const { story, foyer: pairing } = pairingStories()

const rainbow: DirectoryWallet = {
  id: 'rainbow',
  name: 'Rainbow',
  imageUrl: iconDataUrl('#0e76fd', 'R'),
  chains: ['eip155:1'],
  links: { mobile: 'rainbow://', desktop: 'rainbow-desktop://', webapp: 'https://rainbow.example/' },
}
const encoded = encodeURIComponent(STORY_PAIRING_URI)

const foyer = (actions: () => PairingAction[], more: { mobile?: boolean; wallet?: DirectoryWallet | null } = {}) => {
  const wallet = more.wallet === undefined ? rainbow : more.wallet
  return {
    ...pairing(actions, {
      options: more.mobile ? { isMobile: () => true } : {},
      setup: (kernel) => {
        if (wallet) rememberDirectoryWallet(kernel, wallet)
      },
    }),
    view: 'ConnectingWalletConnect' as const,
    params: { walletId: 'rainbow' },
  }
}

const meta = {
  title: 'Chains/EVM/ConnectingWalletConnect',
  component: ConnectButton,
  parameters: { foyer: foyer(pairingActions.ready) },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Desktop: the wallet's name and icon, a QR code of the URI, Copy link, its desktop and web apps. */
export const Ready: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Rainbow' })
    const qr = await modal.findByRole('img', { name: 'Scan with Rainbow on your phone' })
    // Read back by an independent decoder, as a phone would.
    await waitFor(() => expect(scanQrSvg(qr)).toBe(STORY_PAIRING_URI))
    await expect(modal.getByRole('button', { name: 'Copy link' })).toBeEnabled()
    await expect(modal.getByRole('link', { name: 'Open Rainbow' })).toHaveAttribute('href', `rainbow-desktop://wc?uri=${encoded}`)
    const web = modal.getByRole('link', { name: 'Open Rainbow web app' })
    await expect(web).toHaveAttribute('href', `https://rainbow.example/wc?uri=${encoded}`)
    await expect(web).toHaveAttribute('target', '_blank')
    await expect(web).toHaveAttribute('rel', 'noopener noreferrer')
    // The phone's app link is for phones; the view started the pairing.
    await expect(modal.getAllByRole('link').map((link) => link.getAttribute('href'))).not.toContain(`rainbow://wc?uri=${encoded}`)
    await expect(story.calls.start).toBe(1)
  },
}

export const ReadyDark: Story = { ...Ready, globals: { theme: 'dark' } }

/** On a phone the wallet's app link comes first, before the QR code. */
export const ReadyMobile: Story = {
  parameters: { foyer: foyer(pairingActions.ready, { mobile: true }) },
  play: async () => {
    const modal = await withinModal()
    const open = await modal.findByRole('link', { name: 'Open Rainbow' })
    await expect(open).toHaveAttribute('href', `rainbow://wc?uri=${encoded}`)
    const qr = await modal.findByRole('img', { name: 'Scan with Rainbow on your phone' })
    await expect(open.compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await expect(modal.getByRole('link', { name: 'Open Rainbow web app' })).toBeVisible()
  },
}

export const ReadyMobileDark: Story = { ...ReadyMobile, globals: { theme: 'dark' } }

/** While the URI is made: a spinner that says so, no QR code and nothing to copy yet. */
export const Loading: Story = {
  parameters: { foyer: foyer(pairingActions.creating) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Preparing a code…')).toHaveAttribute('role', 'status')
    await expect(modal.queryByRole('img')).toBeNull()
    await expect(modal.queryByRole('button', { name: 'Copy link' })).toBeNull()
  },
}

export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } }

/** rules §9: an expired URI is replaced by a new one, automatically; meanwhile the view says so. */
export const Expired: Story = {
  parameters: { foyer: foyer(pairingActions.expired) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('The code expired. Making a new one…')).toHaveAttribute('role', 'status')
    dispatchPairing(story.kernel, { type: 'uri-created', uri: `${STORY_PAIRING_URI}&fresh=1`, expiresAt: Date.now() + 240_000 })
    await modal.findByRole('img', { name: 'Scan with Rainbow on your phone' })
    await expect(modal.getByRole('link', { name: 'Open Rainbow' }).getAttribute('href')).toContain('fresh%3D1')
  },
}

export const ExpiredDark: Story = { ...Expired, globals: { theme: 'dark' } }

/** The wallet approved: the connection is being set up. */
export const Connecting: Story = {
  parameters: { foyer: foyer(pairingActions.connecting) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Connecting to Rainbow…')).toHaveAttribute('role', 'status')
  },
}

export const ConnectingDark: Story = { ...Connecting, globals: { theme: 'dark' } }

/** Success closes the modal. */
export const Connected: Story = {
  parameters: { foyer: foyer(pairingActions.connecting) },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Rainbow' })
    dispatchPairing(story.kernel, { type: 'connected' })
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
  },
}

/** rules §8 'Connection rejected', with a retry that rules §9 allows after 1 s. */
export const Rejected: Story = {
  parameters: { foyer: foyer(pairingActions.ready) },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('img', { name: 'Scan with Rainbow on your phone' })
    dispatchPairing(story.kernel, { type: 'rejected', at: Date.now() })
    await expect(await modal.findByRole('alert')).toHaveTextContent('Connection rejected')
    const retry = modal.getByRole('button', { name: 'Try again' })
    await expect(retry).toBeDisabled()
    await waitFor(() => expect(retry).toBeEnabled(), { timeout: 3000 })
  },
}

export const RejectedDark: Story = { ...Rejected, globals: { theme: 'dark' } }

/** rules §8 'Failed to connect'; the retry asks the pairing for a new URI. */
export const Failed: Story = {
  parameters: { foyer: foyer(pairingActions.failed) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to connect')
    const retry = modal.getByRole('button', { name: 'Try again' })
    await waitFor(() => expect(retry).toBeEnabled(), { timeout: 3000 })
    await userEvent.click(retry)
    await expect(story.calls.retry).toBe(1)
  },
}

export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } }

/** Copy link puts the URI on the clipboard and says so. */
export const CopyLink: Story = copyLinkStory

/** A clipboard that refuses is reported, and the link stays there to copy again. */
export const CopyLinkFails: Story = {
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'))
    return () => spy.mockRestore()
  },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Copy link' }))
    await expect(await modal.findByText('The link could not be copied')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Copy link' })).toBeEnabled()
  },
}

/** A wallet id this kernel was not told about: the generic title and QR code, Copy link, no app links. */
export const UnknownWallet: Story = {
  parameters: { foyer: foyer(pairingActions.ready, { wallet: null }) },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Connecting' })
    await modal.findByRole('img', { name: 'QR code to connect a wallet' })
    await expect(modal.getByRole('button', { name: 'Copy link' })).toBeEnabled()
    await expect(modal.queryAllByRole('link')).toEqual([])
  },
}

export const UnknownWalletDark: Story = { ...UnknownWallet, globals: { theme: 'dark' } }
