import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import type { Kernel } from 'foyer'
import { ConnectButton } from 'foyer/react'
import { BlockchainApiToken } from 'foyer/query'
import { testChain } from '../../test/fixtures.js'
import { memoryBlockchainApi, tokenBalance, transaction, type MemoryBlockchainApiOptions } from '../../test/memoryBlockchainApi.js'
import { connectedStory, iconDataUrl, withinModal } from '../../test/stories.js'
import { portfolio } from './index.js'

// The in-memory service stands in for services/api, which needs Node and anvil and cannot run in the browser;
// the client itself is tested against the real server in kernel/services/blockchainApi.integration.test.ts.
const withApi = (options: MemoryBlockchainApiOptions) => ({
  foyer: connectedStory({
    options: () => ({ plugins: [testChain(), portfolio()] }),
    setup: (kernel) => kernel.container.provide(BlockchainApiToken, memoryBlockchainApi(options)),
  }),
})

const balances = [
  tokenBalance('USDC', '1234.567891', 1, {
    name: 'USD Coin',
    address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    quantity: { decimals: 6, numeric: '1234.567891' },
    iconUrl: iconDataUrl('#2775ca', 'U'),
  }),
  tokenBalance('ETH', '1.23456789', 3000, { name: 'Ether', iconUrl: iconDataUrl('#627eea', 'E') }),
  tokenBalance('PTS', '99', 1, { name: 'Points', quantity: { decimals: 0, numeric: '99' } }),
  tokenBalance('OTHER', '5', 1, { name: 'Other chain', chainId: 'eip155:10' }),
]

const nft = (name: string, colour: string) => ({
  direction: 'in' as const,
  quantity: { numeric: '1' },
  nft: { name, isSpam: false, imageUrl: iconDataUrl(colour, name.slice(-1)) },
})

const meta = {
  title: 'Plugins/Portfolio',
  component: ConnectButton,
  parameters: withApi({ balances }),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Tokens of the connected network, largest fiat value first; quantity 3 decimals, fiat 2 (rules §5); zero-decimal tokens dropped. */
export const Tokens: Story = {
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true')
    const list = await modal.findByRole('list', { name: 'Your tokens' })
    const rows = list.querySelectorAll('li')
    await expect(rows).toHaveLength(2)
    await expect(rows[0]).toHaveTextContent('Ether1.234 ETH$3,703.70')
    await expect(rows[1]).toHaveTextContent('USD Coin1,234.567 USDC$1,234.56')
    await expect(list).not.toHaveTextContent('Points')
    await expect(list).not.toHaveTextContent('Other chain')
  },
}

export const TokensDark: Story = { ...Tokens, globals: { theme: 'dark' } }

/** The balances of the latest ReadAgainAfterASend story, changed by its play. */
const changing = [tokenBalance('ETH', '2', 3000, { name: 'Ether' })]
let shown: Kernel | undefined

/** After 'balances:changed' (a send) the open tab reads the balances again. */
export const ReadAgainAfterASend: Story = {
  parameters: {
    foyer: {
      ...withApi({ balances: changing }).foyer,
      setup: async (kernel: Kernel) => {
        shown = kernel
        changing.splice(0, changing.length, tokenBalance('ETH', '2', 3000, { name: 'Ether' }))
        await withApi({ balances: changing }).foyer.setup(kernel)
      },
    },
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('list', { name: 'Your tokens' })).toHaveTextContent('2 ETH')
    changing.splice(0, 1, tokenBalance('ETH', '1.5', 3000, { name: 'Ether' }))
    shown!.bus.emit('balances:changed', {})
    await waitFor(async () => expect(await modal.findByRole('list', { name: 'Your tokens' })).toHaveTextContent('1.5 ETH$4,500.00'))
  },
}

/** While the balances load, placeholders hold their place. */
export const TokensLoading: Story = {
  parameters: withApi({ pending: true }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('list', { name: 'Loading…' })).toHaveAttribute('aria-busy', 'true')
  },
}

export const TokensLoadingDark: Story = { ...TokensLoading, globals: { theme: 'dark' } }

/** No tokens on this network. */
export const TokensEmpty: Story = {
  parameters: withApi({ balances: [] }),
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('No tokens on this network yet.')).toBeVisible()
  },
}

export const TokensEmptyDark: Story = { ...TokensEmpty, globals: { theme: 'dark' } }

/** rules §8: the service failed: the 'Token Balance Unavailable' toast, and the tab says so too. */
export const TokensError: Story = {
  parameters: withApi({ failWith: 500 }),
  play: async () => {
    const modal = await withinModal()
    await waitFor(async () => expect(modal.getAllByText('Token Balance Unavailable')).toHaveLength(2))
  },
}

export const TokensErrorDark: Story = { ...TokensError, globals: { theme: 'dark' } }

/** The NFTs the account received, in a grid with their names and images. */
export const Nfts: Story = {
  parameters: withApi({
    transactions: [
      transaction('2', '2026-02-01T00:00:00.000Z', { transfers: [nft('Ape #2', '#e67e22')] }),
      transaction('1', '2026-01-01T00:00:00.000Z', { transfers: [nft('Ape #1', '#8e44ad')] }),
    ],
  }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('tab', { name: 'NFTs' }))
    const grid = await modal.findByRole('list', { name: 'Your NFTs' })
    const tiles = grid.querySelectorAll('li')
    await expect(tiles).toHaveLength(2)
    await expect(tiles[0]).toHaveTextContent('Ape #2')
    await expect(tiles[0]?.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
  },
}

export const NftsDark: Story = { ...Nfts, globals: { theme: 'dark' } }

/** No NFTs yet. */
export const NftsEmpty: Story = {
  parameters: withApi({ transactions: [] }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('tab', { name: 'NFTs' }))
    await expect(await modal.findByText('No NFTs on this network yet.')).toBeVisible()
  },
}

export const NftsEmptyDark: Story = { ...NftsEmpty, globals: { theme: 'dark' } }

/** The history could not be read. */
export const NftsError: Story = {
  parameters: withApi({ failWith: 503 }),
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('tab', { name: 'NFTs' }))
    await expect(await modal.findByText('NFTs could not be loaded.')).toBeVisible()
  },
}

export const NftsErrorDark: Story = { ...NftsError, globals: { theme: 'dark' } }
