// Every answer a service client parses, from a real loopback server that answers anything: well-formed answers with
// one field swapped for junk, any JSON, non-JSON, and any status. What must hold: a call resolves to values that
// keep the client's promises (safe image URLs, checked links, finite numbers) or rejects with one of Foyer's own
// errors — never a TypeError or another crash from inside the parser.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isFoyerError } from '../kernel/core/errors/BaseError.js'
import { isSafeImageUrl } from '../kernel/model/network.js'
import { createBlockchainApi } from '../kernel/services/blockchainApi.js'
import { createWalletDirectory } from '../kernel/services/directory.js'
import { createNamesService } from '../plugins/names/namesService.js'
import { createOnrampApi, type OnrampQuoteParameters } from '../plugins/onramp/onrampApi.js'
import { createExchangeApi } from '../plugins/pay/exchangeApi.js'
import { createConvertApi } from '../plugins/swaps/convertApi.js'
import { startHostileServer } from './hostileServer.js'

const USER = '0x00000000000000000000000000000000000000aa'
const TOKEN = 'eip155:1:0x00000000000000000000000000000000000000bb'
const NETWORK = 'eip155:1'
const SAFE_LINK = /^(?!(javascript|data|vbscript|file|blob|about|http):)[a-z][a-z0-9+.-]*:/i

/** Well-formed answers, one per call, as the reference services give them. */
const SAMPLES = {
  supportedChains: { http: [NETWORK], ws: [] },
  balances: {
    balances: [
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: NETWORK,
        address: TOKEN,
        value: 1.5,
        price: 1,
        quantity: { decimals: '6', numeric: '1.5' },
        iconUrl: 'https://example.com/usdc.png',
      },
    ],
  },
  history: {
    data: [
      {
        id: 'tx1',
        metadata: {
          minedAt: '2026-01-01T00:00:00Z',
          chain: NETWORK,
          operationType: 'send',
          status: 'confirmed',
          sentFrom: USER,
          sentTo: USER,
          hash: '0x01',
        },
        transfers: [
          {
            direction: 'out',
            quantity: { numeric: '1' },
            value: 1,
            fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://example.com/eth.png' }, flags: { is_spam: false } },
          },
        ],
      },
    ],
    next: null,
  },
  identity: { name: 'alice.foyer.id', avatar: 'https://example.com/a.png' },
  wallets: {
    data: [
      {
        id: 'w1',
        name: 'Wallet',
        image_id: 'img',
        rdns: 'com.example',
        chains: [NETWORK],
        mobile_link: 'wallet://',
        desktop_link: null,
        webapp_link: 'https://example.com',
      },
    ],
    count: 1,
  },
  tokens: { tokens: [{ name: 'USD Coin', symbol: 'USDC', address: TOKEN, decimals: 6, logoUri: 'https://example.com/usdc.png' }] },
  quotes: {
    quotes: [
      {
        fromAmount: '100',
        toAmount: '99',
        route: [TOKEN],
        priceImpact: 0.1,
        fees: [{ token: TOKEN, amount: '1', percent: 0.3 }],
        eip155: { gas: '21000' },
      },
    ],
  },
  built: {
    tx: { from: `${NETWORK}:${USER}`, to: TOKEN, data: '0x095ea7b3', amount: '0', eip155: { gas: '50000', gasPrice: '1' } },
    toAmountMin: '1',
  },
  gasPrice: { standard: '1', fast: '2', instant: '3' },
  allowance: { allowance: '5' },
  onrampOptions: {
    purchaseCurrencies: [
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0x00' }],
      },
    ],
    paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
  },
  onrampQuote: {
    quoteId: 'q',
    paymentTotal: { value: '10', currency: 'USD' },
    paymentSubtotal: { value: '9', currency: 'USD' },
    purchaseAmount: { value: '9', currency: 'USDC' },
  },
  checkout: { url: 'https://example.com/checkout', orderId: 'o1' },
  profile: {
    name: 'alice.foyer.id',
    registered_at: '2026',
    addresses: { '60': { address: USER } },
    attributes: { avatar: 'javascript:alert(1)', bio: 'hi' },
  },
  suggestions: { suggestions: [{ name: 'alice.foyer.id', registered: false }] },
  payment: { id: 'p', status: 'paid', hash: null },
}

/** JSON a hostile service might put in one field: wrong types, huge numbers, markup, odd schemes. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    'javascript:alert(1)',
    'data:text/html,<script>1</script>',
    '<img src=x onerror=alert(1)>',
    '1e400',
    '-0',
    'NaN',
    '',
    ' ',
    '0x',
    '__proto__',
  ),
  fc.constantFrom(1e308, -1, 2 ** 53 + 1, 0.1, null, [], {}),
  fc.stringMatching(/^\d{70,90}$/),
)

/** A copy of `value` with the leaf or branch at a random position replaced by `replacement`. */
function replaceAt(value: unknown, position: number, replacement: unknown): unknown {
  const paths: (string | number)[][] = []
  const walk = (node: unknown, path: (string | number)[]) => {
    paths.push(path)
    if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) walk(child, [...path, Array.isArray(node) ? Number(key) : key])
  }
  walk(value, [])
  const path = paths[position % paths.length]!
  if (path.length === 0) return replacement
  const copy = structuredClone(value) as Record<string | number, unknown>
  let parent = copy
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  parent[path.at(-1)!] = replacement
  return copy
}

/**
 * Any answer to a call whose well-formed answer is `sample`. Not 407: fetch itself fails on it (no proxy is
 * configured), the same network failure as a service that is down, which the fault tests cover.
 */
const answerTo = (sample: unknown) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.nat(), junk)
        .map(([at, value]) => ({ status: 200, body: JSON.stringify(replaceAt(sample, at, value)), type: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => ({ status: 200, body: JSON.stringify(value), type: 'application/json' })) },
    { weight: 1, arbitrary: fc.string().map((body) => ({ status: 200, body, type: 'text/html' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 300, max: 599 }).filter((status) => status !== 407),
          fc.oneof(
            junk.map((value) => JSON.stringify({ error: value, reasons: [{ name: 'X', description: value }] })),
            fc.string(),
          ),
        )
        .map(([status, body]) => ({ status, body, type: 'application/json' })),
    },
  )

let server: Awaited<ReturnType<typeof startHostileServer>>

beforeAll(async () => {
  server = await startHostileServer()
})

afterAll(async () => {
  await server.stop()
})

/** Runs `call` against every answer; a resolved value goes to `check`, a rejection must be a Foyer error. */
async function holds<T>(sample: unknown, call: () => Promise<T>, check: (value: T) => void = () => {}) {
  await fc.assert(
    fc.asyncProperty(answerTo(sample), async (answer) => {
      server.answer(answer)
      let value: T
      try {
        value = await call()
      } catch (error) {
        if (!isFoyerError(error)) throw new Error(`not a Foyer error for ${answer.body.slice(0, 200)}: ${String(error)}`, { cause: error })
        return
      }
      check(value)
    }),
    { numRuns: 50 },
  )
}

const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value)

// A loaded 2-core machine answers a loopback request in tens of milliseconds; each test makes a few hundred.
describe('property: service answers', { timeout: 60_000 }, () => {
  const options = () => ({ baseUrl: server.url, projectId: 'p' })

  it('property: blockchain API — balances, history, identity', async () => {
    const api = createBlockchainApi(options())
    // A list once read is kept: each run asks a fresh client.
    await holds(
      SAMPLES.supportedChains,
      () => createBlockchainApi(options()).getSupportedChains(),
      (chains) => expect(chains.every((id) => typeof id === 'string')).toBe(true),
    )
    // Balances and history are asked only on a supported network, and the server gives every request the same
    // answer: the samples carry the supported list too, so a fresh client gets past it (or not, when it is broken).
    const supported = () => createBlockchainApi(options())
    await holds(
      { ...SAMPLES.supportedChains, ...SAMPLES.balances },
      () => supported().getBalances(USER, NETWORK),
      (balances) => {
        for (const balance of balances) {
          expect(finite(balance.value) && finite(balance.price)).toBe(true)
          expect(Number.isSafeInteger(balance.quantity.decimals)).toBe(true)
          expect(balance.iconUrl === undefined || isSafeImageUrl(balance.iconUrl)).toBe(true)
        }
      },
    )
    await holds(
      { ...SAMPLES.supportedChains, ...SAMPLES.history },
      () => supported().getHistory(`${NETWORK}:${USER}`),
      (page) => {
        for (const transfer of page.data.flatMap((tx) => tx.transfers)) {
          expect(transfer.fungible?.iconUrl === undefined || isSafeImageUrl(transfer.fungible.iconUrl)).toBe(true)
          expect(transfer.nft?.imageUrl === undefined || isSafeImageUrl(transfer.nft.imageUrl)).toBe(true)
        }
      },
    )
    await holds(
      SAMPLES.identity,
      () => api.getIdentity(USER),
      (identity) => {
        expect(identity.avatar === undefined || isSafeImageUrl(identity.avatar)).toBe(true)
      },
    )
  })

  it('property: wallet directory — names are bounded text, icons safe, links of allowed schemes only', async () => {
    const directory = createWalletDirectory(options())
    await holds(
      SAMPLES.wallets,
      () => directory.getWallets({ page: 1 }),
      ({ wallets, count }) => {
        expect(Number.isSafeInteger(count) && count >= 0).toBe(true)
        for (const wallet of wallets) {
          expect(typeof wallet.name === 'string' && wallet.name.length >= 1 && wallet.name.length <= 64).toBe(true)
          expect(wallet.imageUrl === undefined || isSafeImageUrl(wallet.imageUrl)).toBe(true)
          for (const link of [wallet.links.mobile, wallet.links.desktop]) if (link !== undefined) expect(link).toMatch(SAFE_LINK)
          if (wallet.links.webapp !== undefined) expect(wallet.links.webapp).toMatch(/^https:\/\//i)
        }
      },
    )
  })

  it('property: convert calls (swaps)', async () => {
    const convert = createConvertApi(options())
    const uint = (value: unknown) => typeof value === 'bigint' && value >= 0n
    await holds(
      SAMPLES.tokens,
      () => convert.getTokens(NETWORK),
      (tokens) => {
        for (const token of tokens) expect(token.logoUri === undefined || isSafeImageUrl(token.logoUri)).toBe(true)
      },
    )
    await holds(
      SAMPLES.quotes,
      () => convert.getQuote({ networkId: NETWORK, userAddress: USER, from: TOKEN, to: TOKEN, amount: 100n }),
      (quote) => {
        expect(uint(quote.fromAmount) && uint(quote.toAmount)).toBe(true)
      },
    )
    await holds(
      SAMPLES.gasPrice,
      () => convert.getGasPrice(NETWORK),
      (price) => expect(uint(price.standard)).toBe(true),
    )
    await holds(
      SAMPLES.allowance,
      () => convert.getAllowance({ networkId: NETWORK, userAddress: USER, tokenAddress: TOKEN }),
      (allowance) => expect(uint(allowance)).toBe(true),
    )
    await holds(
      SAMPLES.built,
      () => convert.buildApprove({ networkId: NETWORK, userAddress: USER, from: TOKEN, to: TOKEN, amount: 1n }),
      (tx) => {
        // Whatever the service says, an approval goes to the token paid and carries no coin.
        expect(tx.to.toLowerCase()).toBe(TOKEN.split(':')[2])
        expect(tx.value).toBe(0n)
      },
    )
  })

  it('property: on-ramp, exchange and names calls', async () => {
    const onramp = createOnrampApi(options())
    const quote: OnrampQuoteParameters = {
      provider: 'meld',
      purchaseCurrency: 'usdc',
      paymentCurrency: 'USD',
      amount: '10',
      network: 'ethereum',
      paymentMethod: 'card',
    }
    await holds(SAMPLES.onrampOptions, () => onramp.getOptions())
    await holds(SAMPLES.onrampQuote, () => onramp.getQuote(quote))
    await holds(
      SAMPLES.checkout,
      () => onramp.createCheckout({ ...quote, address: USER }),
      ({ url }) => expect(url).toMatch(/^https?:\/\//),
    )
    const exchange = createExchangeApi(options())
    await holds(
      SAMPLES.checkout,
      () => exchange.createPayment({ asset: 'usdc', amount: '1', recipient: USER }),
      ({ url }) => expect(url).toMatch(/^https?:\/\//),
    )
    await holds(SAMPLES.payment, () => exchange.getPayment('p'))
    const names = createNamesService(options())
    await holds(
      SAMPLES.profile,
      () => names.getProfile('alice'),
      (profile) => {
        if (profile?.attributes['avatar'] !== undefined) expect(isSafeImageUrl(profile.attributes['avatar'])).toBe(true)
      },
    )
    await holds(SAMPLES.suggestions, () => names.getSuggestions('alice', 'foyer.id'))
  })
})
