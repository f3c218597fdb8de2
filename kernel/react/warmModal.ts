// Warming the modal before the visitor's click: its shell and first views load on idle or when a pointer nears the
// button, and the closed dialog renders hidden (Modal.tsx), so the click only shows it (docs/budgets.md).
import type { Kernel } from '../core/createKernel.js'
import { loadModalRoot } from './shell/ModalHost.js'

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
