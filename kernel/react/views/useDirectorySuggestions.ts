import { raiseAlertForHttpError } from '../../core/alerts.js'
import type { Kernel } from '../../core/createKernel.js'
import {
  RECOMMENDED_WALLETS,
  safeAppLink,
  safeWebLink,
  walletDirectoryOf,
  type DirectoryWallet,
  type WalletDirectory,
} from '../../services/directory.js'
import { fetchKernelQuery, type KernelQuery } from '../../services/kernelQuery.js'
import { isSafeImageUrl } from '../../model/network.js'
import { useKernelQuery } from '../hooks/useKernelQuery.js'

export interface DirectorySuggestions {
  /** The host's featured wallets, in the host's order. */
  featured: readonly DirectoryWallet[]
  /** The host's own wallets. */
  custom: readonly DirectoryWallet[]
  /** The directory's first certified wallets that are neither installed nor featured, four at most (rules §9). */
  recommended: readonly DirectoryWallet[]
  loading: boolean
}

type Answer = { featured: DirectoryWallet[]; top: DirectoryWallet[] }

// Asked once per kernel (the Connect view shows again and again); a failure is not kept, so the
// next showing asks again.
function suggestionsQuery(kernel: Kernel, directory: WalletDirectory): KernelQuery<Answer> {
  const { featuredWalletIds: featured = [], includeWalletIds: include, excludeWalletIds: exclude } = kernel.options
  return {
    key: ['directory', 'suggestions', { featured, include, exclude }],
    staleTime: Infinity,
    async load() {
      try {
        const [featuredPage, topPage] = await Promise.all([
          featured.length > 0 ? directory.getWallets({ page: 1, entries: featured.length, include: featured }) : { wallets: [] },
          // A few more than needed, since installed and featured wallets are left out. Recommended means certified
          // (rules §7 badge_type), unless the host chose the wallets itself.
          directory.getWallets({
            page: 1,
            entries: RECOMMENDED_WALLETS + featured.length + 8,
            badge: include ? undefined : 'certified',
            include,
            exclude,
          }),
        ])
        return { featured: featured.flatMap((id) => featuredPage.wallets.filter((wallet) => wallet.id === id)), top: topPage.wallets }
      } catch (error) {
        kernel.logger.warn('The wallet directory could not be read.', error)
        raiseAlertForHttpError(kernel, error)
        throw error
      }
    },
  }
}

/**
 * Asks the directory for the Connect view's wallets ahead of time (the provider does it while the
 * page is idle), so that the first open shows them at once instead of a loading row.
 */
export function preloadDirectorySuggestions(kernel: Kernel): void {
  const directory = walletDirectoryOf(kernel)
  if (directory) fetchKernelQuery(kernel, suggestionsQuery(kernel, directory)).catch(() => {})
}

/**
 * The directory wallets the Connect view shows beside the chains' connectors (rules §2 featured, custom,
 * recommended). Never blocks the view: it renders at once and these arrive after.
 */
export function useDirectorySuggestions(kernel: Kernel, installedRdns: ReadonlySet<string>): DirectorySuggestions {
  const custom = customWallets(kernel)
  const directory = walletDirectoryOf(kernel)
  const suggestions = useKernelQuery(directory && suggestionsQuery(kernel, directory))
  const answer = suggestions?.status === 'ready' ? suggestions.data : undefined

  const notInstalled = (wallet: DirectoryWallet) => !wallet.rdns || !installedRdns.has(wallet.rdns)
  const featured = (answer?.featured ?? []).filter(notInstalled)
  const featuredIds = new Set(featured.map((wallet) => wallet.id))
  const recommended = (answer?.top ?? [])
    .filter((wallet) => notInstalled(wallet) && !featuredIds.has(wallet.id))
    .slice(0, RECOMMENDED_WALLETS)
  return { featured, custom, recommended, loading: suggestions?.status === 'loading' }
}

function customWallets(kernel: Kernel): DirectoryWallet[] {
  return (kernel.options.customWallets ?? []).map((wallet) => ({
    id: wallet.id,
    name: wallet.name,
    imageUrl: isSafeImageUrl(wallet.imageUrl) ? wallet.imageUrl : undefined,
    chains: [],
    links: { mobile: safeAppLink(wallet.mobile_link), desktop: safeAppLink(wallet.desktop_link), webapp: safeWebLink(wallet.webapp_link) },
  }))
}
