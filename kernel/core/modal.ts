import type { Kernel } from './createKernel.js'
import { selectIsConnected } from './connection.js'
import { INITIAL_ROUTE, type RouteArgs, type RouteEntry } from './router.js'
import { UnknownViewError, type ViewId } from './views.js'

export interface ModalState {
  open: boolean
  /** A blocking action is under way (the modal shows progress and ignores a second submit). */
  loading: boolean
  /** True for the 500 ms of the shake animation (rules §2, §9). */
  shake: boolean
  /**
   * The visitor ticked the `legalCheckbox`. Only the visitor's click sets it (never the host), and it holds
   * for the kernel's life, so closing and reopening the modal does not ask again.
   */
  legalAccepted: boolean
}

export const INITIAL_MODAL: ModalState = { open: false, loading: false, shake: false, legalAccepted: false }

/** rules §9: the shake animation lasts 500 ms. */
export const SHAKE_MS = 500

/** Below this width the modal is a bottom sheet and counts as mobile (rules §2). */
export const MOBILE_MAX_WIDTH = 559

export interface OpenModalParameters<V extends ViewId = ViewId> {
  /** Open at this view instead of the one rules §2's rules choose. */
  view?: V
  params?: RouteArgs<V>[1]
}

/**
 * The view the modal opens at when the host asks for none (rules §2): Account when connected, Connect when not,
 * except that with no chain plugins and nobody connected, or with manual WalletConnect control, it opens on AllWallets
 * on mobile and elsewhere where the pairing connector (WalletConnect's QR code) leads. A rule's view that no plugin
 * registered falls back to Connect.
 */
export function chooseOpeningView(context: {
  connected: boolean
  hasChains: boolean
  manualWalletConnect: boolean
  mobile: boolean
  isAvailable: (view: ViewId) => boolean
  /** Where the connector that pairs with wallet apps leads, when there is one. */
  pairingRoute?: RouteEntry
}): RouteEntry {
  if (context.connected) return { view: 'Account', params: undefined }
  if (!context.hasChains || context.manualWalletConnect) {
    if (context.mobile && context.isAvailable('AllWallets')) return { view: 'AllWallets', params: undefined }
    if (!context.mobile && context.pairingRoute && context.isAvailable(context.pairingRoute.view)) return context.pairingRoute
  }
  return INITIAL_ROUTE
}

/**
 * Opens the modal. Throws an `UnknownViewError` for a view that is not registered or whose
 * feature is off, leaving the modal as it was. Never waits for the network (rules §9 budgets).
 *
 * @example
 * openModal(kernel, { view: 'Networks' })
 */
export function openModal<V extends ViewId>(kernel: Kernel, parameters: OpenModalParameters<V> = {}): void {
  const { router, store } = kernel
  const requested = parameters.view
  // Checked before anything changes, so a bad id leaves the modal (open or closed) as it was.
  if (requested && !kernel.isViewAvailable(requested)) {
    throw new UnknownViewError(requested, kernel.views.ids().filter(kernel.isViewAvailable))
  }
  router.reset(requested ? ({ view: requested, params: parameters.params } as RouteEntry) : openingView(kernel))
  if (!store.getState().modal.open) {
    store.update('modal', (modal) => ({ ...modal, open: true }))
    kernel.bus.emit('modal:opened', { view: router.current().view })
  }
}

/**
 * The view an opening of the modal shows now, unless the host asks for another (chooseOpeningView): the closed modal
 * holds it ready, so that the click only shows it.
 */
export function openingView(kernel: Kernel): RouteEntry {
  return chooseOpeningView({
    connected: selectIsConnected(kernel.store.getState().connection),
    hasChains: kernel.chains.all().length > 0,
    manualWalletConnect: kernel.options.manualWCControl,
    mobile: kernel.environment.isMobile(),
    isAvailable: kernel.isViewAvailable,
    pairingRoute: pairingRouteOf(kernel),
  })
}

/** Where the connector that pairs with wallet apps on other devices (WalletConnect) leads, if any. */
function pairingRouteOf(kernel: Kernel): RouteEntry | undefined {
  const pairing = kernel.connectors.all().find((registration) => registration.connector.type === 'walletConnect')
  return pairing && kernel.connectors.routeOf(pairing.connector.id)
}

/** Closes the modal and resets it to Connect (rules §2). */
export function closeModal(kernel: Kernel): void {
  if (!kernel.store.getState().modal.open) return
  kernel.store.update('modal', (modal) => ({ ...modal, open: false, loading: false }))
  kernel.router.reset()
  kernel.bus.emit('modal:closed', {})
}

/** Goes back one view; at the first view it closes the modal (rules §2). */
export function goBack(kernel: Kernel): void {
  if (!kernel.router.back()) closeModal(kernel)
}

/** Shakes the modal for 500 ms, to say "not like that" (rules §2). */
export function shakeModal(kernel: Kernel): void {
  kernel.store.update('modal', (modal) => ({ ...modal, shake: true }))
  // kernel.schedule, so that destroy() cancels it.
  kernel.schedule(() => kernel.store.update('modal', (modal) => ({ ...modal, shake: false })), SHAKE_MS)
}

/** Marks a blocking action as started or finished. */
export function setModalLoading(kernel: Kernel, loading: boolean): void {
  kernel.store.update('modal', (modal) => (modal.loading === loading ? modal : { ...modal, loading }))
}
