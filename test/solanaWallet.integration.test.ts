// The Wallet Standard test wallet itself against the real local SVM: what it signs, the node accepts.
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEV_WALLET_ADDRESS,
  DEV_WALLET_KEYPAIR,
  TEST_WALLET_ADDRESS,
  startSolanaRpc,
  type SolanaRpcNode,
} from '../services/dev/solana/index.mjs'
import { createSolanaWallet, registerSolanaWallet } from './solanaWallet.js'

let node: SolanaRpcNode
beforeAll(async () => {
  node = await startSolanaRpc({ port: 0, fund: [{ address: DEV_WALLET_ADDRESS, lamports: 10_000_000_000n }] })
}, 30_000)
afterAll(async () => {
  await node?.stop()
})

describe('the Solana test wallet', () => {
  it("its address is the keypair's public key, and it shows accounts only once connected", async () => {
    const wallet = createSolanaWallet({ name: 'W', keypair: DEV_WALLET_KEYPAIR })
    expect(wallet.address).toBe(DEV_WALLET_ADDRESS)
    expect(wallet.wallet.accounts).toEqual([])
    const { connect } = wallet.wallet.features['standard:connect'] as { connect(input: { silent: boolean }): Promise<unknown> }
    await expect(connect({ silent: true })).resolves.toEqual({ accounts: [] })
  })

  it('solana:signTransaction signs a transfer that the local SVM executes', async () => {
    const wallet = createSolanaWallet({ name: 'W', keypair: DEV_WALLET_KEYPAIR })
    const { accounts } = await (
      wallet.wallet.features['standard:connect'] as { connect(): Promise<{ accounts: readonly never[] }> }
    ).connect()
    const rpc = createSolanaRpc(node.url)
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const source = DEV_WALLET_ADDRESS as Address
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(source, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: createNoopSigner(source),
            destination: TEST_WALLET_ADDRESS as Address,
            amount: 1_000_000_000n,
          }),
          m,
        ),
    )
    const unsigned = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
    const signTransaction = (
      wallet.wallet.features['solana:signTransaction'] as {
        signTransaction(input: { account: unknown; transaction: Uint8Array }): Promise<[{ signedTransaction: Uint8Array }]>
      }
    ).signTransaction
    const [{ signedTransaction }] = await signTransaction({ account: accounts[0], transaction: unsigned })
    const before = (await rpc.getBalance(TEST_WALLET_ADDRESS as Address).send()).value
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(getTransactionDecoder().decode(signedTransaction)), { encoding: 'base64' })
      .send()
    expect((await rpc.getBalance(TEST_WALLET_ADDRESS as Address).send()).value).toBe(before + 1_000_000_000n)
  })

  it('registering before or after the app both work, and unregistering works once', () => {
    const page = new EventTarget()
    const registered: unknown[] = []
    const api = {
      register: (w: unknown) => {
        registered.push(w)
        return () => void registered.splice(registered.indexOf(w), 1)
      },
    }
    const { wallet } = createSolanaWallet({ name: 'W', keypair: DEV_WALLET_KEYPAIR })
    const unregister = registerSolanaWallet(wallet, page)
    // The app arrives later and announces itself.
    page.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
    expect(registered).toEqual([wallet])
    unregister()
    unregister()
    expect(registered).toEqual([])
  })
})
