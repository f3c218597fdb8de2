// foyer/solana-wallet-adapter against the real local SVM, with a real Wallet Standard wallet connected in
// Foyer (test/solanaWallet.ts), seen by @solana/wallet-adapter's own StandardWalletAdapter: the class
// `@solana/wallet-adapter-react` wraps every Wallet Standard wallet in (its package comes with
// wallet-adapter-react). The wallet-adapter app in the browser is tested end to end (test/e2e).
import { getPublicKeyFromAddress, verifySignature, type Address } from '@solana/kit'
import { isWalletAdapterCompatibleStandardWallet, WalletReadyState } from '@solana/wallet-adapter-base'
import { StandardWalletAdapter } from '@solana/wallet-standard-wallet-adapter-base'
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { describe, expect, it, vi } from 'vitest'
import { closeModal, connect, createMemoryBackend, disconnect, type FoyerOptions } from 'foyer'
import { registerCoreViews } from '../../kernel/react/coreViews.js'
import { FOYER_WALLET_FEATURE as CHAIN_SKIPS } from '../../chains/solana/discovery.js'
import { solana } from '../../chains/solana/index.js'
import { DEV_WALLET_ADDRESS, TEST_WALLET_ADDRESS, TEST_WALLET_KEYPAIR } from '../../services/dev/solana/index.mjs'
import { SOLANA_TEST_CONNECTOR_ID, useSolanaNode } from '../../test/chainSetup.js'
import { testKernel } from '../../test/fixtures.js'
import { createFoyerWallet, FOYER_WALLET_FEATURE, registerFoyerWallet, RESTORE_WAIT_MS, type FoyerWallet } from './index.js'

const { node, local, page, cleanups, register } = useSolanaNode({ fund: [{ address: DEV_WALLET_ADDRESS, lamports: 5n * 10n ** 9n }] })

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

async function setup(options: { kernel?: FoyerOptions; registerTestWallet?: boolean } = {}) {
  const testWallet = options.registerTestWallet === false ? undefined : register()
  const kernel = testKernel({ plugins: [solana({ networks: [local] })], ...options.kernel })
  // What FoyerProvider does when it mounts: the modal's views exist.
  registerCoreViews(kernel)
  cleanups.push(() => kernel.destroy())
  cleanups.push(registerFoyerWallet(kernel, {}, page))
  // The chain's wallet side is there a task after the kernel is created.
  await nextTask()
  const wallet = getWallets()
    .get()
    .find((candidate) => candidate.name === 'Foyer')! as Wallet
  const adapter = new StandardWalletAdapter({ wallet: wallet as never })
  cleanups.push(() => adapter.destroy())
  return { testWallet: testWallet!, kernel, wallet, adapter, foyer: () => kernel.store.getState().connection.namespaces['solana'] }
}

async function verify(address: string, message: Uint8Array, signature: Uint8Array) {
  return verifySignature(await getPublicKeyFromAddress(address as Address), signature as never, message as never)
}

describe('foyer/solana-wallet-adapter', () => {
  it('registers one Wallet Standard wallet that wallet-adapter accepts, and that Foyer does not list as a wallet', async () => {
    const { kernel, wallet, adapter } = await setup()
    expect(
      getWallets()
        .get()
        .filter((candidate) => candidate.name === 'Foyer'),
    ).toHaveLength(1)
    expect(isWalletAdapterCompatibleStandardWallet(wallet as never)).toBe(true)
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(adapter.readyState).toBe(WalletReadyState.Installed)
    expect(kernel.store.getState().connection.connectors.map((connector) => connector.id)).toEqual([SOLANA_TEST_CONNECTOR_ID])
    // The chain and the adapter agree on the marker (a chain imports no adapter, so each spells it).
    expect(CHAIN_SKIPS).toBe(FOYER_WALLET_FEATURE)
    expect(wallet.features).toHaveProperty(FOYER_WALLET_FEATURE)
  })

  it('a wallet connected in Foyer is the account of the wallet; the adapter connects without asking anyone', async () => {
    const { kernel, wallet, adapter, testWallet } = await setup()
    expect(wallet.accounts).toEqual([])
    await connect(kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
    expect(wallet.accounts.map((account) => account.address)).toEqual([DEV_WALLET_ADDRESS])
    const calls = testWallet.calls.length
    await adapter.connect()
    expect(adapter.connected).toBe(true)
    expect(adapter.publicKey?.toBase58()).toBe(DEV_WALLET_ADDRESS)
    expect(testWallet.calls.slice(calls)).toEqual([])
  })

  it("the adapter's signMessage is signed by the wallet connected in Foyer, and verifies", async () => {
    const { kernel, adapter, testWallet } = await setup()
    await connect(kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
    await adapter.connect()
    const message = new TextEncoder().encode('hello from wallet-adapter')
    const signature = await adapter.signMessage!(message)
    await expect(verify(DEV_WALLET_ADDRESS, message, signature)).resolves.toBe(true)
    expect(testWallet.calls.at(-1)).toBe('solana:signMessage')
    // The visitor refusing in the wallet is the adapter's error, with the wallet's words.
    testWallet.answers.set('solana:signMessage', 'reject')
    await expect(adapter.signMessage!(message)).rejects.toMatchObject({
      name: 'WalletSignMessageError',
      message: expect.stringContaining('User rejected'),
    })
  })

  it("the adapter's sendTransaction (web3.js, the app's own Connection) moves SOL on the local SVM", async () => {
    const { kernel, adapter, testWallet } = await setup()
    await connect(kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
    await adapter.connect()
    const connection = new Connection(node.url, 'confirmed')
    const receiver = new PublicKey(TEST_WALLET_ADDRESS)
    const before = await connection.getBalance(receiver)
    const transaction = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: adapter.publicKey!, toPubkey: receiver, lamports: 1_234_567 }),
    )
    const signature = await adapter.sendTransaction(transaction, connection)
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await vi.waitFor(async () => expect(await connection.getBalance(receiver)).toBe(before + 1_234_567))
    expect(testWallet.calls).toContain('solana:signTransaction')
  })

  it("the adapter's connect opens Foyer's modal at Connect and resolves once a Solana wallet connects there", async () => {
    const { kernel, adapter } = await setup()
    const connecting = adapter.connect()
    await vi.waitFor(() => expect(kernel.store.getState().modal.open).toBe(true))
    expect(kernel.router.current().view).toBe('Connect')
    await connect(kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
    await connecting
    expect(adapter.publicKey?.toBase58()).toBe(DEV_WALLET_ADDRESS)
  })

  it("closing Foyer's modal first fails the adapter's connect with 'Modal closed'", async () => {
    const { kernel, adapter } = await setup()
    const errors: Error[] = []
    adapter.on('error', (error) => void errors.push(error))
    const connecting = adapter.connect()
    await vi.waitFor(() => expect(kernel.store.getState().modal.open).toBe(true))
    closeModal(kernel)
    await expect(connecting).rejects.toMatchObject({ name: 'WalletConnectionError', message: 'Modal closed' })
    expect(adapter.connected).toBe(false)
    expect(errors).toHaveLength(1)
  })

  it('disconnecting in Foyer disconnects the adapter; disconnecting the adapter disconnects Foyer', async () => {
    const { kernel, adapter, foyer } = await setup()
    await connect(kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
    await adapter.connect()
    const disconnected = vi.fn()
    adapter.on('disconnect', disconnected)
    await disconnect(kernel)
    expect(adapter.connected).toBe(false)
    expect(disconnected).toHaveBeenCalledTimes(1)

    await connect(kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
    await adapter.connect()
    await adapter.disconnect()
    expect(foyer()?.status).toBe('disconnected')
    expect(adapter.connected).toBe(false)
  })

  it("another account chosen in the wallet is the adapter's new public key", async () => {
    const { kernel, adapter, testWallet } = await setup()
    await connect(kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
    await adapter.connect()
    testWallet.switchAccount(TEST_WALLET_KEYPAIR)
    expect(adapter.publicKey?.toBase58()).toBe(TEST_WALLET_ADDRESS)
    // And it signs with the new account.
    const message = new TextEncoder().encode('switched')
    await expect(verify(TEST_WALLET_ADDRESS, message, await adapter.signMessage!(message))).resolves.toBe(true)
  })

  it('a signing request for an account that is not the connected one is refused before the wallet is asked', async () => {
    const { kernel, wallet, testWallet } = await setup()
    await connect(kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
    const stale = { ...wallet.accounts[0]!, address: TEST_WALLET_ADDRESS }
    const feature = wallet.features['solana:signMessage'] as { signMessage(input: unknown): Promise<unknown> }
    const calls = testWallet.calls.length
    await expect(feature.signMessage({ account: stale, message: new Uint8Array([1]) })).rejects.toThrow(
      'Address or auth connector not found',
    )
    expect(testWallet.calls.slice(calls)).toEqual([])
  })

  it('with nothing connected, signing says so in the words of the rules', async () => {
    const { wallet } = await setup()
    const feature = wallet.features['solana:signTransaction'] as { signTransaction(input: unknown): Promise<unknown> }
    await expect(feature.signTransaction({ account: { address: DEV_WALLET_ADDRESS }, transaction: new Uint8Array() })).rejects.toThrow(
      'Address or auth connector not found',
    )
  })

  it("after a reload, the adapter's silent connect waits for Foyer to restore the session, then connects without a prompt", async () => {
    const storage = createMemoryBackend()
    const before = await setup({ kernel: { storage } })
    await connect(before.kernel, { connectorId: SOLANA_TEST_CONNECTOR_ID })
    await before.kernel.destroy()
    const calls = before.testWallet.calls.length

    // The new page: the adapter asks before Foyer's Solana side has even started.
    const kernel = testKernel({ plugins: [solana({ networks: [local] })], storage })
    cleanups.push(() => kernel.destroy())
    const wallet = createFoyerWallet(kernel)
    const adapter = new StandardWalletAdapter({ wallet: wallet as never })
    cleanups.push(() => adapter.destroy())
    expect(kernel.store.getState().connection.namespaces['solana']).toBeUndefined()
    await adapter.autoConnect()
    expect(adapter.publicKey?.toBase58()).toBe(DEV_WALLET_ADDRESS)
    expect(before.testWallet.calls.slice(calls)).toEqual(['standard:connect (silent)'])
  })

  it('a silent connect with no session to restore gives up after RESTORE_WAIT_MS, without opening the modal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const kernel = testKernel({ plugins: [solana({ networks: [local] })] })
      cleanups.push(() => kernel.destroy())
      const wallet = createFoyerWallet(kernel) as FoyerWallet
      const connect = (wallet.features['standard:connect'] as { connect(input: { silent: boolean }): Promise<{ accounts: unknown[] }> })
        .connect
      let result: { accounts: unknown[] } | undefined
      void connect({ silent: true }).then((value) => (result = value))
      await vi.advanceTimersByTimeAsync(RESTORE_WAIT_MS - 1)
      expect(result).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      expect(result).toEqual({ accounts: [] })
      expect(kernel.store.getState().modal.open).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('with enableReconnect off, a silent connect answers at once', async () => {
    const kernel = testKernel({ plugins: [solana({ networks: [local] })], enableReconnect: false })
    cleanups.push(() => kernel.destroy())
    const wallet = createFoyerWallet(kernel)
    const connect = (wallet.features['standard:connect'] as { connect(input: { silent: boolean }): Promise<{ accounts: unknown[] }> })
      .connect
    await expect(connect({ silent: true })).resolves.toEqual({ accounts: [] })
  })
})
