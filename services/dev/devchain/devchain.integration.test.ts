import { mkdtemp, readFile, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { createPublicClient, encodeFunctionData, formatUnits, http, parseAbi, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import {
  AMM_DEPLOYER,
  ANVIL_ACCOUNTS,
  createRpc,
  pairAddress,
  startAnvil,
  startDevChains,
  waitForReceipts,
  type DevChains,
} from './index.mjs'

const erc20 = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
])
const erc721 = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function balanceOf(address) view returns (uint256)',
  'function tokenURI(uint256) view returns (string)',
  'function supportsInterface(bytes4) view returns (bool)',
])
const [account0, account1, account2] = ANVIL_ACCOUNTS.map((account) => account.address) as [`0x${string}`, `0x${string}`, `0x${string}`]

/** Holds a port on 127.0.0.1 until closed. */
async function occupyPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve))
  const { port } = server.address() as net.AddressInfo
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

describe('startDevChains', () => {
  let dev: DevChains
  let tmp: string
  let fixturesPath: string
  const clients: Record<string, PublicClient> = {}

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'foyer-devchain-'))
    // Not the demo's file: `npm start` may be running beside the tests.
    fixturesPath = path.join(tmp, 'fixtures.json')
    dev = await startDevChains({ ports: [0, 0], fixturesPath })
    for (const chain of dev.chains) clients[chain.chainId] = createPublicClient({ transport: http(chain.url) })
  }, 60_000)

  afterAll(async () => {
    await dev?.stop()
    if (tmp) await rm(tmp, { recursive: true, force: true })
  })

  test('both chains answer with their chain ids and the fixtures file lists them', async () => {
    expect(dev.chains.map((chain) => chain.chainId)).toEqual([31337, 31338])
    for (const chain of dev.chains) expect(await clients[chain.chainId]!.getChainId()).toBe(chain.chainId)

    const written = JSON.parse(await readFile(fixturesPath, 'utf8'))
    expect(written).toEqual(dev.fixtures)
    expect(Object.keys(written.chains)).toEqual(['31337', '31338'])
    expect(written.chains['31338'].rpcUrl).toBe(dev.chains[1]!.url)
    expect(written.accounts).toEqual([account0, account1, account2])
  })

  test.each(['31337', '31338'])('chain %s has USDC with balances and transfer history', async (chainId) => {
    const client = clients[chainId]!
    const { usdc } = dev.fixtures.chains[chainId]!
    const read = (functionName: 'name' | 'symbol' | 'decimals') => client.readContract({ address: usdc, abi: erc20, functionName })
    expect(await read('name')).toBe('USD Coin')
    expect(await read('symbol')).toBe('USDC')
    expect(await read('decimals')).toBe(6)

    const balance = async (owner: `0x${string}`) =>
      formatUnits(await client.readContract({ address: usdc, abi: erc20, functionName: 'balanceOf', args: [owner] }), 6)
    expect(await balance(account0)).toBe('999661.75')
    expect(await balance(account1)).toBe('10238.25')
    expect(await balance(account2)).toBe('100')

    const transfers = await client.getContractEvents({ address: usdc, abi: erc20, eventName: 'Transfer', fromBlock: 0n })
    expect(transfers.length).toBe(5) // 2 mints, 3 transfers
  })

  test('the Tether-style token returns no data from transfer; USDC returns true', async () => {
    const client = clients['31337']!
    const { usdc, usdt } = dev.fixtures.chains['31337']!
    expect(await client.readContract({ address: usdt, abi: erc20, functionName: 'symbol' })).toBe('USDTS')
    expect(await client.readContract({ address: usdt, abi: erc20, functionName: 'decimals' })).toBe(6)
    expect(await client.readContract({ address: usdt, abi: erc20, functionName: 'balanceOf', args: [account1] })).toBe(5_042_000_000n)

    const data = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [account2, 1n] })
    const fromUsdt = await client.call({ account: account0, to: usdt, data })
    expect(fromUsdt.data ?? '0x').toBe('0x')
    const fromUsdc = await client.call({ account: account0, to: usdc, data })
    expect(BigInt(fromUsdc.data!)).toBe(1n)
  })

  test('account #0 owns NFTs 1-3 with data: metadata and an SVG image', async () => {
    const client = clients['31338']!
    const { nft } = dev.fixtures.chains['31338']!
    expect(await client.readContract({ address: nft, abi: erc721, functionName: 'ownerOf', args: [1n] })).toBe(account0)
    expect(await client.readContract({ address: nft, abi: erc721, functionName: 'balanceOf', args: [account0] })).toBe(3n)
    for (const id of ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f'] as const) {
      expect(await client.readContract({ address: nft, abi: erc721, functionName: 'supportsInterface', args: [id] })).toBe(true)
    }

    const uri = await client.readContract({ address: nft, abi: erc721, functionName: 'tokenURI', args: [2n] })
    const jsonPrefix = 'data:application/json;base64,'
    expect(uri.startsWith(jsonPrefix)).toBe(true)
    const metadata = JSON.parse(Buffer.from(uri.slice(jsonPrefix.length), 'base64').toString('utf8'))
    expect(metadata.name).toBe('Foyer Fixture #2')
    const imagePrefix = 'data:image/svg+xml;base64,'
    expect(metadata.image.startsWith(imagePrefix)).toBe(true)
    const svg = Buffer.from(metadata.image.slice(imagePrefix.length), 'base64').toString('utf8')
    expect(svg).toMatch(/^<svg xmlns='http:\/\/www.w3.org\/2000\/svg'.*>#2<\/text><\/svg>$/)
  })

  test('stop ends both anvil processes', async () => {
    const pids = dev.chains.map((chain) => chain.pid)
    expect(pids.every(isRunning)).toBe(true)
    await dev.stop()
    expect(pids.filter(isRunning)).toEqual([])
  })
})

describe('halt and restart', () => {
  test('a halted anvil answers nothing; restarted on the same port it has the same chain: blocks, receipts, balances', async () => {
    const anvil = await startAnvil({ port: 0, chainId: 31337 })
    try {
      const rpc = async (method: string, params: unknown[] = []) => {
        const response = await fetch(anvil.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        })
        return ((await response.json()) as { result: any }).result
      }
      const [from, to] = ANVIL_ACCOUNTS.map((account) => account.address)
      const hash = await rpc('eth_sendTransaction', [{ from, to, value: '0x1234' }])
      await expect.poll(() => rpc('eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1' })
      const before = { block: await rpc('eth_blockNumber'), balance: await rpc('eth_getBalance', [to, 'latest']) }
      const firstPid = anvil.pid

      await anvil.halt()
      expect(isRunning(firstPid)).toBe(false)
      await expect(rpc('eth_chainId')).rejects.toThrow()
      await expect(anvil.halt()).rejects.toThrow('halted already')

      await anvil.restart()
      expect(anvil.pid).not.toBe(firstPid)
      expect(isRunning(anvil.pid)).toBe(true)
      expect(await rpc('eth_chainId')).toBe('0x7a69')
      expect({ block: await rpc('eth_blockNumber'), balance: await rpc('eth_getBalance', [to, 'latest']) }).toEqual(before)
      expect(await rpc('eth_getTransactionReceipt', [hash])).toMatchObject({ transactionHash: hash, status: '0x1' })
      await expect(anvil.restart()).rejects.toThrow('not halted')
      // The chain goes on from there.
      const next = await rpc('eth_sendTransaction', [{ from, to, value: '0x1' }])
      await expect.poll(() => rpc('eth_getTransactionReceipt', [next])).toMatchObject({ status: '0x1' })
    } finally {
      await anvil.stop()
    }
    expect(isRunning(anvil.pid)).toBe(false)
  })
})

describe('waitForReceipts', () => {
  /** Runs `check` against an anvil of its own, stopped afterwards. */
  const onFreshAnvil = async (check: (rpc: ReturnType<typeof createRpc>) => Promise<void>) => {
    const anvil = await startAnvil({ port: 0, chainId: 31337 })
    try {
      await check(createRpc(anvil.url))
    } finally {
      await anvil.stop()
    }
  }
  /** A transfer one nonce ahead of account #0's: anvil queues it until the nonce before it comes. */
  const sendOneNonceAhead = async (rpc: ReturnType<typeof createRpc>) => {
    const nonce = Number(await rpc.call('eth_getTransactionCount', [account0, 'pending'])) + 1
    const ahead = `0x${nonce.toString(16)}`
    const hash = (await rpc.call('eth_sendTransaction', [{ from: account0, to: account1, value: '0x1', nonce: ahead }])) as `0x${string}`
    return { hash, nonce, ahead }
  }

  test('a transaction left in the pool, as automine can leave one sent while it mines, is mined and read', async () => {
    await onFreshAnvil(async (rpc) => {
      // With automine off the pool keeps the transaction, as anvil's race does (foundry-rs/foundry#10122).
      await rpc.call('evm_setAutomine', [false])
      const hash = (await rpc.call('eth_sendTransaction', [{ from: account0, to: account1, value: '0x1' }])) as `0x${string}`
      expect(await rpc.call('eth_getTransactionReceipt', [hash])).toBeNull()
      const [receipt] = await waitForReceipts(rpc, [hash], 'A stranded transfer')
      expect(receipt?.status).toBe('0x1')
    })
  }, 40_000)

  test('a transaction queued though its nonce has come, as anvil can leave one under load, is sent again and mined', async () => {
    await onFreshAnvil(async (rpc) => {
      const { hash, ahead } = await sendOneNonceAhead(rpc)
      // The account's nonce reaches it without the pool hearing of it: anvil keeps it queued, blocks or not.
      await rpc.call('anvil_setNonce', [account0, ahead])
      await rpc.call('evm_mine', [])
      expect(await rpc.call('eth_getTransactionReceipt', [hash])).toBeNull()
      const [receipt] = await waitForReceipts(rpc, [hash], 'A transfer stuck in the queue', { timeoutMs: 10_000 })
      expect(receipt?.status).toBe('0x1')
    })
  }, 40_000)

  test('a transaction it never mines: the timeout says where anvil holds it', async () => {
    await onFreshAnvil(async (rpc) => {
      // The nonce before it never comes.
      const { hash, nonce } = await sendOneNonceAhead(rpc)
      await expect(waitForReceipts(rpc, [hash], 'A transfer out of turn', { timeoutMs: 1_500 })).rejects.toThrow(
        `A transfer out of turn: 1 transactions not mined within 1.5 s: ${hash} queued in anvil's pool (from ${account0.toLowerCase()}, nonce ${nonce})`,
      )
    })
  }, 40_000)
})

describe('port in use', () => {
  test('startAnvil names the port and FOYER_ANVIL_PORT', async () => {
    const busy = await occupyPort()
    try {
      await expect(startAnvil({ port: busy.port })).rejects.toThrow(
        `Port ${busy.port} is in use: stop what is using it or set FOYER_ANVIL_PORT`,
      )
    } finally {
      await busy.close()
    }
  })

  test('a taken second port names FOYER_ANVIL_PORT_B and starts nothing', async () => {
    const busy = await occupyPort()
    try {
      await expect(startDevChains({ ports: [0, busy.port] })).rejects.toMatchObject({
        name: 'PortInUseError',
        message: `Port ${busy.port} is in use: stop what is using it or set FOYER_ANVIL_PORT_B`,
      })
    } finally {
      await busy.close()
    }
  })
})

describe('Uniswap V2', () => {
  let dev: DevChains
  beforeAll(async () => {
    dev = await startDevChains({ ports: [0], chainIds: [31337] })
  }, 60_000)
  afterAll(async () => {
    await dev?.stop()
  })

  test('the pools hold AMM_POOLS, at the API prices; the router finds them by its init code hash', async () => {
    const client = createPublicClient({ transport: http(dev.chains[0]!.url) })
    const { usdc, usdt, amm } = dev.fixtures.chains['31337']!
    const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'])
    const reserves = async (pair: `0x${string}`, token: `0x${string}`) => {
      const [r0, r1] = await client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' })
      const token0 = await client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' })
      return token0.toLowerCase() === token.toLowerCase() ? [r0, r1] : [r1, r0]
    }
    expect(await reserves(amm.pairs['ETH/USDC'], amm.weth)).toEqual([100n * 10n ** 18n, 300_000n * 10n ** 6n])
    expect(await reserves(amm.pairs['ETH/USDTS'], amm.weth)).toEqual([100n * 10n ** 18n, 300_000n * 10n ** 6n])
    expect(await reserves(amm.pairs['USDC/USDTS'], usdc)).toEqual([500_000n * 10n ** 6n, 500_000n * 10n ** 6n])
    expect(amm.pairs['USDC/USDTS']).toBe(pairAddress(amm.factory, usdt, usdc))

    // Router02 computes pair addresses from its built-in init code hash: a quote through it reads these pools.
    const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])'])
    const [, out] = await client.readContract({
      address: amm.router,
      abi: router,
      functionName: 'getAmountsOut',
      args: [10n ** 18n, [amm.weth, usdc]],
    })
    expect(out).toBe(2_961_474_103n)
    // Each token's supply grew by what the pools hold; the deployer (#9) holds the liquidity tokens.
    expect(
      await client.readContract({
        address: usdc,
        abi: parseAbi(['function totalSupply() view returns (uint256)']),
        functionName: 'totalSupply',
      }),
    ).toBe(1_810_000n * 10n ** 6n)
    expect(
      await client.readContract({ address: amm.pairs['ETH/USDC'], abi: erc20, functionName: 'balanceOf', args: [AMM_DEPLOYER.address] }),
    ).toBeGreaterThan(0n)
    expect(await client.getTransactionCount({ address: AMM_DEPLOYER.address })).toBe(12)
  })
})
