import { describe, expect, it } from 'vitest'

import { createRateLimit, createServiceApp, clientAddress, sendJson } from './index.mjs'

describe('createRateLimit', () => {
  it('a key gets `limit` requests per window, then 429 with retry-after in whole seconds', () => {
    let time = 1_000
    const budget = createRateLimit({ limit: 3, windowMs: 10_000, now: () => time })
    for (let i = 0; i < 3; i++) budget.take('a')
    time += 2_500
    let refusal: any
    try {
      budget.take('a')
    } catch (error) {
      refusal = error
    }
    expect(refusal).toMatchObject({ name: 'ServiceError', status: 429, headers: { 'retry-after': '8' } })
    expect(refusal.message).toBe('Rate Limited: try again after 8 seconds')
    // Another key has its own budget; the next window starts afresh.
    budget.take('b')
    time += 7_500
    budget.take('a')
  })

  it('memory stays bounded: ended windows are swept once the table is large', () => {
    let time = 0
    const budget = createRateLimit({ limit: 1, windowMs: 1_000, now: () => time })
    for (let i = 0; i < 10_000; i++) budget.take(`client-${i}`)
    time += 1_000
    budget.take('late')
    expect(budget.size).toBe(1)
  })

  it('refuses a budget that is not a whole number or a window that is not positive', () => {
    expect(() => createRateLimit({ limit: 0, windowMs: 1 })).toThrow('limit')
    expect(() => createRateLimit({ limit: 1.5, windowMs: 1 })).toThrow('limit')
    expect(() => createRateLimit({ limit: 1, windowMs: 0 })).toThrow('windowMs')
  })

  it('in a service, the refusal is a JSON 429 with retry-after, readable by any origin', async () => {
    const budget = createRateLimit({ limit: 1, windowMs: 60_000 })
    const app = createServiceApp({ name: 'test', log: () => {}, methods: ['POST'] })
    app.post('/login', (c) => {
      budget.take(`${clientAddress(c)} login`)
      return sendJson(c, 200, { ok: true })
    })
    expect((await app.request('/login', { method: 'POST' })).status).toBe(200)
    const refused = await app.request('/login', { method: 'POST' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(refused.headers.get('access-control-expose-headers')).toBe('retry-after')
    expect(await refused.json()).toEqual({ error: 'Rate Limited: try again after 60 seconds' })
  })
})
