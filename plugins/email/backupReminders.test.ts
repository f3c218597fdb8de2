import { connect, StorageToken } from 'foyer'
import { describe, expect, it, vi } from 'vitest'
import { testChain, testConnector, testKernel } from '../../test/fixtures.js'
import { beforeTransaction, firstOnPage, needsReminder, skip, skipped, watchFundsViews } from './backupReminders.js'
import { BACKUP_SKIPPED_KEY, EMAIL_CONNECTOR_ID } from './constants.js'
import type { EmbeddedWallet } from './embeddedWallet.js'

/** A kernel with the embedded wallet's connector and another wallet's, and a stand-in for Receive. */
function kernelWithViews() {
  const kernel = testKernel({
    plugins: [testChain({ connectors: [testConnector(), testConnector({ id: EMAIL_CONNECTOR_ID, name: 'Email', type: 'auth' })] })],
  })
  const view = { title: 'account.title', load: async () => ({ default: () => null }) } as const
  kernel.views.register('Receive', view)
  kernel.views.register('BackupWallet', view)
  return kernel
}

const walletWith = (backedUp: boolean | undefined) => ({ backedUp: () => backedUp }) as EmbeddedWallet

describe('the backup prompt comes back before the wallet holds value (docs/wallets.md#backup)', () => {
  it('only for a wallet known to have no backup, at a moment this browser did not skip through the warning', () => {
    const kernel = kernelWithViews()
    expect(needsReminder(kernel, walletWith(false), 'transaction')).toBe(true)
    expect(needsReminder(kernel, walletWith(true), 'transaction')).toBe(false)
    // An older service that does not say: no prompt on a guess.
    expect(needsReminder(kernel, walletWith(undefined), 'transaction')).toBe(false)
    skip(kernel, 'transaction')
    skip(kernel, 'transaction')
    expect(needsReminder(kernel, walletWith(false), 'transaction')).toBe(false)
    expect(needsReminder(kernel, walletWith(false), 'funds')).toBe(true)
    // From Account the visitor came to back up: nothing to skip.
    skip(kernel, 'account')
    expect(skipped(kernel, 'account')).toBe(false)
  })

  it('a skip stored by an older modal (a plain `true`, never warned) counts for nothing and is dropped', () => {
    const kernel = kernelWithViews()
    const storage = kernel.container.resolve(StorageToken)
    storage.write(BACKUP_SKIPPED_KEY, true)
    expect(skipped(kernel, 'signup')).toBe(false)
    skip(kernel, 'funds')
    expect(skipped(kernel, 'funds')).toBe(true)
    expect(skipped(kernel, 'signup')).toBe(false)
  })

  it('before a transaction, not before a message: the prompt first, then the approval', async () => {
    const kernel = kernelWithViews()
    await beforeTransaction(kernel, walletWith(false), 'personal_sign')
    await beforeTransaction(kernel, walletWith(false), 'solana_signMessage')
    expect(kernel.store.getState().modal.open).toBe(false)

    let answered = false
    const waiting = beforeTransaction(kernel, walletWith(false), 'eth_sendTransaction').then(() => (answered = true))
    await vi.waitFor(() => expect(kernel.router.current()).toEqual({ view: 'BackupWallet', params: { moment: 'transaction' } }))
    expect(answered).toBe(false)
    expect(kernel.router.finish()).toBe(true)
    await waiting
  })

  it('Receive shows the prompt in its place for the embedded wallet without a backup, and nothing for another wallet', async () => {
    const kernel = kernelWithViews()
    let backedUp = false
    watchFundsViews(kernel, { backedUp: () => backedUp } as EmbeddedWallet)
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    kernel.router.push('Receive')
    expect(kernel.router.current().view).toBe('Receive')

    await connect(kernel, { connectorId: EMAIL_CONNECTOR_ID })
    kernel.router.replace('Receive')
    expect(kernel.router.current()).toEqual({ view: 'BackupWallet', params: { moment: 'funds', next: { view: 'Receive' } } })
    // Backed up (or skipped): on to Receive.
    backedUp = true
    kernel.router.replace('Receive')
    expect(kernel.router.current().view).toBe('Receive')
  })

  it('a balance seen brings it back once a page', () => {
    const kernel = kernelWithViews()
    expect(firstOnPage(kernel, 'funds')).toBe(true)
    expect(firstOnPage(kernel, 'funds')).toBe(false)
    expect(firstOnPage(kernelWithViews(), 'funds')).toBe(true)
  })
})
