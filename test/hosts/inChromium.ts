// A built host served on loopback and used in Chromium the way a visitor uses it, with the test wallets of
// test/e2e/testWallet.ts in the page (an EIP-6963 'Test Wallet' signing with anvil's first key).
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import { startStaticServer } from '../../scripts/benchServer.mjs'
import { injectTestWallet, testWalletConfig } from '../testWalletScript.js'
import { isLoopback } from './layout.js'

export interface OpenedHost {
  page: Page
  /** Console errors and warnings, page errors and failed responses, so far. */
  complaints: string[]
  /** Every URL the page asked for that leaves the machine, so far. */
  remoteRequests: string[]
  close(): Promise<void>
}

/**
 * Serves `root` (a built app) and opens it (at `page`, one of its pages, when given) in a new context of `browser`, with
 * the test wallets on `chains`.
 */
export async function openHost(
  browser: Browser,
  root: string,
  wallet: { script: string; chains: { id: number; rpcUrl: string }[] },
  page = '',
): Promise<OpenedHost> {
  const server = await startStaticServer(root)
  const context = await browser.newContext()
  await injectTestWallet(context, wallet.script, testWalletConfig(wallet.chains))
  const tab = await context.newPage()
  const complaints: string[] = []
  const remoteRequests: string[] = []
  tab.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(`${message.type()}: ${message.text()}`)
  })
  tab.on('pageerror', (error) => complaints.push(`page error: ${error.message}`))
  tab.on('response', (response) => {
    if (response.status() >= 400) complaints.push(`${response.status()}: ${response.url()}`)
  })
  tab.on('request', (request) => {
    if (!isLoopback(request.url())) remoteRequests.push(request.url())
  })
  await tab.goto(new URL(page, server.url).href)
  return {
    page: tab,
    complaints,
    remoteRequests,
    async close() {
      await context.close()
      await server.close()
    },
  }
}

/**
 * Connects through the page's `<foyer-button>` (or `tag`, `<appkit-button>`) as a visitor does: its button (in the
 * element's shadow root, which Playwright's locators pierce), then `wallet` ('Test Wallet' unless told) in the modal;
 * the page then shows the account's address.
 */
export async function connectWithButton(page: Page, address: string, tag = 'foyer-button', wallet = /^Test Wallet/): Promise<void> {
  await page.locator(tag).getByRole('button').click()
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: wallet }).click()
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(address)
  await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
}
