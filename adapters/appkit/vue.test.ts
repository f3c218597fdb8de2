// AppKit's Vue composables: refs that follow the instance createAppKit made, and stop with their effect scope.
import type { Kernel } from 'foyer'
import { effectScope } from 'vue'
import { afterEach, describe, expect, it } from 'vitest'
import { EthersAdapter } from './ethers.js'
import { base, mainnet } from './networks.js'
import { createAppKit, useAppKitAccount, useAppKitNetwork, useAppKitState } from './vue.js'

const made: Kernel[] = []

afterEach(async () => {
  await Promise.all(made.splice(0).map((kernel) => kernel.destroy()))
})

describe("AppKit's Vue composables", () => {
  it('give refs of the account, the network and the modal that follow the instance until their scope stops', async () => {
    const instance = createAppKit({ adapters: [new EthersAdapter()], networks: [mainnet, base], projectId: 'shop' })
    made.push(instance.kernel)
    const scope = effectScope()
    const { account, network, state } = scope.run(() => ({
      account: useAppKitAccount(),
      network: useAppKitNetwork(),
      state: useAppKitState(),
    }))!
    expect(account.value).toEqual({ isConnected: false, status: 'disconnected', allAccounts: [] })
    expect(network.value.caipNetworkId).toBe(instance.getCaipNetworkId())
    expect(typeof network.value.switchNetwork).toBe('function')

    // On Node the modal's core views are not defined: a plugin's view stands in for AppKit's.
    await instance.open({ view: 'Receive' })
    expect(state.value.open).toBe(true)
    await instance.close()
    expect(state.value.open).toBe(false)

    scope.stop()
    await instance.open({ view: 'Receive' })
    expect(state.value.open).toBe(false)
  })
})
