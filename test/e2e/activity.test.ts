// End to end: a transfer sent through the demo's Send view shows in Activity at once, as pending, and then as
// the real blockchain API lists it, without the visitor leaving the tab, whatever the history cache held: the
// tab had read (and cached) the account's history before the send.
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { connectWallet, openAccount, openDemo, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // anvil account #2
const stack = useStack()

declare global {
  interface Window {
    /** What the Activity row of one hash showed, each change once: `status|text`. */
    __activitySeen?: string[]
  }
}

describe('activity', () => {
  it('a send shows in Activity at once as pending, then confirmed once the API lists it', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)

    // The tab reads the history first, so the cache holds a page without the send.
    let accountView = await openAccount(page)
    await accountView.getByRole('tab', { name: 'Activity' }).click()
    await accountView
      .getByTestId('activity-row')
      .first()
      .or(accountView.getByText('No activity on this network yet.'))
      .waitFor({ timeout: 15_000 })

    await accountView.getByRole('button', { name: 'Send', exact: true }).click()
    const send = page.getByRole('dialog', { name: 'Send' })
    // The coin is chosen for the visitor.
    await expect.poll(() => send.getByRole('combobox', { name: 'Token' }).textContent()).toContain('ETH')
    await send.getByRole('textbox', { name: 'Amount' }).fill('0.125')
    await send.getByRole('textbox', { name: 'Receiver address' }).fill(RECEIVER)
    await send.getByRole('button', { name: 'Preview' }).click()
    await send.getByRole('button', { name: 'Send now' }).click()
    await expect.poll(() => send.getByTestId('send-hash').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const hash = (await send.getByTestId('send-hash').textContent())!

    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    accountView = await openAccount(page)
    await accountView.getByRole('tab', { name: 'Tokens' }).waitFor()

    // Every state the row of this hash goes through, read in the modal's shadow root as the DOM changes.
    await page.evaluate((wanted) => {
      const host = [...document.querySelectorAll('*')].find((element) => element.shadowRoot?.querySelector('[role="dialog"]'))
      const root = host!.shadowRoot!
      const seen: string[] = []
      window.__activitySeen = seen
      const read = () => {
        for (const row of root.querySelectorAll<HTMLElement>(`[data-hash="${wanted}" i]`)) {
          const state = `${row.dataset['status']}|${row.textContent}`
          if (seen.at(-1) !== state) seen.push(state)
        }
      }
      new MutationObserver(read).observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
    }, hash)
    await accountView.getByRole('tab', { name: 'Activity' }).click()

    // Confirmed well within the 20 s the bug took, with the tab left open (no switching tabs to read again).
    await expect.poll(() => page.evaluate(() => window.__activitySeen!.at(-1)?.split('|')[0]), { interval: 250 }).toBe('confirmed')
    const seen = await page.evaluate(() => window.__activitySeen!)
    expect(seen[0]).toMatch(/^pending\|Sent Pending.*-0\.125 ETH$/)
    expect(seen.at(-1)).toMatch(/^confirmed\|Sent.*-0\.125 ETH$/)
    expect(seen.at(-1)).not.toContain('Pending')
    expect(await accountView.locator(`[data-hash="${hash}" i]`).count()).toBe(1)
    await context.close()
  })
})
