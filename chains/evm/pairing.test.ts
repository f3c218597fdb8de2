// The pairing reducer and the controller's rules §9 timings, with fake timers and a fake proposal: the
// URI lives 4 minutes and is replaced 10 s early (at 3:50), a retry is allowed 1 s after a failure.
// walletConnect.integration.test.ts runs the same controller against the real relay.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  canRetryPairing,
  createPairingController,
  INITIAL_PAIRING,
  isPairingExpired,
  PAIRING_EXPIRED_CHECK_MS,
  PAIRING_EXPIRY_MS,
  PAIRING_RETRY_MS,
  pairingReducer,
  type PairingAction,
  type PairingState,
} from './pairing.js'

const T0 = Date.UTC(2025, 0, 1)

describe('pairingReducer', () => {
  const run = (actions: PairingAction[], from: PairingState = INITIAL_PAIRING) => actions.reduce(pairingReducer, from)

  it('idle → creating → ready → connecting → connected', () => {
    const ready = run([
      { type: 'create-started', at: T0 },
      { type: 'uri-created', uri: 'wc:1', expiresAt: T0 + PAIRING_EXPIRY_MS },
    ])
    expect(ready).toEqual({ status: 'ready', uri: 'wc:1', expiresAt: T0 + PAIRING_EXPIRY_MS })
    expect(run([{ type: 'approved' }], ready)).toEqual({ status: 'connecting' })
    expect(run([{ type: 'approved' }, { type: 'connected' }], ready)).toEqual({ status: 'connected' })
  })

  it('an expired URI is replaced, and the new one says it follows an expiry', () => {
    const ready: PairingState = { status: 'ready', uri: 'wc:1', expiresAt: T0 }
    expect(run([{ type: 'expired' }], ready)).toEqual({ status: 'expired' })
    expect(run([{ type: 'expired' }, { type: 'create-started', at: T0 }], ready)).toEqual({ status: 'creating', afterExpiry: true })
  })

  it('rejected and failed allow a retry 1 s later, not sooner (rules §9)', () => {
    const creating: PairingState = { status: 'creating' }
    const rejected = run([{ type: 'rejected', at: T0 }], creating)
    expect(rejected).toEqual({ status: 'rejected', retryAt: T0 + PAIRING_RETRY_MS })
    expect(run([{ type: 'create-started', at: T0 + 999 }], rejected)).toBe(rejected)
    expect(run([{ type: 'create-started', at: T0 + 1000 }], rejected)).toEqual({ status: 'creating' })
    expect(run([{ type: 'failed', at: T0 }], { status: 'connecting' })).toEqual({ status: 'failed', retryAt: T0 + 1000 })
  })

  it('actions that do not fit the state change nothing', () => {
    const idle = INITIAL_PAIRING
    for (const action of [
      { type: 'uri-created', uri: 'wc:x', expiresAt: T0 },
      { type: 'expired' },
      { type: 'approved' },
      { type: 'connected' },
      { type: 'rejected', at: T0 },
      { type: 'failed', at: T0 },
      { type: 'reset' },
    ] satisfies PairingAction[]) {
      expect(pairingReducer(idle, action)).toBe(idle)
    }
    const ready: PairingState = { status: 'ready', uri: 'wc:1', expiresAt: T0 }
    expect(pairingReducer(ready, { type: 'create-started', at: T0 })).toBe(ready)
    expect(pairingReducer(ready, { type: 'reset' })).toEqual(INITIAL_PAIRING)
  })

  it('expired within 10 s of the expiry; retry allowed from retryAt on', () => {
    const ready: PairingState = { status: 'ready', uri: 'wc:1', expiresAt: T0 + PAIRING_EXPIRY_MS }
    expect(isPairingExpired(ready, T0 + PAIRING_EXPIRY_MS - PAIRING_EXPIRED_CHECK_MS - 1)).toBe(false)
    expect(isPairingExpired(ready, T0 + PAIRING_EXPIRY_MS - PAIRING_EXPIRED_CHECK_MS)).toBe(true)
    expect(canRetryPairing({ status: 'failed', retryAt: T0 }, T0 - 1)).toBe(false)
    expect(canRetryPairing({ status: 'failed', retryAt: T0 }, T0)).toBe(true)
    expect(canRetryPairing(ready, T0 + PAIRING_EXPIRY_MS)).toBe(false)
  })
})

/** A controller over a plain state variable, with proposals the test answers by hand. */
function harness() {
  let state: PairingState = INITIAL_PAIRING
  const proposals: Array<{ uri: string; approve(session: string): void; reject(error: unknown): void }> = []
  const connected: string[] = []
  const discarded: string[] = []
  let connectFails: unknown
  let proposeFails: unknown
  const controller = createPairingController<string>({
    getState: () => state,
    dispatch: (action) => (state = pairingReducer(state, action)),
    now: () => Date.now(),
    schedule: (callback, ms) => {
      const timer = setTimeout(callback, ms)
      return () => clearTimeout(timer)
    },
    async propose() {
      if (proposeFails) throw proposeFails
      let settle!: { approve(session: string): void; reject(error: unknown): void }
      const answer = new Promise<string>((approve, reject) => (settle = { approve, reject }))
      const uri = `wc:${proposals.length + 1}`
      proposals.push({ uri, ...settle })
      return { uri, approval: () => answer }
    },
    async connect(session) {
      if (connectFails) throw connectFails
      connected.push(session)
    },
    discard: (session) => discarded.push(session),
    isRejection: (error) => (error as { code?: number }).code === 5000,
  })
  return {
    controller,
    state: () => state,
    proposals,
    connected,
    discarded,
    failConnect: (error: unknown) => (connectFails = error),
    failPropose: (error: unknown) => (proposeFails = error),
  }
}

describe('createPairingController (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('the URI lives 4 minutes and is replaced at 3:50, automatically, again and again', async () => {
    const { controller, state, proposals } = harness()
    controller.start()
    expect(state()).toEqual({ status: 'creating' })
    await vi.advanceTimersByTimeAsync(0)
    expect(state()).toEqual({ status: 'ready', uri: 'wc:1', expiresAt: T0 + 4 * 60_000 })

    await vi.advanceTimersByTimeAsync(3 * 60_000 + 49_999)
    expect(state()).toMatchObject({ status: 'ready', uri: 'wc:1' })
    await vi.advanceTimersByTimeAsync(1)
    // 3:50: within 10 s of the expiry, a fresh URI, made at once.
    expect(proposals.map((proposal) => proposal.uri)).toEqual(['wc:1', 'wc:2'])
    expect(state()).toEqual({ status: 'ready', uri: 'wc:2', expiresAt: T0 + 3 * 60_000 + 50_000 + 4 * 60_000 })

    await vi.advanceTimersByTimeAsync(3 * 60_000 + 50_000)
    expect(state()).toMatchObject({ status: 'ready', uri: 'wc:3' })
  })

  it('while the new URI is made, the state says it replaces an expired one', async () => {
    const { controller, state } = harness()
    controller.start()
    await vi.advanceTimersByTimeAsync(0)
    vi.advanceTimersByTime(3 * 60_000 + 50_000)
    expect(state()).toEqual({ status: 'creating', afterExpiry: true })
  })

  it("the wallet's approval of an expired URI is let go; only the shown one connects", async () => {
    const { controller, state, proposals, connected, discarded } = harness()
    controller.start()
    await vi.advanceTimersByTimeAsync(3 * 60_000 + 50_000)
    proposals[0]!.approve('old-session')
    await vi.advanceTimersByTimeAsync(0)
    expect(discarded).toEqual(['old-session'])
    expect(state()).toMatchObject({ status: 'ready', uri: 'wc:2' })

    proposals[1]!.approve('session')
    await vi.advanceTimersByTimeAsync(0)
    expect(connected).toEqual(['session'])
    expect(state()).toEqual({ status: 'connected' })
    // Connected: no more refreshes.
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(proposals).toHaveLength(2)
  })

  it('a rejection is rejected, the retry is ignored for 1 s and then makes a new URI', async () => {
    const { controller, state, proposals } = harness()
    controller.start()
    await vi.advanceTimersByTimeAsync(0)
    proposals[0]!.reject({ code: 5000, message: 'User rejected.' })
    await vi.advanceTimersByTimeAsync(0)
    expect(state()).toEqual({ status: 'rejected', retryAt: T0 + 1000 })
    // The rejected URI is not refreshed either.
    await vi.advanceTimersByTimeAsync(999)
    controller.retry()
    expect(state().status).toBe('rejected')
    expect(proposals).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    controller.retry()
    expect(state()).toEqual({ status: 'creating' })
    await vi.advanceTimersByTimeAsync(0)
    expect(state()).toMatchObject({ status: 'ready', uri: 'wc:2' })
  })

  it('a relay that cannot make a URI, and a connection that fails after approval, are failed', async () => {
    const broken = harness()
    broken.failPropose(new Error('relay down'))
    broken.controller.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(broken.state()).toEqual({ status: 'failed', retryAt: T0 + 1000 })

    const { controller, state, proposals, failConnect } = harness()
    failConnect(new Error('no account'))
    controller.start()
    await vi.advanceTimersByTimeAsync(0)
    proposals[0]!.approve('session')
    await vi.advanceTimersByTimeAsync(0)
    expect(state()).toEqual({ status: 'failed', retryAt: Date.now() + 1000 })
  })

  it('stop() goes back to idle, cancels the refresh and lets a late answer go', async () => {
    const { controller, state, proposals, discarded } = harness()
    controller.start()
    await vi.advanceTimersByTimeAsync(0)
    controller.stop()
    expect(state()).toEqual({ status: 'idle' })
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(proposals).toHaveLength(1)
    proposals[0]!.approve('late')
    await vi.advanceTimersByTimeAsync(0)
    expect(discarded).toEqual(['late'])
    expect(state()).toEqual({ status: 'idle' })
  })

  it('start() while a URI is being made or shown makes no second one', async () => {
    const { controller, proposals } = harness()
    controller.start()
    controller.start()
    await vi.advanceTimersByTimeAsync(0)
    controller.start()
    expect(proposals).toHaveLength(1)
  })
})
