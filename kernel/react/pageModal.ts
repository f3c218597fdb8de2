// The modal of a page that renders no FoyerProvider of its own: one built with the custom elements of
// "foyer/elements", or with AppKit's API (createAppKit mounts none). Loaded by them through import() only, so such a
// page loads React with the modal, never before (docs/elements.md).
import { createToken } from '../core/container.js'
import type { Kernel } from '../core/createKernel.js'
import { mountFoyer } from './mountFoyer.js'
import { warmModal } from './warmModal.js'

/** The page's modal of a kernel: removed when the kernel is destroyed (the container disposes it). */
const PageModalToken = createToken<{ dispose(): void }>('react:page-modal')

/** Mounts the kernel's modal once, at the end of `document.body`, and warms its first views. */
export function mountPageModal(kernel: Kernel): void {
  if (kernel.isDestroyed()) return
  kernel.container.ensure(PageModalToken, () => ({ dispose: mountFoyer(kernel) }))
  warmModal(kernel)
}
