/**
 * Resolves once the page has drawn a frame and then been idle, at the latest `timeoutMs` after that frame; on a
 * macrotask where there is no `requestIdleCallback` (a server, tests). Work the first paint does not need waits
 * here, so it neither delays the paint nor shares the network with it.
 *
 * The frame comes first because the browser may be idle before it has painted anything: the kernel starts while the
 * host's script runs, and its idle deadline could pass (a phone's slow CPU, docs/budgets.md) before React has drawn
 * the button, so a fetch and its module ran before the paint. A hidden tab draws no frames: there the wait for a frame
 * ends after `timeoutMs` too.
 */
export function afterFirstPaint(timeoutMs = 500): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback !== 'function') {
      setTimeout(resolve, 0)
      return
    }
    let waiting = true
    const whenIdle = () => {
      if (!waiting) return
      waiting = false
      clearTimeout(hiddenTab)
      requestIdleCallback(() => resolve(), { timeout: timeoutMs })
    }
    const hiddenTab = setTimeout(whenIdle, timeoutMs)
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(whenIdle)
  })
}
