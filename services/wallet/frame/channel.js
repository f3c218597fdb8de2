// The frame's one way in and out (PROTOCOL.md): it takes `{ id, type: 'APP_<NAME>', payload }` from the embedding
// window alone, once that window's origin is one the project allows (then pinned), and answers `FRAME_<NAME>_SUCCESS`
// or `FRAME_<NAME>_ERROR` with the same id, to that exact origin. Each message type has one handler in one table;
// a type the table does not name goes to its fallback (the frame forwards it to the backend, which checks it).
// No DOM here: the channel is given the parent window, so the unit tests play the page (channel.test.ts).
import { errorPayload } from './backend.js'

export const TYPE = /^APP_([A-Z][A-Z0-9_]{0,63})$/
export const ID = /^[\w-]{1,100}$/

/** @typedef {{ message: string, code: string, rpcCode?: unknown, retryAfter?: unknown }} ErrorPayload */
/**
 * A message that passed the grammar, from the pinned host: `name` is its type without `APP_`, for the answer's type.
 *
 * @typedef {{ id: string, type: string, name: string, payload: Record<string, any> }} Request
 */
/**
 * What the frame does with one message type. `check` says why it refuses the payload (answered INVALID_REQUEST, and
 * `run` is not called), or undefined; without it, the payload is the backend's to check, or not read at all.
 *
 * @typedef {{ check?: (payload: Record<string, any>) => string | undefined, run: (request: Request) => unknown }} Handler
 */
/** @typedef {{ postMessage: (message: unknown, targetOrigin: string) => void }} HostWindow */

/**
 * The embedding page as the frame knows it: its origin, once verified, and the one way to write to it.
 *
 * @param {HostWindow} parent
 */
export function createHost(parent) {
  /** @type {string | undefined} every answer goes to it, and only its messages count */
  let origin
  return {
    parent,
    origin: () => origin,
    /** @param {string} verified */
    pin(verified) {
      origin = verified
    },
    /** @param {string} type @param {string | undefined} id @param {unknown} [payload] */
    post(type, id, payload) {
      const message = id === undefined ? { type, payload } : { id, type, payload }
      // Before the origin is pinned there is no one to answer: a target of undefined would mean this frame's own origin.
      if (origin !== undefined) parent.postMessage(message, origin)
    },
  }
}
/** @typedef {ReturnType<typeof createHost>} Host */

/** What is wrong with a message, or undefined when its shape is right. @param {any} message */
export function problemOf(message) {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return 'A message must be an object { id, type, payload }'
  const extra = Object.keys(message).find((key) => key !== 'id' && key !== 'type' && key !== 'payload')
  if (extra !== undefined) return `Unexpected field ${JSON.stringify(extra.slice(0, 40))}`
  if (typeof message.id !== 'string' || !ID.test(message.id)) return 'id must be 1 to 100 letters, digits, "-" or "_"'
  if (typeof message.type !== 'string' || !TYPE.test(message.type)) return 'type must be APP_<NAME>'
  const { payload } = message
  if (payload !== undefined && (typeof payload !== 'object' || payload === null || Array.isArray(payload)))
    return 'payload must be an object'
  return undefined
}

/** The part of a message event the channel reads. @typedef {{ source: unknown, origin: string, data: unknown }} HostEvent */

/**
 * The listener for the host's messages: pins the origin on the first, checks each message's grammar, then runs its
 * handler.
 *
 * @param {object} options
 * @param {Host} options.host
 * @param {boolean} options.framed false when this page is not in a frame (it then has no host)
 * @param {(origin: string) => Promise<unknown>} options.verify rejects when the project does not allow `origin`
 * @param {Record<string, Handler>} options.handlers keyed by message type
 * @param {Handler} options.fallback for every type the table does not name
 * @param {(...args: unknown[]) => void} options.log
 */
export function createReceiver({ host, framed, verify, handlers, fallback, log }) {
  /** @type {Promise<boolean> | undefined} the one origin check (the parent's origin cannot change while this document lives) */
  let originCheck

  /** @param {HostEvent} event */
  return async function receive(event) {
    // Only the window that embeds this frame: not another frame of the page, not a popup, not this window.
    if (!framed || event.source !== host.parent) return
    const pinned = host.origin()
    if (pinned !== undefined && event.origin !== pinned) return
    if (pinned === undefined) {
      const origin = event.origin
      originCheck ??= verify(origin).then(
        () => true,
        () => {
          // No answer to its requests; one notice without data, so the modal can show 'Invalid App Configuration'
          // at once instead of after its timeout. It goes to the exact origin that asked.
          host.parent.postMessage({ type: 'FRAME_UNVERIFIED_DOMAIN' }, origin)
          return false
        },
      )
      if (!(await originCheck)) return
      host.pin(origin)
    }
    const message = /** @type {any} */ (event.data)
    const problem = problemOf(message)
    if (problem !== undefined) {
      log('malformed message', message, problem)
      const correlated =
        typeof message?.id === 'string' && ID.test(message.id) && typeof message?.type === 'string' && TYPE.test(message.type)
      const refusal = { message: `Malformed message: ${problem}`, code: 'INVALID_REQUEST' }
      if (correlated) host.post(`FRAME_${nameOf(message.type)}_ERROR`, message.id, refusal)
      else host.post('FRAME_MESSAGE_ERROR', undefined, refusal)
      return
    }
    const request = { id: message.id, type: message.type, name: nameOf(message.type), payload: message.payload ?? {} }
    const handler = Object.hasOwn(handlers, request.type) ? /** @type {Handler} */ (handlers[request.type]) : fallback
    const refusal = handler.check?.(request.payload)
    if (refusal !== undefined) return host.post(`FRAME_${request.name}_ERROR`, request.id, { message: refusal, code: 'INVALID_REQUEST' })
    await handler.run(request)
  }
}

/** @param {string} type a type TYPE accepts */
const nameOf = (type) => /** @type {string} */ (/** @type {RegExpExecArray} */ (TYPE.exec(type))[1])

/**
 * A handler whose failure is answered `FRAME_<NAME>_ERROR` with the error's payload (backend.js).
 *
 * @param {Host} host @param {(...args: unknown[]) => void} log @param {Handler['run']} run
 * @returns {Handler['run']}
 */
export const answered = (host, log, run) => async (request) => {
  try {
    await run(request)
  } catch (error) {
    log(request.type, 'failed', error)
    host.post(`FRAME_${request.name}_ERROR`, request.id, errorPayload(error))
  }
}

/**
 * A handler for what the frame does itself at once: `apply`, then `FRAME_<NAME>_SUCCESS` with `{}`.
 *
 * @param {Host} host @param {(request: Request) => void} apply
 * @returns {Handler['run']}
 */
export const done = (host, apply) => (request) => {
  apply(request)
  host.post(`FRAME_${request.name}_SUCCESS`, request.id, {})
}
