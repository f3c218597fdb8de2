import { describe, expect, it } from 'vitest'
import type { StarterWallet } from '../../core/chain.js'
import { testChain, testKernel } from '../../../test/fixtures.js'
import { installLink, loadStarterWallets, platformOf, walletsToInstall } from './starterWallets.js'

const agents = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
}

const wallet = (id: string, install: Partial<StarterWallet['install']> = {}): StarterWallet => ({
  id,
  name: id,
  install: { website: `https://${id}.example/`, ...install },
})

describe('starter wallets', () => {
  it("reads the visitor's platform from the user agent, an iPad asking as a Mac with touch included", () => {
    expect(platformOf(agents.chrome)).toBe('chrome')
    expect(platformOf(agents.firefox)).toBe('firefox')
    expect(platformOf(agents.iphone)).toBe('ios')
    expect(platformOf(agents.android)).toBe('android')
    expect(platformOf(agents.safari)).toBe('safari')
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Epiphany/46')).toBe('other')
    expect(platformOf(agents.safari, 5)).toBe('ios')
  })

  it("links a wallet to its platform's store, else to its own site", () => {
    const amber = wallet('amber', { android: 'https://play.example/amber', chrome: 'https://store.example/amber' }).install
    expect(installLink(amber, 'android')).toEqual({ url: 'https://play.example/amber', where: 'android' })
    expect(installLink(amber, 'firefox')).toEqual({ url: 'https://amber.example/', where: 'other' })
    expect(installLink(amber, 'other')).toEqual({ url: 'https://amber.example/', where: 'other' })
    expect(installLink({ safari: 'https://apps.example/amber' }, 'safari')).toEqual({ url: 'https://apps.example/amber', where: 'safari' })
    expect(installLink({ ios: 'https://apps.example/amber' }, 'chrome')).toBeUndefined()
  })

  it("offers the directory's wallets first, then the chains' not already offered, each once and only where it installs", () => {
    const fromDirectory = [
      { id: 'coinbase-wallet', name: 'Coinbase Wallet', install: { chrome: 'https://store.example/cb', website: 'https://cb.example/' } },
      { id: 'mobile-only', name: 'Mobile Only', install: { ios: 'https://apps.example/m' } },
      { id: 'no-links', name: 'No Links' },
      { id: 'rainbow', name: 'Rainbow', install: { website: 'https://rainbow.example/' } },
    ]
    const fromChains = [wallet('metamask'), { ...wallet('coinbase'), name: 'Coinbase Wallet' }]
    expect(walletsToInstall(fromDirectory, fromChains, 'chrome')).toEqual([
      { id: 'coinbase-wallet', name: 'Coinbase Wallet', imageUrl: undefined, url: 'https://store.example/cb', where: 'chrome' },
      { id: 'rainbow', name: 'Rainbow', imageUrl: undefined, url: 'https://rainbow.example/', where: 'other' },
      { id: 'metamask', name: 'metamask', imageUrl: undefined, url: 'https://metamask.example/', where: 'other' },
    ])
    expect(walletsToInstall(fromDirectory, [], 'ios').map((row) => row.id)).toEqual(['coinbase-wallet', 'mobile-only', 'rainbow'])
  })

  it("links only to a directory's https links: never javascript:, http: or a value that is not text", () => {
    const hostile = {
      id: 'x',
      name: 'X',
      install: { chrome: 'javascript:alert(1)', ios: 'http://apps.example/x', android: ['https://play.example/x'], website: 42 },
    }
    for (const platform of ['chrome', 'ios', 'android', 'other'] as const) expect(walletsToInstall([hostile], [], platform)).toEqual([])
    const mixed = { ...hostile, install: { ...hostile.install, website: 'https://x.example/' } }
    expect(walletsToInstall([mixed], [], 'chrome')).toMatchObject([{ url: 'https://x.example/', where: 'other' }])
  })

  it("lists the chains' wallets in the chains' order, each once, and drops a site that is not https", async () => {
    const kernel = testKernel({
      plugins: [
        testChain({ starterWallets: [wallet('amber'), wallet('basalt')] }),
        testChain({
          namespace: 'solana',
          starterWallets: [wallet('basalt'), wallet('cobalt'), { ...wallet('bad'), install: { website: 'javascript:alert(1)' } }],
        }),
      ],
    })
    expect((await loadStarterWallets(kernel)).map((entry) => entry.id)).toEqual(['amber', 'basalt', 'cobalt'])
  })

  it('a site whose chains suggest none gets an empty list', async () => {
    expect(await loadStarterWallets(testKernel({ plugins: [testChain()] }))).toEqual([])
  })
})
