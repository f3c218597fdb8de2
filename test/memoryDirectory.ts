// An in-memory wallet directory for stories and unit tests, standing in for services/directory where
// no server can run (a story runs in the browser). It pages, searches and filters like the service.
import { HttpStatusError } from '../kernel/core/errors/catalogue.js'
import type { DirectoryWallet, WalletDirectory } from '../kernel/services/directory.js'

export interface MemoryDirectoryOptions {
  /** Answers every call with this HTTP status. */
  failWith?: number
  /** Never answers, for loading states. */
  pending?: boolean
}

export function memoryDirectory(wallets: readonly DirectoryWallet[], options: MemoryDirectoryOptions = {}) {
  const calls: Array<{ page: number; entries: number; search?: string }> = []
  const directory: WalletDirectory & { calls: typeof calls } = {
    calls,
    async getWallets({ page, entries = 40, search, include, exclude }) {
      calls.push({ page, entries, search })
      if (options.pending) return new Promise(() => {})
      if (options.failWith) throw new HttpStatusError(options.failWith)
      const needle = search?.toLowerCase()
      const matching = wallets.filter(
        (wallet) =>
          (!needle || wallet.name.toLowerCase().includes(needle)) &&
          (!include?.length || include.includes(wallet.id)) &&
          !exclude?.includes(wallet.id),
      )
      return { wallets: matching.slice((page - 1) * entries, page * entries), count: matching.length }
    },
  }
  return directory
}

/** `count` directory wallets named "Wallet 001" …, the first few with rdns. */
export function directoryWallets(count: number): DirectoryWallet[] {
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(3, '0')
    return { id: `wallet-${number}`, name: `Wallet ${number}`, chains: ['eip155:1'], links: { webapp: `https://wallet-${number}.example` } }
  })
}
