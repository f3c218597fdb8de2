// The UI quality check every story of a view passes, at the narrowest width Foyer supports (docs/testing.md#ui-quality):
// nothing runs past the dialog's edge, controls are big enough to hit (WCAG 2.5.5 and 2.5.8), axe finds nothing, and no
// native <select> is left (the views use foyer/ui's Picker). The stories project runs it after each story's play
// (test/storyQuality.ts), on the state the story left, so it costs no rendering of its own.
import axe from 'axe-core'

/** The narrowest viewport the modal is made for. */
export const NARROW_WIDTH = 360

/** Controls the visitor mainly acts with: the full-width buttons, rows, fields and pickers. */
const PRIMARY = '.f-button, .f-list-item, .f-input, .f-picker, .f-amount-input'
/** Anything else that takes a click or a key. */
const CONTROL = 'button, a[href], input, textarea, select, [role=combobox], [role=tab], [tabindex]:not([tabindex="-1"])'
/** Below this a primary control is too small to hit reliably (WCAG 2.5.5, enhanced). */
const PRIMARY_MIN = 44
/** Below this any control is too small (WCAG 2.5.8). */
const CONTROL_MIN = 24

/** What is wrong with the open dialog, one sentence per problem; empty when nothing is. */
export async function uiProblems(root: HTMLElement): Promise<string[]> {
  const dialog = root.querySelector<HTMLElement>('[role=dialog]')
  if (!dialog) return []
  return [...overflowProblems(dialog), ...sizeProblems(dialog), ...selectProblems(dialog), ...(await axeProblems(root))]
}

/**
 * The colour contrast of the open dialog alone: what a theme changes. A dark story plays as its light twin does, so
 * its layout, sizes and markup are the twin's, already checked; only the colours are its own.
 */
export async function contrastProblems(root: HTMLElement): Promise<string[]> {
  return root.querySelector('[role=dialog]') ? axeProblems(root, ['color-contrast']) : []
}

function overflowProblems(dialog: HTMLElement): string[] {
  const problems: string[] = []
  // One pixel of rounding is not an overflow.
  if (dialog.scrollWidth > dialog.clientWidth + 1)
    problems.push(`the dialog scrolls sideways (${dialog.scrollWidth} px of content in ${dialog.clientWidth} px)`)
  const edge = dialog.getBoundingClientRect()
  for (const element of dialog.querySelectorAll<HTMLElement>('*')) {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || isClipped(element, dialog)) continue
    if (box.left < edge.left - 1 || box.right > edge.right + 1) problems.push(`${describe(element)} runs past the dialog's edge`)
  }
  return problems
}

/** True inside a box of its own that clips or scrolls (a list scrolled sideways on purpose): the box is measured instead. */
function isClipped(element: HTMLElement, dialog: HTMLElement): boolean {
  for (let parent = element.parentElement; parent && parent !== dialog; parent = parent.parentElement) {
    const { overflowX } = getComputedStyle(parent)
    if (overflowX !== 'visible') return true
  }
  return false
}

function sizeProblems(dialog: HTMLElement): string[] {
  const problems: string[] = []
  for (const element of dialog.querySelectorAll<HTMLElement>(CONTROL)) {
    if (!isShown(element) || isInlineLink(element) || element.closest('.f-visually-hidden')) continue
    const { width, height } = element.getBoundingClientRect()
    const least = element.matches(PRIMARY) ? PRIMARY_MIN : CONTROL_MIN
    // Half a pixel of rounding is allowed.
    if (width + 0.5 < least || height + 0.5 < least) {
      problems.push(`${describe(element)} is ${Math.round(width)}×${Math.round(height)} px, under ${least}×${least}`)
    }
  }
  return problems
}

function isShown(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect()
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
}

/** WCAG 2.5.8 exempts a link inside a sentence: its size is the text's. */
function isInlineLink(element: HTMLElement): boolean {
  return element.localName === 'a' && getComputedStyle(element).display === 'inline'
}

function selectProblems(dialog: HTMLElement): string[] {
  return [...dialog.querySelectorAll('select')].map((select) => `${describe(select as HTMLElement)} is a native select`)
}

/**
 * What axe finds wrong in `root` (the modal's root, or any element of the page such as the host's account button), one
 * sentence per problem; `only` limits it to those rules.
 */
export async function axeProblems(root: HTMLElement, only?: string[]): Promise<string[]> {
  // From the shadow host: axe walks into its shadow root.
  const host = (root.getRootNode() as ShadowRoot).host ?? root
  const results = await axe.run(host, {
    // No stylesheet fetching for the CSS-orientation rule: the modal's styles are adopted, never fetched; a third faster.
    preload: false,
    resultTypes: ['violations'],
    // Every rule of every impact, WCAG and best practice alike; `region` asks for page landmarks, which a dialog inside
    // a host's page cannot provide.
    ...(only ? { runOnly: only } : { rules: { region: { enabled: false } } }),
  })
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `axe ${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`,
    ),
  )
}

/** A short name for an element in a message: its tag, class and text. */
function describe(element: HTMLElement): string {
  const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)
  const className = typeof element.className === 'string' && element.className ? `.${element.className.split(' ').join('.')}` : ''
  return `<${element.localName}${className}>${text ? ` '${text}'` : ''}`
}
