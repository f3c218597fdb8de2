import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { staticGraph } from '../../test/boundaries.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { email } from '../email/index.js'
import { SOCIAL_NAMES } from './constants.js'
import { socialAccount, socials } from './index.js'

const root = new URL('../../', import.meta.url).pathname

describe('the foyer/plugins/socials manifest', () => {
  it('loads none of the lazy modules, so the entry stays one small file', () => {
    const { files } = staticGraph(root, 'plugins/socials/index.ts')
    const own = [...files].filter((file) => file.startsWith('plugins/socials/'))
    expect(own.sort()).toEqual(['plugins/socials/index.ts', 'plugins/socials/locales.ts'])
  })

  it('the lists written out in the manifest are the constants’', () => {
    const manifest = readFileSync(new URL('./index.ts', import.meta.url), 'utf8')
    expect(manifest).toContain(`const SOCIAL_NAMES = ${JSON.stringify(SOCIAL_NAMES).replaceAll('"', "'").replaceAll(',', ', ')}`)
  })

  it('brings the socials flag with rules §9’s default list (the remote configuration may set it), ConnectingSocial and its Connect entry after email (rules §2)', () => {
    const kernel = testKernel({ plugins: [testChain(), email(), socials()] })
    expect(kernel.store.getState().features.flags.socials).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect(kernel.isViewAvailable('ConnectingSocial')).toBe(true)
    expect(kernel.views.slot('connect-methods').map((entry) => [entry.id, entry.method])).toEqual([
      ['email', 'email'],
      // The email plugin's passkey login sits with it, above the social logins.
      ['passkey', 'email'],
      ['socials', 'social'],
    ])
    expect(kernel.store.getState().socials).toEqual({})
    expect(socialAccount(kernel)).toBeUndefined()
    const off = testKernel({ plugins: [testChain(), email(), socials()], features: { socials: [] } })
    expect(off.isViewAvailable('ConnectingSocial')).toBe(false)
  })

  it('rules §5: a host list with an unknown login fails at createKernel, naming the allowed ones; email() is required', () => {
    expect(() => testKernel({ plugins: [testChain(), email(), socials()], features: { socials: ['google', 'myspace'] } })).toThrow(
      "`features.socials` lists 'myspace'; each must be one of google, x, farcaster, discord, apple, github, facebook, telegram.",
    )
    expect(() => testKernel({ plugins: [testChain(), socials()] })).toThrow(
      "The plugin 'socials' requires 'email'. Add email() to `plugins`.",
    )
  })
})
