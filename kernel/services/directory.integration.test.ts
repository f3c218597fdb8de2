import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startDirectory, type WalletDirectory as DirectoryServer } from '../../services/directory/index.mjs'
import { testKernel } from '../../test/fixtures.js'
import { FetchToken } from '../core/tokens.js'
import {
  createWalletDirectory,
  directoryImageUrl,
  rememberDirectoryWallet,
  rememberedDirectoryWallet,
  type DirectoryWallet,
} from './directory.js'
import { preloadDirectorySuggestions } from '../react/views/useDirectorySuggestions.js'

const wallet: DirectoryWallet = { id: 'rainbow', name: 'Rainbow', chains: ['eip155:1'], links: { mobile: 'rainbow://' } }

describe('picked directory wallets', () => {
  it('a picked wallet is remembered by id, in its own kernel only', () => {
    const kernel = testKernel()
    expect(rememberedDirectoryWallet(kernel, 'rainbow')).toBeUndefined()
    rememberDirectoryWallet(kernel, wallet)
    expect(rememberedDirectoryWallet(kernel, 'rainbow')).toBe(wallet)
    expect(rememberedDirectoryWallet(testKernel(), 'rainbow')).toBeUndefined()
  })
})

describe('createWalletDirectory against services/directory', () => {
  // Two certified wallets and two without a badge, so the filter has something to leave out.
  const wallets = [
    { id: 'alpha', name: 'Alpha', image_id: 'img-alpha', chains: ['eip155:1'], badge_type: 'certified' as const },
    { id: 'beta', name: 'Beta', image_id: 'img-beta', chains: ['eip155:1'] },
    { id: 'gamma', name: 'Gamma', image_id: 'img-gamma', chains: ['eip155:1'], badge_type: 'certified' as const },
    { id: 'delta', name: 'Delta', image_id: 'img-delta', chains: ['eip155:1'] },
  ]
  let server: DirectoryServer
  const requested: URL[] = []
  const recording: typeof fetch = (input, init) => {
    requested.push(new URL(String(input)))
    return fetch(input, init)
  }

  beforeAll(async () => {
    server = await startDirectory({ wallets, projectIds: ['test-project'] })
  })
  afterAll(() => server?.stop())

  it('badge sends rules §7 badge_type, and the directory lists certified wallets only', async () => {
    const directory = createWalletDirectory({ baseUrl: server.url, projectId: 'test-project', fetch: recording })
    const all = await directory.getWallets({ page: 1 })
    const certified = await directory.getWallets({ page: 1, badge: 'certified' })
    expect(all.wallets.map((entry) => entry.id).sort()).toEqual(['alpha', 'beta', 'delta', 'gamma'])
    expect(certified.wallets.map((entry) => entry.id).sort()).toEqual(['alpha', 'gamma'])
    expect(certified.count).toBe(2)
    expect(requested.at(-1)?.searchParams.get('badge_type')).toBe('certified')
    expect(requested.at(-2)?.searchParams.has('badge_type')).toBe(false)
  })

  it('hands over where a wallet installs as the directory says it, by platform (the Connect view checks each link)', async () => {
    const entry = (install: Record<string, string>) => ({ id: 'x', name: 'X', chains: ['eip155:1'], ...install })
    const answer: typeof fetch = async () =>
      Response.json({
        data: [
          entry({ chrome_store: 'https://store.example/x', play_store: 'javascript:alert(1)', homepage: 'https://x.example/' }),
          entry({ safari_store: 'https://apps.example/x', app_store: 'http://apps.example/x' }),
          entry({ homepage: '' }),
        ],
        count: 3,
      })
    const directory = createWalletDirectory({ baseUrl: server.url, projectId: 'test-project', fetch: answer })
    const { wallets: read } = await directory.getWallets({ page: 1 })
    expect(read.map((wallet) => wallet.install)).toEqual([
      { chrome: 'https://store.example/x', android: 'javascript:alert(1)', website: 'https://x.example/' },
      { safari: 'https://apps.example/x', ios: 'http://apps.example/x' },
      { website: '' },
    ])
  })

  it('a page count beyond a safe integer (1e308) is a bad answer, not a count', async () => {
    const answer: typeof fetch = async () => Response.json({ data: [], count: 1e308 })
    const directory = createWalletDirectory({ baseUrl: server.url, projectId: 'test-project', fetch: answer })
    await expect(directory.getWallets({ page: 1 })).rejects.toMatchObject({
      name: 'InvalidResponseError',
      shortMessage: 'Invalid response',
    })
  })

  it('the Connect view recommends certified wallets, unless the host chose the wallets itself', async () => {
    const recommendations = async (include?: string[]) => {
      const seen: URL[] = []
      const kernel = testKernel({ services: { directory: server.url }, ...(include && { includeWalletIds: include }) })
      kernel.container.provide(FetchToken, (input, init) => {
        const url = new URL(String(input))
        if (url.pathname === '/getWallets') seen.push(url)
        return fetch(input, init)
      })
      preloadDirectorySuggestions(kernel)
      await expect.poll(() => seen.length).toBe(1)
      kernel.destroy()
      return seen[0]!.searchParams.get('badge_type')
    }
    expect(await recommendations()).toBe('certified')
    expect(await recommendations(['beta'])).toBeNull()
  })
})

describe('directoryImageUrl (rules §7 image routes)', () => {
  let server: DirectoryServer
  beforeAll(async () => {
    server = await startDirectory({ projectIds: ['test-project'] })
  })
  afterAll(() => server?.stop())

  it('without services.directory there is no image URL, so nothing is loaded from anywhere', () => {
    const kernel = testKernel()
    for (const kind of ['asset', 'currency', 'token'] as const) expect(directoryImageUrl(kernel, kind, 'USDC')).toBeUndefined()
  })

  it('network, currency and token images come from the directory, with the client parameters', async () => {
    const kernel = testKernel({ services: { directory: server.url } })
    const cases = [
      ['asset', 'Ethereum (Sepolia)', '/public/getAssetImage/Ethereum%20Sepolia', '>ES</text>'],
      ['currency', 'EUR', '/public/getCurrencyImage/EUR', '>EUR</text>'],
      // USDC has a brand mark (services/directory/brandMarks.mjs); the others, generated initials.
      ['token', 'USDC', '/public/getTokenImage/USDC', 'class="web3icons"'],
    ] as const
    for (const [kind, id, path, label] of cases) {
      const url = new URL(directoryImageUrl(kernel, kind, id)!)
      expect(url.pathname).toBe(path)
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        projectId: 'test-project',
        st: expect.any(String),
        sv: expect.any(String),
      })
      const response = await fetch(url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(await response.text()).toContain(label)
    }
    expect(directoryImageUrl(kernel, 'asset', '()')).toBeUndefined()
  })
})
