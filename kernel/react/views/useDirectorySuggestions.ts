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

type Answer = { featured: DirectoryWallet[]; top: DirectoryWallet[] }

// One answer per kernel: the Connect view shows again and again, the directory is asked once. The
// settled answer is kept too, so a view that opens after it arrived renders it in its first frame.
const answers = new WeakMap<Kernel, Promise<Answer>>()
const settled = new WeakMap<Kernel, Answer>()

function askDirectory(kernel: Kernel, directory: NonNullable<ReturnType<typeof walletDirectoryOf>>): Promise<Answer> {
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
    pending.then(
      (answer) => settled.set(kernel, answer),
      (error: unknown) => {
        answers.delete(kernel)
        kernel.logger.warn('The wallet directory could not be read.', error)
        raiseAlertForHttpError(kernel, error)
      },
    )
  }
  return pending
}

/**
 * Asks the directory for the Connect view's wallets ahead of time (the provider does it while the
 * page is idle), so that the first open shows them at once instead of a loading row.
 */
export function preloadDirectorySuggestions(kernel: Kernel): void {
  const directory = walletDirectoryOf(kernel)
  if (directory) askDirectory(kernel, directory).catch(() => {})
}

/**
 * The directory wallets the Connect view shows beside the chains' connectors (§2 featured, custom,
 * recommended). Never blocks the view: it renders at once and these arrive after.
 */
export function useDirectorySuggestions(kernel: Kernel, installedRdns: ReadonlySet<string>): DirectorySuggestions {
  const custom = customWallets(kernel)
  const directory = walletDirectoryOf(kernel)
  const [answer, setAnswer] = useState<Answer | undefined>(() => settled.get(kernel))

  useEffect(() => {
    if (!directory) return
    let current = true
    askDirectory(kernel, directory).then(
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
