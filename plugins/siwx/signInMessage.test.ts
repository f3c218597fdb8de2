import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memorySiwxVerifier } from '../../test/memorySiwxVerifier.js'
import { testKernel } from '../../test/fixtures.js'
import { siwx } from './index.js'
import { buildSignInMessage } from './signInMessage.js'

const input = { accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:1', nonce: 'nonce12345678' }
const statementFor = (name: string) =>
  buildSignInMessage(
    testKernel({
      metadata: { name, description: '', url: 'http://127.0.0.1:5173', icons: [] },
      plugins: [siwx({ siwx: memorySiwxVerifier() })],
    }),
    input,
  ).statement

beforeEach(() => {
  vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the default sign-in statement', () => {
  it('names the site when its name is printable ASCII, and its host otherwise (a statement is ASCII)', () => {
    expect(statementFor('Demo Shop')).toBe('Sign in to Demo Shop.')
    expect(statementFor('Café Olé')).toBe('Sign in to 127.0.0.1:5173.')
    expect(statementFor('Say "hi"')).toBe('Sign in to 127.0.0.1:5173.')
  })
})
