import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterFirstPaint } from './idle.js'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('afterFirstPaint', () => {
  it('waits for the browser to be idle, with the given deadline', async () => {
    const requestIdleCallback = vi.fn((callback: () => void, _options: { timeout: number }) => setTimeout(callback, 0))
    vi.stubGlobal('requestIdleCallback', requestIdleCallback)
    await afterFirstPaint(750)
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 750 })
  })

  it('without requestIdleCallback (a server, a test) it resolves on the next macrotask', async () => {
    const order: string[] = []
    const waiting = afterFirstPaint().then(() => order.push('idle'))
    await Promise.resolve()
    order.push('microtask')
    await waiting
    expect(order).toEqual(['microtask', 'idle'])
  })
})
