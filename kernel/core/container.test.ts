import { describe, expect, it, vi } from 'vitest'

import { createContainer, createToken } from './container.js'

interface Greeter {
  greet(): string
}

const GreeterToken = createToken<Greeter>('Greeter')
const NameToken = createToken<string>('Name')

const greeter = (name: string): Greeter => ({ greet: () => `hello ${name}` })

describe('createContainer', () => {
  it('two tokens with the same description are different keys', () => {
    const container = createContainer()
    const a = createToken<string>('Same')
    const b = createToken<string>('Same')
    container.provide(a, 'a')
    expect(container.has(a)).toBe(true)
    expect(container.has(b)).toBe(false)
  })

  it('a factory runs once, on first resolve, and its instance is kept', () => {
    const container = createContainer()
    const factory = vi.fn(() => greeter('ada'))
    container.register(GreeterToken, factory)
    expect(factory).not.toHaveBeenCalled()
    const first = container.resolve(GreeterToken)
    expect(container.resolve(GreeterToken)).toBe(first)
    expect(factory).toHaveBeenCalledTimes(1)
    expect(first.greet()).toBe('hello ada')
  })

  it('a factory receives the container to resolve its dependencies', () => {
    const container = createContainer()
    container.provide(NameToken, 'grace')
    container.register(GreeterToken, (c) => greeter(c.resolve(NameToken)))
    expect(container.resolve(GreeterToken).greet()).toBe('hello grace')
  })

  it('provide registers a ready value', () => {
    const container = createContainer()
    const value = greeter('linus')
    container.provide(GreeterToken, value)
    expect(container.resolve(GreeterToken)).toBe(value)
  })

  it('a later registration replaces the earlier one', () => {
    const container = createContainer()
    container.provide(NameToken, 'first')
    container.provide(NameToken, 'second')
    expect(container.resolve(NameToken)).toBe('second')
  })

  it('a child sees its parent and overrides without touching the parent', () => {
    const parent = createContainer()
    parent.provide(NameToken, 'parent')
    parent.register(GreeterToken, () => greeter('parent'))
    const child = parent.createChild()
    expect(child.resolve(NameToken)).toBe('parent')

    child.provide(NameToken, 'child')
    expect(child.resolve(NameToken)).toBe('child')
    expect(parent.resolve(NameToken)).toBe('parent')
    expect(child.resolve(GreeterToken)).toBe(parent.resolve(GreeterToken))
  })

  it('two containers never share a service', () => {
    const one = createContainer()
    const two = createContainer()
    one.register(GreeterToken, () => greeter('one'))
    expect(two.has(GreeterToken)).toBe(false)
    two.register(GreeterToken, () => greeter('two'))
    expect(one.resolve(GreeterToken).greet()).toBe('hello one')
    expect(two.resolve(GreeterToken).greet()).toBe('hello two')
  })

  it('resolving an unregistered token throws a message naming it', () => {
    const container = createContainer()
    expect(() => container.resolve(createToken<string>('WalletDirectory'))).toThrow('No service is registered for WalletDirectory.')
  })

  it('dispose calls dispose() on the instances its factories made', async () => {
    const container = createContainer()
    const dispose = vi.fn()
    const never = vi.fn()
    const ServiceToken = createToken<{ dispose(): void }>('Service')
    const UnusedToken = createToken<{ dispose(): void }>('Unused')
    container.register(ServiceToken, () => ({ dispose }))
    container.register(UnusedToken, () => ({ dispose: never }))
    container.resolve(ServiceToken)

    await container.dispose()
    expect(dispose).toHaveBeenCalledTimes(1)
    // Never resolved, so never made: nothing to dispose.
    expect(never).not.toHaveBeenCalled()
  })

  it('dispose waits for async disposers and survives a failing one', async () => {
    const container = createContainer()
    const order: string[] = []
    const SlowToken = createToken<{ dispose(): Promise<void> }>('Slow')
    const BrokenToken = createToken<{ dispose(): Promise<void> }>('Broken')
    container.register(SlowToken, () => ({
      dispose: () => new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('slow')), 5)),
    }))
    container.register(BrokenToken, () => ({ dispose: () => Promise.reject(new Error('nope')) }))
    container.resolve(SlowToken)
    container.resolve(BrokenToken)
    await expect(container.dispose()).resolves.toBeUndefined()
    expect(order).toEqual(['slow'])
  })

  it('dispose leaves provided values alone', async () => {
    const container = createContainer()
    const dispose = vi.fn()
    const ServiceToken = createToken<{ dispose(): void }>('Service')
    container.provide(ServiceToken, { dispose })
    container.resolve(ServiceToken)
    await container.dispose()
    expect(dispose).not.toHaveBeenCalled()
  })
})
