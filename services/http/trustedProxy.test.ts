import { describe, expect, it } from 'vitest'

import { createServiceApp, createTrustedProxy, sendJson } from './index.mjs'

/** An app that answers who it thinks the client is and which origin it was called on. */
function whoAmI(proxies: string) {
  const proxy = createTrustedProxy(proxies)
  const app = createServiceApp({ name: 'test', log: () => {}, methods: ['GET'], trustedProxy: proxy })
  app.get('/who', (c) => sendJson(c, 200, { client: proxy.clientAddress(c), origin: proxy.origin(c) }))
  return async (peer: string, headers: Record<string, string> = {}) =>
    (await app.request('http://127.0.0.1:8790/who', { headers }, { incoming: { socket: { remoteAddress: peer } } })).json()
}

describe('createTrustedProxy', () => {
  it('believes X-Forwarded-For only from a configured proxy: anyone else is the socket’s address', async () => {
    const ask = whoAmI('10.0.0.0/8, 127.0.0.1')
    expect(await ask('198.51.100.4', { 'x-forwarded-for': '203.0.113.9' })).toMatchObject({ client: '198.51.100.4' })
    expect(await ask('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toMatchObject({ client: '203.0.113.9' })
    expect(await ask('::ffff:10.1.2.3', { 'x-forwarded-for': '203.0.113.9' })).toMatchObject({ client: '203.0.113.9' })
  })

  it('reads the forwarded chain from the right, past every trusted hop, so a client cannot write its own address in', async () => {
    const ask = whoAmI('10.0.0.0/8')
    // The client sent "1.1.1.1" itself; the outer proxy appended the address it saw, then the inner one its own.
    expect(await ask('10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 203.0.113.9, 10.0.0.1' })).toMatchObject({ client: '203.0.113.9' })
    // A chain of trusted hops only: the first is the client. A malformed hop stops the reading at the proxy.
    expect(await ask('10.0.0.2', { 'x-forwarded-for': '10.9.9.9' })).toMatchObject({ client: '10.9.9.9' })
    expect(await ask('10.0.0.2', { 'x-forwarded-for': 'not-an-address' })).toMatchObject({ client: '10.0.0.2' })
  })

  it('takes the origin’s scheme and host from a trusted proxy only', async () => {
    const ask = whoAmI('127.0.0.1')
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'wallet.test' }
    expect(await ask('127.0.0.1', forwarded)).toMatchObject({ origin: 'https://wallet.test' })
    expect(await ask('127.0.0.1', { 'x-forwarded-proto': 'https' })).toMatchObject({ origin: 'https://127.0.0.1:8790' })
    expect(await ask('127.0.0.1', { ...forwarded, 'x-forwarded-host': 'wallet.test:8443' })).toMatchObject({
      origin: 'https://wallet.test:8443',
    })
    expect(await ask('198.51.100.4', forwarded)).toMatchObject({ origin: 'http://127.0.0.1:8790' })
    // Nobody trusted: the headers are anyone's.
    expect(await whoAmI('')('127.0.0.1', forwarded)).toMatchObject({ origin: 'http://127.0.0.1:8790', client: '127.0.0.1' })
  })

  it('refuses an entry that is neither an address nor a CIDR range, naming the variable', () => {
    expect(() => createTrustedProxy('10.0.0.0/33')).toThrow('FOYER_TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or a CIDR range')
    expect(() => createTrustedProxy('proxy.internal')).toThrow('FOYER_TRUSTED_PROXIES')
    expect(() => createTrustedProxy(['::1', 'fd00::/8'])).not.toThrow()
  })
})
