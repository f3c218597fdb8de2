import { useEffect, useState } from 'react'
import { raiseAlertForHttpError } from '../../alerts.js'
import type { Kernel } from '../../createKernel.js'
import { RECOMMENDED_WALLETS, safeAppLink, safeWebLink, walletDirectoryOf, type DirectoryWallet } from '../../directory.js'
import { isSafeImageUrl } from '../../network.js'

export interface DirectorySuggestions {
  /** The host's featured wallets, in the host's order. */
  featured: readonly DirectoryWallet[]
  /** The host's own wallets. */
  custom: readonly DirectoryWallet[]
  /** The directory's first wallets that are neither installed nor featured, four at most (§9). */
  recommended: readonly DirectoryWallet[]
  loading: boolean
}

// One answer per kernel: the Connect view shows again and again, the directory is asked once.
const answers = new WeakMap<Kernel, Promise<{ featured: DirectoryWallet[]; top: DirectoryWallet[] }>>()

/**
 * The directory wallets the Connect view shows beside the chains' connectors (§2 featured, custom,
 * recommended). Never blocks the view: it renders at once and these arrive after.
 */
export function useDirectorySuggestions(kernel: Kernel, installedRdns: ReadonlySet<string>): DirectorySuggestions {
  const custom = customWallets(kernel)
  const directory = walletDirectoryOf(kernel)
  const [answer, setAnswer] = useState<{ featured: DirectoryWallet[]; top: DirectoryWallet[] }>()

  useEffect(() => {
    if (!directory) return
    let current = true
    let pending = answers.get(kernel)
    if (!pending) {
      const { featuredWalletIds: featured = [], includeWalletIds: include, excludeWalletIds: exclude } = kernel.options
      pending = Promise.all([
        featured.length > 0 ? directory.getWallets({ page: 1, entries: featured.length, include: featured }) : { wallets: [] },
        // A few more than needed, since installed and featured wallets are left out.
        directory.getWallets({ page: 1, entries: RECOMMENDED_WALLETS + featured.length + 8, include, exclude }),
      ]).then(([featuredPage, topPage]) => ({
        featured: featured.flatMap((id) => featuredPage.wallets.filter((wallet) => wallet.id === id)),
        top: topPage.wallets,
      }))
      answers.set(kernel, pending)
      pending.catch((error: unknown) => {
        answers.delete(kernel)
        kernel.logger.warn('The wallet directory could not be read.', error)
        raiseAlertForHttpError(kernel, error)
      })
    }
    pending.then(
      (result) => current && setAnswer(result),
      () => current && setAnswer({ featured: [], top: [] }),
    )
    return () => {
      current = false
    }
  }, [kernel, directory])

  const notInstalled = (wallet: DirectoryWallet) => !wallet.rdns || !installedRdns.has(wallet.rdns)
  const featured = (answer?.featured ?? []).filter(notInstalled)
  const featuredIds = new Set(featured.map((wallet) => wallet.id))
  const recommended = (answer?.top ?? [])
    .filter((wallet) => notInstalled(wallet) && !featuredIds.has(wallet.id))
    .slice(0, RECOMMENDED_WALLETS)
  return { featured, custom, recommended, loading: directory !== undefined && answer === undefined }
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
