import * as v from 'valibot'
import type { InstallLinks } from '../core/chain.js'
import type { Kernel } from '../core/createKernel.js'
import { createHttpClient } from './http.js'
import { isSafeImageUrl } from '../model/network.js'
import { serviceOf, type ServiceClientOptions } from './serviceOf.js'
import { PickedWalletsToken, WalletDirectoryToken } from '../core/tokens.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'

/** rules §9: the All Wallets view loads wallets 40 at a time. */
export const WALLET_PAGE_SIZE = 40
/** rules §9: the Connect view shows 4 recommended wallets. */
export const RECOMMENDED_WALLETS = 4
/** rules §9: a search returns up to 100 wallets … */
export const SEARCH_ENTRIES = 100
/** … and its results show no sooner than 300 ms after it starts, so fast answers do not flicker. */
export const SEARCH_MIN_WAIT_MS = 300

/** A wallet from the directory, checked and made safe to show. */
export interface DirectoryWallet {
  id: string
  name: string
  /** https or data:image only. */
  imageUrl?: string
  rdns?: string
  /** CAIP-2 ids of the networks it supports. */
  chains: readonly string[]
  /** Deep and universal links; each checked (no javascript:, data:, file: …; web app links https only). */
  links: { mobile?: string; desktop?: string; webapp?: string }
  /**
   * Where it installs, for a visitor who has no wallet yet, as the directory says it: unchecked here (the check lives
   * with the one view that links to them), so each must pass safeWebLink before use.
   */
  install?: { readonly [platform in keyof InstallLinks]?: unknown }
}

export interface GetWalletsParameters {
  /** 1-based. */
  page: number
  /** @default WALLET_PAGE_SIZE */
  entries?: number
  search?: string
  /** rules §7 `badge_type`: 'certified' lists certified wallets only. @default every wallet */
  badge?: 'certified' | 'none'
  include?: readonly string[]
  exclude?: readonly string[]
  chains?: readonly string[]
}

export interface WalletPage {
  wallets: DirectoryWallet[]
  /** How many wallets match in all. */
  count: number
}

/** The wallet directory (rules §7). Replace `WalletDirectoryToken` to serve wallets from anywhere. */
export interface WalletDirectory {
  getWallets(parameters: GetWalletsParameters): Promise<WalletPage>
}

const EntrySchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  image_id: v.nullish(v.string()),
  rdns: v.nullish(v.string()),
  chains: v.nullish(v.array(v.string())),
  mobile_link: v.nullish(v.string()),
  desktop_link: v.nullish(v.string()),
  webapp_link: v.nullish(v.string()),
})

const PageSchema = v.object({ data: v.array(v.unknown()), count: v.pipe(v.number(), v.safeInteger(), v.minValue(0)) })

// Schemes a wallet link may never use, whatever the wallet declares.
const FORBIDDEN_SCHEMES = /^(javascript|data|vbscript|file|blob|about):/i
// A browser drops tabs and newlines inside a URL and trims spaces around it; a link with any of them says one thing
// to a check and another to the browser, so it is refused (and so is anything that is not a URL at all).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/

function parseLink(link: string | null | undefined): URL | undefined {
  if (!link || SPACE_OR_CONTROL.test(link) || !/^[a-z][a-z0-9+.-]*:/i.test(link)) return undefined
  try {
    return new URL(link)
  } catch {
    return undefined
  }
}

/** A deep link (`metamask://…`) or an https universal link; anything else is dropped. */
export function safeAppLink(link: string | null | undefined): string | undefined {
  const url = parseLink(link)
  if (!url || FORBIDDEN_SCHEMES.test(url.protocol) || url.protocol === 'http:') return undefined
  return link ?? undefined
}

/** A web app link: an https URL with a host only. */
export function safeWebLink(link: string | null | undefined): string | undefined {
  const url = parseLink(link)
  return url?.protocol === 'https:' && url.hostname !== '' && /^https:\/\//i.test(link ?? '') ? (link ?? undefined) : undefined
}

/** `path` under `baseUrl`, with the client's query parameters (rules §7: projectId, client type and version). */
function serviceUrl(baseUrl: string, path: string, projectId: string): string {
  const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
  for (const [key, value] of Object.entries({ projectId, st: SDK_TYPE, sv: SDK_VERSION })) url.searchParams.set(key, value)
  return url.href
}

/** What a directory image shows (rules §7): a network (`asset`, by its name), a fiat currency (by its code), a token (by its symbol). */
export type DirectoryImageKind = 'asset' | 'currency' | 'token'

const IMAGE_ROUTES: Record<DirectoryImageKind, string> = {
  asset: 'public/getAssetImage/',
  currency: 'public/getCurrencyImage/',
  token: 'public/getTokenImage/',
}

/**
 * The URL of one of the directory's images (rules §7 `/public/getAssetImage/{id}`, `getCurrencyImage`, `getTokenImage`),
 * or undefined without `services.directory`: Foyer loads nothing from a service the host did not name.
 *
 * @example
 * <WalletImage src={network.imageUrl ?? directoryImageUrl(kernel, 'asset', network.name)} name={network.name} />
 */
export function directoryImageUrl(kernel: Kernel, kind: DirectoryImageKind, id: string): string | undefined {
  const baseUrl = kernel.options.services.directory
  // The directory takes letters, digits, spaces, '.', '-' and '_' ('Ethereum (Sepolia)' asks for 'Ethereum Sepolia').
  const name = id
    .replace(/[^\w. -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 128)
  return baseUrl && name ? serviceUrl(baseUrl, IMAGE_ROUTES[kind] + encodeURIComponent(name), kernel.options.projectId ?? '') : undefined
}

/**
 * Creates the client of the reference directory service (`services/directory`). Every call sends
 * the project id and the client type and version (rules §7). Entries that do not parse are skipped,
 * so one bad wallet never hides a page.
 */
export function createWalletDirectory(options: ServiceClientOptions): WalletDirectory {
  const query = { projectId: options.projectId, st: SDK_TYPE, sv: SDK_VERSION }
  const http = createHttpClient({ baseUrl: options.baseUrl, fetch: options.fetch, query })
  const imageUrl = (imageId: string) => serviceUrl(options.baseUrl, `getWalletImage/${encodeURIComponent(imageId)}`, options.projectId)
  return {
    async getWallets({ page, entries = WALLET_PAGE_SIZE, search, badge, include, exclude, chains }) {
      const result = await http.get('/getWallets', {
        schema: PageSchema,
        query: { page, entries, search: search || undefined, badge_type: badge, include, exclude, chains },
      })
      const wallets = result.data.flatMap((entry) => {
        const parsed = v.safeParse(EntrySchema, entry)
        return parsed.success ? [toWallet(parsed.output, imageUrl, entry as Record<string, unknown>)] : []
      })
      return { wallets, count: result.count }
    },
  }
}

function toWallet(
  entry: v.InferOutput<typeof EntrySchema>,
  imageUrl: (id: string) => string,
  raw: Record<string, unknown>,
): DirectoryWallet {
  const image = entry.image_id ? imageUrl(entry.image_id) : undefined
  return {
    id: entry.id,
    name: entry.name,
    imageUrl: isSafeImageUrl(image) ? image : undefined,
    rdns: entry.rdns ?? undefined,
    chains: entry.chains ?? [],
    links: {
      mobile: safeAppLink(entry.mobile_link),
      desktop: safeAppLink(entry.desktop_link),
      webapp: safeWebLink(entry.webapp_link),
    },
    install: {
      chrome: raw['chrome_store'],
      firefox: raw['firefox_store'],
      safari: raw['safari_store'],
      ios: raw['app_store'],
      android: raw['play_store'],
      website: raw['homepage'],
    },
  }
}

/** The kernel's directory: the host's replacement if it registered one, else the configured service, else none. */
export function walletDirectoryOf(kernel: Kernel): WalletDirectory | undefined {
  return serviceOf(kernel, { token: WalletDirectoryToken, url: 'directory', create: createWalletDirectory })
}

/**
 * Remembers a directory wallet the visitor chose, so the view that connects it can show its name,
 * icon and links without asking the directory again.
 */
export function rememberDirectoryWallet(kernel: Kernel, wallet: DirectoryWallet): void {
  if (!kernel.container.has(PickedWalletsToken)) kernel.container.provide(PickedWalletsToken, new Map())
  kernel.container.resolve(PickedWalletsToken).set(wallet.id, wallet)
}

/** A directory wallet chosen earlier, by id. */
export function rememberedDirectoryWallet(kernel: Kernel, id: string): DirectoryWallet | undefined {
  return kernel.container.has(PickedWalletsToken) ? kernel.container.resolve(PickedWalletsToken).get(id) : undefined
}
