// The body of /local-stack.js, which hands the demo its stack's addresses (demo/localStack.ts reads them): one place
// for the demo's servers, Vite's (vite.config.ts), the end-to-end tests' and the benchmark's.

/**
 * @param {string} fixtures the local stack's fixtures file, as JSON text
 * @returns {string}
 */
export function localStackScriptText(fixtures) {
  return `window.__FOYER_LOCAL_STACK__ = ${JSON.stringify(JSON.parse(fixtures))}\n`
}
