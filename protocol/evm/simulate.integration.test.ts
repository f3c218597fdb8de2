// The simulation previews against a real node: anvil with the local stack's fixture contracts (USDC, the NFT) and
// Uniswap V2 pools, its eth_simulateV1 asked through a plain JSON-RPC request function as the browser's provider
// would be. A simulated swap is then sent for real, to check the preview against what the chain did.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { SWAP_GAS, useAnvil } from '../../test/chainSetup.js'
import { simulateCalls, type SimulationRequest } from './simulate.mjs'

const CHAIN_ID = 31337
const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const holder = privateKeyToAccount(ANVIL_ACCOUNTS[1]!.privateKey)

const { anvil, fixtures, amm } = useAnvil({ amm: true })

/** A JSON-RPC request function over HTTP, rejecting with the node's error as an EIP-1193 provider does. */
function rpcRequest(url: string): SimulationRequest {
  return async ({ method, params }) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
    return body.result
  }
}

/** The node's requests, asked once anvil has started. */
const request: SimulationRequest = (call) => rpcRequest(anvil.url)(call)

const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600)

describe('simulateCalls on anvil', () => {
  it("reports a swap's changes as the executed swap makes them", async () => {
    const chain = defineChain({
      id: CHAIN_ID,
      name: 'anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    })
    const client = createPublicClient({ chain, transport: http(anvil.url) })
    const wallet = createWalletClient({ account: holder, chain, transport: http(anvil.url) })
    const value = parseEther('1')
    const call = {
      to: amm.router,
      value,
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [1n, [amm.weth, fixtures.usdc], holder.address, deadline()],
      }),
    }

    const simulation = await simulateCalls({ request, account: holder.address, calls: [call] })

    const usdcBefore = await client.readContract({
      address: fixtures.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder.address],
    })
    const ethBefore = await client.getBalance({ address: holder.address })
    // Gas set, not estimated: see SWAP_GAS.
    const hash = await wallet.sendTransaction({ ...call, gas: SWAP_GAS })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const usdcReceived =
      (await client.readContract({ address: fixtures.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [holder.address] })) - usdcBefore
    const ethSpent = ethBefore - (await client.getBalance({ address: holder.address })) - receipt.gasUsed * receipt.effectiveGasPrice

    expect(simulation).toEqual({
      status: 'ok',
      outgoing: [{ kind: 'native', amount: ethSpent, symbol: 'ETH', decimals: 18 }],
      incoming: [{ kind: 'erc20', token: fixtures.usdc.toLowerCase(), amount: usdcReceived, symbol: 'USDC', decimals: 6 }],
      allowances: [],
    })
    expect(usdcReceived).toBeGreaterThan(0n)
  })

  it('flags an unlimited approval, and shows a limited one with its amount', async () => {
    const approve = (amount: bigint) => ({
      to: fixtures.usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [amm.router, amount] }),
    })
    const unlimited = await simulateCalls({ request, account: holder.address, calls: [approve(maxUint256)] })
    expect(unlimited).toEqual({
      status: 'ok',
      outgoing: [],
      incoming: [],
      allowances: [
        {
          kind: 'erc20',
          token: fixtures.usdc.toLowerCase(),
          spender: amm.router.toLowerCase(),
          amount: maxUint256,
          symbol: 'USDC',
          decimals: 6,
          unlimited: true,
        },
      ],
    })
    const limited = await simulateCalls({ request, account: holder.address, calls: [approve(parseUnits('25', 6))] })
    expect(limited.status === 'ok' && limited.allowances.map(({ amount, unlimited }) => ({ amount, unlimited }))).toEqual([
      { amount: 25_000_000n, unlimited: false },
    ])
  })

  it('follows an approval and the swap it allows in one preview, tokens out and ETH in', async () => {
    const amountIn = parseUnits('100', 6)
    const simulation = await simulateCalls({
      request,
      account: holder.address,
      calls: [
        { to: fixtures.usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [amm.router, amountIn] }) },
        {
          to: amm.router,
          data: encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactTokensForETH',
            args: [amountIn, 1n, [fixtures.usdc, amm.weth], holder.address, deadline()],
          }),
        },
      ],
    })
    expect(simulation.status).toBe('ok')
    if (simulation.status !== 'ok') return
    expect(simulation.outgoing).toEqual([
      { kind: 'erc20', token: fixtures.usdc.toLowerCase(), amount: amountIn, symbol: 'USDC', decimals: 6 },
    ])
    expect(simulation.incoming).toHaveLength(1)
    expect(simulation.incoming[0]).toMatchObject({ kind: 'native', symbol: 'ETH' })
    expect(simulation.incoming[0]!.amount).toBeGreaterThan(parseEther('0.03'))
    expect(simulation.allowances).toMatchObject([{ spender: amm.router.toLowerCase(), amount: amountIn, unlimited: false }])
  })

  it('shows an NFT leaving by its id, and an approval for the whole collection as unlimited', async () => {
    const owner = ANVIL_ACCOUNTS[0]!.address
    const recipient = ANVIL_ACCOUNTS[2]!.address
    const simulation = await simulateCalls({
      request,
      account: owner,
      calls: [
        { to: fixtures.nft, data: encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [owner, recipient, 2n] }) },
        { to: fixtures.nft, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [recipient, true] }) },
      ],
    })
    expect(simulation).toMatchObject({
      status: 'ok',
      outgoing: [{ kind: 'erc721', token: fixtures.nft.toLowerCase(), tokenId: 2n, amount: 1n }],
      incoming: [],
      allowances: [{ kind: 'all', token: fixtures.nft.toLowerCase(), spender: recipient.toLowerCase(), unlimited: true }],
    })
  })

  it('reports a call that would revert as failing, with its reason', async () => {
    const tooMuch = {
      to: amm.router,
      value: parseEther('1'),
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [parseUnits('1000000', 6), [amm.weth, fixtures.usdc], holder.address, deadline()],
      }),
    }
    const simulation = await simulateCalls({ request, account: holder.address, calls: [tooMuch] })
    expect(simulation).toEqual({ status: 'reverts', callIndex: 0, reason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT' })
  })
})

describe('simulateCalls on a node without eth_simulateV1', () => {
  let server: Server
  beforeAll(async () => {
    // The smallest JSON-RPC node: every method is unknown to it, as eth_simulateV1 is to an older node.
    server = createServer((incoming, outgoing) => {
      let body = ''
      incoming.on('data', (chunk) => (body += chunk))
      incoming.on('end', () => {
        const { id } = JSON.parse(body) as { id: number }
        outgoing.setHeader('content-type', 'application/json')
        outgoing.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id,
            error: { code: -32601, message: 'the method eth_simulateV1 does not exist/is not available' },
          }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it("says it cannot simulate, without throwing the node's error", async () => {
    const { port } = server.address() as AddressInfo
    const simulation = await simulateCalls({
      request: rpcRequest(`http://127.0.0.1:${port}`),
      account: holder.address,
      calls: [{ to: holder.address, value: 1n }],
    })
    expect(simulation).toEqual({ status: 'unavailable', reason: 'the method eth_simulateV1 does not exist/is not available' })
  })
})
