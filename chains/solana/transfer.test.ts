// The Solana transfer capability and the send plugin's sendToken against the local SVM (litesvm
// behind a JSON-RPC endpoint), with a Wallet Standard test wallet that signs with the dev key.
// Balances are read from the chain before and after. One node for this file.
import { address, createSolanaRpc } from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import type { Network } from '../../kernel/network.js'
import { send } from '../../plugins/send/index.js'
import { sendToken } from '../../plugins/send/sendToken.js'
import {
  DEV_WALLET_ADDRESS,
  DEV_WALLET_KEYPAIR,
  LOCAL_GENESIS_HASH,
  TEST_WALLET_ADDRESS,
  startSolanaRpc,
  type SolanaRpcNode,
} from '../../services/solana/index.mjs'
import { testKernel } from '../../test/fixtures.js'
import { createSolanaWallet, registerSolanaWallet, type SolanaWalletOptions } from '../../test/solanaWallet.js'
import { solana, solanaLocalnet } from './index.js'

const name = 'Test Solana Wallet'
const connectorId = `solana:${name}`
const sol = { symbol: 'SOL', decimals: 9 }

let node: SolanaRpcNode
let local: Network
const page = Object.assign(new EventTarget(), {
  location: { href: 'https://shop.example/', origin: 'https://shop.example', assign: vi.fn<(url: string) => void>() },
})
const visibility = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })

beforeAll(async () => {
  vi.stubGlobal('window', page)
  vi.stubGlobal('document', visibility)
  node = await startSolanaRpc({ port: 0, fund: [{ address: DEV_WALLET_ADDRESS, lamports: 5_000_000_000n }] })
  local = solanaLocalnet(node.url, LOCAL_GENESIS_HASH, 'Foyer Solana Local')
  await import('./walletSession.js')
}, 30_000)

afterAll(async () => {
  vi.unstubAllGlobals()
  await node?.stop()
})

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup(options: Partial<SolanaWalletOptions> = {}) {
  const wallet = createSolanaWallet({ name, keypair: DEV_WALLET_KEYPAIR, ...options })
  cleanups.push(registerSolanaWallet(wallet.wallet, page))
  const kernel = testKernel({ plugins: [solana({ networks: [local] }), send()] })
  cleanups.push(() => kernel.destroy())
  await new Promise((resolve) => setTimeout(resolve, 0))
  await connect(kernel, { connectorId })
  const events: string[] = []
  kernel.bus.on('send:initiated', (payload) => events.push(payload.event))
  kernel.bus.on('send:succeeded', (payload) => events.push(payload.event))
  return { kernel, events }
}

const balanceOf = async (owner: string) => (await createSolanaRpc(node.url).getBalance(address(owner)).send()).value

describe('solana: transfer', () => {
  it('behavior: sends SOL; the receiver gains exactly the amount, confirmed by the node', async () => {
    const { kernel, events } = await setup()
    const before = await balanceOf(TEST_WALLET_ADDRESS)
    const { hash } = await sendToken(kernel, { token: sol, amount: '0.25', to: TEST_WALLET_ADDRESS })
    expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await balanceOf(TEST_WALLET_ADDRESS)).toBe(before + 250_000_000n)
    expect(events).toEqual(['SEND_INITIATED', 'SEND_SUCCESS'])
  })

  it('behavior: user rejected request — nothing is sent', async () => {
    const { kernel, events } = await setup({ approve: (feature) => feature !== 'solana:signTransaction' })
    const before = await balanceOf(TEST_WALLET_ADDRESS)
    await expect(sendToken(kernel, { token: sol, amount: '0.1', to: TEST_WALLET_ADDRESS })).rejects.toMatchObject({ code: 4001 })
    expect(await balanceOf(TEST_WALLET_ADDRESS)).toBe(before)
    expect(events).toEqual(['SEND_INITIATED'])
  })

  it('behavior: more than the account holds fails on the network, without SEND_SUCCESS', async () => {
    const { kernel, events } = await setup()
    await expect(sendToken(kernel, { token: sol, amount: '1000', to: TEST_WALLET_ADDRESS })).rejects.toThrow()
    expect(events).toEqual(['SEND_INITIATED'])
  })

  it("behavior: SPL tokens are not offered yet: 'Unsupported chain', nothing signed", async () => {
    const { kernel } = await setup()
    const token = { symbol: 'USDC', decimals: 6, address: DEV_WALLET_ADDRESS }
    await expect(sendToken(kernel, { token, amount: '1', to: TEST_WALLET_ADDRESS })).rejects.toThrow('Unsupported chain')
  })
})
