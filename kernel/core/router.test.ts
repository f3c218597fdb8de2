import { describe, expect, it } from 'vitest'

import { isFoyerError } from './errors/BaseError.js'
import { createRouter, INITIAL_ROUTE, type RouteEntry } from './router.js'
import { createStore } from './store.js'
import { createViewRegistry, UnknownViewError, type ViewId } from './views.js'

declare module 'foyer' {
  interface ViewParams {
    /** Test only: a view that asks the visitor a question. */
    TestQuestion: { question: string }
  }
}

declare module 'foyer' {
  interface ViewResults {
    TestQuestion: boolean
  }
}

function setup(unavailable: ViewId[] = []) {
  const store = createStore()
  store.addSlice('router', { history: [INITIAL_ROUTE] })
  const views = createViewRegistry()
  for (const id of ['Connect', 'Account', 'Networks', 'ConnectingExternal', 'TestQuestion'] as const) {
    views.register(id, { title: 'connect.title', load: async () => ({ default: id }) })
  }
  // The modal as modal.ts runs it: opening starts a history at one view, closing resets it to Connect.
  const modal = {
    open: false,
    isOpen: () => modal.open,
    open_: (entry: RouteEntry) => {
      modal.open = true
      router.reset(entry)
    },
    close: () => {
      modal.open = false
      router.reset()
    },
  }
  const router = createRouter(store, views, (id) => views.get(id) !== undefined && !unavailable.includes(id), {
    isOpen: modal.isOpen,
    open: (entry) => modal.open_(entry),
    close: modal.close,
  })
  return { store, router, modal }
}

const viewsOf = (store: ReturnType<typeof setup>['store']) => store.getState().router.history.map((entry) => entry.view)

describe('createRouter', () => {
  it('starts at Connect with nothing to go back to', () => {
    const { router } = setup()
    expect(router.current()).toEqual({ view: 'Connect', params: undefined })
    expect(router.canGoBack()).toBe(false)
  })

  it('push adds to the history with its params; back pops it', () => {
    const { router, store } = setup()
    router.push('ConnectingExternal', { connectorId: 'io.metamask' })
    expect(router.current()).toEqual({ view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } })
    expect(router.canGoBack()).toBe(true)
    expect(router.back()).toBe(true)
    expect(viewsOf(store)).toEqual(['Connect'])
  })

  it('back at the first view returns false and keeps the history', () => {
    const { router, store } = setup()
    expect(router.back()).toBe(false)
    expect(viewsOf(store)).toEqual(['Connect'])
  })

  it('replace swaps the view on screen without growing the history', () => {
    const { router, store } = setup()
    router.push('Account')
    router.replace('Networks')
    expect(viewsOf(store)).toEqual(['Connect', 'Networks'])
  })

  it('reset starts a new history, at Connect by default', () => {
    const { router, store } = setup()
    router.push('Account')
    router.push('Networks')
    router.reset({ view: 'Account', params: undefined })
    expect(viewsOf(store)).toEqual(['Account'])
    router.reset()
    expect(viewsOf(store)).toEqual(['Connect'])
  })

  it('navigating to an unregistered view throws and keeps the history', () => {
    const { router, store } = setup()
    router.push('Account')
    expect(() => router.push('AllWallets')).toThrow(UnknownViewError)
    expect(() => router.replace('AllWallets')).toThrow(UnknownViewError)
    expect(viewsOf(store)).toEqual(['Connect', 'Account'])
  })

  it('a view that is registered but unavailable is refused and left out of the list', () => {
    const { router } = setup(['Networks'])
    expect(() => router.push('Networks')).toThrow(
      "Unknown view 'Networks'. Registered views: Connect, Account, ConnectingExternal, TestQuestion.",
    )
  })

  describe('request (a view that answers)', () => {
    it('on an open modal the view is pushed; its answer resolves the request and the view leaves', async () => {
      const { router, store, modal } = setup()
      modal.open = true
      router.push('Account')
      const answer = router.request('TestQuestion', { question: 'Sign in?' })
      expect(viewsOf(store)).toEqual(['Connect', 'Account', 'TestQuestion'])
      expect(router.isAwaited()).toBe(true)
      expect(router.finish(true)).toBe(true)
      await expect(answer).resolves.toBe(true)
      expect(viewsOf(store)).toEqual(['Connect', 'Account'])
      expect(modal.open).toBe(true)
    })

    it('on a closed modal the modal opens at the view, and closes again once it answered', async () => {
      const { router, store, modal } = setup()
      const answer = router.request('TestQuestion', { question: 'Sign in?' })
      expect(modal.open).toBe(true)
      expect(router.current()).toEqual({ view: 'TestQuestion', params: { question: 'Sign in?' } })
      router.finish(false)
      await expect(answer).resolves.toBe(false)
      expect(modal.open).toBe(false)
      expect(viewsOf(store)).toEqual(['Connect'])
    })

    it("closing the modal first rejects with 'Modal closed' (rules §8)", async () => {
      const { router, modal } = setup()
      const answer = router.request('TestQuestion', { question: 'Sign in?' })
      modal.close()
      const error = await answer.catch((caught: unknown) => caught)
      expect(isFoyerError(error, 'ModalClosedError')).toBe(true)
      expect((error as Error).message).toBe('Modal closed')
    })

    it('going back from the view rejects with ViewLeftError; the modal stays open', async () => {
      const { router, modal } = setup()
      modal.open = true
      const answer = router.request('TestQuestion', { question: 'Sign in?' })
      expect(router.back()).toBe(true)
      const error = await answer.catch((caught: unknown) => caught)
      expect(isFoyerError(error, 'ViewLeftError')).toBe(true)
      expect(modal.open).toBe(true)
      expect(router.isAwaited()).toBe(false)
    })

    it('a view pushed over the asking one keeps the request open; finish answers only the view on screen', async () => {
      const { router, store, modal } = setup()
      modal.open = true
      const answer = router.request('TestQuestion', { question: 'Sign in?' })
      router.push('Networks')
      expect(router.finish(true)).toBe(false)
      router.back()
      expect(router.finish(true)).toBe(true)
      await expect(answer).resolves.toBe(true)
      expect(viewsOf(store)).toEqual(['Connect'])
    })

    it('an unavailable view is refused before anything changes', () => {
      const { router, store, modal } = setup(['TestQuestion'])
      expect(() => router.request('TestQuestion', { question: 'Sign in?' })).toThrow(UnknownViewError)
      expect(modal.open).toBe(false)
      expect(viewsOf(store)).toEqual(['Connect'])
    })
  })
})
