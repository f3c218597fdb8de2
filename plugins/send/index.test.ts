import { describe, expect, it } from 'vitest'
import { connect, definePlugin, pluginApi } from 'foyer'
import type { Kernel } from 'foyer'
import { testAddresses, testChain, testKernel, testNetwork } from '../../test/fixtures.js'
import { send, type SendTokenParameters, type SendTokenReturnType } from './index.js'

declare module 'foyer' {
  interface PluginApis {
    'test-pay': { pay(kernel: Kernel, params: SendTokenParameters): Promise<SendTokenReturnType> }
  }
}

/** A stand-in for Pay: it sends through Send's api, since a plugin never imports another (style 20). */
const testPay = () =>
  definePlugin({
    name: 'test-pay',
    requires: ['send'],
    api: { pay: (kernel, params) => pluginApi(kernel, 'send').sendToken(kernel, params) },
  })

describe("the send plugin's api", () => {
  it("another plugin sends through pluginApi(kernel, 'send'), with the rules §4 events", async () => {
    const kernel = testKernel({ plugins: [testChain({ transfer: 'approve' }), testPay(), send()] })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    const events: string[] = []
    kernel.bus.on('send:succeeded', ({ event }) => events.push(event))

    const params = { token: { symbol: 'TETH', decimals: 18 }, amount: '0.5', to: testAddresses.eip155[1] }
    const result = await pluginApi(kernel, 'test-pay').pay(kernel, params)

    expect(result).toEqual({ hash: `0x${'1'.padStart(64, '0')}`, namespace: 'eip155', networkId: testNetwork.caipNetworkId })
    expect(events).toEqual(['SEND_SUCCESS'])
  })

  it('a plugin that requires send fails at createKernel without it', () => {
    expect(() => testKernel({ plugins: [testPay()] })).toThrow("The plugin 'test-pay' requires 'send'. Add send() to `plugins`.")
  })
})
