import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { typeInto, withinModal } from '../../test/stories.js'
import { EmailCooldownError } from './embeddedWallet.js'
import { EmbeddedWalletError } from './frameClient.js'
import { emailStories } from '../../test/embeddedWalletStories.js'

/**
 * EmailLogin for ada@example.com, with a fake embedded wallet that answers as told (the wallet
 * service does not run in stories; the end-to-end test signs in through the real one).
 */
const stories = emailStories({ view: 'EmailLogin', params: { email: 'ada@example.com' } })
const login = stories.parameters

const meta = {
  title: 'Plugins/Email/EmailLogin',
  component: ConnectButton,
  parameters: login({}),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The code screen, once the frame has answered VERIFY_OTP. */
async function codeScreen() {
  const modal = await withinModal()
  await expect(await modal.findByText('We sent a 6-digit code to ada@example.com.')).toBeVisible()
  return modal
}

/** Waiting for the frame to mail a code. */
export const Sending: Story = {
  parameters: login({ connectEmail: ['pending'] }),
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Sign in with email' })
    await expect(await modal.findByText('Sending a code…')).toHaveAttribute('role', 'status')
    await waitFor(() => expect(stories.wallet().connectEmail).toHaveBeenCalledWith('ada@example.com'))
    await expect(modal.queryByRole('textbox')).toBeNull()
  },
}
export const SendingDark: Story = { ...Sending, globals: { theme: 'dark' } }

/** VERIFY_OTP: the code field, Verify, and a way to have a new code sent. */
export const CodeEntry: Story = {
  parameters: login({ connectEmail: ['VERIFY_OTP'] }),
  play: async () => {
    const modal = await codeScreen()
    await expect(modal.getByRole('textbox', { name: 'Code' })).toHaveValue('')
    await expect(modal.getByRole('button', { name: 'Verify' })).toBeEnabled()
    await expect(modal.getByRole('button', { name: 'Send a new code' })).toBeEnabled()
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}
export const CodeEntryDark: Story = { ...CodeEntry, globals: { theme: 'dark' } }

/** rules §5: a code that is not 6 digits is refused here; the frame is not asked. */
export const MalformedCode: Story = {
  parameters: login({ connectEmail: ['VERIFY_OTP'] }),
  play: async () => {
    const modal = await codeScreen()
    typeInto(modal.getByRole('textbox', { name: 'Code' }), '12a4')
    await userEvent.click(modal.getByRole('button', { name: 'Verify' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('Enter the 6-digit code')
    await expect(modal.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true')
    await expect(stories.wallet().connectOtp).not.toHaveBeenCalled()
    // Typing again clears the message.
    typeInto(modal.getByRole('textbox', { name: 'Code' }), '12345')
    await waitFor(() => expect(modal.queryByRole('alert')).toBeNull())
  },
}
export const MalformedCodeDark: Story = { ...MalformedCode, globals: { theme: 'dark' } }

/** The frame refuses the code: its message shows and the code stays to be corrected. */
export const WrongCode: Story = {
  parameters: login({ connectEmail: ['VERIFY_OTP'], connectOtp: new EmbeddedWalletError('Invalid code', { frameCode: 'INVALID_CODE' }) }),
  play: async () => {
    const modal = await codeScreen()
    typeInto(modal.getByRole('textbox', { name: 'Code' }), '123456')
    await userEvent.click(modal.getByRole('button', { name: 'Verify' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('Invalid code')
    await expect(stories.wallet().connectOtp).toHaveBeenCalledWith('123456')
    await expect(modal.getByRole('textbox', { name: 'Code' })).toHaveValue('123456')
    await expect(modal.getByRole('button', { name: 'Verify' })).toBeEnabled()
  },
}
export const WrongCodeDark: Story = { ...WrongCode, globals: { theme: 'dark' } }

/** A new code drops the old one and its error. */
export const NewCode: Story = {
  parameters: login({ connectEmail: ['VERIFY_OTP'], connectOtp: new EmbeddedWalletError('Invalid code', { frameCode: 'INVALID_CODE' }) }),
  play: async () => {
    const modal = await codeScreen()
    typeInto(modal.getByRole('textbox', { name: 'Code' }), '123456')
    await userEvent.click(modal.getByRole('button', { name: 'Verify' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('Invalid code')
    await userEvent.click(modal.getByRole('button', { name: 'Send a new code' }))
    await waitFor(() => expect(stories.wallet().connectEmail).toHaveBeenCalledTimes(2))
    await expect(await modal.findByRole('textbox', { name: 'Code' })).toHaveValue('')
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}

/** Checking the code: the button is busy and the view says so. */
export const Verifying: Story = {
  parameters: login({ connectEmail: ['VERIFY_OTP'], connectOtp: 'pending' }),
  play: async () => {
    const modal = await codeScreen()
    typeInto(modal.getByRole('textbox', { name: 'Code' }), '123456')
    await userEvent.click(modal.getByRole('button', { name: 'Verify' }))
    await expect(await modal.findByText('Checking the code…')).toHaveAttribute('role', 'status')
    await expect(modal.getByRole('button', { name: 'Verify' })).toBeDisabled()
    await expect(modal.getByRole('button', { name: 'Send a new code' })).toBeDisabled()
  },
}
export const VerifyingDark: Story = { ...Verifying, globals: { theme: 'dark' } }

/** A right code: the wallet connects and the modal closes. */
export const CodeAccepted: Story = {
  parameters: login({ connectEmail: ['VERIFY_OTP'] }),
  play: async ({ canvas }) => {
    const modal = await codeScreen()
    typeInto(modal.getByRole('textbox', { name: 'Code' }), ' 123456 ')
    await userEvent.click(modal.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('button', { name: /0x1111…1111$/ })).toBeVisible()
  },
}

/** VERIFY_DEVICE: a known account on a new browser waits for the mailed link. */
export const DeviceConfirmation: Story = {
  parameters: login({ connectEmail: ['VERIFY_DEVICE'], connectDevice: 'pending' }),
  play: async () => {
    const modal = await withinModal()
    await expect(
      await modal.findByText('This browser is new to your wallet. Open the link we sent to ada@example.com to approve it.'),
    ).toBeVisible()
    await expect(modal.getByText('Waiting for you to approve this browser…')).toHaveAttribute('role', 'status')
    await expect(stories.wallet().connectDevice).toHaveBeenCalledOnce()
  },
}
export const DeviceConfirmationDark: Story = { ...DeviceConfirmation, globals: { theme: 'dark' } }

/** The browser approved, a code is mailed: the code screen follows. */
export const DeviceThenCode: Story = {
  parameters: login({ connectEmail: ['VERIFY_DEVICE'], connectDevice: 'VERIFY_OTP' }),
  play: async () => {
    const modal = await codeScreen()
    await expect(modal.getByRole('textbox', { name: 'Code' })).toBeVisible()
  },
}

/** CONNECT: the frame knows this browser; the wallet connects and the modal closes. */
export const Connects: Story = {
  parameters: login({ connectEmail: ['CONNECT'] }),
  play: async ({ canvas }) => {
    const modal = await withinModal()
    // Connected first: a dialog not yet open would pass the check that it closed.
    await expect(await canvas.findByRole('button', { name: /0x1111…1111$/ })).toBeVisible()
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
    await expect(stories.wallet().connectOtp).not.toHaveBeenCalled()
  },
}
export const ConnectsDark: Story = { ...Connects, globals: { theme: 'dark' } }

/** rules §5: a second email within 30 s fails with the cooldown; Try again sends it again. */
export const FailedWithRetry: Story = {
  parameters: login({ connectEmail: [new EmailCooldownError(12), 'VERIFY_OTP'] }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Please try again after 12 seconds')
    await userEvent.click(modal.getByRole('button', { name: 'Try again' }))
    await codeScreen()
    await expect(stories.wallet().connectEmail).toHaveBeenCalledTimes(2)
    await expect(modal.queryByRole('alert')).toBeNull()
  },
}
export const FailedWithRetryDark: Story = { ...FailedWithRetry, globals: { theme: 'dark' } }

/** The address's budget of wrong codes is spent: the code screen says when to try again, in minutes rounded up. */
export const TooManyWrongCodes: Story = {
  parameters: login({
    connectEmail: ['VERIFY_OTP'],
    connectOtp: new EmbeddedWalletError('Too many wrong codes for this address: please try again after 55 minutes', {
      frameCode: 'TOO_MANY_WRONG_CODES',
      retryAfter: 3290,
    }),
  }),
  play: async () => {
    const modal = await codeScreen()
    typeInto(modal.getByRole('textbox', { name: 'Code' }), '123456')
    await userEvent.click(modal.getByRole('button', { name: 'Verify' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('Too many wrong codes for this address. Please try again in 55 min.')
  },
}
export const TooManyWrongCodesDark: Story = { ...TooManyWrongCodes, globals: { theme: 'dark' } }

/** No code is mailed while the address cools down: the view says when to try again instead. */
export const TooManyWrongCodesBeforeMail: Story = {
  parameters: login({
    connectEmail: [new EmbeddedWalletError('Too many wrong codes', { frameCode: 'TOO_MANY_WRONG_CODES', retryAfter: 20 })],
  }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('Too many wrong codes for this address. Please try again in 1 min.')
    await expect(modal.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** An error without a message of Foyer's own shows 'An error occurred'. */
export const UnknownFailure: Story = {
  parameters: login({ connectEmail: [new Error('socket hang up')] }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('alert')).toHaveTextContent('An error occurred')
    await expect(modal.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}
