import { createRoot } from 'react-dom/client'
import type { Kernel } from '../core/createKernel.js'
import { FoyerProvider } from './FoyerProvider.js'

/**
 * Shows Foyer's modal on a page that does not use React itself; drive it with `openModal`,
 * `closeModal` and `kernel.store.select` from "foyer". Returns a function that removes it.
 *
 * @example
 * const unmount = mountFoyer(kernel)
 * button.addEventListener('click', () => openModal(kernel))
 */
export function mountFoyer(kernel: Kernel, container: HTMLElement = document.createElement('div')): () => void {
  const root = createRoot(container)
  root.render(<FoyerProvider kernel={kernel} />)
  return () => root.unmount()
}
