import { describe, expect, it } from 'vitest'
import { staticGraph } from '../../test/boundaries.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { names } from './index.js'

const root = new URL('../../', import.meta.url).pathname

describe('the foyer/plugins/names manifest', () => {
  it('loads none of the lazy modules, so the entry stays one small file', () => {
    const { files } = staticGraph(root, 'plugins/names/index.ts', { throughEntries: true })
    const own = [...files].filter((file) => file.startsWith('plugins/names/'))
    expect(own.sort()).toEqual(['plugins/names/index.ts', 'plugins/names/locales.ts'])
  })

  it('with services.api, brings both views and the action, shown where the chain has identities (EVM, rules §6)', () => {
    const kernel = testKernel({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain(), names()] })
    expect(kernel.isViewAvailable('RegisterAccountName')).toBe(true)
    expect(kernel.isViewAvailable('RegisterAccountNameSuccess')).toBe(true)
    expect(kernel.views.slot('wallet-features')).toEqual([
      { id: 'names', label: 'names.action', view: 'RegisterAccountName', capability: 'identity' },
    ])
    expect(kernel.store.getState().names).toEqual({ zone: 'foyer.id' })
    expect(
      testKernel({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain(), names({ zone: 'example.id' })] }).store.getState().names
        .zone,
    ).toBe('example.id')
  })

  it('without services.api it stays idle: no views, so Account shows no action', () => {
    const kernel = testKernel({ plugins: [testChain(), names()] })
    expect(kernel.isViewAvailable('RegisterAccountName')).toBe(false)
  })

  it('a zone that is not a lower-case domain fails at once, saying what is expected', () => {
    expect(() => names({ zone: 'Foyer.ID' })).toThrow('names({ zone }) must be a lower-case domain such as \'foyer.id\', got "Foyer.ID"')
    expect(() => names({ zone: '.id' })).toThrow('names({ zone })')
  })

  it('the views are released when the kernel is destroyed', async () => {
    const kernel = testKernel({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain(), names()] })
    await kernel.destroy()
    expect(kernel.views.get('RegisterAccountName')).toBeUndefined()
  })
})
