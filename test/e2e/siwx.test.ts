// End to end: sign in with X in the demo (`?siwx=optional|required`), against the real local stack: the API is the
// reference verifier (nonces and sessions in the storage database, EVM signatures checked on anvil, Solana ones with
// ed25519). An EVM wallet and a Solana wallet each connect, sign in, and the verifier reports the session; a reload
// keeps it without asking again; disconnecting revokes it. In required mode, declining disconnects.
import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { TEST_WALLET_ADDRESS } from '../../services/dev/solana/index.mjs'
import { mailedCode, openAccount, openDemo, TEST_KEY, useStack, type Stack } from './harness.js'

const alice = privateKeyToAccount(TEST_KEY)
// The embedded wallet too: an email login signs in as part of the login (rules §3 siwxMessage).
const stack = useStack()

/** The session ids the demo keeps (the plugin's storage, by CAIP-10 account). */
async function storedSessions(page: Page): Promise<Record<string, { id: string }>> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith(':siwx.sessions'))
    return key ? JSON.parse(localStorage.getItem(key)!) : {}
  })
}

/** What the verifier says about a session. */
async function session(stack: Stack, id: string) {
  const response = await fetch(`${stack.fixtures.api.url}/v1/sessions/${id}?projectId=foyer-demo&st=foyer&sv=0.1.0`)
  return response.json()
}

/**
 * Opens the demo with sign-in on, and starts connecting `wallet` from the Connect view (not through `pickWallet`,
 * which waits for the modal to close: the SignIn view keeps it open until it is answered).
 */
async function connectWithSignIn(mode: 'optional' | 'required', wallet: RegExp) {
  const demo = await openDemo(stack)
  await demo.page.goto(`${stack.demoUrl}?siwx=${mode}`)
  await demo.page.getByRole('button', { name: 'Connect', exact: true }).click()
  await demo.page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: wallet }).click()
  return demo
}

describe('sign in with X', () => {
  for (const { name, wallet, address, chainId } of [
    { name: 'an EVM wallet', wallet: /^Test Wallet/, address: alice.address, chainId: 'eip155:31337' },
    { name: 'a Solana wallet', wallet: /^Test Solana Wallet/, address: TEST_WALLET_ADDRESS, chainId: () => stack.solana.chainId },
  ]) {
    it(`${name} signs in; the verifier reports the session; a reload keeps it; disconnect revokes it`, async () => {
      const { context, page, errors } = await connectWithSignIn('optional', wallet)
      const dialog = page.getByRole('dialog', { name: 'Sign in' })
      await dialog.getByText(/Foyer demo asks you to sign a message/).waitFor()
      await dialog.getByRole('button', { name: 'Sign in' }).click()
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => page.getByTestId('address').textContent()).toBe(address)
      if (name === 'a Solana wallet') {
        // The wallet's own sign-in (the Wallet Standard's solana:signIn), not a message signed for it.
        const calls = await page.evaluate(() => [...window.__testWallet.solanaCalls])
        expect(calls).toContain('solana:signIn')
        expect(calls).not.toContain('solana:signMessage')
      }

      const caip2 = typeof chainId === 'function' ? chainId() : chainId
      const sessions = await storedSessions(page)
      expect(Object.keys(sessions)).toEqual([`${caip2}:${address}`])
      const { id } = sessions[`${caip2}:${address}`]!
      const kept = await session(stack, id)
      expect(kept).toMatchObject({ id, status: 'active', chainId: caip2, domain: new URL(stack.demoUrl).host })
      expect(kept.address.toLowerCase()).toBe(address.toLowerCase())
      expect(kept.message).toContain('Sign in to the Foyer demo.')

      // A reload restores the connection; the verifier says the session lives, so nobody is asked again.
      const checked = page.waitForResponse((response) => response.url().includes(`/v1/sessions/${id}?`))
      await page.reload()
      await expect.poll(() => page.getByTestId('address').textContent()).toBe(address)
      expect((await checked).status()).toBe(200)
      // The page acts on the answer after it arrives: give it the moment a SignIn view would take to open.
      await page.waitForTimeout(500)
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await page.evaluate(() => [...window.__testWallet.evmPrompts, ...window.__testWallet.solanaCalls])).toEqual(
        address === TEST_WALLET_ADDRESS ? ['standard:connect (silent)'] : [],
      )
      expect((await session(stack, id)).status).toBe('active')

      const account = await openAccount(page)
      await account.getByRole('button', { name: 'Disconnect' }).click()
      await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
      await expect.poll(async () => (await session(stack, id)).status).toBe('revoked')
      expect(await storedSessions(page)).toEqual({})
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('required mode: declining disconnects and keeps no session', async () => {
    const { context, page, errors } = await connectWithSignIn('required', /^Test Wallet/)
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    await dialog.getByText('This site needs you to sign in to stay connected.').waitFor()
    await dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await storedSessions(page)).toEqual({})

    // Connecting again asks again; a declined signature in the wallet stays on the view, then signing works.
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.evaluate(() => window.__testWallet.reject('personal_sign'))
    await page
      .getByRole('dialog', { name: 'Connect a wallet' })
      .getByRole('button', { name: /^Test Wallet/ })
      .click()
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await dialog.getByText('You declined the signature.').waitFor()
    await page.evaluate(() => window.__testWallet.approve('personal_sign'))
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
    expect(Object.keys(await storedSessions(page))).toEqual([`eip155:31337:${alice.address}`])
    expect(errors).toEqual([])
    await context.close()
  })

  it('an email login signs in as part of the login: no SignIn view, no approval, a session per namespace', async () => {
    const { context, page, errors } = await openDemo(stack)
    await page.goto(`${stack.demoUrl}?siwx=required`)
    const email = `siwx-${randomBytes(4).toString('hex')}@example.com`
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const connect = page.getByRole('dialog', { name: 'Connect a wallet' })
    await connect.getByRole('textbox', { name: 'Email address' }).fill(email)
    await connect.getByRole('button', { name: 'Continue with email' }).click()
    const login = page.getByRole('dialog', { name: 'Sign in with email' })
    await login.getByRole('textbox', { name: 'Code' }).waitFor({ timeout: 30_000 })
    const code = await mailedCode(stack, email)
    const shown: string[] = []
    // Anything that would have asked again: the SignIn view, or the frame's approval panel in the modal.
    const watch = setInterval(() => {
      for (const [name, view] of [
        ['Sign in', page.getByTestId('siwx-view')],
        ['Approve request', page.getByRole('dialog', { name: 'Approve request' })],
      ] as const) {
        void view.count().then(
          (count) => count > 0 && shown.push(name),
          () => {},
        )
      }
    }, 50)
    await login.getByRole('textbox', { name: 'Code' }).fill(code)
    await login.getByRole('button', { name: 'Verify' }).click()

    // The modal closes once both namespaces are connected and signed in: the code was the one approval.
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 })
    clearInterval(watch)
    expect(shown).not.toContain('Sign in')
    expect(shown).not.toContain('Approve request')
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
    const sessions = await storedSessions(page)
    const keys = Object.keys(sessions).sort()
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^eip155:31337:0x[0-9a-fA-F]{40}$/)
    expect(keys[1]).toMatch(new RegExp(`^${stack.solana.chainId}:[1-9A-HJ-NP-Za-km-z]{32,44}$`))
    for (const key of keys) {
      const kept = await session(stack, sessions[key]!.id)
      // The verifier checked the signature (EVM on anvil, Solana with ed25519) and the domain: the demo's own.
      expect(kept).toMatchObject({ status: 'active', domain: new URL(stack.demoUrl).host })
      expect(`${kept.chainId}:${kept.address}`.toLowerCase()).toBe(key.toLowerCase())
      expect(kept.message).toContain('Sign in to the Foyer demo.')
    }
    expect(errors).toEqual([])
    await context.close()
  })
})
