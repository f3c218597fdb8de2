// End to end: axe finds nothing serious on the demo's page once a visitor is connected, with the modal open on Account,
// Send, Swap and Buy, light and dark, on a phone and on a desktop. The stories check every view in every state
// (test/storyQuality.ts); this adds what only the demo has: the host page around the modal and its account button.
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { connectWallet, openDemo, TEST_KEY, useStack } from './harness.js'

const account = privateKeyToAccount(TEST_KEY)
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const stack = useStack()

/** The views of the Account actions, by the button that opens each and the dialog's name. */
const ACTIONS = [
  ['Send', 'Send'],
  ['Swap', 'Swap'],
  ['Buy', 'Buy crypto'],
] as const

describe("the demo's connected views", () => {
  it('axe finds nothing serious or critical on Account, Send, Swap and Buy, light and dark, at 360 and 1280 px', async () => {
    const { context, page } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, account.address)
    const problems: string[] = []
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      for (const theme of ['light', 'dark']) {
        await page.getByRole('radio', { name: theme }).check()
        // The page's account button, as a visitor presses it.
        await page.locator('[data-foyer-connect-button]').click()
        const account = page.getByRole('dialog', { name: 'Account' })
        await account.getByRole('list', { name: 'Your tokens' }).getByRole('listitem').first().waitFor()
        problems.push(...(await axeProblems(page, `Account, ${theme}, ${width} px`)))
        for (const [action, title] of ACTIONS) {
          await account.getByRole('button', { name: action, exact: true }).click()
          const view = page.getByRole('dialog', { name: title })
          // The form is drawn once its token or currency is chosen.
          await view.getByRole('combobox').first().waitFor()
          problems.push(...(await axeProblems(page, `${title}, ${theme}, ${width} px`)))
          await view.getByRole('button', { name: 'Back' }).click()
        }
        await account.getByRole('button', { name: 'Close' }).click()
        await account.waitFor({ state: 'detached' })
      }
    }
    expect(problems).toEqual([])
    await context.close()
  })
})

/** What axe finds serious or critical on the whole page, the modal's shadow root included, one line per element. */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  // What a visitor reads is the view at rest: mid fade-in or mid theme change, axe would measure the colours half
  // blended. `document.getAnimations()` leaves out shadow roots, where the modal's transitions run, so each root is
  // asked; a spinner's endless animation is not waited for.
  await page.evaluate(() => {
    const shadowRoots = [...document.querySelectorAll('*')].flatMap((element) => element.shadowRoot ?? [])
    const animations = [document, ...shadowRoots].flatMap((root) => root.getAnimations())
    const ending = animations.filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    return Promise.all(ending.map((animation) => animation.finished))
  })
  const found = await page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
      resultTypes: ['violations'],
    })
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`))
  })
  return found.map((problem) => `${where}: ${problem}`)
}
