import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { withinModal } from '../../test/stories.js'
import { emailStories } from '../../test/embeddedWalletStories.js'
import { EmbeddedWalletError } from './frameClient.js'

/**
 * The account-type row on Account while the embedded wallet's EVM account shows (rules §6), with a fake embedded wallet
 * (the service test and the end-to-end test switch for real, against anvil and the bundler).
 */
const stories = emailStories('connected')
const SMART = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c'

const meta = {
  title: 'Plugins/Email/AccountTypeRow',
  component: ConnectButton,
  parameters: stories.parameters({ evmAccount: { type: 'smartAccount', smartAccount: SMART, smartAccountDeployed: false } }),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** A smart account (the eip155 default where offered): the row offers the standard account. */
export const SmartAccount: Story = {
  play: async () => {
    const modal = await withinModal()
    const row = await modal.findByRole('button', { name: /^Use standard account/ })
    await expect(row).toHaveTextContent('Smart account')
    await expect(row).toBeEnabled()
  },
}

/** Switching asks the wallet for the EOA; the row then offers the smart account again. */
export const SwitchToStandard: Story = {
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: /^Use standard account/ }))
    await waitFor(() => expect(stories.wallet().setPreferredAccountType).toHaveBeenCalledWith('eoa'))
    const row = await modal.findByRole('button', { name: /^Use smart account/ })
    await expect(row).toHaveTextContent('Standard account')
  },
}

/** A standard account where a smart account is offered: the row offers it. */
export const Standard: Story = {
  parameters: stories.parameters({ evmAccount: { type: 'eoa', smartAccount: SMART, smartAccountDeployed: false } }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: /^Use smart account/ }))
    await waitFor(() => expect(stories.wallet().setPreferredAccountType).toHaveBeenCalledWith('smartAccount'))
  },
}

/** No smart account on this network (rules §6: no switch to one): the row only says what the account is. */
export const NoSmartAccounts: Story = {
  parameters: stories.parameters({ evmAccount: { type: 'eoa', smartAccountDeployed: false } }),
  play: async () => {
    const modal = await withinModal()
    const row = await modal.findByRole('button', { name: 'Standard account' })
    await expect(row).toBeDisabled()
    await expect(modal.queryByRole('button', { name: /^Use smart account/ })).toBeNull()
  },
}

/** The wallet refuses the switch: its message shows, and the row stays as it was. */
export const SwitchRefused: Story = {
  parameters: stories.parameters({
    evmAccount: { type: 'eoa', smartAccount: SMART, smartAccountDeployed: false },
    setPreferredAccountType: new EmbeddedWalletError('Smart accounts are not available on this network', {
      frameCode: 'UNSUPPORTED_ACCOUNT_TYPE',
    }),
  }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: /^Use smart account/ }))
    await expect(await modal.findByText('Smart accounts are not available on this network')).toBeVisible()
    await expect(await modal.findByRole('button', { name: /^Use smart account/ })).toBeEnabled()
  },
}

export const SmartAccountDark: Story = { ...SmartAccount, globals: { theme: 'dark' } }
export const NoSmartAccountsDark: Story = { ...NoSmartAccounts, globals: { theme: 'dark' } }

/**
 * A wallet whose EOA is its smart account (EIP-7702, docs/wallets.md#account-modes), not upgraded yet: one address, so
 * no type to choose and no switch; the row shows nothing.
 */
export const Eip7702Account: Story = {
  parameters: stories.parameters({ evmAccount: { type: 'eoa', smartAccountDeployed: false, eip7702: { upgraded: false } } }),
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('button', { name: 'Permissions' })
    for (const name of [/^Use (standard|smart) account/, 'Standard account', 'Smart account', /^Turn off smart account/])
      await expect(modal.queryByRole('button', { name })).toBeNull()
  },
}
