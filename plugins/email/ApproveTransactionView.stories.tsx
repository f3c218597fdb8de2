import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { withinModal } from '../../test/stories.js'
import { emailStories } from '../../test/embeddedWalletStories.js'

const stories = emailStories({ view: 'ApproveTransaction', params: { method: 'personal_sign' } })

/**
 * ApproveTransaction for one request: the secure frame (here a fake whose `showAt` and `hide` are
 * spies) is placed over the view's slot while it shows, and hidden when it goes.
 */
const meta = {
  title: 'Plugins/Email/ApproveTransaction',
  component: ConnectButton,
  parameters: stories.parameters(),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The slot for the frame's panel, under the hint; the frame is shown over it. */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Approve request' })
    await expect(await modal.findByText('Approve or reject in the secure panel below; this site cannot approve for you.')).toBeVisible()
    const slot = modal.getByTestId('approve-frame-slot')
    await expect(slot).toHaveAttribute('data-method', 'personal_sign')
    await waitFor(() => expect(stories.wallet().frame.showAt).toHaveBeenCalled())
    const rect = stories.wallet().frame.showAt.mock.lastCall![0]
    await expect(rect.height).toBe(320)
    await expect(rect.width).toBeGreaterThan(0)
    const box = slot.getBoundingClientRect()
    await expect({ top: rect.top, left: rect.left, width: rect.width }).toEqual({ top: box.top, left: box.left, width: box.width })
    await expect(stories.wallet().frame.hide).not.toHaveBeenCalled()
  },
}
export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** Closing the modal leaves the view: the frame is hidden. */
export const HidesOnLeaving: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByTestId('approve-frame-slot')
    await waitFor(() => expect(stories.wallet().frame.showAt).toHaveBeenCalled())
    await userEvent.click(modal.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(stories.wallet().frame.hide).toHaveBeenCalled())
  },
}
export const HidesOnLeavingDark: Story = { ...HidesOnLeaving, globals: { theme: 'dark' } }
