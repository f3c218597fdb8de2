import { afterEach, describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import { DEBOUNCE_MS, ERROR_MESSAGE_DELAY_MS } from './timing.js'

describe('rules §9 shared timings', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('the defaults are those of rules §9', () => {
    expect(DEBOUNCE_MS).toBe(500)
    expect(ERROR_MESSAGE_DELAY_MS).toBe(300)
  })

  it('kernel.schedule waits exactly the error message delay', async () => {
    vi.useFakeTimers()
    const kernel = testKernel()
    const shown = vi.fn()
    kernel.schedule(shown, ERROR_MESSAGE_DELAY_MS)
    await vi.advanceTimersByTimeAsync(ERROR_MESSAGE_DELAY_MS - 1)
    expect(shown).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(shown).toHaveBeenCalledOnce()
  })
})
