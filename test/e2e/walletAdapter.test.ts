// End to end: the Solana wallet-adapter example app (examples/wallet-adapter-app) built for production,
// as CI builds it, in Chromium against the local SVM, with 'Test Solana Wallet' registered through the
// Wallet Standard. The app's own code is useWallet() and useConnection() only; Foyer's modal connects
// the wallet, and wallet-adapter uses it through the Foyer wallet (issue #20).
import { createSolanaRpc, getPublicKeyFromAddress, verifySignature, type Address } from '@solana/kit'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TEST_WALLET_ADDRESS } from '../../services/dev/solana/index.mjs'
import { openDemo, useStack } from './harness.js'

const stack = useStack({ app: 'examples/wallet-adapter-app' })

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent()
const foyerButton = (page: Page) => page.locator('[data-foyer-connect-button]')

async function connectInFoyer(page: Page) {
  await foyerButton(page).click()
  const connect = page.getByRole('dialog', { name: 'Connect a wallet' })
  // Foyer lists the page's wallets, never its own connection re-exposed for wallet-adapter.
  await connect.getByRole('button', { name: /^Test Solana Wallet/ }).waitFor()
  expect(await connect.getByRole('button', { name: /^Foyer(?! Dev Wallet)/ }).count()).toBe(0)
  expect(await connect.getByRole('button', { name: /^Foyer Dev Wallet/ }).count()).toBe(1)
  await connect.getByRole('button', { name: /^Test Solana Wallet/ }).click()
  await expect.poll(() => text(page, 'public-key')).toBe(TEST_WALLET_ADDRESS)
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

describe('the wallet-adapter example app with Foyer on the local SVM', () => {
  it("a wallet connected in Foyer is useWallet()'s: it signs a message that verifies, useConnection() reads its balance, and a disconnect on either side reaches the other", async () => {
    const { context, page, errors } = await openDemo(stack)
    expect(await text(page, 'connected')).toBe('false')
    await connectInFoyer(page)
    expect(await text(page, 'wallet')).toBe('Foyer')
    expect(await text(page, 'connected')).toBe('true')

    // useConnection(): the app's own web3.js Connection reads the balance from the local SVM.
    const { value } = await createSolanaRpc(stack.solana.rpcUrl)
      .getBalance(TEST_WALLET_ADDRESS as Address)
      .send()
    await expect.poll(() => text(page, 'balance')).toBe(`${Number(value) / 1e9} SOL`)

    // useWallet().signMessage, signed by the wallet connected in Foyer.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const hex = (await page.getByTestId('signature').textContent())!
    const signature = Uint8Array.from(hex.match(/../g)!.map((byte) => Number.parseInt(byte, 16)))
    const message = new TextEncoder().encode('Hello from wallet-adapter through Foyer')
    await expect(
      verifySignature(await getPublicKeyFromAddress(TEST_WALLET_ADDRESS as Address), signature as never, message as never),
    ).resolves.toBe(true)

    // A refusal in the wallet is wallet-adapter's error, and changes nothing else.
    await page.evaluate(() => window.__testWallet.reject('solana:signMessage'))
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('User rejected')
    expect(await text(page, 'connected')).toBe('true')
    await page.evaluate(() => window.__testWallet.approve('solana:signMessage'))

    // wallet-adapter's disconnect disconnects Foyer.
    await page.getByRole('button', { name: 'Disconnect with wallet-adapter' }).click()
    await expect.poll(() => text(page, 'connected')).toBe('false')
    await expect.poll(() => foyerButton(page).textContent()).toBe('Connect')

    // Foyer's disconnect (its Account view) disconnects wallet-adapter.
    await connectInFoyer(page)
    await foyerButton(page).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => text(page, 'connected')).toBe('false')
    expect(await text(page, 'public-key')).toBe('—')
    expect(errors).toEqual([])
    await context.close()
  })

  it('after a reload, wallet-adapter is connected again to the wallet Foyer restored', async () => {
    const { context, page, errors } = await openDemo(stack)
    await connectInFoyer(page)
    await page.reload()
    await expect.poll(() => text(page, 'public-key')).toBe(TEST_WALLET_ADDRESS)
    expect(await text(page, 'wallet')).toBe('Foyer')
    await expect.poll(() => foyerButton(page).getAttribute('data-status')).toBe('connected')
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect.poll(() => page.getByTestId('signature').count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })
})
