// With `services.rpc`, the Solana chain reads through the public RPC service (rules §7): a real services/rpc in front of the
// local SVM. The network's own URL here leads nowhere, so only the service can have answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_GENESIS_HASH, LOCAL_SOLANA_CHAIN_ID, TEST_WALLET_ADDRESS } from '../../services/dev/solana/index.mjs'
import { startRpc, type RpcService } from '../../services/rpc/index.mjs'
import { useSolanaNode } from '../../test/chainSetup.js'
import { testKernel } from '../../test/fixtures.js'
import { solana, solanaLocalnet } from './index.js'

const LAMPORTS = 3_000_000_000n
const { node } = useSolanaNode({ fund: [{ address: TEST_WALLET_ADDRESS, lamports: LAMPORTS }] })
let rpc: RpcService

beforeAll(async () => {
  rpc = await startRpc({ chains: { [LOCAL_SOLANA_CHAIN_ID]: node.url } })
})
afterAll(() => rpc?.stop())

describe('solana: services.rpc', () => {
  it('the balance is read through the public RPC service', async () => {
    const network = solanaLocalnet('http://127.0.0.1:9', LOCAL_GENESIS_HASH)
    const kernel = testKernel({ services: { rpc: `${rpc.url}/v1` }, plugins: [solana({ networks: [network] })] })
    const capability = kernel.chains.get('solana')!.capabilities!.balance!
    await expect(capability.getBalance(kernel, { address: TEST_WALLET_ADDRESS, networkId: network.caipNetworkId })).resolves.toEqual({
      value: LAMPORTS,
      decimals: 9,
      symbol: 'SOL',
    })
  })
})
