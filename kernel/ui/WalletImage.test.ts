import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IMAGE_PRELOAD_TIMEOUT_MS, preloadImage, type PreloadedImage } from './WalletImage.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** An image element as the preload sees it: the test fires its load and error. */
function fakeImage(): PreloadedImage & { load(): void; fail(): void } {
  const image = {
    onload: null as PreloadedImage['onload'],
    onerror: null as PreloadedImage['onerror'],
    src: '',
    load: () => image.onload?.call(image as never, new Event('load')),
    fail: () => image.onerror?.call(image as never, new Event('error')),
  }
  return image
}

describe('the image preload (rules §9: 2 s)', () => {
  it('an image that has not loaded within 2 s gives way to the fallback, and arriving later changes nothing', () => {
    const image = fakeImage()
    const states: string[] = []
    preloadImage('https://example.com/wallet.png', (state) => states.push(state), image)
    expect(image.src).toBe('https://example.com/wallet.png')
    vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS - 1)
    expect(states).toEqual([])
    vi.advanceTimersByTime(1)
    expect(states).toEqual(['failed'])
    image.load()
    expect(states).toEqual(['failed'])
    expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(2000)
  })

  it('an image that loads in time is shown, and the timeout no longer fires', () => {
    const image = fakeImage()
    const states: string[] = []
    preloadImage('https://example.com/wallet.png', (state) => states.push(state), image)
    vi.advanceTimersByTime(1999)
    image.load()
    vi.advanceTimersByTime(10_000)
    expect(states).toEqual(['loaded'])
  })

  it('an image that fails is the fallback at once; a cancelled preload says nothing', () => {
    const failing = fakeImage()
    const states: string[] = []
    preloadImage('https://example.com/broken.png', (state) => states.push(state), failing)
    failing.fail()
    expect(states).toEqual(['failed'])

    const cancelledStates: string[] = []
    const cancel = preloadImage('https://example.com/slow.png', (state) => cancelledStates.push(state), fakeImage())
    cancel()
    vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS)
    expect(cancelledStates).toEqual([])
  })
})
