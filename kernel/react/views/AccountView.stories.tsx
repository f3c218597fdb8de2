import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { definePlugin } from '../../core/plugin.js'
import { testChain, testConnector, type TestChain } from '../../../test/fixtures.js'
import { connectedStory, iconDataUrl, withinModal } from '../../../test/stories.js'
import { memoryBlockchainApi } from '../../../test/memoryBlockchainApi.js'
import { BlockchainApiToken } from '../../core/tokens.js'
import { ConnectButton } from '../ConnectButton.js'

const meta = {
  title: 'Views/Account',
  component: ConnectButton,
  parameters: { foyer: connectedStory() },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Address, native balance truncated to 3 decimals (rules §5), network, disconnect. */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Account' })
    await expect(await modal.findByText('0x1111…1111')).toBeVisible()
    await expect(await modal.findByText('1.5 TETH')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Testnet One Network' })).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await expect(modal.queryByRole('tablist')).toBeNull()
  },
}

export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** While the balance is read, a placeholder holds its place. */
export const BalanceLoading: Story = {
  parameters: {
    foyer: connectedStory({
      options: () => {
        const chain = testChain()
        chain.wallet.balanceAnswer = 'pending'
        return { plugins: [chain] }
      },
    }),
  },
  play: async () => {
    const modal = await withinModal()
    await modal.findByText('0x1111…1111')
    const balance = (await modal.findByRole('dialog')).querySelector('.f-balance')!
    await expect(balance.querySelector('.f-skeleton')).not.toBeNull()
  },
}

export const BalanceLoadingDark: Story = { ...BalanceLoading, globals: { theme: 'dark' } }

/**
 * With a blockchain data service, the account's name and avatar replace the short address and gradient; the
 * connect button shows the name too.
 */
export const WithIdentity: Story = {
  parameters: {
    foyer: connectedStory({
      setup: (kernel) => {
        // In memory: services/api needs Node and anvil and cannot run in the browser.
        const identities = { '0x1111111111111111111111111111111111111111': { name: 'alice.foyer', avatar: iconDataUrl('#e91e63', 'A') } }
        kernel.container.provide(BlockchainApiToken, memoryBlockchainApi({ identities }))
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const modal = await withinModal()
    await expect(await modal.findByText('alice.foyer')).toBeVisible()
    const avatar = (await modal.findByRole('dialog')).querySelector('img.f-avatar')
    await expect(avatar?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
    await expect(modal.queryByText('0x1111…1111')).toBeNull()
    await expect(await within(canvasElement).findByRole('button', { name: /alice\.foyer$/ })).toHaveTextContent('alice.foyer')
  },
}

export const WithIdentityDark: Story = { ...WithIdentity, globals: { theme: 'dark' } }

/** A balance that cannot be read says so instead of showing 0. */
export const BalanceUnavailable: Story = {
  parameters: {
    foyer: connectedStory({
      options: () => {
        const chain = testChain()
        chain.wallet.balanceAnswer = 'fail'
        return { plugins: [chain] }
      },
    }),
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Balance unavailable')).toBeVisible()
  },
}

/** Plugins contribute the Tokens/NFTs/Activity tabs and the wallet actions; tabs follow the keyboard. */
export const WithPluginTabs: Story = {
  parameters: {
    foyer: connectedStory({
      options: () => ({
        plugins: [
          testChain(),
          definePlugin({
            name: 'story-tabs',
            locales: { en: { 'story.tokens': 'Tokens', 'story.activity': 'Activity', 'story.send': 'Send' } as never },
            slots: {
              'account-tabs': [
                { id: 'tokens', label: 'story.tokens' as never, order: 0, load: async () => ({ default: () => <p>No tokens yet</p> }) },
                {
                  id: 'activity',
                  label: 'story.activity' as never,
                  order: 2,
                  load: async () => ({ default: () => <p>No activity yet</p> }),
                },
              ],
              'wallet-features': [{ id: 'send', label: 'story.send' as never, view: 'Networks' }],
            },
          }),
        ],
      }),
    }),
  },
  play: async () => {
    const modal = await withinModal()
    const tokens = await modal.findByRole('tab', { name: 'Tokens' })
    await expect(tokens).toHaveAttribute('aria-selected', 'true')
    await expect(await modal.findByText('No tokens yet')).toBeVisible()
    tokens.focus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(modal.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true')
    await expect(await modal.findByText('No activity yet')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Send' })).toBeVisible()
  },
}

export const WithPluginTabsDark: Story = { ...WithPluginTabs, globals: { theme: 'dark' } }

const WALLET_ACTIONS = ['onramp', 'swaps', 'receive', 'send', 'names', 'wallets']

/** walletFeaturesOrder reaches every wallet action: the listed ones in its order, the others after them. */
export const WalletFeaturesOrder: Story = {
  parameters: {
    foyer: connectedStory({
      options: () => ({
        features: { walletFeaturesOrder: ['send', 'wallets', 'names', 'onramp'] },
        plugins: [
          testChain(),
          definePlugin({
            name: 'story-actions',
            locales: { en: Object.fromEntries(WALLET_ACTIONS.map((id) => [`story.${id}`, `Action ${id}`])) as never },
            slots: { 'wallet-features': WALLET_ACTIONS.map((id) => ({ id, label: `story.${id}` as never, view: 'Networks' as const })) },
          }),
        ],
      }),
    }),
  },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('button', { name: 'Action send' })
    const order = modal.getAllByRole('button', { name: /^Action / }).map((button) => button.textContent)
    await expect(order).toEqual(['Action send', 'Action wallets', 'Action names', 'Action onramp', 'Action swaps', 'Action receive'])
  },
}

/** Connected on EVM and Solana at once: the Account view switches between the namespaces (rules §4). */
export const TwoNamespaces: Story = {
  parameters: {
    foyer: connectedStory({
      options: () => ({
        plugins: [
          testChain(),
          testChain({ namespace: 'solana', connectors: [testConnector({ namespaces: ['solana'], name: 'Sol Wallet' })] }),
        ],
      }),
      connectorIds: ['test-wallet-eip155', 'test-wallet-solana'],
    }),
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('7EcD…FLtV')).toBeVisible()
    await userEvent.click(modal.getByRole('button', { name: 'Show Ethereum account' }))
    await expect(await modal.findByText('0x1111…1111')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Show Solana account' })).toBeVisible()
    // The button that had focus is gone; Escape still closes the modal.
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
  },
}

/** Disconnect resets the connection and closes the modal (rules §4); the host's button says Connect again. */
export const Disconnects: Story = {
  play: async ({ canvas }) => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('button', { name: 'Connect' })).toBeVisible()
  },
}

/** The wallet disconnects the site by itself: the open modal follows to Connect. */
export const WalletDisconnects: Story = {
  parameters: { foyer: connectedStory({ options: () => ({ plugins: [storyChain] }) }) },
  play: async () => {
    const modal = await withinModal()
    await modal.findByText('0x1111…1111')
    storyChain.wallet.changeAccounts([])
    await modal.findByRole('dialog', { name: 'Connect a wallet' })
  },
}

const storyChain: TestChain = testChain()
