import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { testChain } from '../../../test/fixtures.js'
import { withinModal } from '../../../test/stories.js'
import { ConnectButton } from '../ConnectButton.js'

// rules §2: the modal's element goes at the end of the page's body, unless append is disabled or the modal is
// embedded: then it stays where the provider sits (here, inside the story's canvas).
const meta = {
  title: 'Shell/Modal placement',
  component: ConnectButton,
  parameters: { foyer: { options: () => ({ plugins: [testChain()] }), view: 'Connect' } },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The element that holds the modal's shadow root: the newest, as an earlier story's may not be gone yet. */
const modalHost = () => [...document.querySelectorAll('[data-foyer]')].at(-1)

/** By default the modal's element is appended to the body, outside the host's own markup. */
export const AppendedToBody: Story = {
  play: async ({ canvasElement }) => {
    const modal = await withinModal()
    await expect(await modal.findByRole('dialog', { name: 'Connect a wallet' })).toBeVisible()
    await expect(modalHost()?.parentElement).toBe(document.body)
    await expect(canvasElement.contains(modalHost()!)).toBe(false)
  },
}

/** `disableAppend`: the element stays where the provider renders, and nothing is added to the body. */
export const AppendDisabled: Story = {
  parameters: { foyer: { options: () => ({ plugins: [testChain()], disableAppend: true }), view: 'Connect' } },
  play: async ({ canvasElement }) => {
    const modal = await withinModal()
    await expect(await modal.findByRole('dialog', { name: 'Connect a wallet' })).toBeVisible()
    await expect(canvasElement.contains(modalHost()!)).toBe(true)
    await expect(modalHost()?.parentElement).not.toBe(document.body)
  },
}

/** `enableEmbedded`: the modal shows inline where the provider sits, open without anyone opening it. */
export const Embedded: Story = {
  parameters: { foyer: { options: () => ({ plugins: [testChain()], enableEmbedded: true }) } },
  play: async ({ canvasElement }) => {
    const modal = await withinModal()
    await expect(await modal.findByRole('button', { name: /Test Wallet/ })).toBeVisible()
    await expect(canvasElement.contains(modalHost()!)).toBe(true)
  },
}
