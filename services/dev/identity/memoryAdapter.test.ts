// The identity stand-in's store, as oidc-provider uses it: one class, an instance per model over one shared store.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter } from './memoryAdapter.mjs'

afterEach(() => {
  vi.useRealTimers()
})

describe('createMemoryAdapter', () => {
  it('a record reads back until it expires; models do not see each other', async () => {
    vi.useFakeTimers()
    const Adapter = createMemoryAdapter()
    const codes = new Adapter('AuthorizationCode')
    await codes.upsert('a', { accountId: 'alice' }, 60)
    expect(await codes.find('a')).toEqual({ accountId: 'alice' })
    expect(await new Adapter('Session').find('a')).toBeUndefined()
    vi.advanceTimersByTime(59_999)
    expect(await codes.find('a')).toEqual({ accountId: 'alice' })
    vi.advanceTimersByTime(1)
    expect(await codes.find('a')).toBeUndefined()
  })

  it('consume marks the record, destroy removes it', async () => {
    const codes = new (createMemoryAdapter())('AuthorizationCode')
    await codes.upsert('a', { accountId: 'alice' }, 60)
    await codes.consume('a')
    expect(await codes.find('a')).toMatchObject({ consumed: expect.any(Number) })
    await codes.destroy('a')
    expect(await codes.find('a')).toBeUndefined()
  })

  it('sessions are found by uid and device codes by user code, within their own model', async () => {
    const Adapter = createMemoryAdapter()
    const sessions = new Adapter('Session')
    await sessions.upsert('s1', { uid: 'u1', accountId: 'alice' })
    await new Adapter('Interaction').upsert('i1', { uid: 'u2' }, 60)
    await new Adapter('DeviceCode').upsert('d1', { userCode: 'ABCD' }, 60)
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'alice' })
    expect(await sessions.findByUid('u2')).toBeUndefined()
    expect(await new Adapter('DeviceCode').findByUserCode('ABCD')).toEqual({ userCode: 'ABCD' })
  })

  it('revoking a grant removes every record of it, whatever its model', async () => {
    const Adapter = createMemoryAdapter()
    const tokens = new Adapter('AccessToken')
    const codes = new Adapter('AuthorizationCode')
    await tokens.upsert('t1', { grantId: 'g1' }, 60)
    await codes.upsert('c1', { grantId: 'g1' }, 60)
    await tokens.upsert('t2', { grantId: 'g2' }, 60)
    await tokens.revokeByGrantId('g1')
    expect([await tokens.find('t1'), await codes.find('c1'), await tokens.find('t2')]).toEqual([undefined, undefined, { grantId: 'g2' }])
  })

  it('each adapter class has its own store (one per provider started)', async () => {
    await new (createMemoryAdapter())('Session').upsert('s', { uid: 'u' })
    expect(await new (createMemoryAdapter())('Session').find('s')).toBeUndefined()
  })
})
