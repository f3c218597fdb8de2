import type { Meta, StoryObj } from '@storybook/react-vite'
import type { Kernel } from '../../core/createKernel.js'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { raiseAlert } from '../../core/alerts.js'
import { definePlugin } from '../../core/plugin.js'
import { switchNetwork } from '../../actions/switchNetwork.js'
import { showToast } from '../../core/toast.js'
import { testChain, testConnector } from '../../../test/fixtures.js'
import { connectedStory, deepActiveElement, iconDataUrl, modalRoot, withinModal } from '../../../test/stories.js'
import { ConnectButton } from '../ConnectButton.js'
import { pairingActions } from '../../../test/fakeWalletConnect.js'
import { pairingStories } from '../../../test/walletConnectStories.js'

const wallets = () => [
  testChain({
    connectors: [
      testConnector({ id: 'amber', name: 'Amber Wallet', imageUrl: iconDataUrl('#d97706', 'A') }),
      testConnector({ id: 'basalt', name: 'Basalt', imageUrl: iconDataUrl('#334155', 'B') }),
    ],
  }),
]

const meta = {
  title: 'Shell/Modal',
  component: ConnectButton,
  parameters: { foyer: { options: () => ({ plugins: wallets() }) } },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The host's button opens a real dialog: named by its title, focus inside and trapped, Escape closes, focus returns. */
export const KeyboardDialog: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Connect' })
    button.focus()
    await userEvent.keyboard('{Enter}')
    const modal = await withinModal()
    const dialog = await modal.findByRole('dialog', { name: 'Connect a wallet' })
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    const first = await modal.findByRole('button', { name: /Amber Wallet/ })
    await waitFor(() => expect(deepActiveElement()).toBe(first))

    // Tab past the last control wraps to the first: focus never leaves the dialog.
    for (let step = 0; step < 6; step++) {
      await userEvent.tab()
      await expect(dialog.contains(deepActiveElement())).toBe(true)
    }
    await userEvent.tab({ shift: true })
    await expect(dialog.contains(deepActiveElement())).toBe(true)

    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
    await expect(document.activeElement).toBe(button)
  },
}

export const KeyboardDialogDark: Story = { ...KeyboardDialog, globals: { theme: 'dark' } }

/**
 * Closed, the dialog is already rendered, hidden from sight, assistive technology and the keyboard; the click shows
 * that very dialog with its first control focused, and closing remakes it, so the next opening starts afresh.
 */
export const RenderedBeforeTheClick: Story = {
  play: async ({ canvas }) => {
    const root = await modalRoot()
    const closedDialog = await waitFor(() => {
      const dialog = root.querySelector<HTMLElement>('[role="dialog"]')
      expect(dialog?.querySelector('[data-view-skeleton]')).toBeNull()
      return dialog!
    })
    await expect(closedDialog.checkVisibility({ visibilityProperty: true })).toBe(false)
    await expect(closedDialog.closest('[inert]')).not.toBeNull()
    await expect(within(root).queryByRole('dialog')).toBeNull()
    // The keyboard walks past it: from the page's button, Tab never lands inside the closed dialog.
    const button = canvas.getByRole('button', { name: 'Connect' })
    button.focus()
    for (let step = 0; step < 3; step++) {
      await userEvent.tab()
      await expect(closedDialog.contains(deepActiveElement())).toBe(false)
    }

    await userEvent.click(button)
    const dialog = await within(root).findByRole('dialog', { name: 'Connect a wallet' })
    await expect(dialog).toBe(closedDialog)
    await expect(dialog.checkVisibility({ visibilityProperty: true })).toBe(true)
    await waitFor(() => expect(deepActiveElement()).toBe(within(root).getByRole('button', { name: /Amber Wallet/ })))

    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(within(root).queryByRole('dialog')).toBeNull())
    const remade = root.querySelector<HTMLElement>('[role="dialog"]')
    await expect(remade).not.toBeNull()
    await expect(remade).not.toBe(closedDialog)
    await expect(remade!.checkVisibility({ visibilityProperty: true })).toBe(false)
  },
}

/** How many times the story's Tokens tab was drawn. */
let tokenTabDraws = 0

/**
 * A visitor already connected: the closed dialog is rendered at Account ahead of the click, hidden, without the
 * plugins' tabs and rows (they read the wallet's data, which a visitor who never opens the modal does not need); the
 * click shows that very dialog, and the tabs come with it.
 */
export const RenderedBeforeTheClickConnected: Story = {
  parameters: {
    foyer: {
      ...connectedStory({
        options: () => ({
          plugins: [
            testChain(),
            definePlugin({
              name: 'story-tabs',
              locales: { en: { 'story.tokens': 'Tokens' } as never },
              slots: {
                'account-tabs': [
                  {
                    id: 'tokens',
                    label: 'story.tokens' as never,
                    load: async () => ({
                      default: () => {
                        tokenTabDraws++
                        return <p>No tokens yet</p>
                      },
                    }),
                  },
                ],
              },
            }),
          ],
        }),
      }),
      view: undefined,
    },
  },
  play: async ({ canvas }) => {
    tokenTabDraws = 0
    const root = await modalRoot()
    const closedDialog = await waitFor(() => {
      const dialog = root.querySelector<HTMLElement>('[role="dialog"][data-view="Account"]')
      expect(dialog?.textContent).toContain('Disconnect')
      return dialog!
    })
    await expect(closedDialog.checkVisibility({ visibilityProperty: true })).toBe(false)
    await expect(closedDialog.closest('[inert]')).not.toBeNull()
    await expect(within(root).queryByRole('dialog')).toBeNull()
    await expect(closedDialog.querySelector('[role="tablist"]')).toBeNull()
    await expect(tokenTabDraws).toBe(0)

    await userEvent.click(await canvas.findByRole('button', { name: /0x1111…1111/ }))
    const dialog = await within(root).findByRole('dialog', { name: 'Account' })
    await expect(dialog).toBe(closedDialog)
    await expect(await within(dialog).findByText('No tokens yet')).toBeVisible()
    await expect(tokenTabDraws).toBeGreaterThan(0)
    await waitFor(() => expect(dialog.contains(deepActiveElement())).toBe(true))

    // Disconnected, the closed dialog goes back to Connect.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(within(root).queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(root.querySelector('[role="dialog"]')).toHaveAttribute('data-view', 'Connect'))
  },
}

const { story: pairing, foyer: pairingFoyer } = pairingStories()

/**
 * With manual WalletConnect control the modal opens at the pairing view (rules §2), but the closed dialog holds Connect
 * ahead of the click: the pairing view would start a pairing, a relay session, for every page view.
 */
export const RenderedBeforeTheClickNotAPairing: Story = {
  parameters: { foyer: pairingFoyer(pairingActions.ready, { options: { manualWCControl: true } }) },
  play: async ({ canvas }) => {
    const root = await modalRoot()
    await waitFor(() => expect(root.querySelector('[role="dialog"]')).toHaveAttribute('data-view', 'Connect'))
    await expect(pairing.calls.start).toBe(0)
    await userEvent.click(canvas.getByRole('button', { name: 'Connect' }))
    await within(root).findByRole('dialog', { name: 'WalletConnect' })
    await waitFor(() => expect(pairing.calls.start).toBe(1))
  },
}

/** Back goes back; back at the first view closes the modal and the next open starts at Connect (rules §2). */
export const BackAndClose: Story = {
  parameters: {
    foyer: { options: () => ({ plugins: [testChain({ connect: 'reject', connectors: [testConnector({ name: 'Basalt' })] })] }) },
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Connect' }))
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: /Basalt/ }))
    await modal.findByRole('dialog', { name: 'Basalt' })
    await userEvent.click(modal.getByRole('button', { name: 'Back' }))
    await modal.findByRole('dialog', { name: 'Connect a wallet' })
    await expect(modal.queryByRole('button', { name: 'Back' })).toBeNull()
    await userEvent.click(modal.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
  },
}

/** Under 560 px the modal is a bottom sheet. */
export const MobileSheet: Story = {
  parameters: { foyer: { options: () => ({ plugins: wallets(), isMobile: () => true }), view: 'Connect' } },
  play: async () => {
    const modal = await withinModal()
    const dialog = await modal.findByRole('dialog', { name: 'Connect a wallet' })
    const overlay = dialog.parentElement!
    await expect(overlay).toHaveAttribute('data-layout', 'sheet')
    await expect(getComputedStyle(overlay).alignItems).toBe('flex-end')
  },
}

export const MobileSheetDark: Story = { ...MobileSheet, globals: { theme: 'dark' } }

/** The kernel of the latest NetworkNotFound story. */
let shownKernel: Kernel | undefined

/**
 * rules §8: the host asked to switch to a network no chain declares: the 'Network Not Found' alert (the
 * switch-network-not-found alert) is raised, not only the thrown 'Network not found'.
 */
export const NetworkNotFound: Story = {
  parameters: {
    foyer: connectedStory({
      setup: (kernel) => {
        shownKernel = kernel
      },
    }),
  },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('button', { name: 'Disconnect' })
    await expect(modal.queryByRole('alert')).toBeNull()
    const kernel = shownKernel!
    await expect(switchNetwork(kernel, { networkId: 'eip155:999999' })).rejects.toThrow('Network not found')
    const alert = await modal.findByRole('alert')
    await expect(alert).toHaveTextContent('Network Not Found')
    await expect(alert).toHaveTextContent(kernel.i18n.t('alert.networkNotFound.long'))
  },
}

/** A rules §8 alert shows its short and long message at the top and can be dismissed. */
export const Alert: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: wallets() }),
      setup: (kernel: Kernel) => raiseAlert(kernel, 'RATE_LIMITED'),
      view: 'Connect',
    },
  },
  play: async () => {
    const modal = await withinModal()
    const alert = await modal.findByRole('alert')
    await expect(alert).toHaveTextContent('Rate Limited')
    await expect(alert).toHaveTextContent('Too many requests')
    await userEvent.click(modal.getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(modal.queryByRole('alert')).toBeNull())
  },
}

export const AlertDark: Story = { ...Alert, globals: { theme: 'dark' } }

/** A success toast is announced politely; an error toast replaces it. */
export const Toasts: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: wallets() }),
      setup: (kernel: Kernel) => showToast(kernel, { message: 'Address copied', variant: 'success' }),
    },
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('status')).toHaveTextContent('Address copied')
    await userEvent.click(modal.getByRole('button', { name: 'Dismiss notification' }))
    await waitFor(() => expect(modal.getByRole('status')).toHaveTextContent(''))
  },
}

export const ToastsDark: Story = { ...Toasts, globals: { theme: 'dark' } }
