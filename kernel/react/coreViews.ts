import type { Kernel } from '../core/createKernel.js'
import { WalletDirectoryToken } from '../core/tokens.js'
import { loadModalRoot } from './shell/ModalHost.js'
import type { ViewDefinition, ViewId } from '../core/views.js'

// The views every modal has. They live in the React layer (the kernel imports no React), each in
// its own lazy chunk, and are added to a kernel when its provider mounts.
const CORE_VIEWS: Partial<Record<ViewId, ViewDefinition>> = {
  Connect: { title: 'connect.title', load: () => import('./views/ConnectView.js') },
  ConnectingExternal: { title: 'connecting.title', load: () => import('./views/ConnectingExternalView.js') },
  Account: { title: 'account.title', load: () => import('./views/AccountView.js') },
  Networks: { title: 'networks.title', load: () => import('./views/NetworksView.js') },
}

// All Wallets exists only where there is a directory to list.
const ALL_WALLETS: ViewDefinition = {
  title: 'allWallets.title',
  feature: 'allWallets',
  load: () => import('./views/AllWalletsView.js'),
}

/** Adds the core views a kernel lacks; a plugin that registered its own version of one keeps it. */
export function registerCoreViews(kernel: Kernel): void {
  for (const [id, definition] of Object.entries(CORE_VIEWS) as Array<[ViewId, ViewDefinition]>) {
    if (!kernel.views.get(id)) kernel.views.register(id, definition)
  }
  const hasDirectory = kernel.options.services.directory !== undefined || kernel.container.has(WalletDirectoryToken)
  if (hasDirectory && !kernel.views.get('AllWallets')) kernel.views.register('AllWallets', ALL_WALLETS)
}

/** Loads the modal and the views a visitor sees first; every load happens once, so calling it again is free. */
export function warmModal(kernel: Kernel): void {
  loadModalRoot().catch((error: unknown) => kernel.logger.debug('Preloading the modal failed.', error))
  for (const view of ['Connect', 'Account'] as const) {
    kernel.views
      .load(view)
      // A view may warm what it shows first (Connect: the directory's wallets).
      .then((module) => (module as { preload?: (kernel: Kernel) => void }).preload?.(kernel))
      .catch((error: unknown) => kernel.logger.debug(`Preloading ${view} failed.`, error))
  }
}

/**
 * Warms the modal once the page is idle (at the latest a second after it mounts), so the first click
 * opens at once without costing the first paint anything.
 */
export function preloadCoreViews(kernel: Kernel): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(() => warmModal(kernel), 200)
    return () => clearTimeout(timer)
  }
  const handle = requestIdleCallback(() => warmModal(kernel), { timeout: 1000 })
  return () => cancelIdleCallback(handle)
}
