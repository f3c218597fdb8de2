// The catalogue's calls (rules §7): `GET /getWallets`, a page of wallets filtered as the query asks, and the images
// of wallets, networks, tokens and currencies. A Hono sub-app the directory mounts; each route checks its input
// before it runs.
import { createHash } from 'node:crypto'

import { Hono } from 'hono'
import { validator } from 'hono/validator'
import * as v from 'valibot'

import { ServiceError, queryString, queryValue, sendJson, valid } from '../http/index.mjs'
import { brandMark } from './brandMarks.mjs'
import { CAIP2_PATTERN, WALLET_ID_PATTERN } from './catalogue.mjs'
import { symbolImageSvg, walletImageSvg } from './images.mjs'

/** rules §9: a wallet page has 40 entries. */
export const DEFAULT_ENTRIES = 40
/** rules §9: a search asks for 100 entries; no page is larger. */
export const MAX_ENTRIES = 100
const MAX_LIST_ITEMS = 500
const MAX_SEARCH_LENGTH = 100
// A symbol, a currency code or a network's name ('OP Mainnet'): letters, digits, spaces, '.', '-', '_'.
const SYMBOL_ID_PATTERN = /^[\w.-](?:[\w. -]{0,126}[\w.-])?$/

/**
 * A whole number from 1 to `max`; `fallback` when absent or empty.
 *
 * @param {string} name @param {number} fallback @param {number} max @param {string} message
 */
const Integer = (name, fallback, max, message) =>
  queryValue(name, (raw) => {
    if (raw === '') return fallback
    if (!/^[1-9]\d{0,6}$/.test(raw) || Number(raw) > max) throw new ServiceError(400, null, message)
    return Number(raw)
  })

/**
 * A comma-separated list of items matching `pattern`; absent or empty: undefined, no filter.
 *
 * @param {string} name @param {RegExp} pattern @param {string} what
 */
const List = (name, pattern, what) =>
  queryValue(name, (raw) => {
    if (raw === '') return undefined
    const items = raw.split(',')
    if (items.length > MAX_LIST_ITEMS) throw new ServiceError(400, null, `${name} may hold at most ${MAX_LIST_ITEMS} items`)
    const bad = items.find((item) => !pattern.test(item))
    if (bad !== undefined) {
      const shown = bad === '' ? 'an empty item' : JSON.stringify(bad.slice(0, 64))
      throw new ServiceError(400, null, `${name} must be comma-separated ${what}; got ${shown}`)
    }
    return new Set(items)
  })

const WalletsQuery = v.looseObject({
  page: Integer('page', 1, 1_000_000, 'page must be a positive integer'),
  entries: Integer('entries', DEFAULT_ENTRIES, MAX_ENTRIES, `entries must be an integer from 1 to ${MAX_ENTRIES}`),
  search: queryValue('search', (raw) => {
    const search = raw.trim().toLowerCase()
    if (search.length > MAX_SEARCH_LENGTH) throw new ServiceError(400, null, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    return search
  }),
  // 'none' asks for no badge filter, 'certified' for certified wallets only.
  badge_type: v.pipe(
    queryString('badge_type'),
    v.check((badge) => badge === undefined || badge === 'certified' || badge === 'none', "badge_type must be 'certified' or 'none'"),
  ),
  include: List('include', WALLET_ID_PATTERN, 'wallet ids'),
  exclude: List('exclude', WALLET_ID_PATTERN, 'wallet ids'),
  chains: List('chains', CAIP2_PATTERN, 'CAIP-2 ids such as eip155:1'),
})

/**
 * @param {object} options
 * @param {import('hono').MiddlewareHandler} options.client the check of the query's project and client
 * @param {import('./catalogue.mjs').WalletEntry[]} options.catalogue in its order (rank, then name)
 * @returns {Hono}
 */
export function createCatalogueRoutes({ client, catalogue }) {
  const walletsByImageId = new Map(catalogue.map((wallet) => [wallet.image_id, wallet]))
  const app = new Hono()
  app.get('/getWallets', client, valid('query', WalletsQuery), (c) => {
    const { page, entries, search, badge_type, include, exclude, chains } = c.req.valid('query')
    const matches = catalogue.filter(
      (wallet) =>
        (!search || wallet.name.toLowerCase().includes(search) || Boolean(wallet.rdns?.toLowerCase().includes(search))) &&
        (badge_type !== 'certified' || wallet.badge_type === 'certified') &&
        (!include || include.has(wallet.id)) &&
        !exclude?.has(wallet.id) &&
        (!chains || wallet.chains.some((chain) => chains.has(chain))),
    )
    return sendJson(c, 200, { data: matches.slice((page - 1) * entries, page * entries), count: matches.length })
  })

  /** @param {string} prefix @param {(id: string) => Promise<string>} render */
  const imageRoute = (prefix, render) =>
    app.get(`${prefix}:id`, client, imageId(prefix), async (c) => sendSvg(c, await render(c.req.valid('param').id)))
  imageRoute('/getWalletImage/', async (id) => {
    const wallet = walletsByImageId.get(id)
    if (!wallet) throw new ServiceError(404, null, 'No wallet image has this id')
    // The wallet's own mark where @web3icons/core has it, else its generated initials.
    return (await brandMark('wallet', [wallet.id, wallet.name])) ?? walletImageSvg(wallet.name)
  })
  imageRoute('/public/getAssetImage/', (id) => symbolImage('asset', id))
  imageRoute('/public/getCurrencyImage/', (id) => symbolImage('currency', id))
  imageRoute('/public/getTokenImage/', (id) => symbolImage('token', id))
  return app
}

/**
 * The image id of the path, decoded from the raw segment: Hono hands back a segment it cannot decode as it is, and
 * that is a 400 here rather than an id.
 *
 * @param {string} prefix
 */
const imageId = (prefix) =>
  validator('param', (_param, c) => {
    try {
      return { id: decodeURIComponent(c.req.path.slice(prefix.length)) }
    } catch {
      throw new ServiceError(400, null, 'The image id is not valid percent-encoding')
    }
  })

/**
 * A network's or token's mark where @web3icons/core has it, else (and for currencies) a generated circle.
 *
 * @param {'asset' | 'currency' | 'token'} kind @param {string} id
 */
async function symbolImage(kind, id) {
  if (!SYMBOL_ID_PATTERN.test(id)) {
    throw new ServiceError(400, null, `The ${kind} image id must be 1 to 128 letters, digits, spaces, ".", "-" or "_"`)
  }
  const mark = kind === 'currency' ? undefined : await brandMark(kind, [id])
  return mark ?? symbolImageSvg(kind, id)
}

/**
 * Images are pure functions of their URL, so they are cached for a day and revalidated by ETag. A wallet's
 * image id changes with its name (catalogue.mjs imageIdFor).
 *
 * @param {import('hono').Context} c @param {string} svg
 */
function sendSvg(c, svg) {
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 16)}"`
  const headers = {
    'content-type': 'image/svg+xml',
    'cache-control': 'public, max-age=86400',
    etag,
    'x-content-type-options': 'nosniff',
    // Opened on its own, the SVG may still not run or fetch anything.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  }
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
  return c.body(svg, 200, headers)
}
