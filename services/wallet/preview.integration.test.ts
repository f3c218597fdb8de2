// The approval panel's preview as the wallet service computes it (preview.mjs), against a real node: anvil with the
// local stack's fixture contracts and Uniswap V2 pools, asked over JSON-RPC on the RPC the service is configured with.
// A previewed swap is then sent for real, to check the preview against what the chain did.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'

import { SWAP_GAS, useAnvil } from '../../test/chainSetup.js'
import { ANVIL_ACCOUNTS } from '../dev/devchain/index.mjs'
import type { WalletNetwork } from './networks.mjs'
import { previewJson, previewOf } from './preview.mjs'

const CHAIN_ID = 31337
const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
])
const holder = privateKeyToAccount(ANVIL_ACCOUNTS[1]!.privateKey)
const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600)

const { anvil, fixtures, amm } = useAnvil({ amm: true })
/** The chain as the wallet service is configured with it, once anvil has started. */
const network = (): WalletNetwork => ({ id: String(CHAIN_ID), namespace: 'eip155', rpcUrl: anvil.url })

const hex = (value: bigint) => `0x${value.toString(16)}`

describe('the approval preview on anvil', () => {
  it("shows a swap's changes as the executed swap makes them", async () => {
    const chain = defineChain({
      id: CHAIN_ID,
      name: 'anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    })
    const client = createPublicClient({ chain, transport: http(anvil.url) })
    const call = {
      to: amm.router,
      value: parseEther('0.5'),
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [1n, [amm.weth, fixtures.usdc], holder.address, deadline()],
      }),
    }
    // As the page asks it: the value in hex, the sender named.
    const params = [{ from: holder.address, to: call.to, value: hex(call.value), data: call.data }]
    const preview = await previewOf(network(), { method: 'eth_sendTransaction', params, account: holder.address })

    const usdc = () => client.readContract({ address: fixtures.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [holder.address] })
    const [usdcBefore, ethBefore] = [await usdc(), await client.getBalance({ address: holder.address })]
    const wallet = createWalletClient({ account: holder, chain, transport: http(anvil.url) })
    // Gas set, not estimated: see SWAP_GAS.
    const receipt = await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ ...call, gas: SWAP_GAS }) })
    expect(receipt.status).toBe('success')
    const ethSpent = ethBefore - (await client.getBalance({ address: holder.address })) - receipt.gasUsed * receipt.effectiveGasPrice

    expect(preview).toEqual({
      status: 'ok',
      outgoing: [{ kind: 'native', amount: ethSpent, symbol: 'ETH', decimals: 18 }],
      incoming: [{ kind: 'erc20', token: fixtures.usdc.toLowerCase(), amount: (await usdc()) - usdcBefore, symbol: 'USDC', decimals: 6 }],
      allowances: [],
    })
  })

  it('flags an unlimited approval in a batch of calls, with the symbol and decimals the token answers', async () => {
    const approve = {
      to: fixtures.usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [amm.router, maxUint256] }),
    }
    const preview = await previewOf(network(), { method: 'wallet_sendCalls', params: [{ calls: [approve] }], account: holder.address })
    expect(previewJson(preview)).toEqual({
      status: 'ok',
      outgoing: [],
      incoming: [],
      allowances: [
        {
          kind: 'erc20',
          token: fixtures.usdc.toLowerCase(),
          spender: amm.router.toLowerCase(),
          amount: maxUint256.toString(),
          symbol: 'USDC',
          decimals: 6,
          unlimited: true,
        },
      ],
    })
  })

  it('shows a call that would revert as failing, with its reason, whichever call of the batch it is', async () => {
    const tooMuch = {
      to: amm.router,
      value: hex(parseEther('1')),
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [parseUnits('1000000', 6), [amm.weth, fixtures.usdc], holder.address, deadline()],
      }),
    }
    const harmless = { to: ANVIL_ACCOUNTS[2]!.address, value: '0x1' }
    const preview = await previewOf(network(), {
      method: 'wallet_sendCalls',
      params: [{ calls: [harmless, tooMuch] }],
      account: holder.address,
    })
    expect(preview).toEqual({ status: 'reverts', callIndex: 1, reason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT' })
  })

  it('reads an EIP-2612 permit as the allowance it grants: spender, amount, and the token as its contract names it', async () => {
    const permit = {
      domain: { name: 'USD Coin', version: '1', chainId: CHAIN_ID, verifyingContract: fixtures.usdc },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: holder.address, spender: amm.router, value: '25000000', nonce: '0', deadline: '1900000000' },
    }
    const preview = await previewOf(network(), {
      method: 'eth_signTypedData_v4',
      params: [holder.address, JSON.stringify(permit)],
      account: holder.address,
    })
    expect(previewJson(preview)).toEqual({
      status: 'permit',
      allowances: [
        {
          standard: 'erc2612',
          token: fixtures.usdc.toLowerCase(),
          spender: amm.router.toLowerCase(),
          amount: '25000000',
          unlimited: false,
          expires: 1_900_000_000,
          owner: holder.address.toLowerCase(),
          symbol: 'USDC',
          decimals: 6,
        },
      ],
    })
  })

  it('says plainly what it cannot preview, and shows nothing for what moves nothing by itself', async () => {
    const unreachable: WalletNetwork = { ...network(), rpcUrl: 'http://127.0.0.1:9' }
    const call = [{ to: ANVIL_ACCOUNTS[2]!.address, value: '0x1' }]
    expect(await previewOf(unreachable, { method: 'eth_sendTransaction', params: call, account: holder.address })).toMatchObject({
      status: 'unavailable',
    })
    const solana: WalletNetwork = { id: 'solana:local', namespace: 'solana', rpcUrl: 'http://127.0.0.1:9' }
    expect(await previewOf(solana, { method: 'solana_signAndSendTransaction', params: {}, account: holder.address })).toEqual({
      status: 'unavailable',
      reason: 'Solana transactions are not previewed.',
    })
    expect(
      await previewOf(network(), { method: 'personal_sign', params: ['0x01', holder.address], account: holder.address }),
    ).toBeUndefined()
    const greeting = {
      domain: {},
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hi' },
    }
    const typed = await previewOf(network(), {
      method: 'eth_signTypedData_v4',
      params: [holder.address, greeting],
      account: holder.address,
    })
    expect(typed).toBeUndefined()
  })
})
