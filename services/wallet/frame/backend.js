// The frame's calls to the wallet backend: same-origin POSTs with the wallet's cookies (PROTOCOL.md), and the error
// payload the host gets when one fails.

/** @typedef {(path: string, body: Record<string, unknown>) => Promise<any>} Backend */

/**
 * Answers the backend's JSON; throws its error body (`{ error, code, … }`) when the status is not OK.
 *
 * @type {Backend}
 */
export async function backend(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const data = await response.json().catch(() => ({ error: 'An error occurred', code: 'SERVER_ERROR' }))
  if (!response.ok) throw data
  return data
}

/**
 * The answer's error payload for what failed.
 *
 * @param {any} error the backend's `{ error, code, rpcCode? }`, what the keyring refused, or a network failure
 * @returns {import('./channel.js').ErrorPayload}
 */
export function errorPayload(error) {
  // What the keyring refused (no share on this browser, a wrong phrase): shown to the visitor, code for the host.
  if (error && typeof error.code === 'string' && typeof error.message === 'string' && error.error === undefined) {
    return { message: error.message, code: error.code }
  }
  if (error && typeof error.error === 'string') {
    /** @type {import('./channel.js').ErrorPayload} */
    const payload = { message: error.error, code: error.code }
    if (error.rpcCode !== undefined) payload.rpcCode = error.rpcCode
    if (error.retryAfter !== undefined) payload.retryAfter = error.retryAfter
    return payload
  }
  return { message: 'An error occurred', code: 'SERVER_ERROR' }
}
