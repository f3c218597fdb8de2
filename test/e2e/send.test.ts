// End to end: the Send view in the demo, against the real local chain. ETH, USDC and the USDT-style
// token (its transfer returns nothing) go to anvil #2, whose balances are read from the chain; a
// rejected signature shows the error and leaves the form as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, http, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Page } from 'playwright-core'
import { startStack, TEST_KEY, type Stack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // anvil account #2
let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})

afterAll(async () => {
  await stack?.stop()
})

async function openSend(page: Page) {
  await page.getByRole('button', { name: 'Open Account' }).click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Send' })
  await dialog.getByRole('combobox').waitFor()
  return dialog
}

async function fill(dialog: ReturnType<Page['getByRole']>, symbol: string, amount: string) {
  await expect.poll(() => dialog.getByRole('combobox').textContent(), { timeout: 15_000 }).toContain(symbol)
  await dialog.getByRole('combobox').selectOption({ label: symbol })
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount)
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(RECEIVER)
  await dialog.getByRole('button', { name: 'Preview' }).click()
}

describe('send', () => {
  it('behavior: sends ETH, USDC and the USDT-style token to anvil #2; a rejected signature keeps the form', async () => {
    const chain = stack.fixtures.chains['31337']!
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    const token = (address: string) => reader.readContract({ address: address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [RECEIVER] })
    const ethBefore = await reader.getBalance({ address: RECEIVER })
    const usdcBefore = await token(chain.usdc)
    const usdtBefore = await token(chain.usdt)

    const { context, page } = await stack.newPage()
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.getByRole('button', { name: /^Test Wallet/ }).click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account.address)

    // A refused signature: the error shows, nothing is sent, the form keeps its values.
    let dialog = await openSend(page)
    await fill(dialog, 'ETH', '0.5')
    await page.evaluate(() => window.__testWallet.reject('eth_sendTransaction'))
    await dialog.getByRole('button', { name: 'Send now' }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('You declined the transfer in your wallet')
    await dialog.getByRole('button', { name: 'Edit' }).click()
    expect(await dialog.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('0.5')
    expect(await dialog.getByRole('textbox', { name: 'Receiver address' }).inputValue()).toBe(RECEIVER)
    expect(await reader.getBalance({ address: RECEIVER })).toBe(ethBefore)

    // ETH: the hash shows.
    await page.evaluate(() => window.__testWallet.approve('eth_sendTransaction'))
    await dialog.getByRole('button', { name: 'Preview' }).click()
    await dialog.getByRole('button', { name: 'Send now' }).click()
    await expect.poll(() => dialog.getByTestId('send-hash').textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await reader.getBalance({ address: RECEIVER })).toBe(ethBefore + 500_000_000_000_000_000n)

    // USDC, then the USDT-style token: after a token send the view returns to Account (§2).
    for (const [symbol, address, before] of [['USDC', chain.usdc, usdcBefore], ['USDTS', chain.usdt, usdtBefore]] as const) {
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      dialog = await openSend(page)
      await fill(dialog, symbol, '2.25')
      await dialog.getByRole('button', { name: 'Send now' }).click()
      await page.getByRole('dialog', { name: 'Account' }).waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
        throw new Error(`${symbol}: ${await page.getByRole('dialog').textContent()}`, { cause: error })
      })
      expect(await token(address)).toBe(before + 2_250_000n)
    }
    await context.close()
  })
})
