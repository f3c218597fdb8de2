import { describe, expect, it, vi } from 'vitest'

import { createStore } from './store.js'

declare module 'foyer' {
  interface FoyerState {
    'test:counter': { count: number; label: string }
    'test:other': { on: boolean }
  }
}

function setup() {
  const store = createStore()
  store.addSlice('test:counter', { count: 0, label: 'a' })
  return store
}

const increment = (slice: { count: number; label: string }) => ({ ...slice, count: slice.count + 1 })

describe('createStore', () => {
  it('addSlice adds a slice with its initial state and notifies', () => {
    const store = createStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.addSlice('test:other', { on: true })
    expect(store.getState()['test:other']).toEqual({ on: true })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('adding a slice twice is an error that names it', () => {
    const store = setup()
    expect(() => store.addSlice('test:counter', { count: 1, label: 'b' })).toThrow("The store already has a slice named 'test:counter'.")
    expect(store.getState()['test:counter'].count).toBe(0)
  })

  it('update replaces a slice and notifies subscribers', () => {
    const store = setup()
    const listener = vi.fn()
    store.subscribe(listener)
    store.update('test:counter', increment)
    expect(store.getState()['test:counter']).toEqual({ count: 1, label: 'a' })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('update that returns the same slice changes nothing and notifies nobody', () => {
    const store = setup()
    const before = store.getState()
    const listener = vi.fn()
    store.subscribe(listener)
    store.update('test:counter', (slice) => slice)
    expect(listener).not.toHaveBeenCalled()
    expect(store.getState()).toBe(before)
  })

  it('update keeps the other slices by identity', () => {
    const store = setup()
    store.addSlice('test:other', { on: false })
    const other = store.getState()['test:other']
    store.update('test:counter', increment)
    expect(store.getState()['test:other']).toBe(other)
  })

  it('updating a missing slice is an error that names it', () => {
    const store = createStore()
    expect(() => store.update('test:counter', increment)).toThrow("The store has no slice named 'test:counter'.")
  })

  it('removeSlice removes it and notifies; removing a missing slice is a no-op', () => {
    const store = setup()
    const listener = vi.fn()
    store.subscribe(listener)
    store.removeSlice('test:counter')
    expect('test:counter' in store.getState()).toBe(false)
    store.removeSlice('test:counter')
    expect(listener).toHaveBeenCalledTimes(1)
    // The name is free again.
    store.addSlice('test:counter', { count: 5, label: 'b' })
    expect(store.getState()['test:counter'].count).toBe(5)
  })

  it('unsubscribe stops notifications', () => {
    const store = setup()
    const listener = vi.fn()
    const off = store.subscribe(listener)
    off()
    store.update('test:counter', increment)
    expect(listener).not.toHaveBeenCalled()
  })

  it('select calls back only when the selected value changes, with the previous value', () => {
    const store = setup()
    const listener = vi.fn()
    store.select((state) => state['test:counter'].count, listener)
    store.update('test:counter', (slice) => ({ ...slice, label: 'b' }))
    expect(listener).not.toHaveBeenCalled()
    store.update('test:counter', increment)
    store.update('test:counter', increment)
    expect(listener.mock.calls).toEqual([
      [1, 0],
      [2, 1],
    ])
  })

  it('select with a custom equality compares by it', () => {
    const store = setup()
    const listener = vi.fn()
    // A new object every time: Object.is would call back on every change.
    store.select(
      (state) => ({ even: state['test:counter'].count % 2 === 0 }),
      listener,
      (a, b) => a.even === b.even,
    )
    store.update('test:counter', (slice) => ({ ...slice, count: 2 }))
    expect(listener).not.toHaveBeenCalled()
    store.update('test:counter', (slice) => ({ ...slice, count: 3 }))
    expect(listener).toHaveBeenCalledWith({ even: false }, { even: true })
  })

  it('the unsubscribe select returns stops it', () => {
    const store = setup()
    const listener = vi.fn()
    const off = store.select((state) => state['test:counter'].count, listener)
    off()
    store.update('test:counter', increment)
    expect(listener).not.toHaveBeenCalled()
  })
})
