import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterFirstPaint } from './idle.js'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('afterFirstPaint', () => {
  it('waits for the browser to be idle, with the given deadline', async () => {
    const requestIdleCallback = vi.fn((callback: () => void, _options: { timeout: number }) => setTimeout(callback, 0))
    vi.stubGlobal('requestIdleCallback', requestIdleCallback)
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16))
    await afterFirstPaint(750)
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 750 })
  })

  it('asks for idle time only once a frame has been drawn, since a page may be idle before its first paint', () => {
    vi.useFakeTimers()
    const frames: Array<() => void> = []
    const requestIdleCallback = vi.fn()
    vi.stubGlobal('requestIdleCallback', requestIdleCallback)
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
    void afterFirstPaint()
    expect(requestIdleCallback).not.toHaveBeenCalled()
    for (const frame of frames) frame()
    expect(requestIdleCallback).toHaveBeenCalledOnce()
    // The hidden tab's fallback is cancelled: it neither asks a second time nor keeps a timer for nothing.
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(500)
    expect(requestIdleCallback).toHaveBeenCalledOnce()
  })

  it('in a tab that draws no frames (hidden), asks for idle time after the deadline', () => {
    vi.useFakeTimers()
    const requestIdleCallback = vi.fn()
    vi.stubGlobal('requestIdleCallback', requestIdleCallback)
    vi.stubGlobal('requestAnimationFrame', () => 1)
    void afterFirstPaint(300)
    vi.advanceTimersByTime(299)
    expect(requestIdleCallback).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 300 })
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
