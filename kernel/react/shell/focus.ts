const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/**
 * The elements Tab can reach inside `container`, in order. Visibility is asked with `checkVisibility()`, which needs
 * styles but no layout, where the browser has it: measuring boxes would lay the modal out once more on the click that
 * opens it (#21).
 */
export function focusableElements(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert],[hidden]') && isRendered(element),
  )
}

function isRendered(element: HTMLElement): boolean {
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : element.getClientRects().length > 0
}

/** The focused element as seen from inside the dialog's shadow root, where `document.activeElement` is the host. */
export function activeElementIn(container: HTMLElement): Element | null {
  const root = container.getRootNode() as Document | ShadowRoot
  return root.activeElement
}

/**
 * Moves focus for Tab and Shift+Tab itself, so it never leaves `dialog`: after the last control
 * comes the first, before the first the last. Handling every Tab (not just the edges) keeps the
 * order right inside the shadow root, where the page's own tab order cannot see.
 */
export function trapTab(event: { key: string; shiftKey: boolean; preventDefault(): void }, dialog: HTMLElement): void {
  if (event.key !== 'Tab') return
  event.preventDefault()
  const elements = focusableElements(dialog)
  if (elements.length === 0) return
  const active = activeElementIn(dialog)
  // biome-ignore lint/complexity/useIndexOf: `active` may be null or an SVG element, which indexOf's HTMLElement parameter refuses.
  const index = elements.findIndex((element) => element === active)
  const step = event.shiftKey ? -1 : 1
  const next = index === -1 ? (event.shiftKey ? elements.length - 1 : 0) : (index + step + elements.length) % elements.length
  elements[next]?.focus()
}
