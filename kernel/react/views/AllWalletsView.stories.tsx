import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import type { Kernel } from '../../core/createKernel.js'
import type { DirectoryWallet } from '../../services/directory.js'
import { WalletDirectoryToken } from '../../core/tokens.js'
import { testChain, testConnector } from '../../../test/fixtures.js'
import { directoryWallets, memoryDirectory, type MemoryDirectoryOptions } from '../../../test/memoryDirectory.js'
import { iconDataUrl, recordImageRequests, typeInto, withinModal } from '../../../test/stories.js'
import { ConnectButton } from '../ConnectButton.js'

// The directory is the in-memory stand-in: a story runs in the browser, where the directory
// service cannot. The service itself is tested over HTTP in services/directory.
const withDirectory = (wallets: readonly DirectoryWallet[], options?: MemoryDirectoryOptions) => ({
  options: () => ({ plugins: [testChain()], services: { directory: 'https://directory.invalid' } }),
  setup: (kernel: Kernel) => kernel.container.provide(WalletDirectoryToken, memoryDirectory(wallets, options)),
  view: 'AllWallets' as const,
})

const meta = {
  title: 'Views/AllWallets',
  component: ConnectButton,
  parameters: { foyer: withDirectory(directoryWallets(90)) },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

const listedNames = (list: HTMLElement) => [...list.querySelectorAll('.f-list-item-label')].map((label) => label.textContent)

/** The first page has 40 wallets; scrolling to the end loads the next 40 (rules §9). */
export const InfiniteScroll: Story = {
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    await waitFor(() => expect(listedNames(list)).toHaveLength(40))
    modal.getByTestId('load-more').scrollIntoView()
    await waitFor(() => expect(listedNames(list)).toHaveLength(80))
    await expect(listedNames(list)[40]).toBe('Wallet 041')
  },
}

export const InfiniteScrollDark: Story = { ...InfiniteScroll, globals: { theme: 'dark' } }

/** Search shows its answer no sooner than 300 ms after it starts. */
export const Search: Story = {
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    await waitFor(() => expect(listedNames(list)).toHaveLength(40))
    const started = performance.now()
    typeInto(modal.getByRole('searchbox', { name: 'Search wallets' }), '088')
    await waitFor(() => expect(listedNames(list)).toEqual(['Wallet 088']))
    await expect(performance.now() - started).toBeGreaterThanOrEqual(300)
  },
}

/** A search asks for 100 wallets, not a page of 40, and shows them all, with nothing more to load (rules §9). */
export const SearchPage: Story = {
  parameters: { foyer: withDirectory(directoryWallets(150)) },
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    await waitFor(() => expect(listedNames(list)).toHaveLength(40))
    typeInto(modal.getByRole('searchbox', { name: 'Search wallets' }), 'Wallet')
    await waitFor(() => expect(listedNames(list)).toHaveLength(100))
    await expect(listedNames(list).at(-1)).toBe('Wallet 100')
    await expect(modal.queryByTestId('load-more')).toBeNull()
  },
}

/** A search that finds nothing says so. */
export const NoResults: Story = {
  play: async () => {
    const modal = await withinModal()
    typeInto(await modal.findByRole('searchbox', { name: 'Search wallets' }), 'zzz')
    await expect(await modal.findByText('No wallet matches “zzz”.')).toBeVisible()
  },
}

export const NoResultsDark: Story = { ...NoResults, globals: { theme: 'dark' } }

/** Skeleton rows hold the place until the directory answers. */
export const Loading: Story = {
  parameters: { foyer: withDirectory([], { pending: true }) },
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    await expect(list).toHaveAttribute('aria-busy', 'true')
    await waitFor(() => expect(list.querySelectorAll('.f-skeleton').length).toBeGreaterThan(0))
  },
}

export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } }

/** A rate-limited directory: the rules §8 alert, and an error with a retry. */
export const RateLimited: Story = {
  parameters: { foyer: withDirectory([], { failWith: 429 }) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Rate Limited')).toBeVisible()
    await expect(modal.getByText('The wallet list could not be loaded.')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

export const RateLimitedDark: Story = { ...RateLimited, globals: { theme: 'dark' } }

/** A failing directory: Server Error (rules §8). */
export const ServerError: Story = {
  parameters: { foyer: withDirectory([], { failWith: 503 }) },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByText('Server Error')).toBeVisible()
  },
}

/** A directory wallet the browser already has (same rdns) says Installed and connects directly. */
export const InstalledWallet: Story = {
  parameters: {
    foyer: {
      ...withDirectory([{ id: 'amber', name: 'Amber', rdns: 'com.amber', chains: [], links: {} }, ...directoryWallets(3)]),
      options: () => ({
        plugins: [testChain({ connectors: [testConnector({ id: 'com.amber', name: 'Amber', info: { rdns: 'com.amber' } })] })],
        services: { directory: 'https://directory.invalid' },
      }),
    },
  },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Amber Installed' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
  },
}

/** Every image URL asked for while HostileDirectoryWallets runs. */
let images: ReturnType<typeof recordImageRequests> | undefined
const PWNED = 'window.__foyerPwned=1'
const hostileDirectory: DirectoryWallet[] = [
  { id: 'markup', name: `<img src=x onerror="${PWNED}">`, imageUrl: `data:text/html,<script>${PWNED}</script>`, chains: [], links: {} },
  { id: 'script', name: `"><script>${PWNED}</script>`, imageUrl: `javascript:${PWNED}`, chains: [], links: {} },
  { id: 'tracker', name: 'Tracker <b>bold</b>', imageUrl: 'http://tracker.example/pixel.png', chains: [], links: {} },
  { id: 'honest', name: 'Honest Wallet', imageUrl: iconDataUrl('#0f766e', 'H'), chains: [], links: {} },
]

/**
 * A directory that lies: markup in names, script, page and tracker URLs as icons. The names are text, only the
 * honest icon is asked for and shown, nothing runs. (The directory client drops such icons when it parses an
 * answer — test/serviceResponses.property.integration.test.ts; this is the view's own gate behind it.)
 */
export const HostileDirectoryWallets: Story = {
  parameters: { foyer: withDirectory(hostileDirectory) },
  beforeEach: () => {
    images = recordImageRequests()
    return () => images?.stop()
  },
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    await waitFor(() => expect(listedNames(list)).toEqual(hostileDirectory.map((wallet) => wallet.name)))
    await waitFor(() =>
      expect([...list.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([hostileDirectory[3]?.imageUrl]),
    )
    await expect(list.querySelectorAll('script, b, iframe, object, embed')).toHaveLength(0)
    for (const wallet of hostileDirectory.slice(0, 3)) await expect(images?.urls).not.toContain(wallet.imageUrl)
    await expect((window as { __foyerPwned?: unknown }).__foyerPwned).toBeUndefined()
  },
}
