import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import { hideToast, showToast, TOAST_AUTO_CLOSE_MS, TOAST_RESHOW_MS } from './toast.js'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

function setup() {
  const kernel = testKernel()
  return { kernel, toast: () => kernel.store.getState().toast }
}

describe('showToast (rules §4)', () => {
  it('shows at once when no toast is open', () => {
    const { kernel, toast } = setup()
    showToast(kernel, { message: 'Address copied', variant: 'success' })
    expect(toast()).toEqual({ message: 'Address copied', variant: 'success', open: true, autoClose: true })
  })

  it('a second toast while one is open closes the first and shows 150 ms later, not at 149', () => {
    const { kernel, toast } = setup()
    showToast(kernel, { message: 'first', variant: 'success' })
    vi.advanceTimersByTime(1000)
    showToast(kernel, { message: 'second', variant: 'error' })
    expect(toast()).toMatchObject({ message: 'first', open: false })
    vi.advanceTimersByTime(TOAST_RESHOW_MS - 1)
    expect(toast().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(toast()).toMatchObject({ message: 'second', variant: 'error', open: true })
    expect(TOAST_RESHOW_MS).toBe(150)
  })

  it('the replaced toast does not close the new one with its old auto-close timer', () => {
    const { kernel, toast } = setup()
    showToast(kernel, { message: 'first', variant: 'success' })
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 200)
    showToast(kernel, { message: 'second', variant: 'success' })
    vi.advanceTimersByTime(TOAST_RESHOW_MS + 500)
    expect(toast()).toMatchObject({ message: 'second', open: true })
  })

  it('closes itself after TOAST_AUTO_CLOSE_MS', () => {
    const { kernel, toast } = setup()
    showToast(kernel, { message: 'saved', variant: 'success' })
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1)
    expect(toast().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(toast()).toMatchObject({ message: 'saved', open: false })
  })

  it('a loading toast stays until replaced or hidden', () => {
    const { kernel, toast } = setup()
    showToast(kernel, { message: 'Sending…', variant: 'loading' })
    expect(toast().autoClose).toBe(false)
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS * 10)
    expect(toast().open).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('autoClose may be set either way', () => {
    const { kernel, toast } = setup()
    showToast(kernel, { message: 'sticky', variant: 'error', autoClose: false })
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS * 2)
    expect(toast().open).toBe(true)
  })

  it('hideToast closes now and cancels a pending reshow', () => {
    const { kernel, toast } = setup()
    showToast(kernel, { message: 'first', variant: 'success' })
    showToast(kernel, { message: 'second', variant: 'success' })
    hideToast(kernel)
    vi.advanceTimersByTime(TOAST_RESHOW_MS * 2)
    expect(toast()).toMatchObject({ message: 'first', open: false })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a third toast during the reshow wait replaces the second', () => {
    const { kernel, toast } = setup()
    showToast(kernel, { message: 'first', variant: 'success' })
    showToast(kernel, { message: 'second', variant: 'success' })
    vi.advanceTimersByTime(50)
    showToast(kernel, { message: 'third', variant: 'success' })
    vi.advanceTimersByTime(TOAST_RESHOW_MS)
    expect(toast()).toMatchObject({ message: 'third', open: true })
  })

  it('toasts of two kernels do not cancel each other', () => {
    const a = setup()
    const b = setup()
    showToast(a.kernel, { message: 'a', variant: 'success' })
    showToast(b.kernel, { message: 'b', variant: 'success' })
    hideToast(b.kernel)
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1)
    expect(a.toast()).toMatchObject({ message: 'a', open: true })
    vi.advanceTimersByTime(1)
    expect(a.toast().open).toBe(false)
  })

  it('destroy cancels the toast timers', async () => {
    const { kernel } = setup()
    showToast(kernel, { message: 'first', variant: 'success' })
    showToast(kernel, { message: 'second', variant: 'success' })
    await kernel.destroy()
    expect(vi.getTimerCount()).toBe(0)
  })
})
