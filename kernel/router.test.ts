import { describe, expect, it } from 'vitest'

import { createRouter, INITIAL_ROUTE } from './router.js'
import { createStore } from './store.js'
import { createViewRegistry, UnknownViewError, type ViewId } from './views.js'

function setup(unavailable: ViewId[] = []) {
  const store = createStore()
  store.addSlice('router', { history: [INITIAL_ROUTE] })
  const views = createViewRegistry()
  for (const id of ['Connect', 'Account', 'Networks', 'ConnectingExternal'] as const) {
    views.register(id, { title: 'connect.title', load: async () => ({ default: id }) })
  }
  const router = createRouter(store, views, (id) => views.get(id) !== undefined && !unavailable.includes(id))
  return { store, router }
}

const viewsOf = (store: ReturnType<typeof setup>['store']) => store.getState().router.history.map((entry) => entry.view)

describe('createRouter', () => {
  it('behavior: starts at Connect with nothing to go back to', () => {
    const { router } = setup()
    expect(router.current()).toEqual({ view: 'Connect', params: undefined })
    expect(router.canGoBack()).toBe(false)
  })

  it('behavior: push adds to the history with its params; back pops it', () => {
    const { router, store } = setup()
    router.push('ConnectingExternal', { connectorId: 'io.metamask' })
    expect(router.current()).toEqual({ view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } })
    expect(router.canGoBack()).toBe(true)
    expect(router.back()).toBe(true)
    expect(viewsOf(store)).toEqual(['Connect'])
  })

  it('behavior: back at the first view returns false and keeps the history', () => {
    const { router, store } = setup()
    expect(router.back()).toBe(false)
    expect(viewsOf(store)).toEqual(['Connect'])
  })

  it('behavior: replace swaps the view on screen without growing the history', () => {
    const { router, store } = setup()
    router.push('Account')
    router.replace('Networks')
    expect(viewsOf(store)).toEqual(['Connect', 'Networks'])
  })

  it('behavior: reset starts a new history, at Connect by default', () => {
    const { router, store } = setup()
    router.push('Account')
    router.push('Networks')
    router.reset({ view: 'Account', params: undefined })
    expect(viewsOf(store)).toEqual(['Account'])
    router.reset()
    expect(viewsOf(store)).toEqual(['Connect'])
  })

  it('behavior: navigating to an unregistered view throws and keeps the history', () => {
    const { router, store } = setup()
    router.push('Account')
    expect(() => router.push('AllWallets')).toThrow(UnknownViewError)
    expect(() => router.replace('AllWallets')).toThrow(UnknownViewError)
    expect(viewsOf(store)).toEqual(['Connect', 'Account'])
  })

  it('behavior: a view that is registered but unavailable is refused and left out of the list', () => {
    const { router } = setup(['Networks'])
    expect(() => router.push('Networks')).toThrow(
      "Unknown view 'Networks'. Registered views: Connect, Account, ConnectingExternal.",
    )
  })
})
