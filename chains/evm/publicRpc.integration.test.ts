// With `services.rpc`, the EVM chain reads through the public RPC service (rules §7): a real services/rpc in front of a
// real anvil. The network's own URL here leads nowhere, so only the service can have answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { startRpc, type RpcService } from '../../services/rpc/index.mjs'
import { anvilNetwork, useAnvil } from '../../test/chainSetup.js'
import { testKernel } from '../../test/fixtures.js'
import { evm } from './index.js'

const { anvil } = useAnvil()
const nowhere = 'http://127.0.0.1:9'
const address = ANVIL_ACCOUNTS[1]!.address
let rpc: RpcService

beforeAll(async () => {
  rpc = await startRpc({ chains: { 'eip155:31337': anvil.url }, projectIds: ['test-project'] })
})
afterAll(() => rpc?.stop())

const balanceOf = (kernel: ReturnType<typeof testKernel>) =>
  kernel.chains.get('eip155')!.capabilities!.balance!.getBalance(kernel, { address, networkId: 'eip155:31337' })

describe('evm: services.rpc', () => {
  it('the balance is read through the public RPC service, with chainId and projectId in the query', async () => {
    const kernel = testKernel({ services: { rpc: `${rpc.url}/v1` }, plugins: [evm({ networks: [anvilNetwork(nowhere, 31337, 'Anvil')] })] })
    await expect(balanceOf(kernel)).resolves.toEqual({ value: 10_000n * 10n ** 18n, decimals: 18, symbol: 'ETH' })
  })

  it("without it the network's own RPC is used; a host's rpcUrls entry wins over the service", async () => {
    const own = testKernel({ plugins: [evm({ networks: [anvilNetwork(nowhere, 31337, 'Anvil')] })] })
    await expect(balanceOf(own)).rejects.toThrow()
    // The service knows no chain here: only the host's own URL can answer.
    const empty = await startRpc({ chains: {} })
    try {
      const chosen = testKernel({
        services: { rpc: `${empty.url}/v1` },
        plugins: [evm({ networks: [anvilNetwork(nowhere, 31337, 'Anvil')], rpcUrls: { 31337: anvil.url } })],
      })
      await expect(balanceOf(chosen)).resolves.toMatchObject({ value: 10_000n * 10n ** 18n })
    } finally {
      await empty.stop()
    }
  })

  it("a chain the service does not serve fails with rules §8's 'Unsupported chain'", async () => {
    const empty = await startRpc({ chains: {} })
    try {
      const kernel = testKernel({
        services: { rpc: `${empty.url}/v1` },
        plugins: [evm({ networks: [anvilNetwork(nowhere, 31337, 'Anvil')] })],
      })
      await expect(balanceOf(kernel)).rejects.toThrow('Unsupported chain')
    } finally {
      await empty.stop()
    }
  })
})
