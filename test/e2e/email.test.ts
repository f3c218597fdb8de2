// End to end: email sign-in with the embedded wallet (issue #12), through the demo, in Chromium. The
// wallet service runs for real on its own site (`fixtures.wallet.url`, localhost, while the demo is on
// 127.0.0.1), with the storage database and the mail catcher the codes arrive in. Every request that
// signs or sends is approved by clicking the frame's own Approve button, inside the cross-site frame.
import { randomBytes } from 'node:crypto'
import { getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type Address } from '@solana/kit'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { approveInFrame, mailCount, mailedCode, openAccount, openDemo, signInWithEmail, useStack } from './harness.js'

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // anvil account #2
const MESSAGE = 'Hello from the Foyer demo'
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const stack = useStack()

/** Gives the new embedded account 1 ETH on chain 31337 (anvil's own RPC method). */
async function fund(address: string) {
  const response = await fetch(stack.chains['31337']!.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0xde0b6b3a7640000'] }),
  })
  expect(((await response.json()) as { error?: unknown }).error).toBeUndefined()
}

/** Shows the account of one namespace in the open Account view (a button when the other one shows). */
async function showNamespace(page: Page, account: Locator, name: 'Ethereum' | 'Solana', address: string) {
  const button = account.getByRole('button', { name: `Show ${name} account` })
  const other = account.getByRole('button', { name: `Show ${name === 'Ethereum' ? 'Solana' : 'Ethereum'} account` })
  // One of the two is there once the view has rendered: wait for it, or the check below would look too early.
  await button.or(other).waitFor()
  if (await button.isVisible()) await button.click()
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(address)
}

/** The frame's session: a Partitioned cookie on the wallet's origin (PROTOCOL.md). */
async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(stack.fixtures.wallet!.url)).find((cookie) => cookie.name === 'foyer_session')
}

/** The secure frame: the iframe on the wallet's origin, which the page can neither read nor script. */
const frameSelector = () => `iframe[src^="${stack.fixtures.wallet!.url}/frame"]`

describe('email sign-in with the embedded wallet', () => {
  it('signs in by a mailed code, signs and sends on EVM and Solana approved in the frame, restores the session, and signs out', async () => {
    const { context, page, errors } = await openDemo(stack)
    const email = `e2e-${randomBytes(4).toString('hex')}@example.com`

    // Connect, the email, the mailed code.
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await signInWithEmail(page, stack, email)

    // The modal closes; the account is connected on eip155 and solana through the 'email' connector.
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
    expect(await sessionCookie(context)).toBeDefined()
    // Both namespaces are connected; the Account view moves between them (the one shown first is the
    // connector's last connected namespace, Solana).
    const account = await openAccount(page)
    const toEvm = account.getByRole('button', { name: 'Show Ethereum account' })
    await account.getByRole('button', { name: 'Show Solana account' }).or(toEvm).waitFor()
    if (await toEvm.isVisible()) await toEvm.click()
    await expect.poll(() => page.getByTestId('network').textContent()).toContain('eip155:31337')
    const evmAddress = (await page.getByTestId('address').textContent()) as `0x${string}`
    expect(evmAddress).toMatch(EVM_ADDRESS)
    await fund(evmAddress)
    await account.getByRole('button', { name: 'Show Solana account' }).click()
    await expect.poll(() => page.getByTestId('network').textContent()).toContain(stack.solana.chainId)
    const solanaAddress = (await page.getByTestId('address').textContent())!
    expect(solanaAddress).toMatch(SOLANA_ADDRESS)
    await account.getByRole('button', { name: 'Show Ethereum account' }).click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(evmAddress)
    await account.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // personal_sign, approved in the frame; the signature verifies against the EVM address.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await approveInFrame(page, stack)
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyMessage({ address: evmAddress, message: MESSAGE, signature })).toBe(true)
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // A reload restores the session from the frame, without a new code (it also reads the balances
    // afresh, with the ETH given above).
    const mailed = await mailCount(stack, email)
    // A reload within their 30 s lifetime shows the balances kept in storage as they were (rules §3); the ETH above
    // came from outside the page, so the kept ones go first.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.includes('cache:')) localStorage.removeItem(key)
    })
    await page.reload()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
    await expect.poll(() => page.getByTestId('address').textContent()).toMatch(new RegExp(`^(${evmAddress}|${solanaAddress})$`))
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await mailCount(stack, email)).toBe(mailed)

    // ETH through the Send view, approved in the frame; anvil has it.
    const reader = createPublicClient({ transport: http(stack.chains['31337']!.rpcUrl) })
    const before = await reader.getBalance({ address: RECEIVER })
    let dialog = await openAccount(page)
    await showNamespace(page, dialog, 'Ethereum', evmAddress)
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    dialog = page.getByRole('dialog', { name: 'Send' })
    // The coin is chosen for the visitor.
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Token' }).textContent()).toContain('ETH')
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('0.5')
    await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(RECEIVER)
    await dialog.getByRole('button', { name: 'Preview' }).click()
    await dialog.getByRole('button', { name: 'Send now' }).click()
    // The frame's own preview, which the host page can neither hide nor change: what the node says the transfer does.
    const framePreview = page.frameLocator(frameSelector()).locator('#approval-preview')
    await expect.poll(() => framePreview.textContent()).toBe('You send0.5 ETH')
    // With the coin's brand mark, sent with the preview by the wallet service (the frame loads no icon set).
    const mark = await framePreview.locator('dd img').getAttribute('src')
    expect(decodeURIComponent(mark ?? '')).toContain('class="web3icons"')
    await approveInFrame(page, stack)
    // The frame sent it; back on Send, its result step (kept in the store while ApproveTransaction was
    // shown) names the transaction, which anvil has.
    const sent = page.getByRole('dialog', { name: 'Send' }).getByTestId('send-hash')
    await expect.poll(() => sent.textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await reader.getTransactionReceipt({ hash: (await sent.textContent()) as `0x${string}` })
    expect(receipt.status).toBe('success')
    await expect.poll(() => reader.getBalance({ address: RECEIVER })).toBe(before + 500_000_000_000_000_000n)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // A Solana message, approved in the frame; an ed25519 signature of the Solana address.
    dialog = await openAccount(page)
    await showNamespace(page, dialog, 'Solana', solanaAddress)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await approveInFrame(page, stack)
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    const solanaSignature = (await page.getByTestId('signature').textContent())!
    const verified = await verifySignature(
      await getPublicKeyFromAddress(solanaAddress as Address),
      getBase58Encoder().encode(solanaSignature) as never,
      getUtf8Encoder().encode(MESSAGE) as never,
    )
    expect(verified).toBe(true)

    // A new email (UpdateEmailWallet): a code to the current address, then one to the new address;
    // Account names the new one, and so does the frame after a reload.
    const newEmail = `e2e-${randomBytes(4).toString('hex')}@example.com`
    dialog = await openAccount(page)
    const mailedBefore = await mailCount(stack, email)
    await dialog.getByRole('button', { name: new RegExp(`^${email}`) }).click()
    const change = page.getByRole('dialog', { name: 'Change email' })
    await change.getByRole('textbox', { name: 'New email address' }).fill(newEmail)
    // rules §5: the address had its login code moments ago, so a code now would wait out its cooldown (the form's
    // count has its own stories); the wallet's clock passes it instead.
    stack.wallet!.passTime(30_000)
    await change.getByRole('button', { name: 'Continue with email' }).click()
    const primaryPrompt = change.getByText(`To confirm the change, enter the code we sent to ${email}.`)
    await primaryPrompt.waitFor()
    await change.getByRole('textbox', { name: 'Code' }).fill(await mailedCode(stack, email, mailedBefore))
    await change.getByRole('button', { name: 'Verify' }).click()
    await change.getByText(`Now enter the code we sent to ${newEmail}.`).waitFor()
    await change.getByRole('textbox', { name: 'Code' }).fill(await mailedCode(stack, newEmail))
    await change.getByRole('button', { name: 'Verify' }).click()
    dialog = page.getByRole('dialog', { name: 'Account' })
    await dialog.getByRole('button', { name: new RegExp(`^${newEmail}`) }).waitFor()
    await page.reload()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
    dialog = await openAccount(page)
    await dialog.getByRole('button', { name: new RegExp(`^${newEmail}`) }).waitFor()

    // Sign out: the frame drops its session cookie, and after a reload nothing is restored.
    await dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    await expect.poll(() => sessionCookie(context)).toBeUndefined()
    await page.reload()
    await page.getByRole('button', { name: 'Connect', exact: true }).waitFor()
    // The login marker is gone, so the frame is not even created (it would be after the first paint).
    await page.waitForTimeout(1_500)
    expect(await page.locator(frameSelector()).count()).toBe(0)
    expect(await page.getByTestId('status').textContent()).toBe('disconnected')

    expect(errors).toEqual([])
    await context.close()
  })
})
