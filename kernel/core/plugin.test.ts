import { describe, expect, it, vi } from 'vitest'

import { testChain, testKernel, testNetwork } from '../../test/fixtures.js'
import { defineChain, isChainPlugin } from './chain.js'
import type { Kernel } from './createKernel.js'
import type { MessageKey } from './i18n.js'
import { isFoyerError } from './errors/BaseError.js'
import { definePlugin, DuplicatePluginError, MissingPluginError, pluginApi, resolvePlugins, type Plugin } from './plugin.js'

declare module 'foyer' {
  interface Messages {
    'test.greeting': string
  }
}

declare module 'foyer' {
  interface Features {
    testSwaps: boolean
  }
}

declare module 'foyer' {
  interface PluginApis {
    'test-project': { projectOf(kernel: Kernel): string | undefined }
  }
}

/** A plugin that records its setup and teardown in `log`. */
function recorded(name: string, log: string[], extra: Partial<Parameters<typeof definePlugin>[0]> = {}): Plugin {
  return definePlugin({
    name,
    setup: () => {
      log.push(`setup ${name}`)
      return () => void log.push(`teardown ${name}`)
    },
    ...extra,
  })
}

const names = (plugins: readonly Plugin[]) => plugins.map((plugin) => plugin.name)

describe('resolvePlugins', () => {
  it('falsy entries are skipped', () => {
    const a = definePlugin({ name: 'a' })
    expect(names(resolvePlugins([false, a, null, undefined]))).toEqual(['a'])
  })

  it('an entry that is not a plugin names its index and the likely mistake', () => {
    const factory = () => definePlugin({ name: 'swaps' })
    expect(() => resolvePlugins([definePlugin({ name: 'a' }), factory])).toThrow(
      'The entry at `plugins[1]` is not a Foyer plugin. Did you pass `swaps` instead of `swaps()`?',
    )
    expect(() => resolvePlugins([{ name: 'hand-made' }])).toThrow('`plugins[0]` is not a Foyer plugin')
  })

  it('a name listed twice is a DuplicatePluginError that says how to fix it', () => {
    let error: unknown
    try {
      resolvePlugins([definePlugin({ name: 'x' }), definePlugin({ name: 'x' })])
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(DuplicatePluginError)
    expect(isFoyerError(error, 'DuplicatePluginError')).toBe(true)
    expect((error as Error).message).toBe("The plugin 'x' is listed twice in `plugins`. Keep one entry.")
  })

  it('a missing requirement is a MissingPluginError naming both plugins', () => {
    const send = definePlugin({ name: 'send', requires: ['balances'] })
    expect(() => resolvePlugins([send])).toThrow(MissingPluginError)
    expect(() => resolvePlugins([send])).toThrow("The plugin 'send' requires 'balances'. Add balances() to `plugins`.")
  })

  it('a requires cycle is an error naming a plugin in it', () => {
    const a = definePlugin({ name: 'a', requires: ['b'] })
    const b = definePlugin({ name: 'b', requires: ['a'] })
    expect(() => resolvePlugins([a, b])).toThrow(/\[a\] is part of a `requires` cycle/)
    expect(() => resolvePlugins([definePlugin({ name: 'self', requires: ['self'] })])).toThrow(/cycle/)
  })

  it('required plugins come first, otherwise the host order is kept', () => {
    const c = definePlugin({ name: 'c', requires: ['a', 'b'] })
    const b = definePlugin({ name: 'b', requires: ['a'] })
    const a = definePlugin({ name: 'a' })
    const d = definePlugin({ name: 'd' })
    expect(names(resolvePlugins([c, d, b, a]))).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('plugin lifecycle in createKernel', () => {
  it('setup runs in dependency order and teardown in reverse on destroy', async () => {
    const log: string[] = []
    const kernel = testKernel({
      plugins: [recorded('c', log, { requires: ['b'] }), recorded('b', log, { requires: ['a'] }), recorded('a', log)],
    })
    expect(log).toEqual(['setup a', 'setup b', 'setup c'])
    await kernel.destroy()
    expect(log).toEqual(['setup a', 'setup b', 'setup c', 'teardown c', 'teardown b', 'teardown a'])
  })

  it('setup receives the kernel it is part of', () => {
    const setup = vi.fn()
    const kernel = testKernel({ plugins: [definePlugin({ name: 'a', setup })] })
    expect(setup).toHaveBeenCalledExactlyOnceWith(kernel)
  })

  it('a throwing setup is wrapped with the plugin name and tears down the earlier plugins', async () => {
    const log: string[] = []
    const cause = new Error('no provider')
    const broken = definePlugin({
      name: 'broken',
      setup: () => {
        throw cause
      },
    })
    let error: unknown
    try {
      testKernel({ plugins: [recorded('a', log), recorded('b', log), broken, recorded('after', log)] })
    } catch (caught) {
      error = caught
    }
    expect(isFoyerError(error, 'PluginError')).toBe(true)
    expect((error as Error).message).toMatch(/^\[broken\] setup failed: no provider/)
    expect((error as Error).cause).toBe(cause)
    await vi.waitFor(() => expect(log).toEqual(['setup a', 'setup b', 'teardown b', 'teardown a']))
  })

  it('a throwing teardown is logged with the plugin name and the others still run', async () => {
    const log: string[] = []
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = definePlugin({
      name: 'broken',
      setup: () => () => {
        throw new Error('stuck')
      },
    })
    const kernel = testKernel({ logLevel: 'error', plugins: [recorded('a', log), broken, recorded('c', log)] })
    await kernel.destroy()
    expect(log).toEqual(['setup a', 'setup c', 'teardown c', 'teardown a'])
    expect(errorLog).toHaveBeenCalledWith(
      '[foyer] A plugin failed to tear down.',
      expect.objectContaining({ name: 'PluginError', message: expect.stringMatching(/^\[broken\] teardown failed: stuck/) }),
    )
    errorLog.mockRestore()
  })

  it('two plugins register their views, slot entries and locales', async () => {
    const loader = vi.fn(async () => ({ 'test.greeting': 'Bonjour' }))
    const kernel = testKernel({
      plugins: [
        definePlugin({
          name: 'one',
          flags: { testSwaps: { default: true } },
          feature: 'testSwaps',
          views: { Networks: { title: 'networks.title', load: async () => ({ default: 'Networks' }) } },
          slots: { 'wallet-features': [{ id: 'swap', label: 'networks.title', view: 'Networks', order: 2 }] },
          locales: { en: { 'test.greeting': 'Hello' }, fr: loader },
        }),
        definePlugin({
          name: 'two',
          views: { Account: { title: 'account.title', load: async () => ({ default: 'Account' }) } },
          slots: { 'wallet-features': [{ id: 'receive', label: 'account.title', view: 'Account', order: 1 }] },
        }),
      ],
    })
    expect(kernel.views.ids()).toEqual(['Networks', 'Account'])
    // A plugin's feature gates all of its views and entries.
    expect(kernel.views.get('Networks')?.feature).toBe('testSwaps')
    expect(kernel.views.slot('wallet-features').map((entry) => [entry.id, entry.feature])).toEqual([
      ['receive', undefined],
      ['swap', 'testSwaps'],
    ])
    expect(kernel.i18n.t('test.greeting')).toBe('Hello')
    expect(loader).not.toHaveBeenCalled()
    await kernel.i18n.setLocale('fr')
    expect(kernel.i18n.t('test.greeting')).toBe('Bonjour')
  })

  it('two plugins registering the same view fail at createKernel', () => {
    const view = { title: 'account.title', load: async () => ({ default: 'Account' }) } as const
    expect(() =>
      testKernel({
        plugins: [definePlugin({ name: 'one', views: { Account: view } }), definePlugin({ name: 'two', views: { Account: view } })],
      }),
    ).toThrow("The view 'Account' is registered twice.")
  })
})

describe('when views and slot entries are available', () => {
  const load = async () => ({ default: 'component' })
  const withTransfer = (kernel: Kernel) => kernel.chains.withCapability('transfer').length > 0
  const withApi = (kernel: Kernel) => Boolean(kernel.options.services.api)
  const gated = definePlugin({
    name: 'gated',
    flags: { testSwaps: { default: true } },
    feature: 'testSwaps',
    views: {
      Networks: { title: 'networks.title', load },
      Account: { title: 'account.title', available: withTransfer, load },
      // A JavaScript author may still name a flag of the view's own; the plugin's flag gates it all the same.
      Connect: { title: 'connect.title', feature: 'allWallets', load } as never,
    },
    slots: { 'wallet-features': [{ id: 'gated', label: 'networks.title', view: 'Networks' }] },
  })
  const shown = (kernel: Kernel) => (['Networks', 'Account', 'Connect'] as const).filter((view) => kernel.isViewAvailable(view))

  it("hides every view of a plugin, and its slot entries, while the plugin's flag is off", () => {
    const on = testKernel({ plugins: [testChain({ transfer: 'approve' }), gated] })
    expect(shown(on)).toEqual(['Networks', 'Account', 'Connect'])
    const off = testKernel({ plugins: [testChain({ transfer: 'approve' }), gated], features: { testSwaps: false } })
    expect(shown(off)).toEqual([])
    expect(off.views.slot('wallet-features').map((entry) => entry.feature)).toEqual(['testSwaps'])
  })

  it('leaves out a view whose chain capability is missing', () => {
    const kernel = testKernel({ plugins: [testChain(), gated] })
    expect(kernel.views.get('Account')).toBeUndefined()
    expect(shown(kernel)).toEqual(['Networks', 'Connect'])
  })

  it('leaves out a view and a slot entry whose service is not configured, and keeps them where it is', () => {
    const needsApi = definePlugin({
      name: 'needs-api',
      views: { Networks: { title: 'networks.title', available: withApi, load } },
      slots: { 'wallet-features': [{ id: 'needs-api', label: 'networks.title', view: 'Networks', available: withApi }] },
    })
    const without = testKernel({ plugins: [testChain(), needsApi] })
    expect(without.views.get('Networks')).toBeUndefined()
    expect(without.views.slot('wallet-features')).toEqual([])
    const withService = testKernel({ services: { api: 'http://127.0.0.1:9' }, plugins: [testChain(), needsApi] })
    expect(withService.isViewAvailable('Networks')).toBe(true)
    expect(withService.views.slot('wallet-features').map((entry) => entry.id)).toEqual(['needs-api'])
  })

  it("releases a manifest's views and slot entries when the kernel is destroyed", async () => {
    const kernel = testKernel({ plugins: [testChain({ transfer: 'approve' }), gated] })
    await kernel.destroy()
    expect(kernel.views.ids()).toEqual([])
    expect(kernel.views.slot('wallet-features')).toEqual([])
  })
})

describe('pluginApi', () => {
  const project = () => definePlugin({ name: 'test-project', api: { projectOf: (kernel) => kernel.options.projectId } })

  it("a plugin calls another's api with its own kernel", () => {
    const seen: Array<string | undefined> = []
    const caller = definePlugin({
      name: 'caller',
      requires: ['test-project'],
      setup: (kernel) => void seen.push(pluginApi(kernel, 'test-project').projectOf(kernel)),
    })
    testKernel({ projectId: 'shop-a', plugins: [caller, project()] })
    testKernel({ projectId: 'shop-b', plugins: [project(), caller] })
    expect(seen).toEqual(['shop-a', 'shop-b'])
  })

  it('a plugin missing from plugins is named, with how to add it', () => {
    const error = (() => {
      try {
        pluginApi(testKernel(), 'test-project')
      } catch (caught) {
        return caught
      }
    })()
    expect(isFoyerError(error, 'PluginApiNotFoundError')).toBe(true)
    expect((error as Error).message).toBe(
      "The plugin 'test-project' is not in `plugins`. Add test-project() to `plugins`; a plugin that calls its api lists 'test-project' in `requires`.",
    )
  })

  it('a listed plugin without an api says so', () => {
    const kernel = testKernel({ plugins: [definePlugin({ name: 'test-project' })] })
    expect(() => pluginApi(kernel, 'test-project')).toThrow("The plugin 'test-project' offers no api to other plugins.")
  })
})

describe('defineChain', () => {
  const core = {
    networks: [testNetwork],
    connect: async () => ({ accounts: [], networkId: testNetwork.caipNetworkId }),
    disconnect: async () => {},
  }

  it('makes a chain plugin named after its namespace', () => {
    const chain = defineChain({ namespace: 'eip155', ...core })
    expect(chain.kind).toBe('chain')
    expect(chain.name).toBe('chain:eip155')
    expect(isChainPlugin(chain)).toBe(true)
    expect(isChainPlugin(definePlugin({ name: 'chain:eip155' }))).toBe(false)
    expect(Object.isFrozen(chain)).toBe(true)
  })

  it('a chain without networks is refused', () => {
    expect(() => defineChain({ namespace: 'eip155', ...core, networks: [] })).toThrow("The chain 'eip155' needs at least one network.")
  })

  it('the kernel lists chains and their networks in plugin order', () => {
    const evm = testChain()
    const solana = testChain({ namespace: 'solana' })
    const kernel = testKernel({ plugins: [evm, definePlugin({ name: 'feature' }), solana] })
    expect(kernel.chains.all()).toEqual([evm.chain, solana.chain])
    expect(kernel.chains.get('solana')).toBe(solana.chain)
    expect(kernel.chains.networks().map((network) => network.caipNetworkId)).toEqual([
      'eip155:1',
      'eip155:10',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ])
    expect(kernel.chains.withCapability('balance')).toEqual([evm.chain, solana.chain])
    expect(kernel.chains.withCapability('signMessage')).toEqual([evm.chain, solana.chain])
  })

  it('only chains that offer a capability are listed for it', () => {
    const kernel = testKernel({ plugins: [testChain({ signMessage: false }), testChain({ namespace: 'solana' })] })
    expect(kernel.chains.withCapability('signMessage').map((chain) => chain.namespace)).toEqual(['solana'])
  })

  it("require throws 'Adapter not found' for a namespace no chain serves", () => {
    const kernel = testKernel({ plugins: [testChain()] })
    expect(() => kernel.chains.require('bip122')).toThrow('Adapter not found')
  })

  it('two chains for one namespace are rejected at createKernel', () => {
    expect(() => testKernel({ plugins: [testChain({ name: 'evm-a' }), testChain({ name: 'evm-b' })] })).toThrow(
      "Two chain plugins serve the namespace 'eip155'. Keep one.",
    )
  })
})

describe("a plugin view's texts", () => {
  it("join the kernel's as the view's module loads, under the host's own messages", async () => {
    // Keys no other code knows, so only the loaded module can word them.
    const key = (name: string) => name as MessageKey
    const texts = { [key('withTexts.body')]: 'From the view', [key('withTexts.hosted')]: 'From the view too' }
    const plugin = definePlugin({
      name: 'with-texts',
      views: { Connect: { title: 'connect.title', load: async () => ({ default: 'Connect', texts }) } },
    })
    const kernel = testKernel({ plugins: [testChain(), plugin], messages: { [key('withTexts.hosted')]: "The host's" } })
    expect(kernel.i18n.t(key('withTexts.body'))).toBe('withTexts.body')
    await kernel.views.load('Connect')
    expect(kernel.i18n.t(key('withTexts.body'))).toBe('From the view')
    expect(kernel.i18n.t(key('withTexts.hosted'))).toBe("The host's")
    await kernel.destroy()
  })
})
