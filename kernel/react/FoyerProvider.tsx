import { useEffect, useState, type ReactNode } from 'react'
import type { Kernel } from '../core/createKernel.js'
import { KernelContext } from './hooks/context.js'
import { registerCoreViews } from './coreViews.js'
import { preloadCoreViews } from './warmModal.js'
import { ModalHost } from './shell/ModalHost.js'

export interface FoyerProviderProps {
  /** The kernel from `createKernel`; create it once, outside the component. */
  kernel: Kernel
  children?: ReactNode
}

/**
 * Makes a kernel available to Foyer's hooks and components, and renders its modal.
 *
 * @example
 * const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks })] })
 * root.render(<FoyerProvider kernel={kernel}><App /></FoyerProvider>)
 */
export function FoyerProvider({ kernel, children }: FoyerProviderProps) {
  // Registered during the first render, so a view opened in the same tick is already known.
  useState(() => registerCoreViews(kernel))
  useEffect(() => preloadCoreViews(kernel), [kernel])
  return (
    <KernelContext.Provider value={kernel}>
      {children}
      <ModalHost />
    </KernelContext.Provider>
  )
}
