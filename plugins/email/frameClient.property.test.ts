// The host page's side of the secure frame takes messages from any window on the page. What must hold, for any
// sequence of messages: nothing throws; a pending request is settled only by a well-formed answer to its own id,
// from the frame's exact origin and window; a refusal carries the frame's message or 'An error occurred'.
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { fakeFramePage, WALLET_URL } from '../../test/fakeFramePage.js'
import { createFrameClient, FRAME_READY_DELAY_MS } from './frameClient.js'

type Outcome = 'resolve' | 'reject' | 'unverified' | undefined

/** One message as a hostile or broken page might post it, and what it should do to the pending request. */
interface Posted {
  data(id: string): unknown
  origin: string
  fromFrame: boolean
  /** What it does when it comes from the frame's origin and window. */
  outcome: Outcome
}

const shortText = fc.string({ maxLength: 40 })
const otherId = fc.oneof(fc.uuid(), fc.constantFrom('', '../x', 'a'.repeat(101), '__proto__'))
const junkPayload = fc.oneof(
  fc.constant(5),
  fc.constant(null),
  fc.record({ message: fc.integer() }),
  fc.record({ code: fc.string({ minLength: 65, maxLength: 70 }) }),
  fc.record({ message: fc.string({ minLength: 501, maxLength: 520 }) }),
  fc.record({ retryAfter: fc.constantFrom(Infinity, -1, -Infinity) }),
  fc.record({ rpcCode: fc.constantFrom(1.5, 1e300, -Infinity) }),
)

const message: fc.Arbitrary<Omit<Posted, 'origin' | 'fromFrame'>> = fc.oneof(
  // Well-formed answers to the request.
  fc
    .jsonValue()
    .map((payload) => ({ data: (id: string) => ({ id, type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload }), outcome: 'resolve' as Outcome })),
  fc
    .record(
      { message: fc.option(shortText, { nil: undefined }), code: fc.option(fc.string({ maxLength: 64 }), { nil: undefined }) },
      { requiredKeys: [] },
    )
    .map((payload) => ({
      data: (id: string) => ({ id, type: 'FRAME_CONNECT_EMAIL_ERROR', payload }),
      outcome: 'reject' as Outcome,
    })),
  fc.constant({ data: () => ({ type: 'FRAME_UNVERIFIED_DOMAIN' }), outcome: 'unverified' as Outcome }),
  // Answers to something else, or malformed.
  fc
    .tuple(otherId, fc.constantFrom('FRAME_CONNECT_EMAIL_SUCCESS', 'FRAME_CONNECT_EMAIL_ERROR'))
    .map(([other, type]) => ({ data: () => ({ id: other, type, payload: {} }), outcome: undefined })),
  fc
    .constantFrom(
      'FRAME_SIGN_OUT_SUCCESS',
      'FRAME_RPC_REQUEST_SUCCESS',
      'APP_CONNECT_EMAIL',
      'FRAME_CONNECT_EMAIL',
      'frame_connect_email_success',
      'FRAME_CONNECT_EMAIL_SUCCESS ',
    )
    .map((type) => ({
      data: (id: string) => ({ id, type, payload: {} }),
      outcome: undefined,
    })),
  junkPayload.map((payload) => ({ data: (id: string) => ({ id, type: 'FRAME_CONNECT_EMAIL_ERROR', payload }), outcome: undefined })),
  fc
    .constantFrom('FRAME_READY', 'FRAME_RPC_REQUEST_APPROVAL')
    .map((type) => ({ data: (id: string) => ({ id, type, payload: { method: 'personal_sign' } }), outcome: undefined })),
  fc.anything().map((data) => ({ data: () => data, outcome: undefined })),
)

const posted: fc.Arbitrary<Posted> = fc
  .record({
    message,
    origin: fc.oneof(
      { weight: 3, arbitrary: fc.constant(WALLET_URL) },
      { weight: 1, arbitrary: fc.constantFrom('http://localhost:8791', 'https://localhost:8790', 'http://127.0.0.1:8790', 'null', '') },
    ),
    fromFrame: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  })
  .map(({ message, origin, fromFrame }) => ({ ...message, origin, fromFrame }))

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('property: secure frame messages', () => {
  it('property: only a well-formed answer from the frame itself settles a request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(posted, { maxLength: 12 }), async (messages) => {
        const page = fakeFramePage()
        const failed = vi.fn()
        const client = createFrameClient({
          walletUrl: WALLET_URL,
          projectId: 'demo',
          schedule: (callback, ms) => {
            const timer = setTimeout(callback, ms)
            return () => clearTimeout(timer)
          },
          failed,
          approvalRequested: () => {},
          approvalSettled: () => {},
        })
        page.fromFrame({ type: 'FRAME_READY' })
        await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
        let settled: { outcome: 'resolve'; value: unknown } | { outcome: 'reject'; error: Error } | undefined
        void client.request('APP_CONNECT_EMAIL', { email: 'a@example.com' }).then(
          (value) => (settled ??= { outcome: 'resolve', value }),
          (error: Error) => (settled ??= { outcome: 'reject', error }),
        )
        await vi.advanceTimersByTimeAsync(0)
        const id = page.posted.at(-1)!.message.id
        expect(page.posted.at(-1)!.target).toBe(WALLET_URL)

        const deciding = messages.find((m) => m.outcome !== undefined && m.origin === WALLET_URL && m.fromFrame)
        for (const m of messages)
          page.fromFrame(m.data(id), { origin: m.origin, source: m.fromFrame ? page.frameWindow : { postMessage() {} } })
        await vi.advanceTimersByTimeAsync(0)

        const data = deciding?.data(id) as { payload?: { message?: string } } | undefined
        if (!deciding) expect(settled).toBeUndefined()
        else if (deciding.outcome === 'resolve') expect(settled).toEqual({ outcome: 'resolve', value: data?.payload })
        else {
          expect(settled?.outcome).toBe('reject')
          const error = (settled as { error: Error }).error
          expect(error.name).toBe('EmbeddedWalletError')
          if (deciding.outcome === 'unverified') {
            expect(error.message).toContain('Invalid App Configuration')
            expect(failed).toHaveBeenCalledWith('unverified_domain')
          } else {
            expect(error.message).toContain(data?.payload?.message || 'An error occurred')
          }
        }
        client.destroy()
      }),
      { numRuns: 300 },
    )
  })
})
