// The wallet directory over real HTTP: one server on a free loopback port for most of the file, small ones for
// options. Entries are checked with a schema written here, independent of the server's own checks.
import { readFileSync } from 'node:fs'
import net from 'node:net'

import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RemoteConfigSchema, remoteConfigToFeatures } from '../../kernel/services/remoteConfig.js'
import {
  type StartDirectoryOptions,
  type WalletDirectory,
  type WalletEntry,
  buildCatalogue,
  imageIdFor,
  loadCatalogue,
  startDirectory,
  walletImageSvg,
} from './index.mjs'

const PROJECT = 'foyer-test'
const CLIENT = `projectId=${PROJECT}&st=foyer&sv=0.1.0`
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const caip2 = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))
const https = (value: string) => {
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}
// DESIGN: links from the directory are untrusted: https (or empty), and for apps their own scheme, never one a
// browser would act on.
const appScheme = /^(?!(?:https?|javascript|data|file|blob|about|vbscript):)[a-z][a-z0-9+.-]*:\/\/(\S+\/)?$/i
const appLink = v.pipe(
  v.string(),
  v.check((link) => link === '' || appScheme.test(link) || (https(link) && link.endsWith('/'))),
)
const httpsOrEmpty = v.pipe(
  v.string(),
  v.check((link) => link === '' || https(link)),
)
const EntrySchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)),
  name: v.pipe(v.string(), v.nonEmpty()),
  image_id: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)),
  rdns: v.nullable(v.pipe(v.string(), v.regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/))),
  chains: v.pipe(v.array(caip2), v.minLength(1)),
  mobile_link: appLink,
  desktop_link: appLink,
  webapp_link: httpsOrEmpty,
  homepage: httpsOrEmpty,
  chrome_store: httpsOrEmpty,
  firefox_store: httpsOrEmpty,
  safari_store: httpsOrEmpty,
  app_store: httpsOrEmpty,
  play_store: httpsOrEmpty,
  badge_type: v.picklist(['certified', 'none']),
  order: v.pipe(v.number(), v.integer(), v.minValue(1)),
})
const PageSchema = v.strictObject({ data: v.array(EntrySchema), count: v.pipe(v.number(), v.integer()) })

let directory: WalletDirectory
const internalErrors: string[] = []

beforeAll(async () => {
  directory = await startDirectory({ log: (message) => internalErrors.push(message) })
})
afterAll(async () => {
  await directory?.stop()
  expect(internalErrors).toEqual([])
})

async function get(path: string, init?: RequestInit, base = directory.url) {
  const response = await fetch(`${base}${path}`, init)
  const text = await response.text()
  const body = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text
  return { status: response.status, headers: response.headers, body }
}

async function wallets(params = '', base = directory.url) {
  const { status, body } = await get(`/getWallets?${CLIENT}${params ? `&${params}` : ''}`, undefined, base)
  expect(status).toBe(200)
  return v.parse(PageSchema, body)
}

async function allWallets(params = '') {
  const first = await wallets(`entries=100&${params}`)
  const entries = [...first.data]
  for (let page = 2; entries.length < first.count; page += 1) {
    entries.push(...(await wallets(`entries=100&page=${page}&${params}`)).data)
  }
  return entries
}

async function withDirectory(options: StartDirectoryOptions, use: (server: WalletDirectory) => Promise<void>) {
  const server = await startDirectory(options)
  try {
    await use(server)
  } finally {
    await server.stop()
  }
}

describe('the catalogue', () => {
  it('serves at least 300 wallets, each a valid entry with a unique id, name and image', async () => {
    const entries = await allWallets()
    expect(entries.length).toBeGreaterThanOrEqual(300)
    expect(entries).toHaveLength((await wallets()).count)
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length)
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(entries.length)
    expect(new Set(entries.map((entry) => entry.image_id)).size).toBe(entries.length)
    for (const entry of entries) expect(entry.image_id).toBe(imageIdFor(entry.name))
  })

  it('stable order by rank; the first four, the recommended wallets (rules §9), are certified', async () => {
    const entries = await allWallets()
    expect(entries.map((entry) => entry.order)).toEqual(entries.map((_, index) => index + 1))
    expect(entries.slice(0, 4).map((entry) => entry.badge_type)).toEqual(['certified', 'certified', 'certified', 'certified'])
    expect(entries.slice(0, 4).map((entry) => entry.name)).toContain('MetaMask')
  })

  it('wallets.json is what the table in buildCatalogue.mjs builds', () => {
    const committed = JSON.parse(readFileSync(new URL('./wallets.json', import.meta.url), 'utf8'))
    expect(committed).toEqual(buildCatalogue())
    expect(loadCatalogue()).toEqual(committed)
  })

  it('known facts hold (rdns, links, chains)', async () => {
    const byId = new Map((await allWallets()).map((entry) => [entry.id, entry]))
    expect(byId.get('metamask')).toMatchObject({ rdns: 'io.metamask', mobile_link: 'metamask://' })
    expect(byId.get('trust-wallet')).toMatchObject({ rdns: 'com.trustwallet.app', mobile_link: 'trust://' })
    expect(byId.get('rainbow')).toMatchObject({ rdns: 'me.rainbow', mobile_link: 'rainbow://' })
    expect(byId.get('phantom')?.chains).toContain(SOLANA)
    expect(byId.get('safe-wallet')?.webapp_link).toBe('https://app.safe.global/')
    expect(byId.get('metamask')).toMatchObject({
      chrome_store: 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
      play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
    })
  })

  it('the recommended wallets each say where they install: their own page, the Chrome Web Store and both app stores', async () => {
    const recommended = (await wallets('badge_type=certified&entries=4')).data
    for (const entry of recommended) {
      expect(entry.homepage, entry.id).toMatch(/^https:\/\//)
      expect(entry.chrome_store, entry.id).toMatch(/^https:\/\/chromewebstore\.google\.com\/detail\/[a-p]{32}$/)
      expect(entry.app_store, entry.id).toMatch(/^https:\/\/apps\.apple\.com\/app\/id\d+$/)
      expect(entry.play_store, entry.id).toMatch(/^https:\/\/play\.google\.com\/store\/apps\/details\?id=[\w.]+$/)
    }
  })
})

describe('GET /getWallets', () => {
  it('pages of 40 by default; page 2 continues where page 1 ended', async () => {
    const all = await allWallets()
    const first = await wallets()
    const second = await wallets('page=2')
    expect(first.data).toHaveLength(40)
    expect(first.data).toEqual(all.slice(0, 40))
    expect(second.data).toEqual(all.slice(40, 80))
    expect(second.count).toBe(all.length)
  })

  it('a page past the end is empty and keeps the count', async () => {
    const { count } = await wallets()
    expect(await wallets(`page=${Math.ceil(count / 40) + 1}`)).toEqual({ data: [], count })
  })

  it('entries from 1 to 100', async () => {
    expect((await wallets('entries=1')).data).toHaveLength(1)
    expect((await wallets('entries=100')).data).toHaveLength(100)
  })

  it("search 'meta' finds MetaMask, case-insensitively, on the name and the rdns", async () => {
    expect((await wallets('search=meta')).data.map((entry) => entry.name)).toContain('MetaMask')
    expect((await wallets('search=METAMASK')).data[0]?.id).toBe('metamask')
    expect((await wallets('search=io.rabby')).data.map((entry) => entry.id)).toEqual(['rabby-wallet'])
    expect(await wallets('search=no-such-wallet-anywhere')).toEqual({ data: [], count: 0 })
  })

  it('include keeps only the listed ids, in rank order; exclude leaves them out', async () => {
    const included = await wallets('include=rainbow,metamask,no-such-wallet')
    expect(included.data.map((entry) => entry.id)).toEqual(['metamask', 'rainbow'])
    expect(included.count).toBe(2)
    const excluded = await wallets('exclude=metamask,trust-wallet&entries=100')
    expect(excluded.data.map((entry) => entry.id)).not.toContain('metamask')
    expect(excluded.count).toBe((await wallets()).count - 2)
  })

  it('chains keeps wallets that support any of the listed networks', async () => {
    const solana = await allWallets(`chains=${SOLANA}`)
    expect(solana.map((entry) => entry.id)).toEqual(expect.arrayContaining(['phantom', 'solflare']))
    expect(solana.map((entry) => entry.id)).not.toContain('rabby-wallet')
    expect(solana.every((entry) => entry.chains.includes(SOLANA))).toBe(true)
    const either = await wallets(`chains=${SOLANA},cosmos:cosmoshub-4`)
    expect(either.count).toBeGreaterThan(solana.length)
  })

  it("badge_type 'certified' keeps certified wallets; 'none' filters nothing", async () => {
    const certified = await allWallets('badge_type=certified')
    expect(certified.length).toBeGreaterThan(4)
    expect(certified.every((entry) => entry.badge_type === 'certified')).toBe(true)
    expect((await wallets('badge_type=none')).count).toBe((await wallets()).count)
  })

  it('filters combine', async () => {
    const { data } = await wallets(`search=wallet&badge_type=certified&chains=${SOLANA}&exclude=trust-wallet`)
    expect(data.length).toBeGreaterThan(0)
    for (const entry of data) {
      expect(`${entry.name} ${entry.rdns}`.toLowerCase()).toContain('wallet')
      expect(entry.badge_type).toBe('certified')
      expect(entry.chains).toContain(SOLANA)
      expect(entry.id).not.toBe('trust-wallet')
    }
  })

  it.each([
    ['page=0', 'page must be a positive integer'],
    ['page=-1', 'page must be a positive integer'],
    ['page=1.5', 'page must be a positive integer'],
    ['page=two', 'page must be a positive integer'],
    ['page=1&page=2', 'page is given more than once'],
    ['entries=0', 'entries must be an integer from 1 to 100'],
    ['entries=101', 'entries must be an integer from 1 to 100'],
    ['entries=1e2', 'entries must be an integer from 1 to 100'],
    ['entries=%2040', 'entries must be an integer from 1 to 100'],
    [`search=${'a'.repeat(101)}`, 'search must be at most 100 characters'],
    ['badge_type=gold', "badge_type must be 'certified' or 'none'"],
    ['include=metamask,,rainbow', 'include must be comma-separated wallet ids; got an empty item'],
    ['include=metamask,', 'include must be comma-separated wallet ids; got an empty item'],
    ['exclude=%3Cscript%3E', 'exclude must be comma-separated wallet ids; got "<script>"'],
    ['chains=eip155', 'chains must be comma-separated CAIP-2 ids such as eip155:1; got "eip155"'],
    ['chains=eip155:1:0xabc', 'chains must be comma-separated CAIP-2 ids'],
    ['chains=EIP155:1', 'chains must be comma-separated CAIP-2 ids'],
    [`include=${Array(501).fill('a').join(',')}`, 'include may hold at most 500 items'],
  ])('%s is refused with 400 and a message', async (params, message) => {
    const { status, body } = await get(`/getWallets?${CLIENT}&${params}`)
    expect(status).toBe(400)
    expect(body.error).toContain(message)
  })
})

describe('every call names its project and client', () => {
  const routes = ['/getWallets', '/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig', '/public/getTokenImage/eth']

  it.each([
    ['st=foyer&sv=0.1.0', 'projectId is required'],
    ['projectId=&st=foyer&sv=0.1.0', 'projectId is required'],
    ['projectId=a%20b&st=foyer&sv=0.1.0', 'projectId must be 1 to 128 letters'],
    [`projectId=${'p'.repeat(129)}&st=foyer&sv=0.1.0`, 'projectId must be 1 to 128 letters'],
    ['projectId=p&projectId=q&st=foyer&sv=0.1.0', 'projectId is given more than once'],
    ['projectId=p&sv=0.1.0', 'st (the client type) is required'],
    ['projectId=p&st=foyer', 'sv (the client version) is required'],
    ['projectId=p&st=%3Cb%3E&sv=0.1.0', 'st must be 1 to 64 letters'],
  ])('%s → 400 on every route', async (query, message) => {
    for (const route of routes) {
      const { status, body } = await get(`${route}?${query}`)
      expect([route, status]).toEqual([route, 400])
      expect(body.error).toContain(message)
    }
  })

  it('an unknown project gets 403; a listed one is served', async () => {
    await withDirectory({ projectIds: ['shop-42'] }, async (server) => {
      const refused = await get(`/getWallets?projectId=other&st=foyer&sv=0.1.0`, undefined, server.url)
      expect(refused.status).toBe(403)
      expect(refused.body.error).toBe('projectId is not a project of this directory')
      expect((await get(`/getWallets?projectId=shop-42&st=foyer&sv=0.1.0`, undefined, server.url)).status).toBe(200)
    })
  })
})

describe('failures on demand', () => {
  it('failNext(429) rate-limits the next request only, with retry-after and CORS', async () => {
    directory.failNext(429)
    const limited = await get(`/getWallets?${CLIENT}`)
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ error: 'Too Many Requests' })
    expect(limited.headers.get('retry-after')).toBe('1')
    expect(limited.headers.get('access-control-allow-origin')).toBe('*')
    expect((await get(`/getWallets?${CLIENT}`)).status).toBe(200)
  })

  it('failNext(503, 2) fails two requests of any route, then serves again', async () => {
    directory.failNext(503, 2)
    expect((await get(`/projects/v1/origins?${CLIENT}`)).status).toBe(503)
    expect((await get(`/appkit/v1/config?${CLIENT}`)).body).toEqual({ error: 'Service Unavailable' })
    expect((await get(`/projects/v1/origins?${CLIENT}`)).status).toBe(200)
  })

  it('500, and a preflight does not use a failure up', async () => {
    directory.failNext(500)
    expect((await get('/getWallets', { method: 'OPTIONS' })).status).toBe(204)
    expect((await get(`/getWallets?${CLIENT}`)).status).toBe(500)
    expect((await get(`/getWallets?${CLIENT}`)).status).toBe(200)
  })

  it('failNext refuses a status outside 400-599', () => {
    expect(() => directory.failNext(200)).toThrow('400 to 599')
    expect(() => directory.failNext(429, -1)).toThrow('whole number')
  })
})

describe('images', () => {
  it('a wallet image is a deterministic SVG with cache headers and an ETag', async () => {
    const [zeal] = (await wallets('include=zeal')).data
    const path = `/getWalletImage/${zeal!.image_id}?${CLIENT}`
    const first = await get(path)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/svg+xml')
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/)
    expect((await get(path)).body).toBe(first.body)
    // @web3icons/core has no mark for Zeal: its initials.
    expect(first.body).toBe(walletImageSvg('Zeal'))
    const etag = first.headers.get('etag')!
    expect((await get(path, { headers: { 'if-none-match': etag } })).status).toBe(304)
  })

  it.each([
    ['metamask', 'metamask'],
    ['trust-wallet', 'trust'],
    ['coinbase-wallet', 'coinbase'],
    ['safe-wallet', 'safe'],
    ['okx-wallet', 'okx'],
  ])("the wallet '%s' shows its own mark from @web3icons/core (%s)", async (id, file) => {
    const [entry] = (await wallets(`include=${id}`)).data
    expect(entry?.id).toBe(id)
    const { status, body } = await get(`/getWalletImage/${entry!.image_id}?${CLIENT}`)
    expect(status).toBe(200)
    expect(body).toBe(await packageMark(`wallets/branded/${file}`))
  })

  it('a wallet whose mark the package lists but does not ship (Ambire) gets its generated image', async () => {
    const [ambire] = (await wallets('include=ambire-wallet')).data
    const { status, body } = await get(`/getWalletImage/${ambire!.image_id}?${CLIENT}`)
    expect(status).toBe(200)
    expect(body).toBe(walletImageSvg('Ambire Wallet'))
  })

  it('different wallets get different images', async () => {
    const { data } = await wallets('entries=3')
    const images = await Promise.all(data.map((entry) => get(`/getWalletImage/${entry.image_id}?${CLIENT}`)))
    expect(new Set(images.map((image) => image.body)).size).toBe(3)
  })

  it('an unknown wallet image id is 404', async () => {
    const { status, body } = await get(`/getWalletImage/${'0'.repeat(32)}?${CLIENT}`)
    expect(status).toBe(404)
    expect(body.error).toBe('No wallet image has this id')
    expect((await get(`/getWalletImage/%E0%A4%A?${CLIENT}`)).status).toBe(400)
    expect((await get(`/getWalletImage/a/b?${CLIENT}`)).status).toBe(404)
  })

  it('a name with markup comes out escaped', async () => {
    const name = '<script>alert("x")</script> & Co'
    await withDirectory({ wallets: [{ id: 'evil', name, chains: ['eip155:1'] }] }, async (server) => {
      const [entry] = (await wallets('', server.url)).data
      expect(entry!.name).toBe(name)
      const { body } = await get(`/getWalletImage/${entry!.image_id}?${CLIENT}`, undefined, server.url)
      expect(body).not.toContain('<script')
      expect(body).toContain('<title>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co</title>')
      expect(body).toContain('>SA</text>')
    })
  })

  it.each(['getAssetImage', 'getCurrencyImage', 'getTokenImage'])(
    '/public/%s/{id} is a generated circle for what has no mark',
    async (route) => {
      const usdc = await get(`/public/${route}/usdq?${CLIENT}`)
      expect(usdc.status).toBe(200)
      expect(usdc.headers.get('content-type')).toBe('image/svg+xml')
      expect(usdc.body).toContain('<circle')
      expect(usdc.body).toContain('>USD</text>')
      expect((await get(`/public/${route}/usdq?${CLIENT}`)).body).toBe(usdc.body)
      const bad = await get(`/public/${route}/${encodeURIComponent('<svg>')}?${CLIENT}`)
      expect(bad.status).toBe(400)
      expect(bad.body.error).toContain('image id must be')
      // A name of several words: their initials.
      const named = await get(`/public/${route}/${encodeURIComponent('Odd Mesh')}?${CLIENT}`)
      expect(named.status).toBe(200)
      expect(named.body).toContain('>OM</text>')
      expect((await get(`/public/${route}/${encodeURIComponent(' padded')}?${CLIENT}`)).status).toBe(400)
    },
  )

  it.each([
    ['getAssetImage', 'Ethereum', 'networks/branded/ethereum'],
    ['getAssetImage', 'OP Mainnet', 'networks/branded/optimism'],
    ['getAssetImage', 'Arbitrum One', 'networks/branded/arbitrum-one'],
    ['getAssetImage', 'Solana', 'networks/branded/solana'],
    ['getTokenImage', 'usdc', 'tokens/branded/USDC'],
    ['getTokenImage', 'ETH', 'tokens/branded/ETH'],
  ])('/public/%s/%s is the brand mark from @web3icons/core', async (route, id, file) => {
    const { status, body } = await get(`/public/${route}/${encodeURIComponent(id)}?${CLIENT}`)
    expect(status).toBe(200)
    expect(body).toBe(await packageMark(file))
  })

  it('a fiat currency keeps its generated circle, even where a token shares its code', async () => {
    const { body } = await get(`/public/getCurrencyImage/eur?${CLIENT}`)
    expect(body).toContain('<circle')
    expect(body).toContain('>EUR</text>')
  })

  it('white initials stay readable on every background a wallet gets (contrast ≥ 4.5)', () => {
    const channel = (hex: string) => {
      const c = parseInt(hex, 16) / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }
    const contrast = (colour: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => channel(colour.slice(i, i + 2)))
      return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05)
    }
    const fills = new Set(loadCatalogue().map((entry) => /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(walletImageSvg(entry.name))![1]!))
    expect(fills.size).toBeGreaterThan(8)
    for (const fill of fills) expect({ fill, readable: contrast(fill) >= 4.5 }).toEqual({ fill, readable: true })
  })
})

describe('project configuration', () => {
  it("/appkit/v1/config parses with the kernel's RemoteConfigSchema; everything on by default", async () => {
    const { status, body } = await get(`/appkit/v1/config?${CLIENT}`)
    expect(status).toBe(200)
    const features = remoteConfigToFeatures(v.parse(RemoteConfigSchema, body))
    expect(features).toEqual({
      email: true,
      socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
      swaps: true,
      onramp: true,
      activity: true,
      branding: true,
      multiWallet: true,
    })
  })

  it('the features option sets the remote flags', async () => {
    await withDirectory({ features: { swaps: false, socials: ['github', 'google'], multiWallet: false } }, async (server) => {
      const { body } = await get(`/appkit/v1/config?${CLIENT}`, undefined, server.url)
      const features = remoteConfigToFeatures(v.parse(RemoteConfigSchema, body))
      expect(features).toMatchObject({ swaps: false, socials: ['github', 'google'], multiWallet: false, email: true })
    })
    await withDirectory({ features: { socials: false } }, async (server) => {
      const { body } = await get(`/appkit/v1/config?${CLIENT}`, undefined, server.url)
      expect(remoteConfigToFeatures(v.parse(RemoteConfigSchema, body)).socials).toBe(false)
    })
  })

  it('/projects/v1/origins lists the allowed origins, wildcards kept', async () => {
    expect((await get(`/projects/v1/origins?${CLIENT}`)).body).toEqual({
      allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
    })
    const allowedOrigins = [
      'https://*.example.com',
      'http://127.0.0.1:*',
      'https://shop.example.org:8443',
      'https://shop-git-*-acme.vercel.app',
    ]
    await withDirectory({ allowedOrigins }, async (server) => {
      expect((await get(`/projects/v1/origins?${CLIENT}`, undefined, server.url)).body).toEqual({ allowedOrigins })
    })
  })

  it('/getAnalyticsConfig is off unless turned on (analytics.integration.test.ts turns it on); POST /e is not served', async () => {
    expect((await get(`/getAnalyticsConfig?${CLIENT}`)).body).toEqual({ isAnalyticsEnabled: false })
    expect((await get(`/e?${CLIENT}`, { method: 'POST', body: '{}' })).status).toBe(405)
  })
})

describe('options are checked at start', () => {
  it.each<[string, StartDirectoryOptions, string]>([
    ['a misspelt feature', { features: { emial: true } as never }, 'features.emial is not a remote feature'],
    ['an unknown social provider', { features: { socials: ['myspace'] } }, '"myspace" is not one of'],
    ['an origin with a path', { allowedOrigins: ['https://example.com/app'] }, 'is not an origin'],
    ['an origin with a wildcard mid-host', { allowedOrigins: ['https://shop.*.com'] }, 'is not an origin'],
    [
      'a wildcard over a whole shared hosting domain',
      { allowedOrigins: ['https://*.vercel.app'] },
      'would let any site on vercel.app embed',
    ],
    ['a wildcard label with nothing after it', { allowedOrigins: ['https://shop-*'] }, 'is not an origin'],
    ['analytics without a database', { analytics: true }, 'analytics: true needs a database'],
    ['a project id with spaces', { projectIds: ['a b'] }, 'projectIds must be a list'],
    [
      'a wallet with a javascript: link',
      { wallets: [{ id: 'x', name: 'X', mobile_link: 'javascript://alert(1)/' }] },
      'wallets[0].mobile_link',
    ],
    ['a wallet with an http web app', { wallets: [{ id: 'x', name: 'X', webapp_link: 'http://x.example/' }] }, 'wallets[0].webapp_link'],
    ['a wallet with an http store link', { wallets: [{ id: 'x', name: 'X', play_store: 'http://x.example/' }] }, 'wallets[0].play_store'],
    ['a wallet with a bad chain', { wallets: [{ id: 'x', name: 'X', chains: ['ethereum'] }] }, 'wallets[0].chains.0 must be a CAIP-2 id'],
    [
      'two wallets with one id',
      {
        wallets: [
          { id: 'x', name: 'X' },
          { id: 'x', name: 'Y' },
        ],
      },
      'wallets[1].id "x" is used twice',
    ],
  ])('%s is refused', async (_, options, message) => {
    await expect(startDirectory(options)).rejects.toThrow(message)
  })

  it('a taken port names the variable that moves it', async () => {
    await expect(startDirectory({ port: directory.port })).rejects.toThrow('FOYER_DIRECTORY_PORT')
  })
})

describe('HTTP', () => {
  it('answers a CORS preflight on any path; responses allow every origin', async () => {
    const preflight = await get('/getWallets', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-sdk-version',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-sdk-version')
    const response = await get(`/getWallets?${CLIENT}`, { headers: { origin: 'https://shop.example' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'])('%s is 405 with Allow', async (method) => {
    const response = await fetch(`${directory.url}/getWallets?${CLIENT}`, { method })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, OPTIONS')
  })

  it('an unknown route is a JSON 404', async () => {
    for (const path of ['/', '/getWallets/extra', '/getWallet', '//getWallets', '/constructor', '/__proto__']) {
      const { status, body } = await get(`${path}?${CLIENT}`)
      expect([path, status, body]).toEqual([path, 404, { error: 'Not found' }])
    }
  })

  it('survives malformed requests and keeps serving', async () => {
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(directory.port, '127.0.0.1', () => socket.end(text))
        let answer = ''
        socket.on('data', (chunk) => (answer += chunk))
        socket.on('close', () => resolve(answer))
        socket.on('error', () => resolve(answer))
      })
    expect(await raw('NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/)
    expect(await raw('GET /getWallets?%%%&&&==&page=%FF HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/)
    for (const query of ['search=%00%FF%FE', 'search=%F0%9F%A6%8A', `chains=${'x'.repeat(5000)}`, 'include=%2C']) {
      expect((await get(`/getWallets?${CLIENT}&${query}`)).status).toBeLessThan(500)
    }
    expect((await get(`/getWallets?${CLIENT}`)).status).toBe(200)
  })
})

describe('types', () => {
  it('WalletEntry matches what the server sends', async () => {
    const [entry] = (await wallets('entries=1')).data
    const typed: WalletEntry = entry!
    expect(Object.keys(typed)).toEqual([
      'id',
      'name',
      'image_id',
      'rdns',
      'chains',
      'mobile_link',
      'desktop_link',
      'webapp_link',
      'homepage',
      'chrome_store',
      'firefox_store',
      'safari_store',
      'app_store',
      'play_store',
      'badge_type',
      'order',
    ])
  })
})

/** A mark as @web3icons/core ships it, read straight from the package. */
async function packageMark(file: string): Promise<string> {
  const module = (await import(`@web3icons/core/svgs/${file}.svg.js`)) as { default: string }
  return module.default.trim()
}
