import type { Kernel } from '../core/createKernel.js'
import { WalletDirectoryToken } from '../core/tokens.js'
import type { ViewDefinition, ViewId } from '../core/views.js'

// The views every modal has. They live in the React layer (the kernel imports no React), each in
// its own lazy chunk, and are added to a kernel when its provider mounts, or when "foyer/elements" serves it. This
// file imports no React itself (only the views' loaders do, lazily), so the elements register the views up front.
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
