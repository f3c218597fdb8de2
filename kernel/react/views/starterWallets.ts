import type { StarterWallet } from '../../core/chain.js'
import type { Kernel } from '../../core/createKernel.js'

export type Platform = 'chrome' | 'firefox' | 'ios' | 'android' | 'other'

/**
 * The visitor's platform, from the user agent: iPhone and iPad (an iPad asks as a Mac with touch), Android, desktop
 * Firefox, a desktop browser that installs from the Chrome Web Store (Chrome, Edge, Brave, Opera), or other (Safari).
 */
export function platformOf(userAgent: string, touchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)) return 'ios'
  if (/Android/.test(userAgent)) return 'android'
  if (/Firefox\//.test(userAgent)) return 'firefox'
  if (/Chrome\/|Chromium\//.test(userAgent)) return 'chrome'
  return 'other'
}

/** Where `wallet` installs on `platform`, and what that place is; its own site where the platform has no store. */
export function installLink(wallet: StarterWallet, platform: Platform): { url: string; where: Platform } {
  const url = platform === 'other' ? undefined : wallet.install[platform]
  return url ? { url, where: platform } : { url: wallet.install.website, where: 'other' }
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
