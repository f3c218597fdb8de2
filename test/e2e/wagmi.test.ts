// End to end: the wagmi example app (examples/wagmi-app) built for production, as CI builds it, in
// Chromium against the local anvils, with 'Test Wallet' announced through EIP-6963. The app's own code
// is wagmi hooks only; Foyer's modal connects the wallet (issue #20).
import { createPublicClient, formatEther, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { connectWallet, openDemo, pickWallet, TEST_KEY, useStack } from './harness.js'
import type { Page } from 'playwright-core'

const account = privateKeyToAccount(TEST_KEY)
// anvil's third test account: no other account of the local stack sends from or to it here.
const receiver = ANVIL_ACCOUNTS[2]!.address
const stack = useStack({ app: 'examples/wagmi-app' })

const client = (chainId: string) => createPublicClient({ transport: http(stack.chains[chainId]!.rpcUrl) })
const text = (page: Page, testId: string) => page.getByTestId(testId).textContent()
const foyerButton = (page: Page) => page.locator('[data-foyer-connect-button]')

describe('the wagmi example app with Foyer on anvil', () => {
  it("connects through Foyer's modal; useBalance, useSignMessage, useSendTransaction and useSwitchChain work through it; disconnecting in either disconnects both", async () => {
    const { context, page, errors } = await openDemo(stack)
    // Foyer's button and modal, an EIP-6963 wallet: wagmi's useAccount shows it.
    await connectWallet(page, /^Test Wallet/, account.address)
    expect(await text(page, 'status')).toBe('connected')
    expect(await text(page, 'chain')).toBe('31337')

    // useBalance: the balance on anvil.
    const balance = `${formatEther(await client('31337').getBalance({ address: account.address }))} ETH`
    await expect.poll(() => text(page, 'balance')).toBe(balance)

    // useSignMessage: a signature viem verifies.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    await expect(verifyMessage({ address: account.address, message: 'Hello from wagmi through Foyer', signature })).resolves.toBe(true)

    // useSendTransaction: ETH moves, as anvil confirms.
    const before = await client('31337').getBalance({ address: receiver })
    await page.getByLabel('To').fill(receiver)
    await page.getByLabel('ETH').fill('1.25')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => text(page, 'receipt')).toBe('success')
    const hash = (await text(page, 'hash')) as `0x${string}`
    const receipt = await client('31337').getTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: account.address.toLowerCase(), to: receiver.toLowerCase() })
    expect(await client('31337').getBalance({ address: receiver })).toBe(before + parseEther('1.25'))

    // useSwitchChain: to 31338, and Foyer's Account view follows.
    await page.getByRole('button', { name: 'Switch to 31338' }).click()
    await expect.poll(() => text(page, 'chain')).toBe('31338')
    await foyerButton(page).click()
    const accountView = page.getByRole('dialog', { name: 'Account' })
    await expect.poll(() => accountView.getByRole('button', { name: /Foyer Local B/ }).count()).toBe(1)

    // Disconnecting in Foyer disconnects wagmi.
    await accountView.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => text(page, 'status')).toBe('disconnected')

    // wagmi's connect opens Foyer's modal; the wallet picked there is wagmi's.
    await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
    await pickWallet(page, /^Test Wallet/, account.address)
    expect(await text(page, 'status')).toBe('connected')

    // Disconnecting in wagmi disconnects Foyer.
    await page.getByRole('button', { name: 'Disconnect with wagmi' }).click()
    await expect.poll(() => text(page, 'status')).toBe('disconnected')
    await expect.poll(() => foyerButton(page).textContent()).toBe('Connect')
    expect(errors).toEqual([])
    await context.close()
  })

  it('after a reload wagmi is connected again, to the session Foyer restored', async () => {
    const { context, page, errors } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    await page.reload()
    await expect.poll(() => text(page, 'address')).toBe(account.address)
    expect(await text(page, 'status')).toBe('connected')
    await expect.poll(() => foyerButton(page).getAttribute('data-status')).toBe('connected')
    // Still usable: a signature after the reload verifies.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    await expect(verifyMessage({ address: account.address, message: 'Hello from wagmi through Foyer', signature })).resolves.toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it("the visitor closing Foyer's modal is wagmi's connect error, and nothing is connected", async () => {
    const { context, page } = await openDemo(stack)
    await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
    await page.getByRole('dialog', { name: 'Connect a wallet' }).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('User rejected the request.')
    expect(await text(page, 'status')).toBe('disconnected')
    await context.close()
  })
})
