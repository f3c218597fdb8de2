// The modal behind the elements: its views registered at once (so `openModal(kernel, { view })` works before anything
// loaded), its React code loaded on the first hover, focus or open, never before (docs/elements.md).
import { createToken } from '../core/container.js'
import type { Kernel } from '../core/createKernel.js'
import type { FoyerState } from '../core/store.js'
import { registerCoreViews } from '../react/coreViews.js'

/** What `serveModal` set up for a kernel: stopped when the kernel is destroyed. */
const ServedToken = createToken<{ dispose(): void }>('elements:served')

// The modal shows a toast outside an open dialog too (ModalHost wants the same).
const wantsModal = (state: FoyerState) => state.modal.open || state.toast.open

/**
 * Serves a kernel's modal to a page without FoyerProvider, once per kernel: the core views are registered now, and the
 * modal is mounted (React and its shell loaded) as soon as anything opens it — an element, `openModal`, a plugin. A
 * kernel whose modal renders in place (`disableAppend`, `enableEmbedded`) is the host's to mount with `mountFoyer`.
 */
export function serveModal(kernel: Kernel): void {
  kernel.container.ensure(ServedToken, () => {
    registerCoreViews(kernel)
    if (kernel.options.disableAppend || kernel.options.enableEmbedded) return { dispose() {} }
    if (wantsModal(kernel.store.getState())) loadModal(kernel)
    const stop = kernel.store.select(wantsModal, (wanted) => wanted && loadModal(kernel))
    return { dispose: stop }
  })
}

/** Loads and mounts the kernel's modal now (a pointer on its way to a button), and warms its first views. */
export function loadModal(kernel: Kernel): void {
  if (kernel.options.disableAppend || kernel.options.enableEmbedded) return
  import('../react/pageModal.js')
    .then((module) => module.mountPageModal(kernel))
    .catch((error: unknown) => kernel.logger.error('The modal could not be loaded.', error))
}
