import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { connect, isFoyerError, pluginApi, StorageToken } from 'foyer'
import { staticGraph } from '../../test/boundaries.js'
import { testChain, testConnector, testKernel } from '../../test/fixtures.js'
import { BACKUP_OFFER_KEY, BACKUP_SKIPPED_KEY, EMAIL_CONNECTOR_ID, EMAIL_LOGIN_USED_KEY } from './constants.js'
import { email } from './index.js'

const root = new URL('../../', import.meta.url).pathname
const LOST_CHUNK = 'Failed to fetch dynamically imported module: /assets/embeddedWallet-1a2b.js'
// The lazy module as a browser meets it after a deploy removed its chunk: its import() fails (the manifest tests above
// read the files, they import none of it).
vi.mock('./embeddedWallet.js', () => {
  throw new TypeError(LOST_CHUNK)
})

describe('the foyer/plugins/email manifest', () => {
  it('loads none of the lazy modules, so the entry stays one small file', () => {
    const { files } = staticGraph(root, 'plugins/email/index.ts')
    const own = [...files].filter((file) => file.startsWith('plugins/email/'))
    expect(own.sort()).toEqual(['plugins/email/index.ts', 'plugins/email/locales.ts'])
  })

  it('checks the same login marker the embedded wallet writes (rules §4), written out in the manifest', () => {
    const manifest = readFileSync(new URL('./index.ts', import.meta.url), 'utf8')
    expect(manifest).toContain(`const EMAIL_LOGIN_USED_KEY = '${EMAIL_LOGIN_USED_KEY}'`)
    expect(manifest).toContain(`const BACKUP_OFFER_KEY = '${BACKUP_OFFER_KEY}'`)
    expect(manifest).toContain(`const BACKUP_SKIPPED_KEY = '${BACKUP_SKIPPED_KEY}'`)
  })

  it('brings the email flag (on; the remote configuration may set it), its views and slot entries (passkeys, key export and permissions among them); without services.wallet it stays idle', () => {
    const kernel = testKernel({ plugins: [testChain(), email()] })
    expect(kernel.isEnabled('email')).toBe(true)
    expect(kernel.isViewAvailable('EmailLogin')).toBe(true)
    expect(kernel.isViewAvailable('ApproveTransaction')).toBe(true)
    expect(kernel.isViewAvailable('UpdateEmailWallet')).toBe(true)
    expect(kernel.isViewAvailable('Passkey')).toBe(true)
    expect(kernel.isViewAvailable('Passkeys')).toBe(true)
    expect(kernel.isViewAvailable('ExportKeys')).toBe(true)
    expect(kernel.isViewAvailable('BackupWallet')).toBe(true)
    expect(kernel.isViewAvailable('Permissions')).toBe(true)
    expect(kernel.views.slot('connect-methods').map((entry) => entry.id)).toEqual(['email', 'passkey'])
    // The backup, email, account-type and passkeys rows on Account show only for the embedded wallet's connector (its id
    // written out in the manifest); "Not backed up" comes first.
    expect(kernel.views.slot('account-details').map((entry) => [entry.id, entry.connectorId])).toEqual([
      ['email-backup', EMAIL_CONNECTOR_ID],
      ['email', EMAIL_CONNECTOR_ID],
      ['email-account-type', EMAIL_CONNECTOR_ID],
      ['email-passkeys', EMAIL_CONNECTOR_ID],
      ['email-export', EMAIL_CONNECTOR_ID],
      ['email-permissions', EMAIL_CONNECTOR_ID],
    ])
    const off = testKernel({ plugins: [testChain(), email()], features: { email: false } })
    expect(off.isViewAvailable('EmailLogin')).toBe(false)
  })
})

describe('when the embedded wallet’s code fails to load (rules §8)', () => {
  it("the wallet is refused with 'Unable to load email login dependency', the loader's error kept as its cause", async () => {
    const kernel = testKernel({ plugins: [testChain(), email()], services: { wallet: 'http://127.0.0.1:9' } })
    const failure = await pluginApi(kernel, 'email')
      .embeddedWallet(kernel)
      .catch((error: unknown) => error)
    expect(isFoyerError(failure, 'EmailLoadError')).toBe(true)
    expect((failure as Error).message).toBe('Unable to load email login dependency')
    // vitest wraps the factory's error in its own; the loader's failure is kept as the cause, for the log.
    expect((failure as Error).cause).toBeInstanceOf(Error)
  })
})

describe('the backup prompt after a sign-up (docs/wallets.md#backup)', () => {
  function kernelWithOffer({ skipped }: { skipped: boolean }) {
    const kernel = testKernel({
      plugins: [testChain({ connectors: [testConnector({ id: EMAIL_CONNECTOR_ID, name: 'Email', type: 'auth' })] }), email()],
    })
    const storage = kernel.container.resolve(StorageToken)
    storage.write(BACKUP_OFFER_KEY, true)
    if (skipped) storage.write(BACKUP_SKIPPED_KEY, ['signup'])
    return { kernel, storage }
  }

  it('is offered once when the new wallet connects, and the login ends only when the visitor is done with it', async () => {
    const { kernel, storage } = kernelWithOffer({ skipped: false })
    let connected = false
    const connecting = connect(kernel, { connectorId: EMAIL_CONNECTOR_ID }).then(() => (connected = true))
    await vi.waitFor(() => expect(kernel.router.current().view).toBe('BackupWallet'))
    expect(storage.read(BACKUP_OFFER_KEY, v.literal(true))).toBeUndefined()
    expect(connected).toBe(false)
    expect(kernel.router.finish()).toBe(true)
    await connecting
    expect(kernel.store.getState().modal.open).toBe(false)
  })

  it('is not offered in a browser whose visitor skipped it at a sign-up before, through its warning', async () => {
    const { kernel, storage } = kernelWithOffer({ skipped: true })
    await connect(kernel, { connectorId: EMAIL_CONNECTOR_ID })
    expect(kernel.store.getState().modal.open).toBe(false)
    expect(storage.read(BACKUP_OFFER_KEY, v.literal(true))).toBeUndefined()
  })
})
