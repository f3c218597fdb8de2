// End to end: account names in the demo, against the real local stack (the API keeps names in the storage
// database and checks signatures on anvil). The test wallet (anvil #0) registers `alice-foyer`: a cancelled
// signature first (the view stays), then signed; the success view, then Account and the connect button show the
// name. A second visitor's wallet (anvil #1) sees the name on Send's receiver field for #0's address, and is told
// the name is taken. And any dapp on the local chain resolves it with viem's own ENS actions, through the
// FoyerNameResolver the stack deploys.
import { describe, expect, it } from 'vitest'
import { createPublicClient, defineChain, http, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { connectWallet, openAccount, openDemo, TEST_KEY, useStack } from './harness.js'

const alice = privateKeyToAccount(TEST_KEY)
const bob = privateKeyToAccount(ANVIL_ACCOUNTS[1]!.privateKey)
const NAME = 'alice-foyer.foyer.id'
const stack = useStack()

describe('names', () => {
  it('the test wallet registers alice-foyer; Account shows it; a second wallet’s Send receiver shows it; getEnsName on anvil returns it', async () => {
    const { context, page, errors } = await openDemo(stack)
    await connectWallet(page, /^Test Wallet/, alice.address)
    let dialog = await openAccount(page)
    await dialog.getByRole('button', { name: 'Get a name' }).click()
    dialog = page.getByRole('dialog', { name: 'Choose your name' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('alice-foyer')
    await expect.poll(() => dialog.getByTestId('names-status').textContent()).toBe(`${NAME} is available`)

    // rules §2: a cancelled signature leaves the visitor on RegisterAccountName, the name kept.
    await page.evaluate(() => window.__testWallet.reject('personal_sign'))
    await dialog.getByRole('button', { name: 'Register' }).click()
    await dialog.getByText(`You cancelled the signature: ${NAME} is not registered.`).waitFor()
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('alice-foyer')

    await page.evaluate(() => window.__testWallet.approve('personal_sign'))
    await dialog.getByRole('button', { name: 'Register' }).click()
    const success = page.getByRole('dialog', { name: 'Name registered' })
    await expect.poll(() => success.getByTestId('registered-name').textContent()).toBe(NAME)

    // The service has it, for anvil #0 on chain 31337 (ENSIP-11 coin type).
    const api = stack.fixtures.api.url
    const reverse = await fetch(`${api}/v1/profile/reverse/${alice.address}?projectId=foyer-e2e&st=foyer&sv=0.1.0`).then((response) =>
      response.json(),
    )
    expect(reverse).toEqual([
      expect.objectContaining({
        name: NAME,
        addresses: { [String(0x80000000 + 31337)]: expect.objectContaining({ address: alice.address }) },
      }),
    ])

    await success.getByRole('button', { name: 'Back to account' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect.poll(() => account.textContent()).toContain(NAME)
    await page.keyboard.press('Escape')
    // The account button shows the account's name (after its balance and avatar), and what it shows is its name.
    await page.getByRole('button', { name: NAME }).and(page.locator('[data-foyer-connect-button]')).waitFor()
    expect(errors).toEqual([])
    await context.close()

    // A second visitor, another wallet: the name shows for #0's address on Send's receiver field.
    const second = await openDemo(stack, { privateKey: ANVIL_ACCOUNTS[1]!.privateKey })
    await connectWallet(second.page, /^Test Wallet/, bob.address)
    const bobAccount = await openAccount(second.page)
    await bobAccount.getByRole('button', { name: 'Send', exact: true }).click()
    const send = second.page.getByRole('dialog', { name: 'Send' })
    await send.getByRole('textbox', { name: 'Receiver address' }).fill(alice.address)
    await expect.poll(() => send.getByTestId('send-receiver-profile').textContent()).toContain(NAME)

    // And the name is taken for anyone else; free names close to it are offered.
    await second.page.keyboard.press('Escape')
    await (await openAccount(second.page)).getByRole('button', { name: 'Get a name' }).click()
    const choose = second.page.getByRole('dialog', { name: 'Choose your name' })
    await choose.getByRole('textbox', { name: 'Name' }).fill('alice-foyer')
    await expect.poll(() => choose.getByTestId('names-status').textContent()).toBe(`${NAME} is taken`)
    expect(await choose.getByRole('list', { name: 'Available names' }).textContent()).toContain('alice-foyer1.foyer.id')
    expect(second.errors).toEqual([])
    await second.context.close()

    // viem's standard ENS actions, on both local chains, with the stack's resolver as the Universal Resolver.
    for (const [id, chain] of Object.entries(stack.fixtures.chains)) {
      const local = defineChain({
        id: Number(id),
        name: `Foyer Local ${id}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
        contracts: { ensUniversalResolver: { address: chain.nameResolver as Address } },
      })
      const client = createPublicClient({ chain: local, transport: http() })
      expect(await client.getEnsName({ address: alice.address })).toBe(NAME)
      expect(await client.getEnsAddress({ name: NAME })).toBe(alice.address)
      expect(await client.getEnsName({ address: bob.address })).toBeNull()
    }
  })
})
