// The public RPC service over real HTTP in front of two real anvils and the local Solana node: what passes is checked
// against the nodes themselves, what is refused is checked not to have reached them.
import { createSolanaRpc, address as solanaAddress } from '@solana/kit'
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ANVIL_ACCOUNTS, startDevChains, type DevChains } from '../dev/devchain/index.mjs'
import { LOCAL_SOLANA_CHAIN_ID, TEST_WALLET_ADDRESS, startSolanaRpc } from '../dev/solana/index.mjs'
import { startRpc, type RpcService } from './index.mjs'

const PROJECT = 'rpc-test'
let dev: DevChains
let solana: Awaited<ReturnType<typeof startSolanaRpc>>
let rpc: RpcService

beforeAll(async () => {
  ;[dev, solana] = await Promise.all([
    startDevChains({ ports: [0, 0] }),
    startSolanaRpc({ port: 0, fund: [{ address: TEST_WALLET_ADDRESS, lamports: 2_500_000_000n }] }),
  ])
  rpc = await startRpc({
    chains: { 'eip155:31337': dev.chains[0]!.url, 'eip155:31338': dev.chains[1]!.url, [LOCAL_SOLANA_CHAIN_ID]: solana.url },
    projectIds: [PROJECT],
  })
}, 60_000)

afterAll(async () => {
  await rpc?.stop()
  await Promise.all([dev?.stop(), solana?.stop()])
})

async function call(query: string, body: unknown) {
  const response = await fetch(`${rpc.url}/v1?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as any }
}
const evm = (chainId = 31337) => `chainId=eip155:${chainId}&projectId=${PROJECT}`
const rpcCall = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params })

describe('the public RPC service (rules §7)', () => {
  it('each chainId reaches its own node', async () => {
    expect((await call(evm(31337), rpcCall('eth_chainId'))).body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    expect((await call(evm(31338), rpcCall('eth_chainId'))).body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a6a' })
    const genesis = await call(`chainId=${LOCAL_SOLANA_CHAIN_ID}&projectId=${PROJECT}`, rpcCall('getGenesisHash'))
    expect(genesis.body.result.startsWith(LOCAL_SOLANA_CHAIN_ID.split(':')[1])).toBe(true)
  })

  it('viem reads balances and sends a signed transaction through it', async () => {
    const chain = defineChain({
      id: 31337,
      name: 'dev',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpc.urlFor('eip155:31337', PROJECT)] } },
    })
    const proxied = createPublicClient({ chain, transport: http() })
    const direct = createPublicClient({ chain, transport: http(dev.chains[0]!.url) })
    const [a0] = ANVIL_ACCOUNTS
    expect(await proxied.getBalance({ address: a0!.address })).toBe(await direct.getBalance({ address: a0!.address }))
    const to = privateKeyToAccount(generatePrivateKey()).address
    const wallet = createWalletClient({ account: privateKeyToAccount(a0!.privateKey), chain, transport: http() })
    const hash = await wallet.sendTransaction({ to, value: parseEther('0.25') })
    await proxied.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(await direct.getBalance({ address: to })).toBe(parseEther('0.25'))
  })

  it('@solana/kit reads a balance through it, exactly as the node holds it', async () => {
    const proxied = createSolanaRpc(rpc.urlFor(LOCAL_SOLANA_CHAIN_ID, PROJECT))
    const direct = createSolanaRpc(solana.url)
    const owner = solanaAddress(TEST_WALLET_ADDRESS)
    const { value } = await proxied.getBalance(owner).send()
    expect(value).toBe((await direct.getBalance(owner).send()).value)
    expect(value).toBeGreaterThan(0n)
  })

  it("a chain it does not serve gets rules §8's 'Unsupported chain' (4902); project checks as every service", async () => {
    expect(await call(`chainId=eip155:1&projectId=${PROJECT}`, rpcCall('eth_chainId'))).toEqual({
      status: 400,
      body: { jsonrpc: '2.0', id: null, error: { code: 4902, message: 'Unsupported chain' } },
    })
    expect((await call(`projectId=${PROJECT}`, rpcCall('eth_chainId'))).body.error.message).toBe('chainId is required')
    expect((await call('chainId=eip155:31337', rpcCall('eth_chainId'))).body.error.message).toBe('projectId is required')
    const stranger = await call('chainId=eip155:31337&projectId=someone-else', rpcCall('eth_chainId'))
    expect(stranger.status).toBe(403)
    expect((await fetch(`${rpc.url}/v1?${evm()}`)).status).toBe(405)
  })

  it("attack: cheat codes and the node's unlocked accounts are refused ('Requested RPC call is not allowed') and never reach it", async () => {
    const target = privateKeyToAccount(generatePrivateKey()).address
    const [a0] = ANVIL_ACCOUNTS
    const refused = { code: -32601, message: 'Requested RPC call is not allowed' }
    expect((await call(evm(), rpcCall('anvil_setBalance', [target, '0xde0b6b3a7640000']))).body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: refused,
    })
    expect((await call(evm(), rpcCall('eth_sendTransaction', [{ from: a0!.address, to: target, value: '0x1' }], 'x'))).body).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      error: refused,
    })
    const direct = createPublicClient({ transport: http(dev.chains[0]!.url) })
    expect(await direct.getBalance({ address: target })).toBe(0n)
  })

  it('a batch answers every call in order, refused ones among them; malformed bodies get JSON-RPC errors', async () => {
    const batch = await call(evm(), [
      rpcCall('eth_chainId', [], 1),
      rpcCall('evm_mine', [], 2),
      { id: 3 },
      rpcCall('eth_blockNumber', [], 4),
    ])
    expect(batch.status).toBe(200)
    expect(batch.body.map((answer: any) => [answer.id, answer.result !== undefined ? 'result' : answer.error.message])).toEqual([
      [1, 'result'],
      [2, 'Requested RPC call is not allowed'],
      [3, 'Invalid request'],
      [4, 'result'],
    ])
    expect((await call(evm(), '{not json')).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    expect((await call(evm(), [])).body.error).toEqual({ code: -32600, message: 'A batch holds 1 to 1000 calls' })
  })

  it('a node that is down is a JSON-RPC error for the call, never a crash', async () => {
    const down = await startRpc({ chains: { 'eip155:31337': 'http://127.0.0.1:9' } })
    try {
      const answer = await fetch(`${down.urlFor('eip155:31337', 'p')}`, {
        method: 'POST',
        body: JSON.stringify(rpcCall('eth_chainId', [], 7)),
      })
      expect(await answer.json()).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32603, message: 'Blockchain node unavailable: unreachable' },
      })
    } finally {
      await down.stop()
    }
  })
})
