// End to end: several wallets at once (rules §2 ProfileWallets, rules §6 multi-wallet), through the demo, in Chromium, against
// the real local stack. An extension-style EVM wallet ('Test Wallet', EIP-6963) and the email embedded wallet are
// connected side by side; switching the active one changes the address and the balance shown and the account that
// signs; one is removed and added again. With the project's remote `multiWallet` off (the directory's
// configuration), the view shows the info note and no wallets.
import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { formatBalance } from '../../kernel/model/format.js'
import { connectWallet, openAccount, openDemo, signInWithEmail, TEST_KEY, useStack, type Stack } from './harness.js'

const MESSAGE = 'Hello from the Foyer demo'
const extension = privateKeyToAccount(TEST_KEY)

/**
 * The ProfileWallets view of the EVM connections, reached from Account's 'Your wallets' (Account first shows the EVM
 * account: the email wallet connects Solana too, and the view lists the shown namespace's wallets).
 */
async function openProfileWallets(page: Page) {
  const account = await openAccount(page)
  const toEvm = account.getByRole('button', { name: 'Show Ethereum account' })
  await account.getByRole('button', { name: 'Your wallets' }).waitFor()
  if (await toEvm.isVisible()) await toEvm.click()
  await expect.poll(() => page.getByTestId('network').textContent()).toContain('eip155:31337')
  await account.getByRole('button', { name: 'Your wallets' }).click()
  return page.getByRole('dialog', { name: 'Your wallets' })
}

/** Closes the modal if a step left it open (a switch may close it by itself meanwhile: then the click finds nothing). */
async function closeModal(page: Page) {
  const dialog = page.getByRole('dialog')
  if (await dialog.count())
    await dialog
      .getByRole('button', { name: 'Close' })
      .click({ timeout: 5_000 })
      .catch(() => {})
  await dialog.waitFor({ state: 'detached' })
}

/** What the demo's "Sign a message" returns, once it has one. */
async function signedMessage(page: Page): Promise<Hex> {
  await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
  return (await page.getByTestId('signature').textContent()) as Hex
}

describe('several wallets at once (multiWallet on)', () => {
  const stack = useStack()

  /** The demo's balance line for `address` on the local chain, as the chain has it now. */
  async function balanceLine(address: Hex) {
    const wei = await createPublicClient({ transport: http(stack.chains['31337']!.rpcUrl) }).getBalance({ address })
    return `${formatBalance(formatEther(wei))} ETH`
  }

  it('an extension wallet and the email wallet side by side; switching changes the address, the balance and the signer; remove and add', async () => {
    const { page, errors } = await openDemo(stack)

    // The extension wallet first.
    await connectWallet(page, /^Test Wallet/, extension.address)
    let wallets = await openProfileWallets(page)
    await expect.poll(() => wallets.getByTestId('profile-wallet').count()).toBe(1)
    await expect.poll(() => wallets.getByRole('button', { name: new RegExp(`^Test Wallet ${extension.address}`) }).isDisabled()).toBe(true)

    // Add the email wallet as the second one, from the view's 'Add wallet'.
    await wallets.getByRole('button', { name: 'Add wallet' }).click()
    const email = `wallets-${randomBytes(4).toString('hex')}@example.com`
    await signInWithEmail(page, stack, email)
    // Signed in, the modal closes by itself.
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 })
    await expect.poll(() => page.getByTestId('address').textContent(), { timeout: 30_000 }).not.toBe(extension.address)

    // Both listed, the email wallet active (and shown).
    wallets = await openProfileWallets(page)
    const embedded = (await page.getByTestId('address').textContent()) as Hex
    expect(embedded).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(embedded).not.toBe(extension.address)
    // A new embedded account holds nothing; anvil #0 holds thousands of ETH: the balance shown follows the wallet.
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe(await balanceLine(embedded))
    await expect.poll(() => wallets.getByTestId('profile-wallet').count()).toBe(2)
    await expect.poll(() => wallets.getByRole('button', { name: new RegExp(`${embedded}`) }).isDisabled()).toBe(true)
    const extensionRow = wallets.getByRole('button', { name: new RegExp(`^Test Wallet ${extension.address}`) })
    await expect.poll(() => extensionRow.isEnabled()).toBe(true)

    // Switch to the extension wallet: the address and the balance shown change.
    await extensionRow.click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(extension.address)
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe(await balanceLine(extension.address))
    expect(await balanceLine(extension.address)).not.toBe(await balanceLine(embedded))
    await closeModal(page)

    // The extension wallet signs now (no frame: it approves by itself).
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const byExtension = await signedMessage(page)
    expect(await verifyMessage({ address: extension.address, message: MESSAGE, signature: byExtension })).toBe(true)
    expect(await verifyMessage({ address: embedded, message: MESSAGE, signature: byExtension })).toBe(false)

    // Back to the email wallet: its frame asks for approval, and its key signs.
    wallets = await openProfileWallets(page)
    await wallets.getByRole('button', { name: new RegExp(`${embedded}`) }).click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(embedded)
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe(await balanceLine(embedded))
    await closeModal(page)
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await page.getByRole('dialog', { name: 'Approve request' }).waitFor()
    const approve = page.frameLocator(`iframe[src^="${stack.fixtures.wallet!.url}/frame"]`).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled()).toBe(true)
    await approve.click()
    await expect
      .poll(
        async () => {
          const shown = await page.getByTestId('signature').textContent()
          return shown !== byExtension && /^0x[0-9a-f]+$/.test(shown ?? '')
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    const byEmbedded = await signedMessage(page)
    expect(await verifyMessage({ address: embedded, message: MESSAGE, signature: byEmbedded })).toBe(true)
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // Remove the extension wallet (not the active one): one row left.
    wallets = await openProfileWallets(page)
    await wallets.getByRole('button', { name: 'Remove Test Wallet' }).click()
    await expect.poll(() => wallets.getByTestId('profile-wallet').count()).toBe(1)
    expect(await wallets.getByRole('button', { name: /^Test Wallet/ }).count()).toBe(0)
    expect(await page.getByTestId('address').textContent()).toBe(embedded)

    // Add it again: listed again, and active.
    await wallets.getByRole('button', { name: 'Add wallet' }).click()
    await page
      .getByRole('dialog', { name: 'Connect a wallet' })
      .getByRole('button', { name: /^Test Wallet/ })
      .click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(extension.address)
    await closeModal(page)
    wallets = await openProfileWallets(page)
    await expect.poll(() => wallets.getByTestId('profile-wallet').count()).toBe(2)
    await expect.poll(() => wallets.getByRole('button', { name: new RegExp(`^Test Wallet ${extension.address}`) }).isDisabled()).toBe(true)
    expect(errors).toEqual([])
    // Two wallets, two sign-ins, a mail round trip and three switches: longer than one flow's default limit.
  }, 300_000)
})

describe('several wallets at once (multiWallet off remotely)', () => {
  const stack: Stack = useStack({ features: { multiWallet: false } })

  it('rules §6: the view shows the info note and no wallets', async () => {
    const { page, errors } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, extension.address)
    const wallets = await openProfileWallets(page)
    await expect
      .poll(() => wallets.getByTestId('multi-wallet-off').textContent())
      .toBe('Several wallets at once are not enabled for this project.')
    expect(await wallets.getByTestId('profile-wallet').count()).toBe(0)
    expect(await wallets.getByRole('button', { name: 'Add wallet' }).count()).toBe(0)
    expect(errors).toEqual([])
  })
})
