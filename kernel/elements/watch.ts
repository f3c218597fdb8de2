// The kernel's state for a page without React: the account, the network and the modal, each with a getter and a
// `watch…` that calls back on every change (style 9: plain functions over a kernel).
import { getAccount, type AccountState } from '../core/account.js'
import type { Unsubscribe } from '../core/bus.js'
import type { Kernel } from '../core/createKernel.js'
import { networkStateOf, type NetworkInfo } from '../core/network.js'
import type { ViewId } from '../core/views.js'

/** The modal as a page sees it. */
export interface ModalInfo {
  open: boolean
  /** The view shown while open. */
  view?: ViewId
}

/**
 * Calls `listener` with the account state (`getAccount`'s) whenever it changes: connecting, connected, another account
 * or network, a balance or name read, disconnected. Returns the unsubscribe.
 *
 * @example
 * const stop = watchAccount(kernel, ({ address, isConnected }) => render(isConnected ? address : 'Not connected'))
 */
export function watchAccount(kernel: Kernel, listener: (account: AccountState) => void): Unsubscribe {
  // The account state is made of the two slices, which change for more than it shows (the connectors found, the
  // namespace shown): the listener hears only what it can see.
  let last = JSON.stringify(getAccount(kernel))
  return kernel.store.select(
    (state) => [state.connection, state.account] as const,
    () => {
      const account = getAccount(kernel)
      const seen = JSON.stringify(account)
      if (seen === last) return
      last = seen
      listener(account)
    },
    sameItems,
  )
}

/** The active connection's network, whether the site supports it, and every network the chains declare. */
export function getNetwork(kernel: Kernel): NetworkInfo {
  return networkStateOf(kernel, kernel.store.getState().connection)
}

/**
 * Calls `listener` whenever the active network changes (another network, connected, disconnected). Returns the
 * unsubscribe.
 *
 * @example
 * watchNetwork(kernel, ({ network, isSupported }) => (label.textContent = isSupported ? network?.name : 'Unsupported'))
 */
export function watchNetwork(kernel: Kernel, listener: (network: NetworkInfo) => void): Unsubscribe {
  return kernel.store.select(
    (state) => networkStateOf(kernel, state.connection),
    listener,
    (a, b) => a.networkId === b.networkId && a.network === b.network,
  )
}

/** Whether the modal is open, and at which view. */
export function getModal(kernel: Kernel): ModalInfo {
  return modalInfoOf(kernel)
}

/**
 * Calls `listener` when the modal opens, closes or moves to another view. Returns the unsubscribe.
 *
 * @example
 * watchModal(kernel, ({ open }) => document.body.classList.toggle('modal-open', open))
 */
export function watchModal(kernel: Kernel, listener: (modal: ModalInfo) => void): Unsubscribe {
  return kernel.store.select(
    () => modalInfoOf(kernel),
    listener,
    (a, b) => a.open === b.open && a.view === b.view,
  )
}

function modalInfoOf(kernel: Kernel): ModalInfo {
  const open = kernel.store.getState().modal.open
  return open ? { open, view: kernel.router.current().view } : { open }
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => Object.is(item, b[index]))
}
