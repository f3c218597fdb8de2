// The RPC side of the chain (rules §9): 10 s timeout, batches of up to 1000, one batch queue per kernel and URL.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ANVIL_ACCOUNTS, startAnvil, type AnvilInstance } from '../../services/dev/devchain/index.mjs'
import { createContainer } from '../../kernel/core/container.js'
import { readNativeBalance } from './client.js'
import { publicClientFor } from './publicClient.js'
import { rpcFor, RPC_BATCH_SIZE, RPC_TIMEOUT_MS } from './rpc.js'

let anvil: AnvilInstance
const servers: Server[] = []

beforeAll(async () => {
  anvil = await startAnvil({ port: 0, chainId: 31337 })
}, 30_000)

afterAll(async () => {
  await anvil?.stop()
})

afterEach(async () => {
  vi.useRealTimers()
  // Keep-alive sockets would hold close() open.
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve).closeAllConnections())))
})

async function listen(server: Server): Promise<string> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const readBody = async (request: IncomingMessage) => {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

/** An HTTP hop in front of anvil that records each JSON-RPC body it passes on. */
async function recordingProxy() {
  const bodies: unknown[] = []
  const server = createServer(async (request, response) => {
    const body = await readBody(request)
    bodies.push(JSON.parse(body))
    const answer = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  return { url: await listen(server), bodies }
}

// Lets the sockets do their work: fake timers stop only the clock, not the network.
async function untilIo(check: () => boolean) {
  for (let turn = 0; turn < 1000 && !check(); turn++) await new Promise((resolve) => setImmediate(resolve))
  expect(check()).toBe(true)
}

describe('evm client (rules §9)', () => {
  it('reads made in the same tick go to the RPC as one batch', async () => {
    const { url, bodies } = await recordingProxy()
    const owner = { container: createContainer() }
    const balances = await Promise.all(ANVIL_ACCOUNTS.map(({ address }) => readNativeBalance(owner, url, address)))
    expect(balances).toEqual([10n ** 22n, 10n ** 22n, 10n ** 22n])
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toHaveLength(3)
  })

  it('a batch holds at most 1000 requests', async () => {
    const { url, bodies } = await recordingProxy()
    const owner = { container: createContainer() }
    const address = ANVIL_ACCOUNTS[0]!.address
    await Promise.all(Array.from({ length: RPC_BATCH_SIZE + 1 }, () => readNativeBalance(owner, url, address)))
    expect((bodies as unknown[][]).map((body) => body.length).sort((a, b) => a - b)).toEqual([1, 1000])
    expect(RPC_BATCH_SIZE).toBe(1000)
  })

  it('an RPC that does not answer is given up after 10 s', async () => {
    const requests: Array<{ closed: boolean }> = []
    // Accepts every request and never answers it.
    const server = createServer((request) => {
      const entry = { closed: false }
      requests.push(entry)
      request.socket.on('close', () => (entry.closed = true))
    })
    const url = await listen(server)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const reading = readNativeBalance({ container: createContainer() }, url, ANVIL_ACCOUNTS[0]!.address)
    const settled = reading.then(
      () => 'resolved',
      (error: Error) => error.name,
    )
    // The batch leaves on the next timer tick, and the 10 s start with the request.
    await vi.advanceTimersByTimeAsync(0)
    await untilIo(() => requests.length === 1)
    await vi.advanceTimersByTimeAsync(RPC_TIMEOUT_MS - 1)
    for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(requests[0]?.closed).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await untilIo(() => requests[0]?.closed === true)
    expect(RPC_TIMEOUT_MS).toBe(10_000)
    // A balance read is not retried here: the query that asked for it decides (its own retry and the rules §8 toast).
    await expect(settled).resolves.toBe('RpcRequestError')
    expect(requests).toHaveLength(1)
  })

  it('each request of a batch settles with its own answer, and a JSON-RPC error fails only its own', async () => {
    const server = createServer(async (request, response) => {
      const batch = JSON.parse(await readBody(request)) as Array<{ id: number; params: [string] }>
      const answers = batch.map(({ id, params: [address] }) =>
        address.endsWith('1')
          ? { jsonrpc: '2.0', id, error: { code: -32602, message: 'invalid params' } }
          : { jsonrpc: '2.0', id, result: `0x${id + 1}` },
      )
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers.reverse()))
    })
    const url = await listen(server)
    const owner = { container: createContainer() }
    const [first, second, third] = await Promise.allSettled(
      [`0x${'0'.repeat(40)}`, `0x${'0'.repeat(39)}1`, `0x${'0'.repeat(39)}2`].map((address) => readNativeBalance(owner, url, address)),
    )
    expect(first).toEqual({ status: 'fulfilled', value: 1n })
    expect(second).toMatchObject({
      status: 'rejected',
      reason: { name: 'RpcRequestError', message: expect.stringContaining('invalid params') },
    })
    expect(third).toEqual({ status: 'fulfilled', value: 3n })
  })

  it('an RPC answering something that is not a JSON-RPC batch fails every read with RpcRequestError', async () => {
    for (const body of ['{"jsonrpc":"2.0","id":0,"result":"0x1"}', 'not json', '[{"id":0,"result":{"evil":true}}]']) {
      const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(body))
      const url = await listen(server)
      await expect(readNativeBalance({ container: createContainer() }, url, ANVIL_ACCOUNTS[0]!.address)).rejects.toThrow(
        /network did not answer|eth_getBalance answered/,
      )
    }
  })

  it('one batch queue and one viem client per kernel (its container) and URL', () => {
    const owner = { container: createContainer() }
    expect(rpcFor(owner, anvil.url)).toBe(rpcFor(owner, anvil.url))
    expect(rpcFor(owner, anvil.url)).not.toBe(rpcFor(owner, `${anvil.url}/`))
    expect(rpcFor({ container: createContainer() }, anvil.url)).not.toBe(rpcFor(owner, anvil.url))
    expect(publicClientFor(owner, anvil.url)).toBe(publicClientFor(owner, anvil.url))
    expect(publicClientFor(owner, anvil.url)).not.toBe(publicClientFor(owner, `${anvil.url}/`))
    expect(publicClientFor({ container: createContainer() }, anvil.url)).not.toBe(publicClientFor(owner, anvil.url))
  })
})
