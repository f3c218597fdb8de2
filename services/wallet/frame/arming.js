// Approving needs a panel the visitor can see (docs/services/wallet.md#approvals). In the frame, the buttons are
// armed only once the whole panel, at least MIN_PANEL in size, has been reported visible by IntersectionObserver v2
// (not covered, not transparent, not transformed, inside the viewport) for ARMING_MS without a break, and disarmed
// at the first report that it is not, or at any resize, scroll or new request (which ask the observer again).
// A browser without it cannot tell the frame whether it is seen: the frame then arms nothing, and the visitor
// approves in a window of the wallet's own origin (this page at /approve, with this script), which no host covers.
import { byId } from './dom.js'

export const canSeeFrame = typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
const MIN_PANEL = { width: 240, height: 120 }
/** Reading a request takes longer; reacting to something that just appeared takes about 250 ms, so a click already on its way never counts. */
const ARMING_MS = 500
/** A request that moves value is approved by holding Approve this long: one lured click is never enough. */
const HOLD_MS = 600
const ACTIVATION_KEYS = new Set(['Enter', ' '])

/**
 * Arms the approval panel's buttons while the visitor can see it, and tells a click of theirs from anything else.
 *
 * @param {object} options
 * @param {boolean} options.inPopup in the wallet's own window, which no host covers
 * @param {() => boolean} options.waiting whether a request waits for the visitor
 * @param {() => boolean} options.needsHold whether the request shown is approved by a hold
 * @param {() => boolean} options.blocked whether Approve must wait (approvals.js)
 * @param {() => void} options.approve the visitor approved
 */
export function createArming({ inPopup, waiting, needsHold, blocked, approve }) {
  const panel = byId('approval')
  const approveButton = /** @type {HTMLButtonElement} */ (byId('approve'))
  const rejectButton = /** @type {HTMLButtonElement} */ (byId('reject'))
  let armed = false
  /** @type {number | undefined} when the observer last said the whole panel became visible; undefined while it is not */
  let visibleSince
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let armTimer
  /** The visitor pressed a pointer or a key inside this frame while it was armed (a host's focus() alone never sets it). */
  let engaged = false
  /** @type {HTMLButtonElement | undefined} the button a trusted pointer press began on, while armed: its click is the visitor's */
  let pressed
  /** @type {EventTarget | undefined} the button a trusted Enter or Space went to, while armed and engaged: its click is the visitor's */
  let keyed
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let holdTimer

  const observer =
    !inPopup && canSeeFrame
      ? new IntersectionObserver(
          onVisibility,
          /** @type {IntersectionObserverInit} */ ({ threshold: [1], trackVisibility: true, delay: 100 }),
        )
      : undefined
  observer?.observe(panel)

  /** @param {IntersectionObserverEntry[]} entries */
  function onVisibility(entries) {
    const entry = /** @type {IntersectionObserverEntry & { isVisible: boolean }} */ (entries[entries.length - 1])
    const { width, height } = entry.boundingClientRect
    report(entry.isVisible && entry.intersectionRatio > 0.999 && width >= MIN_PANEL.width && height >= MIN_PANEL.height)
  }

  /** @param {boolean} seen whether the whole panel can be seen now */
  function report(seen) {
    if (!seen) return disarm()
    if (visibleSince !== undefined) return
    visibleSince = performance.now()
    armTimer = setTimeout(() => setArmed(waiting()), ARMING_MS)
  }

  function disarm() {
    visibleSince = undefined
    clearTimeout(armTimer)
    setArmed(false)
  }

  /**
   * Disarms, then asks afresh: the observer (it reports only changes of visibility, not of size or content), or, in
   * the wallet's own window, whether the window is shown at all.
   */
  function recheck() {
    disarm()
    if (inPopup) return report(document.visibilityState === 'visible' && !panel.hidden)
    observer?.unobserve(panel)
    observer?.observe(panel)
  }

  /** @param {boolean} on */
  function setArmed(on) {
    armed = on
    rejectButton.disabled = !on
    approveButton.disabled = !on || blocked()
    engaged = false
    pressed = keyed = undefined
    cancelHold()
  }

  /** A click counts when the visitor made it here: a press that began on this button, or a key after acting in the frame. @param {HTMLButtonElement} button @param {MouseEvent} event */
  const visitorsClick = (button, event) => event.isTrusted && armed && (pressed === button || keyed === button)

  function startHold() {
    cancelHold()
    approveButton.classList.add('holding')
    holdTimer = setTimeout(() => armed && approve(), HOLD_MS)
  }

  function cancelHold() {
    clearTimeout(holdTimer)
    approveButton.classList.remove('holding')
  }

  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!event.isTrusted || !armed) return
      engaged = true
      pressed = [approveButton, rejectButton].find((button) => button.contains(/** @type {Node} */ (event.target)))
      if (pressed === approveButton && needsHold()) startHold()
    },
    true,
  )
  document.addEventListener(
    'keydown',
    (event) => {
      if (!event.isTrusted || !armed) return
      if (!ACTIVATION_KEYS.has(event.key)) {
        engaged = true
        return
      }
      keyed = engaged && !event.repeat && (event.target === approveButton || event.target === rejectButton) ? event.target : undefined
      if (keyed === approveButton && needsHold()) {
        event.preventDefault()
        startHold()
      }
    },
    true,
  )
  document.addEventListener('keyup', (event) => ACTIVATION_KEYS.has(event.key) && cancelHold(), true)
  for (const type of ['pointerup', 'pointercancel']) document.addEventListener(type, cancelHold, true)
  approveButton.addEventListener('pointerleave', cancelHold)
  approveButton.addEventListener('contextmenu', (event) => event.preventDefault())
  // Any change of the frame's size or scroll, or the tab going out of sight, disarms at once.
  addEventListener('resize', recheck)
  addEventListener('scroll', recheck)
  document.addEventListener('visibilitychange', recheck)

  return { recheck, setArmed, visitorsClick }
}
/** @typedef {ReturnType<typeof createArming>} Arming */
