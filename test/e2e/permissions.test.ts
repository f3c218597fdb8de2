// End to end: ERC-7715 permissions enforced on chain (issue #47, docs/permissions.md), through the demo's "Tip 1 USDC
// a day", in Chromium, against the real stack: anvil with the Delegation Framework and EntryPoint v0.8, the local
// bundler (alto), FoyerPaymaster under the demo's policy, the wallet service on its own site. The visitor approves
// the permission once in the frame (which also upgrades their account in place, paid by the site); the site's own
// session key then tips with no approval, until the chain refuses a tip beyond the day's amount and, once the
// visitor revoked the permission from Account, any tip.
import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { erc20Abi, hashMessage, parseAbi, parseEther, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { EIP7702_DELEGATE, ENTRY_POINT_08 } from '../../services/dev/devchain/index.mjs'
import { approveInFrame, openAccount, openDemo, signInWithEmail, useStack } from './harness.js'
import { chainClients, shownEvmAddress } from './localChain.js'

const TIP_RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // the demo's tips go to anvil #2
const stack = useStack({ bundler: true })

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // the demo batch's receiver (anvil #2)
const SPENDER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' // the demo batch's spender (anvil #3)

/** A fresh email visitor, signed in through the demo's Connect. */
async function signUp(page: Page, prefix: string) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await signInWithEmail(page, stack, `${prefix}-${randomBytes(4).toString('hex')}@example.com`)
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })
}

/**
 * The visitor both attacks lure, signed up once (a sign-up fewer than one each), with 5 USDC and no ETH: neither attack
 * may upgrade the account, so each finds it as new. Each attack rejects the approval it attacked before it ends, so the
 * next starts from a connected page with nothing open.
 */
let lured: Promise<{ page: Page; eoa: Hex }> | undefined
function luredVisitor() {
  lured ??= (async () => {
    const { page } = await openDemo(stack)
    await signUp(page, 'lured')
    const eoa = await shownEvmAddress(page)
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await chainClients(stack).fundUsdc(eoa, 5_000_000n)
    return { page, eoa }
  })()
  return lured
}

/** The visitor rejects the approval the frame shows, by its own button, and the modal closes. */
async function rejectInFrame(page: Page) {
  const reject = page.frameLocator(`iframe[src^="${stack.fixtures.wallet!.url}/frame"]`).getByRole('button', { name: 'Reject' })
  await expect.poll(() => reject.isEnabled()).toBe(true)
  await reject.click()
  await page.getByRole('dialog', { name: 'Approve request' }).waitFor({ state: 'detached' })
}

describe('a new wallet is its own EOA, upgraded in place (EIP-7702)', () => {
  it('the first sponsored batch of a visitor with no ETH upgrades the account in the same approval, at the same address; then batches, previews and ERC-1271 work there; Account turns it off', async () => {
    const { page, errors } = await openDemo(stack)
    const { chain, funder, usdc, usdcOf, fundUsdc } = chainClients(stack)
    const frame = page.frameLocator(`iframe[src^="${stack.fixtures.wallet!.url}/frame"]`)
    await signUp(page, 'upgrade')

    // One address: the EOA, no code yet, and no account type to choose in Account.
    const eoa = await shownEvmAddress(page)
    const account = page.getByRole('dialog')
    await account.getByRole('button', { name: 'Permissions' }).waitFor()
    expect(await account.getByRole('button', { name: /^Use (standard|smart) account/ }).count()).toBe(0)
    expect(await chain.getCode({ address: eoa })).toBeUndefined()
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await fundUsdc(eoa, 10_000_000n)
    expect(await chain.getBalance({ address: eoa })).toBe(0n)
    const receiverBefore = await usdcOf(RECEIVER)

    // The first batch: its one approval says it upgrades the account, shows the simulation, and who pays.
    await page.getByRole('button', { name: 'Send a batch (approve + transfer 1 USDC)' }).click()
    const summary = frame.locator('#approval-summary')
    // Said in view, with Details still folded: not something a visitor has to open to learn.
    const upgrade = frame.locator('#approval-upgrade')
    await expect
      .poll(() => upgrade.textContent())
      .toContain(`Upgrade this account to a smart account: delegate ${EIP7702_DELEGATE} on chain 31337`)
    // The text is set before the panel shows: in view once it shows, where folded Details would keep it hidden.
    await expect.poll(() => upgrade.isVisible()).toBe(true)
    expect(await frame.locator('#approval-details').getAttribute('open')).toBeNull()
    expect(await frame.locator('#approval-fee').textContent()).toBe(`Network fee: paid by ${new URL(page.url()).origin}`)
    await expect.poll(() => frame.locator('#approval-preview').textContent()).toContain('USDC')
    await approveInFrame(page, stack)
    await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 60_000 }).toBe('200')
    // Before it, the wallet said it could batch once upgraded (EIP-5792's 'ready'); the batch was one operation.
    expect(await page.getByTestId('batch-atomic-capability').textContent()).toBe('ready')
    expect(await page.getByTestId('batch-atomic').textContent()).toBe('true')
    const [hash, ...more] = ((await page.getByTestId('batch-transactions').textContent()) ?? '').split(' ').filter(Boolean) as Hex[]
    expect(more).toEqual([])
    const transaction = await chain.getTransaction({ hash: hash! })
    expect(transaction.type).toBe('eip7702')
    expect(transaction.to?.toLowerCase()).toBe(ENTRY_POINT_08.toLowerCase())

    // Upgraded in place: the same address runs the delegate, still holds no ETH (the site paid), sent the calls.
    expect(await chain.getCode({ address: eoa })).toBe(`0xef0100${EIP7702_DELEGATE.slice(2).toLowerCase()}`)
    expect(await chain.getBalance({ address: eoa })).toBe(0n)
    expect(await usdcOf(eoa)).toBe(9_000_000n)
    expect(await usdcOf(RECEIVER)).toBe(receiverBefore + 1_000_000n)
    expect(await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [eoa, SPENDER] })).toBe(2_000_000n)
    expect(await shownEvmAddress(page)).toBe(eoa)
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()

    // The next batch: atomic now, no upgrade asked, paid by the site again.
    await page.getByRole('button', { name: 'Send a batch (approve + transfer 1 USDC)' }).click()
    await expect.poll(() => summary.textContent()).toContain(`Send 0 wei to ${usdc}`)
    expect(await summary.textContent()).not.toContain('Upgrade this account')
    expect(await upgrade.isVisible()).toBe(false)
    await approveInFrame(page, stack)
    await expect.poll(() => page.getByTestId('batch-atomic-capability').textContent()).toBe('supported')
    await expect.poll(() => usdcOf(eoa), { timeout: 60_000 }).toBe(8_000_000n)
    expect(await chain.getBalance({ address: eoa })).toBe(0n)

    // ERC-1271: the account's signature verifies against its code (the delegate's isValidSignature).
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await approveInFrame(page, stack)
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
    const signature = (await page.getByTestId('signature').textContent()) as Hex
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    const isValidSignature = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])
    expect(
      await chain.readContract({
        address: eoa,
        abi: isValidSignature,
        functionName: 'isValidSignature',
        args: [hashMessage('Hello from the Foyer demo'), signature],
      }),
    ).toBe('0x1626ba7e')

    // Turned off from Account: the frame asks, the account pays the fee from its own ETH, and its code is gone.
    await funder
      .sendTransaction({ chain: null, to: eoa, value: parseEther('0.01') })
      .then((hash) => chain.waitForTransactionReceipt({ hash }))
    const turnOff = (await openAccount(page)).getByRole('button', { name: /^Turn off smart account/ })
    await turnOff.click()
    await expect
      .poll(() => summary.textContent())
      .toContain('Turn off the smart account on chain 31337: an authorization to the zero address')
    expect(await summary.textContent()).toContain('Permissions you granted stop working')
    await approveInFrame(page, stack)
    await expect.poll(() => chain.getCode({ address: eoa }), { timeout: 60_000 }).toBeUndefined()
    await page.getByText(/^Smart account turned off\. Permissions you granted no longer work/).waitFor({ timeout: 30_000 })
    expect(await usdcOf(eoa)).toBe(8_000_000n)
    // Account again: the same address, a plain EOA now, with nothing to turn off.
    if ((await page.getByRole('dialog').count()) > 0) await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await shownEvmAddress(page)).toBe(eoa)
    await page.getByRole('dialog').getByRole('button', { name: 'Permissions' }).waitFor()
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .getByRole('button', { name: /^Turn off smart account/ })
          .count(),
      )
      .toBe(0)
    expect(errors).toEqual([])
  })

  it('attack: the host page hides the frame and holds Approve of an upgrading batch, then clicks it once where it shows: no authorization is signed', async () => {
    const { page, eoa } = await luredVisitor()
    const { chain } = chainClients(stack)
    const iframe = `iframe[src^="${stack.fixtures.wallet!.url}/frame"]`
    const frame = page.frameLocator(iframe)

    await page.getByRole('button', { name: 'Send a batch (approve + transfer 1 USDC)' }).click()
    await expect.poll(() => frame.locator('#approval-upgrade').textContent()).toContain('Upgrade this account to a smart account')
    const approve = frame.getByRole('button', { name: 'Approve' })
    const box = (await approve.boundingBox())!
    const setOpacity = (opacity: string) =>
      page.evaluate(
        ([selector, value]) => (document.querySelector(selector!) as HTMLElement).style.setProperty('opacity', value!),
        [iframe, opacity],
      )
    // Invisible, Approve held as long as a visitor would; then visible, one quick click.
    await setOpacity('0')
    await page.waitForTimeout(1_500)
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.waitForTimeout(900)
    await page.mouse.up()
    await setOpacity('1')
    await expect.poll(() => approve.isEnabled()).toBe(true)
    await approve.click()
    await page.waitForTimeout(2_000)

    expect(await page.getByTestId('batch-status').count()).toBe(0)
    expect(await page.getByRole('dialog', { name: 'Approve request' }).count()).toBe(1)
    expect(await chain.getCode({ address: eoa })).toBeUndefined()
    await rejectInFrame(page)
  })
})

describe('a permission a site uses without asking each time', () => {
  it('one held approval grants "1 USDC a day" and upgrades the account; two tips go through with no approval, the third is refused on chain; Revoke in Account stops the next', async () => {
    const { page, errors } = await openDemo(stack)
    const { chain, usdc, usdcOf, fundUsdc } = chainClients(stack)
    const frame = page.frameLocator(`iframe[src^="${stack.fixtures.wallet!.url}/frame"]`)
    const approvals = page.getByRole('dialog', { name: 'Approve request' })

    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await signInWithEmail(page, stack, `tips-${randomBytes(4).toString('hex')}@example.com`)
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })

    // The first tip asks for the permission: the frame's own panel says it in plain words, with the upgrade.
    await page.getByRole('button', { name: 'Tip 1 USDC a day' }).click()
    await approvals.waitFor()
    const summary = frame.locator('#approval-summary')
    await expect.poll(() => summary.textContent()).toContain('may spend up to 1 USDC')
    const words = (await summary.textContent()) ?? ''
    expect(words).toContain('a day from your account')
    expect(words).toContain(`Upgrade this account to a smart account: delegate ${EIP7702_DELEGATE} on chain 31337`)
    expect(await frame.locator('#approval-fee').textContent()).toBe(`Network fee: paid by ${new URL(page.url()).origin}`)
    // The visitor's own address (their key's), which the permission spends from: 5 USDC and no ETH.
    const eoa = /from your account (0x[0-9a-fA-F]{40})/.exec(words)![1] as Hex
    await fundUsdc(eoa, 5_000_000n)
    expect(await chain.getCode({ address: eoa })).toBeUndefined()
    const receiverBefore = await usdcOf(TIP_RECEIVER)

    await approveInFrame(page, stack)
    const tips = page.getByTestId('tips')
    await expect.poll(() => tips.textContent(), { timeout: 60_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    // Upgraded in place: the same address now runs the delegate; its ETH is still none (the site paid).
    expect(await chain.getCode({ address: eoa })).toBe(`0xef0100${EIP7702_DELEGATE.slice(2).toLowerCase()}`)
    expect(await chain.getBalance({ address: eoa })).toBe(0n)
    expect(await usdcOf(TIP_RECEIVER)).toBe(receiverBefore + 500_000n)

    // The second tip: no approval at all.
    await page.getByRole('button', { name: 'Tip 1 USDC a day' }).click()
    await expect.poll(async () => ((await tips.textContent()) ?? '').split(' ').length, { timeout: 30_000 }).toBe(2)
    expect(await approvals.count()).toBe(0)
    expect(await usdcOf(TIP_RECEIVER)).toBe(receiverBefore + 1_000_000n)

    // The third is beyond the day's 1 USDC: the chain's enforcer refuses it, and nothing is asked.
    await page.getByRole('button', { name: 'Tip 1 USDC a day' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 })
      .toBe("Tip refused: beyond today's 1 USDC (ERC20PeriodTransferEnforcer:transfer-amount-exceeded)")
    expect(await approvals.count()).toBe(0)
    expect(await usdcOf(TIP_RECEIVER)).toBe(receiverBefore + 1_000_000n)
    expect(await usdcOf(eoa)).toBe(4_000_000n)

    // Account lists it; Revoke asks the visitor in the frame, then disables it on chain (paid by the site).
    const account = await openAccount(page)
    await account.getByRole('button', { name: 'Permissions' }).click()
    const row = page.getByRole('dialog').getByTestId('permission-row')
    await expect.poll(() => row.textContent()).toContain(`may spend up to 1 USDC (${usdc}) a day from your account ${eoa}`)
    await row.getByRole('button', { name: 'Revoke' }).click()
    await expect
      .poll(() => frame.locator('#approval-summary').textContent())
      .toContain(`Revoke this permission, on chain, from your account ${eoa}`)
    await approveInFrame(page, stack)
    await approvals.waitFor({ state: 'detached', timeout: 60_000 })
    // Settled, the approval gives the modal back to the list (or closes it, opened for the approval alone).
    if ((await page.getByRole('dialog').count()) === 0) await (await openAccount(page)).getByRole('button', { name: 'Permissions' }).click()
    await expect.poll(() => page.getByRole('dialog').getByTestId('permission-row').textContent(), { timeout: 30_000 }).toContain('Revoked')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    expect(await chain.getBalance({ address: eoa })).toBe(0n)

    // A tip after the revocation is refused on chain, whatever is left of the day.
    await page.getByRole('button', { name: 'Tip 1 USDC a day' }).click()
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 }).toBe('Tip refused: the permission was revoked')
    expect(await usdcOf(eoa)).toBe(4_000_000n)
    expect(errors).toEqual([])
  })

  it('attack: the host page hides the frame and clicks Approve, then clicks it once where it shows: no permission is signed, the account is not upgraded', async () => {
    const { page, eoa } = await luredVisitor()
    const { chain } = chainClients(stack)
    const iframe = `iframe[src^="${stack.fixtures.wallet!.url}/frame"]`
    const frame = page.frameLocator(iframe)

    await page.getByRole('button', { name: 'Tip 1 USDC a day' }).click()
    await page.getByRole('dialog', { name: 'Approve request' }).waitFor()
    await expect.poll(() => frame.locator('#approval-summary').textContent()).toContain('may spend up to 1 USDC')
    const summaryAccount = /from your account (0x[0-9a-fA-F]{40})/.exec((await frame.locator('#approval-summary').textContent()) ?? '')![1]!
    expect(summaryAccount.toLowerCase()).toBe(eoa.toLowerCase())
    const approve = frame.getByRole('button', { name: 'Approve' })
    const box = (await approve.boundingBox())!
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 }

    // The host makes its frame invisible and holds the mouse on Approve, as a lured click would.
    const setOpacity = (opacity: string) =>
      page.evaluate(
        ([selector, value]) => (document.querySelector(selector!) as HTMLElement).style.setProperty('opacity', value!),
        [iframe, opacity],
      )
    await setOpacity('0')
    await page.waitForTimeout(1_500)
    await page.mouse.move(middle.x, middle.y)
    await page.mouse.down()
    await page.waitForTimeout(900)
    await page.mouse.up()
    // Shown again: one quick click is not the deliberate hold a permission needs.
    await setOpacity('1')
    await expect.poll(() => approve.isEnabled()).toBe(true)
    await approve.click()
    await page.waitForTimeout(2_000)

    expect(await page.getByTestId('tips').count()).toBe(0)
    expect(await page.getByRole('dialog', { name: 'Approve request' }).count()).toBe(1)
    expect(await chain.getCode({ address: eoa })).toBeUndefined()
    await rejectInFrame(page)
  })
})
