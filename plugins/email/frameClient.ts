// The host side of the secure frame (services/wallet/PROTOCOL.md, version 4): a hidden iframe on the
// wallet's own site, driven by postMessage. Every message is checked: it must come from the frame's
// exact origin and window, and have the protocol's shape (valibot). Requests carry a random id and
// go to that exact origin, never '*'. Keys, codes and sessions never reach this page.
import * as v from 'valibot'
import { BaseError, type BaseErrorOptions } from 'foyer'

/** rules §7: the secure frame's SDK version. */
export const FRAME_VERSION = 4
/** rules §4, §9: the frame counts as ready this long after its ready event. */
export const FRAME_READY_DELAY_MS = 500
/** rules §9: a frame that has not said it is ready by then did not load. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
/** rules §9: email, device, code and social requests give up after 2 minutes. */
export const LOGIN_REQUEST_TIMEOUT_MS = 120_000
/** rules §9: sign-out waits for the frame this long at most. */
export const SIGN_OUT_TIMEOUT_MS = 3_000

/** rules §9: the login-type requests, which time out after LOGIN_REQUEST_TIMEOUT_MS. */
const LOGIN_REQUESTS = [
  'APP_CONNECT_EMAIL',
  'APP_CONNECT_DEVICE',
  'APP_CONNECT_OTP',
  'APP_CONNECT_SOCIAL',
  'APP_GET_SOCIAL_REDIRECT_URI',
  'APP_GET_FARCASTER_URI',
  'APP_CONNECT_FARCASTER',
  'APP_PASSKEY_LOGIN',
  'APP_PASSKEY_ADD',
]

/** rules §8's frame events, for the host's handler ('email:frame-failed'). */
export type FrameFailure = 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain'

/** A request the frame answered with an error: the payload's message (rules §8), else 'An error occurred'. */
export class EmbeddedWalletError extends BaseError {
  override name = 'EmbeddedWalletError'
  /** The protocol's code (`INVALID_CODE`, `RATE_LIMITED`, `SESSION_EXPIRED` …). */
  readonly frameCode: string
  /** The JSON-RPC or EIP-1193 code, for wallet callers (4001 when the user rejected). */
  readonly code?: number
  /** Seconds until a rate-limited request may be sent again. */
  readonly retryAfter?: number
  constructor(message: string, details: { frameCode: string; code?: number; retryAfter?: number }, options?: BaseErrorOptions) {
    super(message, options)
    this.frameCode = details.frameCode
    this.code = details.code
    this.retryAfter = details.retryAfter
  }
}

const Id = v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/))
const ErrorPayload = v.object({
  message: v.optional(v.pipe(v.string(), v.maxLength(500))),
  code: v.optional(v.pipe(v.string(), v.maxLength(64))),
  rpcCode: v.optional(v.pipe(v.number(), v.safeInteger())),
  // Seconds; Infinity (which a posted message can carry) would hold the resend button back for good.
  retryAfter: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
})
// What the frame may post: its ready event, the domain refusal, an answer (with the request's id),
// or a request for approval. Anything else is ignored.
const FrameMessage = v.variant('type', [
  v.object({ type: v.literal('FRAME_READY') }),
  v.object({ type: v.literal('FRAME_UNVERIFIED_DOMAIN') }),
  v.object({ type: v.literal('FRAME_RPC_REQUEST_APPROVAL'), id: Id, payload: v.object({ method: v.pipe(v.string(), v.maxLength(100)) }) }),
  v.object({ type: v.pipe(v.string(), v.regex(/^FRAME_[A-Z0-9_]+_SUCCESS$/)), id: Id, payload: v.optional(v.unknown()) }),
  v.object({ type: v.pipe(v.string(), v.regex(/^FRAME_[A-Z0-9_]+_ERROR$/)), id: Id, payload: ErrorPayload }),
])

export interface FrameClientOptions {
  /** The wallet service's base URL, e.g. `http://localhost:8790`. */
  walletUrl: string
  projectId: string
  /** The chain the frame starts on. */
  chainId?: string | number
  enableLogger?: boolean
  /** A timer the owner can cancel (the kernel's `schedule`). */
  schedule(callback: () => void, ms: number): () => void
  /** rules §8 alerts: the frame did not load, a login request timed out, the domain is not allowed, the session expired. */
  failed(failure: FrameFailure | 'session_expired'): void
  /** An unsafe request waits for the user in the frame: show it (ApproveTransaction). */
  approvalRequested(request: { id: string; method: string }): void
  /** A request that waited for approval has its answer. */
  approvalSettled(id: string): void
  /** The frame is ready: at load, and again after it reloaded (it forgets what it was told, such as the theme). */
  ready?(): void
}

export interface FrameClient {
  /** Sends `APP_<type>` and resolves with the success payload. */
  request<T = unknown>(type: string, payload?: object): Promise<T>
  /** Places the frame over `rect` (the ApproveTransaction view's panel), above the modal. */
  showAt(rect: { top: number; left: number; width: number; height: number }): void
  hide(): void
  destroy(): void
}

interface Pending {
  type: string
  resolve(payload: unknown): void
  reject(error: Error): void
  cancelTimer(): void
}

/** Creates the hidden frame and its messaging. Needs a page (`document`, `window`). */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const walletOrigin = new URL(options.walletUrl).origin
  const iframe = document.createElement('iframe')
  iframe.src = frameUrl(options)
  iframe.title = 'Foyer secure wallet'
  // Passkeys are made and used inside the frame, for the wallet's origin (docs/wallets.md#passkeys): a cross-origin
  // frame may run WebAuthn only where its embedder delegates it.
  iframe.allow = `publickey-credentials-get ${walletOrigin}; publickey-credentials-create ${walletOrigin}`
  hideFrame(iframe)
  document.body.appendChild(iframe)

  const pending = new Map<string, Pending>()
  let ready: (() => void) | undefined
  const whenReady = new Promise<void>((resolve) => (ready = resolve))
  // Requests waiting for the frame to be ready: a frame that fails to load answers them with its rules §8 error rather
  // than leaving them (and the login view) waiting for ever; a frame that is ready late still serves the next ones.
  const waiting = new Map<(error: Error) => void, string>()
  let refused = false
  const cancelLoadTimer = options.schedule(() => fail('iframe_load_failed', 'Could not load embedded wallet'), FRAME_LOAD_TIMEOUT_MS)

  function fail(failure: FrameFailure, message: string) {
    options.failed(failure)
    for (const reject of waiting.keys()) reject(new EmbeddedWalletError(message, { frameCode: failure }))
    waiting.clear()
    for (const [id, request] of pending) settle(id, request, () => request.reject(new EmbeddedWalletError(message, { frameCode: failure })))
  }

  function settle(id: string, request: Pending, answer: () => void) {
    pending.delete(id)
    request.cancelTimer()
    answer()
  }

  const onMessage = (event: MessageEvent) => {
    // Only the frame we made, from the wallet's origin: any other window may post anything.
    if (event.origin !== walletOrigin || event.source !== iframe.contentWindow) return
    const parsed = v.safeParse(FrameMessage, event.data)
    if (!parsed.success) return
    const message = parsed.output
    if (message.type === 'FRAME_READY') {
      cancelLoadTimer()
      options.schedule(() => {
        ready?.()
        options.ready?.()
      }, FRAME_READY_DELAY_MS)
    } else if (message.type === 'FRAME_UNVERIFIED_DOMAIN') {
      refused = true
      fail('unverified_domain', 'Invalid App Configuration')
    } else if (message.type === 'FRAME_RPC_REQUEST_APPROVAL' && 'payload' in message) {
      // Only for a request this client sent: the page's own script may write to the frame too, and the modal must
      // not lend its Approve view to such a request.
      if (pending.get(message.id)?.type !== 'APP_RPC_REQUEST') return
      options.approvalRequested({ id: message.id, method: (message.payload as { method: string }).method })
    } else if ('id' in message) {
      answer(message.id, message.type, message.payload)
    }
  }
  window.addEventListener('message', onMessage)

  function answer(id: string, type: string, payload: unknown) {
    const request = pending.get(id)
    if (!request || !type.startsWith(`FRAME_${request.type.slice('APP_'.length)}_`)) return
    if (request.type === 'APP_RPC_REQUEST') options.approvalSettled(id)
    if (type.endsWith('_SUCCESS')) return settle(id, request, () => request.resolve(payload))
    const error = payload as v.InferOutput<typeof ErrorPayload>
    if (error.code === 'SESSION_EXPIRED') options.failed('session_expired')
    settle(id, request, () =>
      request.reject(
        new EmbeddedWalletError(error.message || 'An error occurred', {
          frameCode: error.code ?? 'UNKNOWN',
          code: error.rpcCode,
          retryAfter: error.retryAfter,
        }),
      ),
    )
  }

  return {
    async request<T>(type: string, payload: object = {}): Promise<T> {
      if (!/^APP_[A-Z0-9_]+$/.test(type)) {
        throw new EmbeddedWalletError(
          'Something went wrong',
          { frameCode: 'INVALID_REQUEST' },
          { details: `'${type}' is not a frame request.` },
        )
      }
      if (refused) throw new EmbeddedWalletError('Invalid App Configuration', { frameCode: 'unverified_domain' })
      await new Promise<void>((resolve, reject) => {
        waiting.set(reject, type)
        void whenReady.then(() => {
          waiting.delete(reject)
          resolve()
        })
      })
      const id = crypto.randomUUID()
      return new Promise<T>((resolve, reject) => {
        const timeoutMs =
          type === 'APP_SIGN_OUT' ? SIGN_OUT_TIMEOUT_MS : LOGIN_REQUESTS.includes(type) ? LOGIN_REQUEST_TIMEOUT_MS : undefined
        const cancelTimer = timeoutMs
          ? options.schedule(() => {
              const request = pending.get(id)
              if (!request) return
              // rules §9: a login that outlives its time raises the alert; a slow sign-out just ends.
              if (type !== 'APP_SIGN_OUT') options.failed('iframe_request_timeout')
              settle(id, request, () =>
                reject(new EmbeddedWalletError('Embedded Wallet Request Timed Out', { frameCode: 'iframe_request_timeout' })),
              )
            }, timeoutMs)
          : () => {}
        pending.set(id, { type, resolve: resolve as (payload: unknown) => void, reject, cancelTimer })
        iframe.contentWindow?.postMessage({ id, type, payload }, walletOrigin)
      })
    },
    showAt({ top, left, width, height }) {
      Object.assign(iframe.style, {
        top: `${top}px`,
        left: `${left}px`,
        width: `${width}px`,
        height: `${height}px`,
        opacity: '1',
        pointerEvents: 'auto',
      })
    },
    hide: () => hideFrame(iframe),
    destroy() {
      cancelLoadTimer()
      window.removeEventListener('message', onMessage)
      // rules §8: an RPC request cut short is 'Request was aborted'; any other request (a login, the user) 'Something
      // went wrong'. Those still waiting for the frame to be ready are cut short too.
      const aborted = (type: string) =>
        new EmbeddedWalletError(type === 'APP_RPC_REQUEST' ? 'Request was aborted' : 'Something went wrong', { frameCode: 'ABORTED' })
      for (const [reject, type] of waiting) reject(aborted(type))
      waiting.clear()
      for (const [id, request] of pending) settle(id, request, () => request.reject(aborted(request.type)))
      iframe.remove()
    },
  }
}

/** rules §7: the frame's URL and query. `rpcUrl` is not sent: the service uses its own RPCs (PROTOCOL.md). */
function frameUrl({ walletUrl, projectId, chainId, enableLogger }: FrameClientOptions): string {
  const url = new URL('frame', walletUrl.endsWith('/') ? walletUrl : `${walletUrl}/`)
  url.searchParams.set('projectId', projectId)
  if (chainId !== undefined) url.searchParams.set('chainId', String(chainId))
  url.searchParams.set('version', String(FRAME_VERSION))
  url.searchParams.set('enableLogger', String(Boolean(enableLogger)))
  return url.href
}

// Out of sight and out of the way, but loaded: a display:none frame may be throttled by the browser.
function hideFrame(iframe: HTMLIFrameElement) {
  Object.assign(iframe.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '1px',
    height: '1px',
    border: '0',
    opacity: '0',
    pointerEvents: 'none',
    colorScheme: 'normal',
    zIndex: '2147483647',
  })
}
