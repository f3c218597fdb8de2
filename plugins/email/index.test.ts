import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { staticGraph } from '../../test/boundaries.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { EMAIL_CONNECTOR_ID, EMAIL_LOGIN_USED_KEY } from './constants.js'
import { email } from './index.js'

const root = new URL('../../', import.meta.url).pathname

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

  it('brings the email flag (on; the remote configuration may set it), its views and slot entries (passkeys among them); without services.wallet it stays idle', () => {
    const kernel = testKernel({ plugins: [testChain(), email()] })
    expect(kernel.isEnabled('email')).toBe(true)
    expect(kernel.isViewAvailable('EmailLogin')).toBe(true)
    expect(kernel.isViewAvailable('ApproveTransaction')).toBe(true)
    expect(kernel.isViewAvailable('UpdateEmailWallet')).toBe(true)
    expect(kernel.isViewAvailable('Passkey')).toBe(true)
    expect(kernel.isViewAvailable('Passkeys')).toBe(true)
    expect(kernel.views.slot('connect-methods').map((entry) => entry.id)).toEqual(['email', 'passkey'])
    // The email, account-type and passkeys rows on Account show only for the embedded wallet's connector (its id written out
    // in the manifest).
    expect(kernel.views.slot('account-details').map((entry) => [entry.id, entry.connectorId])).toEqual([
      ['email', EMAIL_CONNECTOR_ID],
      ['email-account-type', EMAIL_CONNECTOR_ID],
      ['email-passkeys', EMAIL_CONNECTOR_ID],
    ])
    const off = testKernel({ plugins: [testChain(), email()], features: { email: false } })
    expect(off.isViewAvailable('EmailLogin')).toBe(false)
  })
})
