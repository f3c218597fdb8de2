// End to end: the embedded wallet's smart account (issue #14), through the demo, in Chromium, against the real stack:
// anvil with EntryPoint v0.8 and FoyerAccountFactory, the local bundler (alto) per chain, the wallet service on its
// own site. A batch (an ERC-20 approve plus a transfer) goes out as one user operation, approved once in the frame;
// switching to the standard account and back changes the address shown and the account that signs and pays. With
// sponsored gas (the demo's sponsorGas and the local stack's policy), a visitor with no ETH sends USDC all the same.
import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { erc20Abi, parseAbi, parseEther, verifyMessage, type Hex } from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { describe, expect, it } from 'vitest'
import { DEV_PAYMASTER, ENTRY_POINT_08, FOYER_ACCOUNT_FACTORY } from '../../services/dev/devchain/index.mjs'
import { approveInFrame, openDemo, signInWithEmail, useStack } from './harness.js'
import { chainClients, shownEvmAddress } from './localChain.js'

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // the demo batch's receiver (anvil #2)
const SPENDER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' // the demo batch's spender (anvil #3)
const MESSAGE = 'Hello from the Foyer demo'
// Chains without EIP-7702 (docs/wallets.md#account-modes): every wallet there has the ERC-4337 account, as wallets
// made before EIP-7702 have everywhere. A new wallet on a chain with EIP-7702 is in permissions.test.ts.
const stack = useStack({ bundler: true, eip7702: false })

async function closeModal(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

/** Clicks the demo's batch button, approves once, and waits for the batch's final status. */
async function sendBatch(page: Page) {
  await page.getByRole('button', { name: 'Send a batch (approve + transfer 1 USDC)' }).click()
  await approveInFrame(page, stack)
  await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 60_000 }).toBe('200')
  // Approved once: the modal closed after the one approval, and no second panel came.
  expect(await page.getByRole('dialog', { name: 'Approve request' }).count()).toBe(0)
  return {
    atomic: await page.getByTestId('batch-atomic').textContent(),
    capability: await page.getByTestId('batch-atomic-capability').textContent(),
    transactions: ((await page.getByTestId('batch-transactions').textContent()) ?? '').split(' ').filter(Boolean) as Hex[],
  }
}

describe('the embedded wallet’s smart account', () => {
  it('a batch is one user operation approved once; it deploys the account; switching to the standard account and back changes the address and the signer', async () => {
    const { page, errors } = await openDemo(stack)
    const { chain, funder, usdc, usdcOf } = chainClients(stack)
    /** 1 ETH and 10 USDC from anvil #0. */
    const fund = async (address: Hex) => {
      await chain.waitForTransactionReceipt({ hash: await funder.sendTransaction({ chain: null, to: address, value: parseEther('1') }) })
      await chain.waitForTransactionReceipt({
        hash: await funder.writeContract({
          chain: null,
          address: usdc,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [address, 10_000_000n],
        }),
      })
    }

    // Email sign-in.
    const email = `smart-${randomBytes(4).toString('hex')}@example.com`
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await signInWithEmail(page, stack, email)
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })

    // rules §6: on a chain with a bundler the EVM account starts as the smart account, counterfactual: no code yet.
    const smart = await shownEvmAddress(page)
    const account = page.getByRole('dialog')
    await expect.poll(() => account.getByRole('button', { name: /^Use standard account/ }).textContent()).toContain('Smart account')
    expect(await chain.getCode({ address: smart })).toBeUndefined()
    await closeModal(page)

    // The smart account signs as itself: not deployed yet, its signature (ERC-6492) verifies against its address on
    // the chain, not against any EOA's.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await approveInFrame(page, stack)
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
    const smartSignature = (await page.getByTestId('signature').textContent()) as Hex
    expect(await chain.verifyMessage({ address: smart, message: MESSAGE, signature: smartSignature })).toBe(true)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await fund(smart)

    // The batch: approve 2 USDC to anvil #3 and transfer 1 USDC to anvil #2, as one user operation.
    const receiverBefore = await usdcOf(RECEIVER)
    const batch = await sendBatch(page)
    expect(batch).toMatchObject({ capability: 'supported', atomic: 'true' })
    expect(batch.transactions).toHaveLength(1)
    const transaction = await chain.getTransaction({ hash: batch.transactions[0]! })
    expect(transaction.to?.toLowerCase()).toBe(ENTRY_POINT_08.toLowerCase())
    expect((await chain.getCode({ address: smart }))?.length).toBeGreaterThan(2)
    expect(await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [smart, SPENDER] })).toBe(2_000_000n)
    expect(await usdcOf(RECEIVER)).toBe(receiverBefore + 1_000_000n)
    expect(await usdcOf(smart)).toBe(9_000_000n)

    // Switch to the standard account: another address shows, and it is the smart account's owner.
    await shownEvmAddress(page)
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Use standard account/ })
      .click()
    await expect.poll(() => page.getByTestId('address').textContent()).not.toBe(smart)
    const eoa = (await page.getByTestId('address').textContent()) as Hex
    expect(eoa).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const owned = await chain.readContract({
      address: FOYER_ACCOUNT_FACTORY,
      abi: parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)']),
      functionName: 'getAddress',
      args: [eoa, 0n],
    })
    expect(owned).toBe(smart)
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .getByRole('button', { name: /^Use smart account/ })
          .textContent(),
      )
      .toContain('Standard account')
    await closeModal(page)

    // The standard account signs and pays itself: a message verifies against it, a batch is its own transactions.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await approveInFrame(page, stack)
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
    expect(
      await verifyMessage({ address: eoa, message: MESSAGE, signature: (await page.getByTestId('signature').textContent()) as Hex }),
    ).toBe(true)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await fund(eoa)
    const eoaBatch = await sendBatch(page)
    expect(eoaBatch).toMatchObject({ capability: 'unsupported', atomic: 'false' })
    expect(eoaBatch.transactions).toHaveLength(2)
    for (const hash of eoaBatch.transactions) expect((await chain.getTransaction({ hash })).from.toLowerCase()).toBe(eoa.toLowerCase())
    expect(await usdcOf(eoa)).toBe(9_000_000n)
    expect(await usdcOf(smart)).toBe(9_000_000n)

    // And back: the smart account shows again.
    await shownEvmAddress(page)
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Use smart account/ })
      .click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(smart)
    expect(errors).toEqual([])
  })

  it('a new email visitor with no ETH sends USDC from the smart account: the site’s paymaster pays the fee, the ETH stays 0', async () => {
    const { page, errors } = await openDemo(stack)
    const { chain, funder, usdc, usdcOf } = chainClients(stack)
    const deposit = () =>
      chain.readContract({ address: ENTRY_POINT_08, abi: entryPoint08Abi, functionName: 'balanceOf', args: [DEV_PAYMASTER] })

    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await signInWithEmail(page, stack, `sponsored-${randomBytes(4).toString('hex')}@example.com`)
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })
    const smart = await shownEvmAddress(page)
    await closeModal(page)
    // 10 USDC and no ETH at all.
    const hash = await funder.writeContract({
      chain: null,
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [smart, 10_000_000n],
    })
    await chain.waitForTransactionReceipt({ hash })
    expect(await chain.getBalance({ address: smart })).toBe(0n)
    const [receiverBefore, depositBefore] = [await usdcOf(RECEIVER), await deposit()]

    await page.getByRole('button', { name: 'Send a batch (approve + transfer 1 USDC)' }).click()
    // The frame's own panel says who pays: the demo, by the origin the frame verified.
    const fee = page.frameLocator(`iframe[src^="${stack.fixtures.wallet!.url}/frame"]`).locator('#approval-fee')
    await expect.poll(() => fee.textContent()).toBe(`Network fee: paid by ${new URL(page.url()).origin}`)
    await approveInFrame(page, stack)
    await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 60_000 }).toBe('200')

    expect(await chain.getBalance({ address: smart })).toBe(0n)
    expect(await usdcOf(smart)).toBe(9_000_000n)
    expect(await usdcOf(RECEIVER)).toBe(receiverBefore + 1_000_000n)
    expect(await deposit()).toBeLessThan(depositBefore)
    expect(errors).toEqual([])
  })
})
