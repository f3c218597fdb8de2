// The wallet catalogue's rules: how ids and image ids are derived, which links and chain ids an entry may
// carry, and the check every entry passes before the directory serves it (the committed wallets.json and a
// host's own `wallets` option alike). Valibot does the checking: one schema, one message per bad field.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

import * as v from 'valibot'

/** The committed catalogue, built by buildCatalogue.mjs from its table. */
export const CATALOGUE_URL = new URL('./wallets.json', import.meta.url)

/** CAIP-2: `namespace:reference` with the character sets and lengths of the specification. */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
/** A wallet id (ours are slugs; a host's own may be longer, e.g. 64 hex digits) and an image id. */
export const WALLET_ID_PATTERN = /^[A-Za-z0-9][\w.-]{0,127}$/
/** EIP-6963 reverse-DNS id, e.g. `io.metamask`. */
const RDNS_PATTERN = /^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/
/** An app's own scheme (`trust://`, `okex://main/`): never one a browser would run or fetch itself. */
const APP_SCHEME_LINK = /^([a-z][a-z0-9+.-]*):\/\/([^\s/]+(\/[^\s]*)?\/)?$/i
const BROWSER_SCHEMES = new Set(['http', 'https', 'javascript', 'data', 'file', 'blob', 'about', 'vbscript', 'ftp', 'ws', 'wss'])

/**
 * The slug of a name, used as the wallet's id: lower case ASCII letters and digits joined by `-`
 * (`D'CENT Wallet` → `d-cent-wallet`). Ids are stable: a renamed wallet keeps its old id (the table's id column).
 *
 * @param {string} name
 */
export function walletId(name) {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * The image id of a wallet: 32 hex digits of sha256 over the name the icon is drawn from (plus the
 * generator's version), so a renamed wallet gets a new image id and a cached icon is never stale.
 *
 * @param {string} name
 */
export function imageIdFor(name) {
  return createHash('sha256').update(`foyer-wallet-image/v1/${name}`).digest('hex').slice(0, 32)
}

/**
 * A link a wallet app answers: an app scheme (`metamask://`, `okex://main/`) or an https universal link ending
 * in `/`. The modal appends `wc?uri=<pairing uri>`, so a link is a base that ends where that can follow.
 *
 * @param {string} link
 */
export function isAppLink(link) {
  const scheme = APP_SCHEME_LINK.exec(link)?.[1]?.toLowerCase()
  if (scheme === 'https') return isHttpsLink(link)
  return scheme !== undefined && !BROWSER_SCHEMES.has(scheme)
}

/** @param {string} link */
export function isHttpsLink(link) {
  try {
    const url = new URL(link)
    return url.protocol === 'https:' && url.username === '' && url.password === '' && !/\s/.test(link)
  } catch {
    return false
  }
}

const appLink = v.optional(
  v.pipe(
    v.string(),
    v.check((link) => link === '' || isAppLink(link), 'must be empty, an app scheme link or an https link ending in /'),
  ),
  '',
)

const httpsLink = v.optional(
  v.pipe(
    v.string(),
    v.check((link) => link === '' || isHttpsLink(link), 'must be empty or an https link'),
  ),
  '',
)

const WalletInputSchema = v.object({
  id: v.pipe(v.string(), v.regex(WALLET_ID_PATTERN, 'must be 1 to 128 letters, digits, ".", "-" or "_"')),
  name: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(100, 'must be at most 100 characters')),
  image_id: v.optional(v.pipe(v.string(), v.regex(WALLET_ID_PATTERN, 'must be 1 to 128 letters, digits, ".", "-" or "_"'))),
  rdns: v.optional(v.nullable(v.pipe(v.string(), v.regex(RDNS_PATTERN, 'must be a reverse-DNS id such as io.metamask'))), null),
  chains: v.optional(v.array(v.pipe(v.string(), v.regex(CAIP2_PATTERN, 'must be a CAIP-2 id such as eip155:1'))), []),
  mobile_link: appLink,
  desktop_link: appLink,
  webapp_link: httpsLink,
  homepage: httpsLink,
  chrome_store: httpsLink,
  firefox_store: httpsLink,
  safari_store: httpsLink,
  app_store: httpsLink,
  play_store: httpsLink,
  badge_type: v.optional(v.picklist(['certified', 'none'], "must be 'certified' or 'none'"), 'none'),
  order: v.optional(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'))),
})

/**
 * @typedef {object} WalletEntry rules §3's wallet directory entry plus the badge and the popularity rank.
 * @property {string} id
 * @property {string} name
 * @property {string} image_id
 * @property {string | null} rdns
 * @property {string[]} chains
 * @property {string} mobile_link
 * @property {string} desktop_link
 * @property {string} webapp_link
 * @property {string} homepage its own download page
 * @property {string} chrome_store its browser extension in the Chrome Web Store
 * @property {string} firefox_store its add-on at Firefox Add-ons
 * @property {string} safari_store its Safari extension in the Mac App Store
 * @property {string} app_store its iOS app in the App Store
 * @property {string} play_store its Android app in Google Play
 * @property {'certified' | 'none'} badge_type
 * @property {number} order
 */

/**
 * Checks a list of wallets and fills what may be left out (image id from the name, no rdns, no chains, empty
 * links, no badge, `order` = position in the list). Throws a TypeError naming the first bad field.
 *
 * @param {unknown} list
 * @param {string} [source] named in the error, e.g. 'wallets'
 * @returns {WalletEntry[]} sorted by order, then name
 */
export function normalizeWallets(list, source = 'wallets') {
  if (!Array.isArray(list)) throw new TypeError(`${source} must be an array of wallets`)
  const seen = new Set()
  const wallets = list.map((input, index) => {
    const result = v.safeParse(WalletInputSchema, input)
    if (!result.success) {
      const [issue] = result.issues
      const path = (issue.path ?? []).map((item) => `.${String(item.key)}`).join('')
      throw new TypeError(`${source}[${index}]${path} ${issue.message}`)
    }
    const wallet = result.output
    if (seen.has(wallet.id)) throw new TypeError(`${source}[${index}].id ${JSON.stringify(wallet.id)} is used twice`)
    seen.add(wallet.id)
    return {
      id: wallet.id,
      name: wallet.name,
      image_id: wallet.image_id ?? imageIdFor(wallet.name),
      rdns: wallet.rdns,
      chains: [...new Set(wallet.chains)],
      mobile_link: wallet.mobile_link,
      desktop_link: wallet.desktop_link,
      webapp_link: wallet.webapp_link,
      homepage: wallet.homepage,
      chrome_store: wallet.chrome_store,
      firefox_store: wallet.firefox_store,
      safari_store: wallet.safari_store,
      app_store: wallet.app_store,
      play_store: wallet.play_store,
      badge_type: wallet.badge_type,
      order: wallet.order ?? index + 1,
    }
  })
  return wallets.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'en'))
}

/** Reads and checks the committed catalogue. */
export function loadCatalogue() {
  return normalizeWallets(JSON.parse(readFileSync(CATALOGUE_URL, 'utf8')), 'wallets.json')
}
