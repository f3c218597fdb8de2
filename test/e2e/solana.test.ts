// End to end on Solana: the demo as `npm start` serves it, in Chromium, with 'Test Solana Wallet'
// (a Wallet Standard wallet signing with the local node's funded test key) against the real local
// SVM. Nothing here is mocked.
import { createSolanaRpc, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type Address } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { formatBalance, formatUnits } from '../../kernel/model/format.js'
import { TEST_WALLET_ADDRESS } from '../../services/dev/solana/index.mjs'
import { connectWallet, openAccount, openDemo, pickWallet, TEST_KEY, useStack } from './harness.js'
import { privateKeyToAccount } from 'viem/accounts'

const evmAddress = privateKeyToAccount(TEST_KEY).address
const stack = useStack()

async function chainBalance() {
  const { value } = await createSolanaRpc(stack.solana.rpcUrl)
    .getBalance(TEST_WALLET_ADDRESS as Address)
    .send()
  return `${formatBalance(formatUnits(value, 9))} SOL`
}

describe('the demo with a Wallet Standard wallet on the local SVM', () => {
  it('connects from the modal, shows the real SOL balance, and disconnects', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Solana Wallet/, TEST_WALLET_ADDRESS)
    await expect.poll(() => page.getByTestId('network').textContent()).toBe(`Foyer Solana Local (${stack.solana.chainId})`)
    const balance = await chainBalance()
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe(balance)

    const dialog = await openAccount(page)
    await expect.poll(() => dialog.getByText(balance).count()).toBeGreaterThan(0)
    await dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    await context.close()
  })

  it('signs a message whose base58 ed25519 signature verifies against the address', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Solana Wallet/, TEST_WALLET_ADDRESS)
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const signature = (await page.getByTestId('signature').textContent())!
    const publicKey = await getPublicKeyFromAddress(TEST_WALLET_ADDRESS as Address)
    const verified = await verifySignature(
      publicKey,
      getBase58Encoder().encode(signature) as never,
      getUtf8Encoder().encode('Hello from the Foyer demo') as never,
    )
    expect(verified).toBe(true)

    // A refusal in the wallet is reported to the page and changes nothing else.
    await page.evaluate(() => window.__testWallet.reject('solana:signMessage'))
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Signing failed')
    await expect(page.getByTestId('status').textContent()).resolves.toBe('connected')
    await context.close()
  })

  it('a rejected connection shows the error, and trying again connects', async () => {
    const { context, page } = await openDemo(stack)
    await page.evaluate(() => window.__testWallet.reject('standard:connect'))
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.getByRole('button', { name: /^Test Solana Wallet/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Test Solana Wallet' })
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Connection rejected')
    await page.evaluate(() => window.__testWallet.approve('standard:connect'))
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(TEST_WALLET_ADDRESS)
    await context.close()
  })

  it('EVM and Solana connections coexist; the Account view moves between them', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, evmAddress)
    await page.getByRole('button', { name: 'Open Connect' }).click()
    await pickWallet(page, /^Test Solana Wallet/, TEST_WALLET_ADDRESS)
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe(await chainBalance())

    const dialog = await openAccount(page)
    await dialog.getByRole('button', { name: 'Show Ethereum account' }).click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(evmAddress)
    await expect.poll(() => page.getByTestId('network').textContent()).toContain('eip155:31337')
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(/ ETH$/)
    await dialog.getByRole('button', { name: 'Show Solana account' }).click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(TEST_WALLET_ADDRESS)
    await expect.poll(() => page.getByTestId('network').textContent()).toContain(stack.solana.chainId)

    // "Sign a message" signs with the namespace shown: Solana now. (Closed with its button: the
    // switch button that had focus is gone once its namespace shows, so Escape would reach no one.)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    await context.close()
  })

  it('reconnects after a reload without asking again', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Solana Wallet/, TEST_WALLET_ADDRESS)
    await page.reload()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(TEST_WALLET_ADDRESS)
    await expect(page.getByRole('dialog').count()).resolves.toBe(0)
    // The test wallet approves anything, so an address alone would not show that nothing was asked: only a silent
    // connect reached it.
    expect(await page.evaluate(() => window.__testWallet.solanaCalls)).toEqual(['standard:connect (silent)'])
    await context.close()
  })
})
