import { describe, expect, it, vi } from 'vitest'

import { isFoyerError } from './errors/BaseError.js'
import { createViewRegistry, UnknownViewError, type ViewDefinition } from './views.js'

const view = (load: ViewDefinition['load'] = async () => ({ default: 'component' })): ViewDefinition => ({
  title: 'connect.title',
  load,
})

describe('createViewRegistry', () => {
  it('registers views by id and lists them', () => {
    const views = createViewRegistry()
    const connect = view()
    views.register('Connect', connect)
    views.register('Account', view())
    expect(views.get('Connect')).toBe(connect)
    expect(views.get('Swap')).toBeUndefined()
    expect(views.ids()).toEqual(['Connect', 'Account'])
  })

  it('registering an id twice is an error that names it', () => {
    const views = createViewRegistry()
    views.register('Connect', view())
    expect(() => views.register('Connect', view())).toThrow("The view 'Connect' is registered twice.")
  })

  it('the function register returns removes the view', () => {
    const views = createViewRegistry()
    const off = views.register('Connect', view())
    off()
    expect(views.get('Connect')).toBeUndefined()
    expect(() => views.register('Connect', view())).not.toThrow()
  })

  it('load runs the loader once and later calls share it', async () => {
    const views = createViewRegistry()
    const load = vi.fn(async () => ({ default: 'Connect view' }))
    views.register('Connect', view(load))
    const [first, second] = await Promise.all([views.load('Connect'), views.load('Connect')])
    const third = await views.load('Connect')
    expect(first).toEqual({ default: 'Connect view' })
    expect(second).toBe(first)
    expect(third).toBe(first)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('a failed load is retried on the next call', async () => {
    const views = createViewRegistry()
    const load = vi
      .fn<ViewDefinition['load']>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ default: 'Connect view' })
    views.register('Connect', view(load))
    await expect(views.load('Connect')).rejects.toThrow('chunk failed')
    await expect(views.load('Connect')).resolves.toEqual({ default: 'Connect view' })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('loading an unregistered view rejects with UnknownViewError', async () => {
    const views = createViewRegistry()
    views.register('Connect', view())
    await expect(views.load('Account')).rejects.toThrow(UnknownViewError)
  })

  it('UnknownViewError names the view and the registered ones', () => {
    const error = new UnknownViewError('Swap', ['Connect', 'Account'])
    expect(error.message).toContain("Unknown view 'Swap'. Registered views: Connect, Account.")
    // style 11: guards check the name, which works across lazy chunks.
    expect(isFoyerError(error, 'UnknownViewError')).toBe(true)
  })

  it('slot entries come sorted by order, unordered ones at 0 in the order added', () => {
    const views = createViewRegistry()
    views.contribute('account-tabs', { id: 'activity', label: 'account.title', order: 30 })
    views.contribute('account-tabs', { id: 'tokens', label: 'account.title' })
    views.contribute('account-tabs', { id: 'nfts', label: 'account.title', order: 20 })
    views.contribute('account-tabs', { id: 'first', label: 'account.title', order: -1 })
    views.contribute('account-tabs', { id: 'also-zero', label: 'account.title' })
    expect(views.slot('account-tabs').map((entry) => entry.id)).toEqual(['first', 'tokens', 'also-zero', 'nfts', 'activity'])
    expect(views.slot('wallet-features')).toEqual([])
  })

  it('an entry id is unique within its slot, not across slots', () => {
    const views = createViewRegistry()
    views.contribute('account-tabs', { id: 'tokens', label: 'account.title' })
    expect(() => views.contribute('account-tabs', { id: 'tokens', label: 'account.title' })).toThrow(
      "The slot 'account-tabs' already has an entry 'tokens'.",
    )
    expect(() => views.contribute('connect-methods', { id: 'tokens', label: 'account.title', method: 'email' })).not.toThrow()
  })

  it('the function contribute returns removes that entry only', () => {
    const views = createViewRegistry()
    const off = views.contribute('account-tabs', { id: 'tokens', label: 'account.title' })
    views.contribute('account-tabs', { id: 'nfts', label: 'account.title' })
    off()
    expect(views.slot('account-tabs').map((entry) => entry.id)).toEqual(['nfts'])
  })

  it('loaded() gives a module only once its load has finished, and never a failed one', async () => {
    const views = createViewRegistry()
    const module = { default: 'ConnectComponent' }
    views.register('Connect', { title: 'connect.title', load: async () => module })
    views.register('Account', { title: 'account.title', load: async () => Promise.reject(new Error('offline')) })
    expect(views.loaded('Connect')).toBeUndefined()
    const pending = views.load('Connect')
    expect(views.loaded('Connect')).toBeUndefined()
    await pending
    expect(views.loaded('Connect')).toBe(module)
    await expect(views.load('Account')).rejects.toThrow('offline')
    expect(views.loaded('Account')).toBeUndefined()
  })

  it('a slot entry loads once and is kept; a failed load is retried', async () => {
    const views = createViewRegistry()
    let calls = 0
    const entry = {
      id: 'tokens',
      label: 'connect.title' as const,
      load: async () => {
        calls++
        if (calls === 1) throw new Error('offline')
        return { default: 'Tokens' }
      },
    }
    await expect(views.loadEntry(entry)).rejects.toThrow('offline')
    expect(views.loadedEntry(entry)).toBeUndefined()
    await expect(views.loadEntry(entry)).resolves.toEqual({ default: 'Tokens' })
    await views.loadEntry(entry)
    expect(calls).toBe(2)
    expect(views.loadedEntry(entry)).toEqual({ default: 'Tokens' })
  })

  it("a view's or slot entry's module brings its texts, handed on once as it loads", async () => {
    const added: unknown[] = []
    const views = createViewRegistry((texts) => added.push(texts))
    views.register(
      'Connect',
      view(async () => ({ default: 'Connect view', texts: { 'connect.title': 'From the view' } })),
    )
    await Promise.all([views.load('Connect'), views.load('Connect')])
    const entry = {
      id: 'tokens',
      label: 'connect.title' as const,
      load: async () => ({ default: 'Tokens', texts: { 'connect.title': 'From the entry' } }),
    }
    await views.loadEntry(entry)
    await views.loadEntry(entry)
    expect(added).toEqual([{ 'connect.title': 'From the view' }, { 'connect.title': 'From the entry' }])
  })
})
