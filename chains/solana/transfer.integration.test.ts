// The Solana transfer capability and the send plugin's sendToken against the local SVM (litesvm
// behind a JSON-RPC endpoint), with a Wallet Standard test wallet that signs with the dev key.
// Balances are read from the chain before and after. One node for this file, with the fixture SPL
// token minted to the dev key.
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { beforeAll, describe, expect, it } from 'vitest'
import { connect } from 'foyer'
import { send } from '../../plugins/send/index.js'
import { sendToken } from '../../plugins/send/sendToken.js'
import { DEV_WALLET_ADDRESS, LOCAL_USDC_MINT, mintFixtureTokens, TEST_WALLET_ADDRESS } from '../../services/dev/solana/index.mjs'
import { SOLANA_TEST_CONNECTOR_ID, useSolanaNode } from '../../test/chainSetup.js'
import { testKernel } from '../../test/fixtures.js'
import type { SolanaWalletOptions } from '../../test/solanaWallet.js'
import { solana } from './index.js'

const sol = { symbol: 'SOL', decimals: 9 }

const { node, local, cleanups, register } = useSolanaNode({ fund: [{ address: DEV_WALLET_ADDRESS, lamports: 5_000_000_000n }] })

async function setup(options: Partial<SolanaWalletOptions> = {}) {
  register(options)
  const kernel = testKernel({ plugins: [solana({ networks: [local] }), send()] })
  cleanups.push(() => kernel.destroy())
  await new Promise((resolve) => setTimeout(resolve, 0))
  await connect(kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
  const events: string[] = []
  kernel.bus.on('send:initiated', (payload) => events.push(payload.event))
  kernel.bus.on('send:succeeded', (payload) => events.push(payload.event))
  return { kernel, events }
}

beforeAll(async () => {
  await mintFixtureTokens(node.url, { holders: [DEV_WALLET_ADDRESS] })
})

const balanceOf = async (owner: string) => (await createSolanaRpc(node.url).getBalance(address(owner)).send()).value
const usdc = { symbol: 'USDC', decimals: 6, address: LOCAL_USDC_MINT }
/** What `owner` holds of the fixture token, across its token accounts. */
const usdcOf = async (owner: string) => {
  const { value } = await createSolanaRpc(node.url)
    .getTokenAccountsByOwner(address(owner), { mint: address(LOCAL_USDC_MINT) }, { encoding: 'jsonParsed' })
    .send()
  return value.reduce((sum, { account }) => sum + BigInt(account.data.parsed.info.tokenAmount.amount), 0n)
}

describe('solana: transfer', () => {
  it('sends SOL; the receiver gains exactly the amount, confirmed by the node', async () => {
    const { kernel, events } = await setup()
    const before = await balanceOf(TEST_WALLET_ADDRESS)
    const { hash } = await sendToken(kernel, { token: sol, amount: '0.25', to: TEST_WALLET_ADDRESS })
    expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await balanceOf(TEST_WALLET_ADDRESS)).toBe(before + 250_000_000n)
    expect(events).toEqual(['SEND_INITIATED', 'SEND_SUCCESS'])
  })

  it('a wallet that only signs and sends (solana:signAndSendTransaction) sends SOL', async () => {
    const { kernel, events } = await setup({ sendThrough: node.url })
    const before = await balanceOf(TEST_WALLET_ADDRESS)
    const { hash } = await sendToken(kernel, { token: sol, amount: '0.125', to: TEST_WALLET_ADDRESS })
    expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await balanceOf(TEST_WALLET_ADDRESS)).toBe(before + 125_000_000n)
    expect(events).toEqual(['SEND_INITIATED', 'SEND_SUCCESS'])
  })

  it('user rejected request — nothing is sent', async () => {
    const { kernel, events } = await setup({ approve: (feature) => feature !== 'solana:signTransaction' })
    const before = await balanceOf(TEST_WALLET_ADDRESS)
    await expect(sendToken(kernel, { token: sol, amount: '0.1', to: TEST_WALLET_ADDRESS })).rejects.toMatchObject({ code: 4001 })
    expect(await balanceOf(TEST_WALLET_ADDRESS)).toBe(before)
    expect(events).toEqual(['SEND_INITIATED'])
  })

  it('more than the account holds fails on the network, without SEND_SUCCESS', async () => {
    const { kernel, events } = await setup()
    await expect(sendToken(kernel, { token: sol, amount: '1000', to: TEST_WALLET_ADDRESS })).rejects.toThrow()
    expect(events).toEqual(['SEND_INITIATED'])
  })

  it('sends an SPL token to an account without a token account: it is created, then reused', async () => {
    const { kernel, events } = await setup()
    const receiver = (await generateKeyPairSigner()).address
    const before = await usdcOf(DEV_WALLET_ADDRESS)
    await sendToken(kernel, { token: usdc, amount: '2.5', to: receiver })
    expect(await usdcOf(receiver)).toBe(2_500_000n)
    await sendToken(kernel, { token: usdc, amount: '0.000001', to: receiver })
    expect(await usdcOf(receiver)).toBe(2_500_001n)
    expect(await usdcOf(DEV_WALLET_ADDRESS)).toBe(before - 2_500_001n)
    expect(events).toEqual(['SEND_INITIATED', 'SEND_SUCCESS', 'SEND_INITIATED', 'SEND_SUCCESS'])
  })

  it('more tokens than the account holds fail on the network, without SEND_SUCCESS', async () => {
    const { kernel, events } = await setup()
    const before = await usdcOf(TEST_WALLET_ADDRESS)
    await expect(sendToken(kernel, { token: usdc, amount: '5000', to: TEST_WALLET_ADDRESS })).rejects.toThrow()
    expect(await usdcOf(TEST_WALLET_ADDRESS)).toBe(before)
    expect(events).toEqual(['SEND_INITIATED'])
  })

  it('a token address that is not a mint is refused before the wallet is asked', async () => {
    const asked: string[] = []
    const approve = (feature: string) => {
      asked.push(feature)
      return true
    }
    const { kernel } = await setup({ approve })
    const notAMint = { symbol: 'FAKE', decimals: 6, address: TEST_WALLET_ADDRESS }
    await expect(sendToken(kernel, { token: notAMint, amount: '1', to: DEV_WALLET_ADDRESS })).rejects.toThrow(
      'The transfer failed on the network',
    )
    expect(asked).not.toContain('solana:signTransaction')
  })
})
