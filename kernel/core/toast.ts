import { createToken } from './container.js'
import type { Kernel } from './createKernel.js'

export type ToastVariant = 'loading' | 'success' | 'error'

/** The notification toast (rules §3). */
export interface ToastState {
  message: string
  variant: ToastVariant
  open: boolean
  autoClose: boolean
}

export const INITIAL_TOAST: ToastState = { message: '', variant: 'success', open: false, autoClose: true }

/** rules §4, §9: a toast that replaces an open one shows 150 ms after that one closes. */
export const TOAST_RESHOW_MS = 150

/** How long a toast stays before it closes itself. */
export const TOAST_AUTO_CLOSE_MS = 3000

export interface ShowToastParameters {
  /** The visible text, already translated. */
  message: string
  variant: ToastVariant
  /** Close by itself after 3 s. Loading toasts stay until replaced. @default variant !== 'loading' */
  autoClose?: boolean
}

// The kernel's pending toast timer, so a newer toast cancels what an older one scheduled.
const ToastTimerToken = createToken<{ cancel?: (() => void) | undefined }>('toast:timer')
const timerOf = (kernel: Kernel) => kernel.container.ensure(ToastTimerToken, (): { cancel?: () => void } => ({}))

/**
 * Shows a toast. While another is open it closes that one first and shows this one after 150 ms (rules §4).
 *
 * @example
 * showToast(kernel, { message: kernel.i18n.t('account.copied'), variant: 'success' })
 */
export function showToast(kernel: Kernel, parameters: ShowToastParameters): void {
  timerOf(kernel).cancel?.()
  const toast: ToastState = {
    message: parameters.message,
    variant: parameters.variant,
    open: true,
    autoClose: parameters.autoClose ?? parameters.variant !== 'loading',
  }
  if (!kernel.store.getState().toast.open) {
    present(kernel, toast)
    return
  }
  hideToast(kernel)
  timerOf(kernel).cancel = kernel.schedule(() => present(kernel, toast), TOAST_RESHOW_MS)
}

/** Closes the toast now. */
export function hideToast(kernel: Kernel): void {
  const timer = timerOf(kernel)
  timer.cancel?.()
  timer.cancel = undefined
  kernel.store.update('toast', (toast) => (toast.open ? { ...toast, open: false } : toast))
}

function present(kernel: Kernel, toast: ToastState) {
  kernel.store.update('toast', () => toast)
  timerOf(kernel).cancel = toast.autoClose ? kernel.schedule(() => hideToast(kernel), TOAST_AUTO_CLOSE_MS) : undefined
}
