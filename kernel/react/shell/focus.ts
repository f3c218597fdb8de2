const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/** The elements Tab can reach inside `container`, in order. */
export function focusableElements(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert],[hidden]') && element.getClientRects().length > 0,
  )
}

/** The focused element as seen from inside the dialog's shadow root, where `document.activeElement` is the host. */
export function activeElementIn(container: HTMLElement): Element | null {
  const root = container.getRootNode() as Document | ShadowRoot
  return root.activeElement
}

/**
 * Keeps Tab and Shift+Tab inside `dialog`: from the last control Tab wraps to the first, and the
 * other way round. Returns true when it moved focus itself.
 */
export function trapTab(event: { key: string; shiftKey: boolean; preventDefault(): void }, dialog: HTMLElement): boolean {
  if (event.key !== 'Tab') return false
  const elements = focusableElements(dialog)
  const first = elements[0]
  const last = elements.at(-1)
  const active = activeElementIn(dialog)
  const outside = !active || !dialog.contains(active)
  if (!first || !last) {
    event.preventDefault()
    return true
  }
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault()
    last.focus()
    return true
  }
  if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault()
    first.focus()
    return true
  }
  return false
}
