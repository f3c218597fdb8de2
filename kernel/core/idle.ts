/**
 * Resolves when the browser is next idle, at the latest after `timeoutMs`; on a macrotask where
 * there is no `requestIdleCallback` (a server, tests). Work the first paint does not need waits
 * here, so it neither delays the paint nor shares the network with it.
 */
export function afterFirstPaint(timeoutMs = 500): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs })
    else setTimeout(resolve, 0)
  })
}
