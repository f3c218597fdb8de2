import { describe, expect, it } from 'vitest'

import { isFoyerError } from './errors/BaseError.js'
import { ConflictingSignInOptionsError } from './errors/catalogue.js'
import { parseOptions } from './options.js'

/** The developer-facing message of what `parseOptions` throws. */
function failure(options: unknown): Error {
  try {
    parseOptions(options)
  } catch (error) {
    return error as Error
  }
  throw new Error('parseOptions did not throw')
}

describe('parseOptions', () => {
  it("applies the defaults, leaving the locale to the visitor's browser", () => {
    expect(parseOptions({})).toEqual({
      plugins: [],
      features: {},
      themeMode: 'system',
      themeVariables: {},
      enableReconnect: true,
      manualWCControl: false,
      disableAppend: false,
      enableEmbedded: false,
      services: {},
      logLevel: 'error',
    })
  })

  it('keeps what the host set', () => {
    const options = parseOptions({ projectId: 'p', themeMode: 'dark', enableReconnect: false, locale: 'fr' })
    expect(options).toMatchObject({ projectId: 'p', themeMode: 'dark', enableReconnect: false, locale: 'fr' })
  })

  it('siweConfig and siwx are unknown here; the sign-in plugin owns them and the rules §1 error', () => {
    expect(failure({ siweConfig: {}, siwx: {} }).message).toContain('Unknown option `siweConfig`')
    const error = new ConflictingSignInOptionsError()
    expect(error.message).toBe('Cannot set both `siweConfig` and `siwx` options')
    expect(isFoyerError(error, 'ConflictingSignInOptionsError')).toBe(true)
  })

  it('an unknown option is named, with a hint', () => {
    const error = failure({ projectID: 'abc' })
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect(error.message).toContain('Unknown option `projectID`. Check its spelling against FoyerOptions.')
  })

  it('the legal links are http(s) URLs; the legal checkbox needs one of them', () => {
    expect(failure({ termsConditionsUrl: 'javascript:alert(1)' }).message).toContain('`termsConditionsUrl`: must be an http(s) URL')
    expect(failure({ privacyPolicyUrl: 'ftp://example.com/privacy' }).message).toContain('`privacyPolicyUrl`: must be an http(s) URL')
    const error = failure({ features: { legalCheckbox: true } })
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect(error.message).toContain(
      '`features.legalCheckbox`: needs `termsConditionsUrl` or `privacyPolicyUrl`, the pages the visitor agrees to.',
    )
    expect(parseOptions({ features: { legalCheckbox: true }, privacyPolicyUrl: 'https://example.com/privacy' })).toMatchObject({
      privacyPolicyUrl: 'https://example.com/privacy',
    })
    expect(parseOptions({ features: { legalCheckbox: false } }).features).toEqual({ legalCheckbox: false })
  })

  it('a bad themeMode names the option', () => {
    expect(failure({ themeMode: 'blue' }).message).toMatch(/`themeMode`: .*"blue"/)
  })

  it.each(['ftp://directory.example', 'javascript:alert(1)', 'not a url'])(
    'the services URL %s is rejected as not http(s), naming the service',
    (url) => {
      expect(failure({ services: { directory: url } }).message).toContain('`services.directory`')
      expect(failure({ services: { onramp: url } }).message).toContain('`services.onramp`')
    },
  )

  it('services is an open map: any named http(s) base URL is accepted', () => {
    const services = { directory: 'http://127.0.0.1:4000', api: 'https://api.example', onramp: 'https://onramp.example' }
    expect(parseOptions({ services }).services).toEqual(services)
  })

  it('a service left undefined is no service, not an error (`{ wallet: process.env.WALLET_URL }`)', () => {
    expect(parseOptions({ services: { api: 'https://api.example', wallet: undefined } }).services).toEqual({
      api: 'https://api.example',
      wallet: undefined,
    })
    expect(failure({ services: { wallet: null } }).message).toContain('`services.wallet`')
  })

  it('a service URL that is not a string names the service', () => {
    expect(failure({ services: { api: 42 } }).message).toContain('`services.api`')
  })

  it.each([null, undefined, 'projectId', 42])('a non-object (%s) says what is expected', (options) => {
    expect(failure(options).message).toContain('createKernel expects an options object, such as { projectId, plugins }.')
  })

  it('an array (plugins passed bare) is not an options object', () => {
    expect(failure([]).message).toContain('createKernel expects an options object')
    expect(isFoyerError(failure([{ name: 'swaps', kind: 'plugin' }]), 'InvalidOptionsError')).toBe(true)
  })

  it('a storage without the three methods is rejected', () => {
    expect(failure({ storage: { getItem: () => null } }).message).toContain('`storage`: must have getItem, setItem and removeItem')
  })

  it('defaultNetwork must be a CAIP-2 id', () => {
    expect(failure({ defaultNetwork: 'mainnet' }).message).toContain('`defaultNetwork`: must be a CAIP-2 id')
    expect(parseOptions({ defaultNetwork: 'eip155:1' }).defaultNetwork).toBe('eip155:1')
  })
})
