// End to end: WalletConnect in the demo, in Chromium, through the local relay (services/dev/relay), with a
// real wallet-side @walletconnect/sign-client in this Node process that signs with anvil's first key.
// The wallet list comes from the local directory (services/directory). Nothing here is mocked.
import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { scanQrPath } from '../scanQrCode.js'
import { createWalletConnectWallet, type WalletConnectWallet } from '../walletConnectWallet.js'
import { openAccount, openDemo, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const wallets: WalletConnectWallet[] = []

beforeAll(() => {
  // The wallet's sign-client: a Core of its own, and no Verify or telemetry calls (the SDK's test switch).
  vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
  vi.stubEnv('IS_VITEST', 'true')
})

afterAll(() => {
  vi.unstubAllEnvs()
})

// After the hooks above: beforeAll hooks run in order and afterAll hooks in reverse (vitest's
// `sequence.hooks: 'stack'`), so the stubs are set before the stack starts and lifted after it stops.
const stack = useStack()

afterEach(async () => {
  for (const wallet of wallets.splice(0)) await wallet.close()
})

/** "Copy link" puts the pairing URI on the clipboard, which the test reads back. */
const CLIPBOARD = ['clipboard-read', 'clipboard-write']

const walletRows = (page: Page) => page.getByRole('list', { name: 'Wallets' }).getByRole('listitem')

describe('WalletConnect in the demo', () => {
  it('All Wallets → search → a wallet → Copy link → the wallet pairs, signs, survives a reload and disconnects', async () => {
    const { context, page, errors } = await openDemo(stack, { permissions: CLIPBOARD })
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const connectDialog = page.getByRole('dialog', { name: 'Connect a wallet' })
    // rules §2: WalletConnect comes first among the wallets.
    const firstWallet = connectDialog.getByRole('list', { name: 'Wallets' }).locator('.f-list-item-label').first()
    await expect.poll(() => firstWallet.textContent()).toBe('WalletConnect')
    await connectDialog.getByRole('button', { name: 'All wallets' }).click()

    // rules §9: 40 wallets a page; the end of the list loads the next 40.
    const allWallets = page.getByRole('dialog', { name: 'All wallets' })
    await expect.poll(() => walletRows(page).count()).toBe(40)
    await allWallets.getByTestId('load-more').scrollIntoViewIfNeeded()
    await expect.poll(() => walletRows(page).count()).toBe(80)

    await allWallets.getByRole('searchbox', { name: 'Search wallets' }).fill('Zerion')
    await expect.poll(() => walletRows(page).allTextContents()).toEqual(['Zerion'])
    await allWallets.getByRole('button', { name: 'Zerion' }).click()

    // The wallet's own view: its name, a QR code, Copy link, its web app with the same URI.
    const zerion = page.getByRole('dialog', { name: 'Zerion' })
    const qr = zerion.getByRole('img', { name: 'Scan with Zerion on your phone' })
    await qr.waitFor()
    await zerion.getByRole('button', { name: 'Copy link' }).click()
    await page.getByText('Link copied').waitFor()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const webApp = await zerion.getByRole('link', { name: 'Open Zerion web app' }).getAttribute('href')
    expect(new URL(webApp!).searchParams.get('uri')).toBe(uri)
    expect(webApp).toMatch(/^https:\/\/app\.zerion\.io\/wc\?uri=/)

    // The wallet scans the code (an independent decoder reads the drawn QR code), pairs with the URI it holds and
    // approves with its account on 31337.
    const path = await qr.locator('path').getAttribute('d')
    const extent = Number((await qr.getAttribute('viewBox'))?.split(' ')[2])
    const scanned = scanQrPath(path!, extent)
    expect(scanned).toBe(uri)
    const wallet = await createWalletConnectWallet({ relayUrl: stack.relayUrl, privateKey: TEST_KEY })
    wallets.push(wallet)
    const session = await wallet.pair(scanned!)
    expect(session.namespaces['eip155']?.accounts).toEqual([`eip155:31337:${account.address}`])
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account.address)
    await expect.poll(() => page.getByTestId('network').textContent()).toContain('eip155:31337')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // The demo's "Sign a message" goes to the wallet, which signs with the anvil key; no Verify wait (5 s) on the way.
    const started = Date.now()
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(Date.now() - started).toBeLessThan(4000)
    await expect(verifyMessage({ address: account.address, message: 'Hello from the Foyer demo', signature })).resolves.toBe(true)
    expect(wallet.requests.map((request) => [request.method, request.chainId])).toEqual([['personal_sign', 'eip155:31337']])

    // rules §4: after a reload the stored session comes back without the wallet being asked.
    await page.reload()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account.address)
    await expect(page.getByTestId('status').textContent()).resolves.toBe('connected')
    expect(wallet.requests).toHaveLength(1)
    expect(wallet.sessions()).toHaveLength(1)

    // The visitor disconnects in the wallet app: the demo follows.
    await wallet.disconnect(session.topic)
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    expect(errors).toEqual([])
    await context.close()
  })

  it("a rejection in the wallet shows 'Connection rejected' and the retry makes a new code that connects", async () => {
    const { context, page } = await openDemo(stack, { permissions: CLIPBOARD })
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'WalletConnect' }).click()
    const dialog = page.getByRole('dialog', { name: 'WalletConnect' })
    await dialog.getByRole('img', { name: 'QR code to connect a wallet' }).waitFor()
    await dialog.getByRole('button', { name: 'Copy link' }).click()
    // The clipboard is written asynchronously after the click.
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^wc:/)
    const uri = await page.evaluate(() => navigator.clipboard.readText())

    const wallet = await createWalletConnectWallet({ relayUrl: stack.relayUrl, privateKey: TEST_KEY, proposal: 'reject' })
    wallets.push(wallet)
    await wallet.client.pair({ uri })
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Connection rejected')
    // rules §9: the retry is allowed after 1 s.
    const retry = dialog.getByRole('button', { name: 'Try again' })
    await expect.poll(() => retry.isEnabled()).toBe(true)
    await retry.click()
    await dialog.getByRole('img', { name: 'QR code to connect a wallet' }).waitFor()
    await dialog.getByRole('button', { name: 'Copy link' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe(uri)
    const fresh = await page.evaluate(() => navigator.clipboard.readText())
    expect(fresh).toMatch(/^wc:/)

    wallet.answer('proposal', 'approve')
    await wallet.pair(fresh)
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account.address)

    // Disconnecting from the site ends the session in the wallet too.
    const accountView = await openAccount(page)
    await accountView.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    await expect.poll(() => wallet.sessions().length).toBe(0)
    await context.close()
  })
})

describe('the wallet directory failing (rules §8)', () => {
  it("a 429 shows 'Rate Limited' and a 503 'Server Error'; the list recovers on retry", async () => {
    const { context, page } = await openDemo(stack, { permissions: CLIPBOARD })
    // Let the page settle first (remote configuration, the Connect view's wallets asked for on idle),
    // so the failures reach the All Wallets list.
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const connectDialog = page.getByRole('dialog', { name: 'Connect a wallet' })
    // The four recommended wallets' icons come from the directory too: once they are in, the next
    // request the directory answers is the All Wallets list.
    await expect.poll(() => connectDialog.locator('img[src*="getWalletImage"]').count()).toBe(4)
    stack.directory.failNext(429)
    await connectDialog.getByRole('button', { name: 'All wallets' }).click()
    const allWallets = page.getByRole('dialog', { name: 'All wallets' })
    await allWallets.getByText('Rate Limited').waitFor()
    await allWallets.getByText('The wallet list could not be loaded.').waitFor()

    stack.directory.failNext(503)
    await allWallets.getByRole('button', { name: 'Try again' }).click()
    await allWallets.getByText('Server Error').waitFor()
    await allWallets.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => walletRows(page).count()).toBe(40)
    await context.close()
  })
})
