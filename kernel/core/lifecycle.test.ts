import { describe, expect, it, vi } from 'vitest'

import { testAddresses, testChain, testKernel, testNetwork } from '../../test/fixtures.js'
import { connect } from '../actions/connect.js'
import { isFoyerError } from './errors/BaseError.js'
import type { AfterConnectContext } from './lifecycle.js'
import { closeModal } from './modal.js'
import { definePlugin } from './plugin.js'

declare module 'foyer' {
  interface ViewParams {
    /** Test only: a view shown after connecting, as sign-in will show its prompt. */
    TestAfterConnect: { address: string }
  }
}

declare module 'foyer' {
  interface ViewResults {
    TestAfterConnect: 'signed' | 'skipped'
  }
}

const connectorId = 'test-wallet-eip155'

/** A plugin whose afterConnect shows TestAfterConnect and records what it was told and answered. */
function askingPlugin(name = 'asking') {
  const seen: Array<{ context: AfterConnectContext; answer?: string }> = []
  const plugin = definePlugin({
    name,
    views: { TestAfterConnect: { title: 'connect.title', load: async () => ({ default: 'view' }) } },
    hooks: {
      async afterConnect(kernel, context) {
        const entry: (typeof seen)[number] = { context }
        seen.push(entry)
        entry.answer = await kernel.router.request('TestAfterConnect', { address: context.connection.address! })
      },
    },
  })
  return { plugin, seen }
}

function recordingPlugin(name: string, log: string[], run: () => Promise<void> = async () => {}) {
  return definePlugin({
    name,
    hooks: {
      async afterConnect() {
        log.push(`${name} started`)
        await run()
        log.push(`${name} done`)
      },
    },
  })
}

const view = (kernel: ReturnType<typeof testKernel>) => kernel.store.getState().modal.open && kernel.router.current().view

describe('afterConnect', () => {
  it('a hook shows a view and connect resolves only once the view has answered', async () => {
    const { plugin, seen } = askingPlugin()
    const kernel = testKernel({ plugins: [testChain(), plugin] })
    let settled = false
    const connecting = connect(kernel, { connectorId }).finally(() => (settled = true))
    await vi.waitFor(() => expect(view(kernel)).toBe('TestAfterConnect'))
    expect(kernel.router.current().params).toEqual({ address: testAddresses.eip155[0] })
    expect(seen[0]?.context).toMatchObject({ namespace: 'eip155', connection: { status: 'connected', connectorId } })
    await Promise.resolve()
    expect(settled).toBe(false)

    kernel.router.finish('signed')
    await expect(connecting).resolves.toMatchObject({ status: 'connected' })
    expect(seen[0]?.answer).toBe('signed')
    // The request opened the modal, so its answer closes it again.
    expect(kernel.store.getState().modal.open).toBe(false)
  })

  it('hooks run in plugin order, each awaited before the next', async () => {
    const log: string[] = []
    let release = () => {}
    const slow = recordingPlugin('first', log, () => new Promise<void>((resolve) => (release = resolve)))
    const kernel = testKernel({ plugins: [testChain(), slow, recordingPlugin('second', log)] })
    const connecting = connect(kernel, { connectorId })
    await vi.waitFor(() => expect(log).toEqual(['first started']))
    release()
    await connecting
    expect(log).toEqual(['first started', 'first done', 'second started', 'second done'])
  })

  it("a hook that throws fails connect with its plugin's name, stops later hooks and leaves the namespace connected", async () => {
    const log: string[] = []
    const failing = definePlugin({
      name: 'signin',
      hooks: {
        afterConnect: () => {
          throw new Error('The visitor did not sign in.')
        },
      },
    })
    const kernel = testKernel({ plugins: [testChain(), failing, recordingPlugin('later', log)] })
    const error = await connect(kernel, { connectorId }).catch((caught: unknown) => caught)
    expect(isFoyerError(error, 'PluginError')).toBe(true)
    expect((error as Error).message).toBe('[signin] afterConnect failed: The visitor did not sign in.')
    expect(log).toEqual([])
    expect(kernel.store.getState().connection.namespaces['eip155']?.status).toBe('connected')
  })

  it("closing the modal on the hook's view rejects the request with 'Modal closed', which the hook may handle", async () => {
    const { plugin, seen } = askingPlugin()
    const kernel = testKernel({ plugins: [testChain(), plugin] })
    const connecting = connect(kernel, { connectorId })
    await vi.waitFor(() => expect(view(kernel)).toBe('TestAfterConnect'))
    closeModal(kernel)
    const error = await connecting.catch((caught: unknown) => caught)
    expect((error as Error).message).toBe('[asking] afterConnect failed: Modal closed')
    expect(seen[0]?.answer).toBeUndefined()
  })

  it('a restored session runs the hooks too, without anybody calling connect', async () => {
    const log: string[] = []
    const kernel = testKernel({ plugins: [testChain(), recordingPlugin('restore', log)] })
    kernel.dispatchConnection({ type: 'connecting', namespace: 'eip155', connectorId })
    kernel.dispatchConnection({
      type: 'connected',
      namespace: 'eip155',
      connectorId,
      accounts: [{ namespace: 'eip155', address: testAddresses.eip155[0], type: 'eoa' }],
      networkId: testNetwork.caipNetworkId,
    })
    await kernel.afterConnect('eip155')
    expect(log).toEqual(['restore started', 'restore done'])
  })

  it('changes of an existing connection (accounts, network) and connecting it again run no hooks', async () => {
    const log: string[] = []
    const chain = testChain()
    const kernel = testKernel({ plugins: [chain, recordingPlugin('once', log)] })
    await connect(kernel, { connectorId })
    chain.wallet.changeAccounts([testAddresses.eip155[1]])
    chain.wallet.changeNetwork('eip155:10')
    await connect(kernel, { connectorId })
    expect(log).toEqual(['once started', 'once done'])
    expect(chain.wallet.calls.connect).toBe(1)
  })

  it('a namespace that disconnects meanwhile stops the hooks after the running one', async () => {
    const log: string[] = []
    const chain = testChain()
    let release = () => {}
    const kernel = testKernel({
      plugins: [
        chain,
        recordingPlugin('first', log, () => new Promise<void>((resolve) => (release = resolve))),
        recordingPlugin('second', log),
      ],
    })
    const connecting = connect(kernel, { connectorId })
    await vi.waitFor(() => expect(log).toEqual(['first started']))
    chain.wallet.changeAccounts([])
    release()
    await connecting
    expect(log).toEqual(['first started', 'first done'])
  })
})
