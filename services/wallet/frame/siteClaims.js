// What the site says about itself (APP_SYNC_DAPP_DATA, APP_SYNC_THEME): a name, an icon and a URL, shown beside the
// origin the frame verified and never instead of it, and the accent colours of the panel. The host page writes all
// of it, so each is checked here before the frame uses it.
import { byId } from './dom.js'

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
/** What a site may say about itself, at most: a name to show beside its verified origin, never instead of it. */
const MAX_NAME = 60
const MAX_ICON = 100_000

/**
 * Only these keys, each as `check` allows; a reason for the first that is not.
 *
 * @param {Record<string, any>} payload @param {Record<string, (value: any) => boolean>} fields
 */
export function refusalOf(payload, fields) {
  const extra = Object.keys(payload).find((key) => !Object.hasOwn(fields, key))
  if (extra !== undefined) return `Unexpected field ${JSON.stringify(extra.slice(0, 40))}`
  const wrong = Object.keys(fields).find((key) => payload[key] !== undefined && !fields[key]?.(payload[key]))
  return wrong === undefined ? undefined : `${wrong} is not valid`
}

const isPlainObject = (/** @type {unknown} */ value) => typeof value === 'object' && value !== null && !Array.isArray(value)
/** @param {unknown} text */
const isHttpUrl = (text) => {
  if (typeof text !== 'string' || text.length > 300) return false
  try {
    return /^https?:$/.test(new URL(text).protocol)
  } catch {
    return false
  }
}
/** An icon the frame may load: https, or an inline raster image (no SVG: it could carry script-like tricks). @param {unknown} text */
const isIcon = (text) =>
  typeof text === 'string' &&
  text.length <= MAX_ICON &&
  (/^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/.test(text) ||
    (text.length <= 300 && isHttpUrl(text) && text.startsWith('https:')))
// A name is one line of printable text: no control characters, no bidirectional overrides that could reorder what
// the visitor reads.
export const isName = (/** @type {unknown} */ text) =>
  typeof text === 'string' &&
  text.trim().length > 0 &&
  text.length <= MAX_NAME &&
  !/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(text)
/** @param {unknown} text */
const isColor = (text) => typeof text === 'string' && HEX_COLOR.test(text)

/** APP_SYNC_THEME: why the frame refuses it, or undefined. @param {Record<string, any>} payload */
export const themeRefusal = (payload) =>
  refusalOf(payload, {
    themeMode: (mode) => ['light', 'dark', 'system'].includes(mode),
    themeVariables: (variables) =>
      isPlainObject(variables) && refusalOf(variables, { accent: isColor, accentForeground: isColor }) === undefined,
  })

/** APP_SYNC_DAPP_DATA: why the frame refuses it, or undefined. @param {Record<string, any>} payload */
export const claimRefusal = (payload) =>
  refusalOf(payload, { metadata: isPlainObject }) ??
  (payload.metadata === undefined ? 'metadata is required' : undefined) ??
  refusalOf(payload.metadata, {
    name: isName,
    description: (text) => typeof text === 'string' && text.length <= 200,
    url: isHttpUrl,
    icons: (icons) => Array.isArray(icons) && icons.length <= 4 && icons.every(isIcon),
  }) ??
  (payload.metadata.name === undefined ? 'metadata.name is required' : undefined)

/** @typedef {{ name: string, url?: string, icon?: string }} SiteClaim */

/**
 * The site as the approval panel shows it: the origin the frame verified, and what the site claims, once checked.
 *
 * @param {() => string | undefined} verifiedOrigin the host's pinned origin
 */
export function createSite(verifiedOrigin) {
  const originText = byId('approval-origin')
  const claimText = byId('approval-claim')
  const icon = /** @type {HTMLImageElement} */ (byId('approval-icon'))
  /** @type {SiteClaim | undefined} the site's own account of itself (APP_SYNC_DAPP_DATA); undefined until it sends one */
  let claim
  /** @type {string | undefined} in the approval window: the origin the frame that opened it verified */
  let adoptedOrigin
  const origin = () => adoptedOrigin ?? verifiedOrigin()

  /**
   * Who asks: the origin this frame verified, always; the site's claimed name beside it, in quotes; its icon only when
   * the URL it claims is that very origin, and a warning when it claims another.
   */
  function show() {
    originText.textContent = origin() ?? ''
    claimText.textContent = ''
    icon.hidden = true
    icon.removeAttribute('src')
    if (!claim) return
    const claimedOrigin = claim.url ? new URL(claim.url).origin : undefined
    const mismatch = claimedOrigin !== undefined && claimedOrigin !== origin()
    claimText.textContent = mismatch
      ? ` calls itself “${claim.name}” and claims to be ${claimedOrigin}, which it is not`
      : ` calls itself “${claim.name}”`
    claimText.classList.toggle('warning', mismatch)
    if (claim.icon && claimedOrigin === origin()) {
      icon.src = claim.icon
      icon.hidden = false
    }
  }

  return {
    show,
    /** The panel follows the host's theme: light, dark or the system's, and its accent colour (hex only). @param {Record<string, any>} payload checked by themeRefusal */
    applyTheme(payload) {
      const root = document.documentElement.style
      if (payload.themeMode) root.colorScheme = payload.themeMode === 'system' ? 'light dark' : payload.themeMode
      const { accent, accentForeground } = payload.themeVariables ?? {}
      if (accent) root.setProperty('--accent', accent)
      if (accentForeground) root.setProperty('--accent-foreground', accentForeground)
    },
    /** The site's name, icon and URL, shown with the origin the frame verified. @param {Record<string, any>} payload checked by claimRefusal */
    claim(payload) {
      claim = { name: payload.metadata.name.trim(), url: payload.metadata.url, icon: payload.metadata.icons?.[0] }
      show()
    },
    /** What the approval window shows, from this frame. */
    current: () => ({ origin: origin(), claim }),
    /**
     * In the approval window: the site as the frame that opened it checked it, shown the same way.
     *
     * @param {{ origin?: unknown, claim?: any }} site
     */
    adopt(site) {
      if (typeof site?.origin !== 'string') return
      adoptedOrigin = site.origin
      claim = site.claim && isName(site.claim.name) ? site.claim : undefined
    },
  }
}
/** @typedef {ReturnType<typeof createSite>} Site */
