import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { isFoyerError, pluginApi } from 'foyer'
import { staticGraph } from '../../test/boundaries.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { EMAIL_CONNECTOR_ID, EMAIL_LOGIN_USED_KEY } from './constants.js'
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
  })

  it('brings the email flag (on; the remote configuration may set it), its views and slot entries; without services.wallet it stays idle', () => {
    const kernel = testKernel({ plugins: [testChain(), email()] })
    expect(kernel.isEnabled('email')).toBe(true)
    expect(kernel.isViewAvailable('EmailLogin')).toBe(true)
    expect(kernel.isViewAvailable('ApproveTransaction')).toBe(true)
    expect(kernel.isViewAvailable('UpdateEmailWallet')).toBe(true)
    expect(kernel.views.slot('connect-methods').map((entry) => entry.id)).toEqual(['email'])
    // The email and account-type rows on Account show only for the embedded wallet's connector (its id written out
    // in the manifest).
    expect(kernel.views.slot('account-details').map((entry) => [entry.id, entry.connectorId])).toEqual([
      ['email', EMAIL_CONNECTOR_ID],
      ['email-account-type', EMAIL_CONNECTOR_ID],
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
