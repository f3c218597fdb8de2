// End to end: the Send view in the demo, against the real local chains and the real blockchain API.
// On EVM, ETH, USDC and the USDT-style token (its transfer returns nothing) go to anvil #2, whose
// balances are read from the chain; a rejected signature shows the error and leaves the form as it
// was; then the Account view shows the new balances and Activity the three sends. On Solana, SOL and
// the fixture SPL token go to the dev wallet, read back from the local SVM.
import { address as solanaAddress, createSolanaRpc } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, formatUnits, http, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Page } from 'playwright-core'
import { formatBalance } from '../../kernel/model/format.js'
import { DEV_WALLET_ADDRESS, TEST_WALLET_ADDRESS } from '../../services/dev/solana/index.mjs'
import { connectWallet, openAccount, openDemo, pickOption, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // anvil account #2
const stack = useStack()

async function openSend(page: Page) {
  const accountView = await openAccount(page)
  await accountView.getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Send' })
  await dialog.getByRole('combobox').waitFor()
  return dialog
}

async function fill(dialog: ReturnType<Page['getByRole']>, symbol: string, amount: string, receiver = RECEIVER) {
  await pickOption(dialog, 'Token', symbol)
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount)
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
  await dialog.getByRole('button', { name: 'Preview' }).click()
}

/** The chains the page read through the public RPC service (the demo sets `services.rpc`, rules §7), as they are asked. */
function readsThroughRpc(page: Page): string[] {
  const chains: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().startsWith(`${stack.fixtures.rpc.url}/v1?`))
      chains.push(new URL(request.url()).searchParams.get('chainId') ?? '')
  })
  return chains
}

/** Sends from an open Send view and waits for the Account view it returns to (rules §2). */
async function sendAndReturn(page: Page, dialog: ReturnType<Page['getByRole']>, what: string) {
  await dialog.getByRole('button', { name: 'Send now' }).click()
  await page
    .getByRole('dialog', { name: 'Account' })
    .waitFor({ timeout: 15_000 })
    .catch(async (error: unknown) => {
      throw new Error(`${what}: ${await page.getByRole('dialog').textContent()}`, { cause: error })
    })
}

describe('send', () => {
  it('sends ETH, USDC and the USDT-style token to anvil #2; a rejected signature keeps the form', async () => {
    const chain = stack.fixtures.chains['31337']!
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    const token = (address: string) =>
      reader.readContract({ address: address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [RECEIVER] })
    const ethBefore = await reader.getBalance({ address: RECEIVER })
    const usdcBefore = await token(chain.usdc)
    const usdtBefore = await token(chain.usdt)

    const { context, page } = await openDemo(stack)
    const proxied = readsThroughRpc(page)
    await connectWallet(page, /^Test Wallet/, account.address)

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

    // ETH: the preview is the node's simulation of the transfer (docs/previews.md); then the hash shows.
    await page.evaluate(() => window.__testWallet.approve('eth_sendTransaction'))
    await dialog.getByRole('button', { name: 'Preview' }).click()
    await expect.poll(() => dialog.getByTestId('simulation').locator('dd').allTextContents()).toEqual(['0.5 ETH'])
    await dialog.getByRole('button', { name: 'Send now' }).click()
    await expect.poll(() => dialog.getByTestId('send-hash').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await reader.getBalance({ address: RECEIVER })).toBe(ethBefore + 500_000_000_000_000_000n)

    // USDC, then the USDT-style token: after a token send the view returns to Account (rules §2).
    for (const [symbol, address, before] of [
      ['USDC', chain.usdc, usdcBefore],
      ['USDTS', chain.usdt, usdtBefore],
    ] as const) {
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      dialog = await openSend(page)
      await fill(dialog, symbol, '2.25')
      await sendAndReturn(page, dialog, symbol)
      expect(await token(address)).toBe(before + 2_250_000n)
    }

    // The Account view shows what the chain now says: the sender's ETH and USDC after the sends.
    const accountView = page.getByRole('dialog', { name: 'Account' })
    const eth = `${formatBalance(formatUnits(await reader.getBalance({ address: account.address }), 18))} ETH`
    await expect.poll(() => accountView.getByText(eth).count()).toBeGreaterThan(0)
    const usdcLeft = formatUnits(
      await reader.readContract({ address: chain.usdc as Address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] }),
      6,
    )
    await expect
      .poll(() => accountView.getByRole('list', { name: 'Your tokens' }).textContent())
      .toContain(`${formatBalance(usdcLeft)} USDC`)

    // Activity lists the three sends, newest first, once the API has indexed their blocks.
    await expect
      .poll(
        async () => {
          await accountView.getByRole('tab', { name: 'Tokens' }).click()
          await accountView.getByRole('tab', { name: 'Activity' }).click()
          return (await accountView.getByTestId('activity-row').allTextContents()).slice(0, 3)
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual([expect.stringContaining('-2.25 USDTS'), expect.stringContaining('-2.25 USDC'), expect.stringContaining('-0.5 ETH')])
    // Balances and receipts were read through the public RPC service, never the node itself.
    expect(new Set(proxied)).toEqual(new Set(['eip155:31337']))
    await context.close()
  })

  it('sends SOL and the fixture SPL token on the local SVM; the dev wallet receives them', async () => {
    const rpc = createSolanaRpc(stack.fixtures.solana.rpcUrl)
    const mint = solanaAddress(stack.fixtures.solana.usdc)
    const sol = async () => (await rpc.getBalance(solanaAddress(DEV_WALLET_ADDRESS)).send()).value
    const usdc = async (owner: string) => {
      const { value } = await rpc.getTokenAccountsByOwner(solanaAddress(owner), { mint }, { encoding: 'jsonParsed' }).send()
      return value.reduce((sum, { account: tokenAccount }) => sum + BigInt(tokenAccount.data.parsed.info.tokenAmount.amount), 0n)
    }
    const solBefore = await sol()
    const usdcBefore = await usdc(DEV_WALLET_ADDRESS)

    const { context, page } = await openDemo(stack)
    const proxied = readsThroughRpc(page)
    await connectWallet(page, /^Test Solana Wallet/, TEST_WALLET_ADDRESS)

    let dialog = await openSend(page)
    await fill(dialog, 'SOL', '0.75', DEV_WALLET_ADDRESS)
    await sendAndReturn(page, dialog, 'SOL')
    expect(await sol()).toBe(solBefore + 750_000_000n)

    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    dialog = await openSend(page)
    await fill(dialog, 'USDC', '12.5', DEV_WALLET_ADDRESS)
    await sendAndReturn(page, dialog, 'USDC')
    expect(await usdc(DEV_WALLET_ADDRESS)).toBe(usdcBefore + 12_500_000n)

    // The Account view's Tokens tab reads the sender's new USDC balance.
    const left = formatUnits(await usdc(TEST_WALLET_ADDRESS), 6)
    const tokens = page.getByRole('dialog', { name: 'Account' }).getByRole('list', { name: 'Your tokens' })
    await expect.poll(() => tokens.textContent()).toContain(`${formatBalance(left)} USDC`)
    expect(proxied).toContain(stack.fixtures.solana.chainId)
    await context.close()
  })
})
