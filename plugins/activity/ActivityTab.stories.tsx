import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import type { FoyerOptions, Kernel } from 'foyer'
import type { Transaction } from 'foyer/query'
import { ConnectButton } from 'foyer/react'
import { BlockchainApiToken } from 'foyer/query'
import { testAddresses, testChain } from '../../test/fixtures.js'
import { memoryBlockchainApi, transaction, type MemoryBlockchainApiOptions } from '../../test/memoryBlockchainApi.js'
import { connectedStory, withinModal } from '../../test/stories.js'
import { portfolio } from '../portfolio/index.js'
import { activity } from './index.js'

// The in-memory service stands in for services/api, which needs Node and anvil and cannot run in the browser;
// the client itself is tested against the real server in kernel/services/blockchainApi.integration.test.ts.
const withApi = (api: MemoryBlockchainApiOptions, options: FoyerOptions = {}) => ({
  foyer: connectedStory({
    options: () => ({ plugins: [testChain(), portfolio(), activity()], ...options }),
    setup: (kernel) => kernel.container.provide(BlockchainApiToken, memoryBlockchainApi(api)),
  }),
})

const history = [
  transaction('feb-received', '2026-02-14T12:00:00.000Z', {
    operationType: 'receive',
    transfers: [{ direction: 'in', quantity: { numeric: '250.756' }, fungible: { name: 'USD Coin', symbol: 'USDC', isSpam: false } }],
  }),
  transaction('feb-spam', '2026-02-10T12:00:00.000Z', {
    operationType: 'receive',
    transfers: [{ direction: 'in', quantity: { numeric: '1' }, nft: { name: 'Claim your prize', isSpam: true } }],
  }),
  transaction('feb-other-chain', '2026-02-09T12:00:00.000Z', { chain: 'eip155:10' }),
  transaction('jan-sent', '2026-01-03T12:00:00.000Z', { status: 'failed' }),
  transaction('dec-minted', '2025-12-24T12:00:00.000Z', {
    operationType: 'mint',
    transfers: [{ direction: 'in', quantity: { numeric: '1' }, nft: { name: 'Fixture #1', isSpam: false } }],
  }),
]

const openActivity = async () => {
  const modal = await withinModal()
  await userEvent.click(await modal.findByRole('tab', { name: 'Activity' }))
  return modal
}

const meta = {
  title: 'Plugins/Activity',
  component: ConnectButton,
  parameters: withApi({ transactions: history }),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** By month, newest first; the connected chain only; spam hidden (rules §5). The tab comes after Tokens and NFTs (rules §2). */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    const tabs = await modal.findAllByRole('tab')
    await expect(tabs.map((tab) => tab.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    await openActivity()
    const months = await modal.findAllByRole('heading', { level: 3 })
    await expect(months.map((month) => month.textContent)).toEqual(['February 2026', 'January 2026', 'December 2025'])
    const rows = modal.getAllByTestId('activity-row')
    await expect(rows).toHaveLength(3)
    await expect(rows[0]).toHaveTextContent('ReceivedFeb 14+250.756 USDC')
    await expect(rows[1]).toHaveTextContent('Sent Failed')
    await expect(rows[1]).toHaveTextContent('-1.234 USDC')
    await expect(rows[2]).toHaveTextContent('MintedDec 24Fixture #1')
    await expect(modal.queryByText('Claim your prize')).toBeNull()
    await expect(modal.queryByRole('button', { name: 'Load more' })).toBeNull()
  },
}

export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** While the first page loads, placeholders hold its place. */
export const Loading: Story = {
  parameters: withApi({ pending: true }),
  play: async () => {
    const modal = await openActivity()
    await expect(await modal.findByRole('list', { name: 'Loading…' })).toHaveAttribute('aria-busy', 'true')
  },
}

export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } }

/** No transactions on this network. */
export const Empty: Story = {
  parameters: withApi({ transactions: [] }),
  play: async () => {
    const modal = await openActivity()
    await expect(await modal.findByText('No activity on this network yet.')).toBeVisible()
  },
}

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } }

/** rules §8: the 'Failed to fetch transactions' toast, and the list marked empty. */
export const FetchFailed: Story = {
  parameters: withApi({ failWith: 500 }),
  play: async () => {
    const modal = await openActivity()
    await expect(await modal.findByText('Failed to fetch transactions')).toBeVisible()
    await expect(await modal.findByText('No activity on this network yet.')).toBeVisible()
  },
}

export const FetchFailedDark: Story = { ...FetchFailed, globals: { theme: 'dark' } }

/** A longer history pages in with 'Load more' until the last page. */
export const LoadMore: Story = {
  parameters: withApi({
    pageSize: 2,
    transactions: Array.from({ length: 3 }, (_, index) => transaction(`tx-${index}`, `2026-01-0${3 - index}T00:00:00.000Z`)),
  }),
  play: async () => {
    const modal = await openActivity()
    await expect(await modal.findAllByTestId('activity-row')).toHaveLength(2)
    await userEvent.click(modal.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(modal.getAllByTestId('activity-row')).toHaveLength(3))
    await expect(modal.queryByRole('button', { name: 'Load more' })).toBeNull()
  },
}

export const LoadMoreDark: Story = { ...LoadMore, globals: { theme: 'dark' } }

/** With the activity feature off there is no Activity tab. */
export const FeatureOff: Story = {
  parameters: withApi({ transactions: history }, { features: { activity: false } }),
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('tab', { name: 'Tokens' })
    await expect(modal.queryByRole('tab', { name: 'Activity' })).toBeNull()
  },
}

/** rules §6: on a chain whose history no data service keeps (no `history` capability) there is no Activity tab. */
export const ChainWithoutHistory: Story = {
  parameters: {
    foyer: connectedStory({
      options: () => ({ plugins: [testChain({ history: false }), portfolio(), activity()] }),
      setup: (kernel) => kernel.container.provide(BlockchainApiToken, memoryBlockchainApi({ transactions: history })),
    }),
  },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('tab', { name: 'Tokens' })
    await expect(modal.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Tokens', 'NFTs'])
  },
}

/** The history of the latest SentThenListed story: the service lists the send only once the play says so. */
const indexed: Transaction[] = []
let sentFrom: Kernel | undefined
const SENT_HASH = `0x${'5e'.repeat(32)}`

/**
 * A transfer sent through Foyer shows at once as pending, whatever the service and its cache say; once the
 * service lists it, it is shown as the service has it.
 */
export const SentThenListed: Story = {
  parameters: {
    foyer: {
      ...withApi({ transactions: indexed }).foyer,
      setup: async (kernel: Kernel) => {
        sentFrom = kernel
        indexed.splice(0, indexed.length, ...history)
        await withApi({ transactions: indexed }).foyer.setup(kernel)
      },
    },
  },
  play: async () => {
    const modal = await withinModal()
    sentFrom!.bus.emit('transaction:sent', {
      hash: SENT_HASH,
      networkId: 'eip155:1',
      from: testAddresses.eip155[0],
      to: testAddresses.eip155[1],
      operationType: 'send',
      transfers: [{ direction: 'out', symbol: 'TETH', numeric: '0.5' }],
    })
    await openActivity()
    const [first] = await modal.findAllByTestId('activity-row')
    await expect(first).toHaveAttribute('data-status', 'pending')
    await expect(first).toHaveTextContent('Sent Pending')
    await expect(first).toHaveTextContent('-0.5 TETH')
    // The service answered (and its answer is cached) before it indexed the send: the race of the bug.
    await waitFor(() => expect(modal.getAllByTestId('activity-row')).toHaveLength(4))
    await expect(modal.getAllByTestId('activity-row')[0]).toHaveAttribute('data-status', 'pending')
    indexed.unshift(
      transaction('sent', new Date().toISOString(), {
        hash: SENT_HASH,
        transfers: [{ direction: 'out', quantity: { numeric: '0.5' }, fungible: { name: 'Test Ether', symbol: 'TETH', isSpam: false } }],
      }),
    )
    await waitFor(() => expect(modal.getAllByTestId('activity-row')[0]).toHaveAttribute('data-status', 'confirmed'), { timeout: 10_000 })
    await expect(modal.queryByText('Pending')).toBeNull()
    await expect(sentFrom!.store.getState().activity.pending).toEqual([])
  },
}

export const SentThenListedDark: Story = { ...SentThenListed, globals: { theme: 'dark' } }
