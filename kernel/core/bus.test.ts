import { describe, expect, it, vi } from 'vitest'

import { createBus } from './bus.js'

declare module 'foyer' {
  interface FoyerEvents {
    'test:happened': { n: number }
    'test:other-happened': { s: string }
  }
}

function setup() {
  const reportError = vi.fn()
  return { bus: createBus(reportError), reportError }
}

describe('createBus', () => {
  it('on receives every emit with its payload', () => {
    const { bus } = setup()
    const handler = vi.fn()
    bus.on('test:happened', handler)
    bus.emit('test:happened', { n: 1 })
    bus.emit('test:happened', { n: 2 })
    expect(handler.mock.calls).toEqual([[{ n: 1 }], [{ n: 2 }]])
  })

  it('handlers hear only their own event', () => {
    const { bus } = setup()
    const handler = vi.fn()
    bus.on('test:other-happened', handler)
    bus.emit('test:happened', { n: 1 })
    expect(handler).not.toHaveBeenCalled()
  })

  it('the function on returns unsubscribes', () => {
    const { bus } = setup()
    const handler = vi.fn()
    const off = bus.on('test:happened', handler)
    off()
    bus.emit('test:happened', { n: 1 })
    expect(handler).not.toHaveBeenCalled()
  })

  it('unsubscribing one handler keeps the same function registered twice separately', () => {
    const { bus } = setup()
    const handler = vi.fn()
    const off = bus.on('test:happened', handler)
    bus.on('test:happened', handler)
    off()
    bus.emit('test:happened', { n: 1 })
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('once runs a single time', () => {
    const { bus } = setup()
    const handler = vi.fn()
    bus.once('test:happened', handler)
    bus.emit('test:happened', { n: 1 })
    bus.emit('test:happened', { n: 2 })
    expect(handler.mock.calls).toEqual([[{ n: 1 }]])
  })

  it('once can be unsubscribed before it fires', () => {
    const { bus } = setup()
    const handler = vi.fn()
    const off = bus.once('test:happened', handler)
    off()
    bus.emit('test:happened', { n: 1 })
    expect(handler).not.toHaveBeenCalled()
  })

  it('a throwing handler does not stop the others and is reported with its event', () => {
    const { bus, reportError } = setup()
    const boom = new Error('boom')
    const before = vi.fn()
    const after = vi.fn()
    bus.on('test:happened', before)
    bus.on('test:happened', () => {
      throw boom
    })
    bus.on('test:happened', after)
    expect(() => bus.emit('test:happened', { n: 1 })).not.toThrow()
    expect(before).toHaveBeenCalledTimes(1)
    expect(after).toHaveBeenCalledTimes(1)
    expect(reportError).toHaveBeenCalledWith(boom, 'test:happened')
  })

  it('a throwing once handler is reported and still removed', () => {
    const { bus, reportError } = setup()
    const handler = vi.fn(() => {
      throw new Error('boom')
    })
    bus.once('test:happened', handler)
    bus.emit('test:happened', { n: 1 })
    bus.emit('test:happened', { n: 2 })
    expect(handler).toHaveBeenCalledTimes(1)
    expect(reportError).toHaveBeenCalledTimes(1)
  })

  it('clear removes every listener', () => {
    const { bus } = setup()
    const handler = vi.fn()
    bus.on('test:happened', handler)
    bus.on('test:other-happened', handler)
    bus.clear()
    bus.emit('test:happened', { n: 1 })
    bus.emit('test:other-happened', { s: 'x' })
    expect(handler).not.toHaveBeenCalled()
  })
})
