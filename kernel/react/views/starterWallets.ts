import type { InstallLinks, StarterWallet } from '../../core/chain.js'
import type { DirectoryWallet } from '../../services/directory.js'
import type { Kernel } from '../../core/createKernel.js'
import { safeWebLink } from '../../services/directory.js'

export type Platform = 'chrome' | 'firefox' | 'safari' | 'ios' | 'android' | 'other'

/**
 * The visitor's platform, from the user agent: iPhone and iPad (an iPad asks as a Mac with touch), Android, desktop
 * Firefox, a desktop browser that installs from the Chrome Web Store (Chrome, Edge, Brave, Opera), Safari on a Mac, or
 * other.
 */
export function platformOf(userAgent: string, touchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)) return 'ios'
  if (/Android/.test(userAgent)) return 'android'
  if (/Firefox\//.test(userAgent)) return 'firefox'
  if (/Chrome\/|Chromium\//.test(userAgent)) return 'chrome'
  if (/Macintosh/.test(userAgent) && /Version\/[\d.]+ Safari\//.test(userAgent)) return 'safari'
  return 'other'
}

/**
 * Where a wallet installs on `platform`, and what that place is: its store there, else its own site; undefined when it
 * names neither.
 */
export function installLink(install: InstallLinks, platform: Platform): { url: string; where: Platform } | undefined {
  const url = platform === 'other' ? undefined : install[platform]
  if (url) return { url, where: platform }
  return install.website ? { url: install.website, where: 'other' } : undefined
}

/**
 * The wallets the site's chains suggest (their `starterWallets` capability), in the chains' order, each once; only
 * https links are kept, since they come from plugins. A chain whose list fails to load is left out.
 */
export async function loadStarterWallets(kernel: Kernel): Promise<StarterWallet[]> {
  const lists = await Promise.all(
    kernel.chains.withCapability('starterWallets').map((chain) =>
      chain.capabilities!.starterWallets!.load().catch((error: unknown) => {
        kernel.logger.debug(`The wallets to install for ${chain.namespace} did not load.`, error)
        return []
      }),
    ),
  )
  const seen = new Set<string>()
  return lists.flat().filter((wallet) => {
    const fresh = !seen.has(wallet.id) && /^https:\/\//.test(wallet.install.website)
    seen.add(wallet.id)
    return fresh
  })
}

/** The links that are https URLs (a directory's answer is checked here, the chains' suggestions again). */
function checkedLinks(install: NonNullable<DirectoryWallet['install']>): InstallLinks {
  const links: InstallLinks = {}
  for (const [platform, link] of Object.entries(install) as Array<[keyof InstallLinks, unknown]>) {
    const safe = typeof link === 'string' ? safeWebLink(link) : undefined
    if (safe) links[platform] = safe
  }
  return links
}

/** A wallet to install, as the Connect view lists it: where it installs on this platform. */
export interface InstallRow {
  id: string
  name: string
  imageUrl?: string
  url: string
  where: Platform
}

/**
 * The wallets to offer a visitor who has none: the directory's first (the host's featured, then its recommended), then
 * the chains' own suggestions, each once (by name: the directory's 'coinbase-wallet' is the chain's 'coinbase'), each
 * with where it installs on `platform`; a wallet that names no place to install from is left out.
 */
export function walletsToInstall(
  fromDirectory: ReadonlyArray<Pick<DirectoryWallet, 'id' | 'name' | 'imageUrl' | 'install'>>,
  fromChains: readonly StarterWallet[],
  platform: Platform,
): InstallRow[] {
  const seen = new Set<string>()
  return [...fromDirectory, ...fromChains].flatMap(({ id, name, imageUrl, install }) => {
    const link = install && installLink(checkedLinks(install), platform)
    const key = name.toLowerCase()
    if (!link || seen.has(key)) return []
    seen.add(key)
    return [{ id, name, imageUrl, ...link }]
  })
}
