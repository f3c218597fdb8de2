import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { typeInto, withinModal } from '../../test/stories.js'
import { emailStories } from '../../test/embeddedWalletStories.js'

const stories = emailStories({ view: 'Connect' })

/** Connect with the email plugin: the email field comes first (rules §2). The wallet is a fake that mails a code. */
const meta = {
  title: 'Plugins/Email/EmailField',
  component: ConnectButton,
  parameters: stories.parameters({ connectEmail: ['VERIFY_OTP'] }),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The field and its button, before the wallets. */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    const field = await modal.findByRole('textbox', { name: 'Email address' })
    await expect(field).toHaveValue('')
    const button = modal.getByRole('button', { name: 'Continue with email' })
    const walletRow = modal.getByRole('button', { name: /Test Wallet/ })
    await expect(button.compareDocumentPosition(walletRow) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}
export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** rules §5: an invalid address is refused on the spot; nothing is sent. */
export const InvalidAddress: Story = {
  play: async () => {
    const modal = await withinModal()
    typeInto(await modal.findByRole('textbox', { name: 'Email address' }), 'ada@example')
    await userEvent.click(modal.getByRole('button', { name: 'Continue with email' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('Enter a valid email address')
    await expect(modal.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('aria-invalid', 'true')
    await expect(modal.getByRole('dialog', { name: 'Connect a wallet' })).toBeVisible()
    await expect(stories.wallet().connectEmail).not.toHaveBeenCalled()
  },
}
export const InvalidAddressDark: Story = { ...InvalidAddress, globals: { theme: 'dark' } }

/** A valid address (surrounding spaces dropped) opens EmailLogin, which sends the code. */
export const ValidAddress: Story = {
  play: async () => {
    const modal = await withinModal()
    typeInto(await modal.findByRole('textbox', { name: 'Email address' }), ' ada@example.com ')
    await userEvent.click(modal.getByRole('button', { name: 'Continue with email' }))
    await modal.findByRole('dialog', { name: 'Sign in with email' })
    await expect(await modal.findByText('We sent a 6-digit code to ada@example.com.')).toBeVisible()
    await waitFor(() => expect(stories.wallet().connectEmail).toHaveBeenCalledWith('ada@example.com'))
  },
}
export const ValidAddressDark: Story = { ...ValidAddress, globals: { theme: 'dark' } }
