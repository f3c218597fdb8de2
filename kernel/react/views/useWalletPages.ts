import { useCallback, useEffect, useRef, useState } from 'react'
import { raiseAlertForHttpError } from '../../core/alerts.js'
import type { Kernel } from '../../core/createKernel.js'
import {
  SEARCH_ENTRIES,
  SEARCH_MIN_WAIT_MS,
  WALLET_PAGE_SIZE,
  type DirectoryWallet,
  type WalletDirectory,
} from '../../services/directory.js'

export type WalletPagesState =
  | { status: 'loading'; wallets: readonly DirectoryWallet[]; count: number }
  | { status: 'ready'; wallets: readonly DirectoryWallet[]; count: number }
  | { status: 'failed'; wallets: readonly DirectoryWallet[]; count: number }

/**
 * The directory's wallets for the All Wallets view: pages of 40 while browsing (rules §9), one answer of
 * up to 100 while searching, shown no sooner than 300 ms after the search starts. Only the newest
 * request may change the state, so a slow answer to an old query never replaces a newer one.
 */
export function useWalletPages(kernel: Kernel, directory: WalletDirectory, query: string) {
  const { includeWalletIds: include, excludeWalletIds: exclude } = kernel.options
  const [state, setState] = useState<WalletPagesState>({ status: 'loading', wallets: [], count: 0 })
  const latest = useRef(0)

  const load = useCallback(
    async (page: number, previous: readonly DirectoryWallet[]) => {
      const request = ++latest.current
      const search = query.trim()
      setState((current) => ({ status: 'loading', wallets: previous, count: current.count }))
      try {
        const answer = directory.getWallets({ page, entries: search ? SEARCH_ENTRIES : WALLET_PAGE_SIZE, search, include, exclude })
        const [result] = await Promise.all([answer, search ? wait(SEARCH_MIN_WAIT_MS) : undefined])
        if (request !== latest.current) return
        setState({ status: 'ready', wallets: [...previous, ...result.wallets], count: result.count })
      } catch (error) {
        if (request !== latest.current) return
        kernel.logger.warn('The wallet directory could not be read.', error)
        raiseAlertForHttpError(kernel, error)
        setState({ status: 'failed', wallets: previous, count: 0 })
      }
    },
    [kernel, directory, query, include, exclude],
  )

  useEffect(() => {
    void load(1, [])
  }, [load])

  const searching = query.trim() !== ''
  const hasMore = !searching && state.status === 'ready' && state.wallets.length < state.count
  const loadMore = useCallback(() => {
    if (hasMore) void load(Math.floor(state.wallets.length / WALLET_PAGE_SIZE) + 1, state.wallets)
  }, [hasMore, load, state.wallets])
  const retry = useCallback(() => void load(Math.floor(state.wallets.length / WALLET_PAGE_SIZE) + 1, state.wallets), [load, state.wallets])

  return { state, hasMore, loadMore, retry }
}

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
