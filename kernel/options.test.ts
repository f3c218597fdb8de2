import { describe, expect, it } from 'vitest'

import { isFoyerError } from './errors/BaseError.js'
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
  it('behavior: applies the defaults', () => {
    expect(parseOptions({})).toEqual({
      plugins: [],
      features: {},
      themeMode: 'system',
      themeVariables: {},
      locale: 'en',
      enableReconnect: true,
      manualWCControl: false,
      disableAppend: false,
      enableEmbedded: false,
      services: {},
      logLevel: 'error',
    })
  })

  it('behavior: keeps what the host set', () => {
    const options = parseOptions({ projectId: 'p', themeMode: 'dark', enableReconnect: false, locale: 'fr' })
    expect(options).toMatchObject({ projectId: 'p', themeMode: 'dark', enableReconnect: false, locale: 'fr' })
  })

  it('behavior: siweConfig together with siwx throws the §1 message', () => {
    const error = failure({ siweConfig: {}, siwx: {} })
    expect(error.message).toBe('Cannot set both `siweConfig` and `siwx` options')
    expect(isFoyerError(error, 'ConflictingSignInOptionsError')).toBe(true)
    expect(() => parseOptions({ siwx: {} })).not.toThrow()
  })

  it('behavior: an unknown option is named, with a hint', () => {
    const error = failure({ projectID: 'abc' })
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect(error.message).toContain('Unknown option `projectID`. Check its spelling against FoyerOptions.')
  })

  it('behavior: a bad themeMode names the option', () => {
    expect(failure({ themeMode: 'blue' }).message).toMatch(/`themeMode`: .*"blue"/)
  })

  it.each(['ftp://directory.example', 'javascript:alert(1)', 'not a url'])(
    'behavior: the services URL %s is rejected as not http(s)',
    (directory) => {
      expect(failure({ services: { directory } }).message).toContain('`services.directory`')
    },
  )

  it('behavior: http and https service URLs are accepted', () => {
    expect(parseOptions({ services: { directory: 'http://127.0.0.1:4000', api: 'https://api.example' } }).services).toEqual({
      directory: 'http://127.0.0.1:4000',
      api: 'https://api.example',
    })
  })

  it('behavior: an unknown key under services is named', () => {
    expect(failure({ services: { directroy: 'https://x.example' } }).message).toContain('Unknown option `services.directroy`')
  })

  it.each([null, undefined, 'projectId', 42])('behavior: a non-object (%s) says what is expected', (options) => {
    expect(failure(options).message).toContain('createKernel expects an options object, such as { projectId, plugins }.')
  })

  it('behavior: an array (plugins passed bare) is not an options object', () => {
    expect(failure([]).message).toContain('createKernel expects an options object')
    expect(isFoyerError(failure([{ name: 'swaps', kind: 'plugin' }]), 'InvalidOptionsError')).toBe(true)
  })

  it('behavior: a storage without the three methods is rejected', () => {
    expect(failure({ storage: { getItem: () => null } }).message).toContain('`storage`: must have getItem, setItem and removeItem')
  })

  it('behavior: defaultNetwork must be a CAIP-2 id', () => {
    expect(failure({ defaultNetwork: 'mainnet' }).message).toContain('`defaultNetwork`: must be a CAIP-2 id')
    expect(parseOptions({ defaultNetwork: 'eip155:1' }).defaultNetwork).toBe('eip155:1')
  })
})
