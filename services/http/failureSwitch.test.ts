import { afterEach, describe, expect, it, vi } from 'vitest'

import { createFailureSwitch, createServiceApp, sendJson } from './index.mjs'

/** A service with the switch in front of one route that counts the requests it handled. */
function serviceWithSwitch() {
  const faults = createFailureSwitch()
  const app = createServiceApp({ name: 'test', log: () => {}, methods: ['GET'], beforeRoutes: faults.middleware })
  let handled = 0
  app.get('/ping', (c) => sendJson(c, 200, { handled: ++handled }))
  return { faults, app, handled: () => handled }
}

/** Whether `promise` settled by now (after pending callbacks ran). */
async function settled(answer: Response | Promise<Response>): Promise<boolean> {
  let done = false
  void Promise.resolve(answer).then(
    () => (done = true),
    () => (done = true),
  )
  await new Promise((resolve) => setImmediate(resolve))
  return done
}

describe('createFailureSwitch', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('delayNext(ms) holds the next request for ms, then serves it; the one after is not held', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { faults, app, handled } = serviceWithSwitch()
    faults.delayNext(5_000)
    const slow = Promise.resolve(app.request('/ping'))
    expect(await settled(slow)).toBe(false)
    expect(handled()).toBe(0)
    // Not yet at 4999 ms.
    await vi.advanceTimersByTimeAsync(4_999)
    expect(await settled(slow)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await (await slow).json()).toEqual({ handled: 1 })
    expect(await (await app.request('/ping')).json()).toEqual({ handled: 2 })
  })

  it('delayNext(Infinity, Infinity) holds every request until delayNext(…, 0) lets them all go on', async () => {
    const { faults, app, handled } = serviceWithSwitch()
    faults.delayNext(Infinity, Infinity)
    const held = [1, 2, 3].map(() => Promise.resolve(app.request('/ping')))
    for (const request of held) expect(await settled(request)).toBe(false)
    expect(handled()).toBe(0)
    faults.delayNext(0, 0)
    const answers = await Promise.all(held.map(async (request) => (await request).status))
    expect(answers).toEqual([200, 200, 200])
    expect(handled()).toBe(3)
    // Released: new requests are not held either.
    expect((await app.request('/ping')).status).toBe(200)
  })

  it('a delayed request still fails when a failure is pending (slow, then an error)', async () => {
    const { faults, app, handled } = serviceWithSwitch()
    faults.delayNext(Infinity)
    faults.failNext(503)
    const slow = Promise.resolve(app.request('/ping'))
    expect(await settled(slow)).toBe(false)
    faults.delayNext(0, 0)
    expect((await slow).status).toBe(503)
    expect(handled()).toBe(0)
  })

  it('preflights are never held', async () => {
    const { faults, app } = serviceWithSwitch()
    faults.delayNext(Infinity)
    expect((await app.request('/ping', { method: 'OPTIONS' })).status).toBe(204)
    // The delay is still there for the next real request.
    expect(await settled(app.request('/ping'))).toBe(false)
    faults.delayNext(0, 0)
  })

  it('delayNext refuses a negative delay or a count that is not a whole number', () => {
    const { faults } = serviceWithSwitch()
    expect(() => faults.delayNext(-1)).toThrow('ms must be 0 or more')
    expect(() => faults.delayNext(Number.NaN)).toThrow('ms must be 0 or more')
    expect(() => faults.delayNext(10, 1.5)).toThrow('whole number')
    expect(() => faults.delayNext(10, -1)).toThrow('whole number')
  })
})
