import type { InlineStyle } from '../react/connectButtonLook.js'

/** Sets an element's inline style to a look's properties (camelCase, as `element.style` takes them; numbers in px). */
export function applyStyle(element: HTMLElement, style: InlineStyle): void {
  element.removeAttribute('style')
  for (const [property, value] of Object.entries(style)) {
    ;(element.style as unknown as Record<string, string>)[property] = typeof value === 'number' ? `${value}px` : value
  }
}
