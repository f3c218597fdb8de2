import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { typeInto, withinModal } from '../../test/stories.js'
import { emailStories } from '../../test/embeddedWalletStories.js'
import { EmailCooldownError } from './embeddedWallet.js'
import { EmbeddedWalletError } from './frameClient.js'

/**
 * UpdateEmailWallet, reached from the email row on Account while signed in as ada@example.com, with
 * a fake embedded wallet that answers as told (the end-to-end test changes the address through the
 * real wallet service and reads both codes from the mail catcher).
 */
const stories = emailStories('connected')
const signedIn = stories.parameters

const meta = {
  title: 'Plugins/Email/UpdateEmailWallet',
  component: ConnectButton,
  parameters: signedIn({}),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Account's email row → the new-address form. */
async function newAddressForm() {
  const modal = await withinModal()
  await userEvent.click(await modal.findByRole('button', { name: /^ada@example\.com/ }))
  await modal.findByRole('dialog', { name: 'Change email' })
  await modal.findByRole('textbox', { name: 'New email address' })
  return modal
}

/** The form, filled with `address` and sent. */
async function submitAddress(address: string) {
  const modal = await newAddressForm()
  typeInto(modal.getByRole('textbox', { name: 'New email address' }), address)
  await userEvent.click(modal.getByRole('button', { name: 'Continue with email' }))
  return modal
}

/** The first code screen: the current address's code. */
async function primaryCode() {
  const modal = await submitAddress('grace@example.com')
  await expect(await modal.findByText('To confirm the change, enter the code we sent to ada@example.com.')).toBeVisible()
  return modal
}

async function enterCode(modal: Awaited<ReturnType<typeof withinModal>>, code: string) {
  typeInto(modal.getByRole('textbox', { name: 'Code' }), code)
  await userEvent.click(modal.getByRole('button', { name: 'Verify' }))
}

/** The email row on Account names the current address; the form asks for the new one. */
export const NewAddress: Story = {
  play: async () => {
    const modal = await newAddressForm()
    await expect(modal.getByText('Your wallet signs in with ada@example.com. Which address should it use instead?')).toBeVisible()
    await expect(modal.getByRole('textbox', { name: 'New email address' })).toHaveValue('')
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}
export const NewAddressDark: Story = { ...NewAddress, globals: { theme: 'dark' } }

/** rules §5: not an email address; the frame is not asked, and typing again clears the message. */
export const InvalidAddress: Story = {
  play: async () => {
    const modal = await submitAddress('grace@')
    await expect(await modal.findByRole('alert')).toHaveTextContent('Enter a valid email address')
    await expect(modal.getByRole('textbox', { name: 'New email address' })).toHaveAttribute('aria-invalid', 'true')
    await expect(stories.wallet().updateEmail).not.toHaveBeenCalled()
    typeInto(modal.getByRole('textbox', { name: 'New email address' }), 'grace@example.com')
    await waitFor(() => expect(modal.queryByRole('alert')).toBeNull())
  },
}
export const InvalidAddressDark: Story = { ...InvalidAddress, globals: { theme: 'dark' } }

/** The address the wallet already has is no change. */
export const SameAddress: Story = {
  play: async () => {
    const modal = await submitAddress(' ADA@example.com ')
    await expect(await modal.findByRole('alert')).toHaveTextContent('This is already your wallet’s email')
    await expect(stories.wallet().updateEmail).not.toHaveBeenCalled()
  },
}

/** Waiting for the frame to mail the first code. */
export const Sending: Story = {
  parameters: signedIn({ updateEmail: 'pending' }),
  play: async () => {
    const modal = await submitAddress('grace@example.com')
    await expect(await modal.findByText('Sending a code…')).toHaveAttribute('role', 'status')
    await expect(stories.wallet().updateEmail).toHaveBeenCalledWith('grace@example.com')
  },
}
export const SendingDark: Story = { ...Sending, globals: { theme: 'dark' } }

/** rules §5: within 30 s of the last mail the form says when to try again, and keeps the address. */
export const Cooldown: Story = {
  parameters: signedIn({ updateEmail: new EmailCooldownError(21) }),
  play: async () => {
    const modal = await submitAddress('grace@example.com')
    await expect(await modal.findByRole('alert')).toHaveTextContent('Please try again after 21 seconds')
    await expect(modal.getByRole('textbox', { name: 'New email address' })).toHaveValue('grace@example.com')
  },
}
export const CooldownDark: Story = { ...Cooldown, globals: { theme: 'dark' } }

/** VERIFY_PRIMARY_OTP: the code sent to the current address. */
export const PrimaryCode: Story = {
  play: async () => {
    const modal = await primaryCode()
    await expect(modal.getByRole('textbox', { name: 'Code' })).toHaveValue('')
    await expect(modal.getByRole('button', { name: 'Send a new code' })).toBeEnabled()
  },
}
export const PrimaryCodeDark: Story = { ...PrimaryCode, globals: { theme: 'dark' } }

/** The frame refuses the first code: its words show, the code stays to be corrected. */
export const WrongPrimaryCode: Story = {
  parameters: signedIn({ updateEmailPrimaryOtp: [new EmbeddedWalletError('Invalid code', { frameCode: 'INVALID_CODE' })] }),
  play: async () => {
    const modal = await primaryCode()
    await enterCode(modal, '123456')
    await expect(await modal.findByRole('alert')).toHaveTextContent('Invalid code')
    await expect(modal.getByRole('textbox', { name: 'Code' })).toHaveValue('123456')
    await expect(modal.getByRole('button', { name: 'Verify' })).toBeEnabled()
  },
}
export const WrongPrimaryCodeDark: Story = { ...WrongPrimaryCode, globals: { theme: 'dark' } }

/** Checking a code: the buttons wait and the view says so. */
export const Verifying: Story = {
  parameters: signedIn({ updateEmailPrimaryOtp: ['pending'] }),
  play: async () => {
    const modal = await primaryCode()
    await enterCode(modal, '123456')
    await expect(await modal.findByText('Checking the code…')).toHaveAttribute('role', 'status')
    await expect(modal.getByRole('button', { name: 'Send a new code' })).toBeDisabled()
  },
}

/** VERIFY_SECONDARY_OTP: the code sent to the new address, in an empty field. */
export const SecondaryCode: Story = {
  play: async () => {
    const modal = await primaryCode()
    await enterCode(modal, '123456')
    await expect(await modal.findByText('Now enter the code we sent to grace@example.com.')).toBeVisible()
    await expect(modal.getByRole('textbox', { name: 'Code' })).toHaveValue('')
    await expect(stories.wallet().updateEmailPrimaryOtp).toHaveBeenCalledWith('123456')
  },
}
export const SecondaryCodeDark: Story = { ...SecondaryCode, globals: { theme: 'dark' } }

/** Both codes right: back on Account, which names the new address, with a note that says so. */
export const Updated: Story = {
  play: async () => {
    const modal = await primaryCode()
    await enterCode(modal, '123456')
    await modal.findByText('Now enter the code we sent to grace@example.com.')
    await enterCode(modal, '654321')
    await expect(await modal.findByText('Your wallet now signs in with grace@example.com')).toBeVisible()
    await expect(await modal.findByRole('button', { name: /^grace@example\.com/ })).toBeVisible()
    await expect(modal.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(stories.wallet().updateEmailSecondaryOtp).toHaveBeenCalledWith('654321')
  },
}
export const UpdatedDark: Story = { ...Updated, globals: { theme: 'dark' } }

/** A new code from the second screen starts again from the current address's code. */
export const NewCode: Story = {
  play: async () => {
    const modal = await primaryCode()
    await enterCode(modal, '123456')
    await modal.findByText('Now enter the code we sent to grace@example.com.')
    await userEvent.click(modal.getByRole('button', { name: 'Send a new code' }))
    await expect(await modal.findByText('To confirm the change, enter the code we sent to ada@example.com.')).toBeVisible()
    await expect(stories.wallet().updateEmail).toHaveBeenCalledTimes(2)
  },
}
