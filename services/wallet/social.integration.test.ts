// Social login against real parts: the local OpenID Connect provider (oidc-provider) over HTTP, walked page by page
// as a browser would (its cookies kept), and the wallet app as the relying party (openid-client), on PGlite.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Hono } from 'hono'
import * as oidc from 'openid-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { startAnvil } from '../dev/devchain/index.mjs'
import { startDirectory, type WalletDirectory } from '../directory/index.mjs'
import { createHash, createHmac } from 'node:crypto'
import {
  DEV_TELEGRAM_BOT_TOKEN,
  devClientOf,
  OIDC_SOCIAL_PROVIDERS,
  startIdentityProvider,
  type IdentityProvider,
} from '../dev/identity/index.mjs'
import { createMailer, type Mailer } from '../dev/mail/index.mjs'
import type { Database } from '../storage/index.mjs'
import { createWalletApp, loadMasterKey } from './index.mjs'
import { frameBrowser } from '../../test/frameBrowser.js'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

const WALLET = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'
const OTHER_HOST = 'http://127.0.0.1:6006'
const CALLBACK = `${WALLET}/social/callback`
const SLOW = { timeout: 60_000 }

let scratch: string
let database: Database
let directory: WalletDirectory
let idp: IdentityProvider
let anvil: Awaited<ReturnType<typeof startAnvil>>
let mailer: Mailer
let app: Hono
/** Added to Date.now() by the wallet's clock (the provider keeps real time). */
let clockOffset = 0

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-social-'))
  ;[database, directory, idp, anvil] = await Promise.all([
    openEmptyDatabase(path.join(scratch, 'data')),
    startDirectory({ allowedOrigins: ['http://127.0.0.1:*'] }),
    startIdentityProvider({ redirectUris: [CALLBACK], log: () => {} }),
    startAnvil({ port: 0, chainId: 31337 }),
  ])
  // Never used: no test here mails anything (a social user has no email).
  mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9' })
  app = await createWalletApp({
    database,
    mailer,
    masterKey: loadMasterKey({ fromEnv: undefined, dataDir: scratch }),
    directoryUrl: directory.url,
    evm: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    social: Object.fromEntries(OIDC_SOCIAL_PROVIDERS.map((provider) => [provider, { issuer: idp.url, ...devClientOf(provider) }])),
    telegram: { botToken: DEV_TELEGRAM_BOT_TOKEN, loginUrl: `${idp.url}/telegram/auth` },
    farcaster: {
      relayUrl: idp.url,
      rpcUrl: anvil.url,
      getFid: async (custody) => BigInt(((await (await fetch(`${idp.url}/farcaster/fid/${custody}`)).json()) as { fid: string }).fid),
    },
    now: () => Date.now() + clockOffset,
    log: () => {},
  })
}, 120_000)

afterEach(() => {
  clockOffset = 0
})

afterAll(async () => {
  mailer?.close()
  await Promise.allSettled([database?.close(), directory?.stop(), idp?.stop(), anvil?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** A cookie jar and the calls that use it. */
function cookieJar() {
  const jar = new Map<string, string>()
  return {
    jar,
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: Response) {
      for (const header of response.headers.getSetCookie()) {
        const [name, value] = header.split(';')[0]!.split('=') as [string, string]
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name)
        else jar.set(name, value)
      }
    },
  }
}

/**
 * One visitor on the host page: what the frame page sends on its behalf (its partitioned cookies on the wallet), and
 * the keys it makes after a login (test/frameBrowser.ts).
 */
function frame(origin = HOST, projectId = 'demo') {
  return frameBrowser(() => app, { wallet: WALLET, host: origin, projectId })
}

/**
 * The popup: from the authorization URL through the provider's sign-in page (the name typed) to the URL it sends the
 * user back to, which is returned (the callback page itself is the wallet's, fetched separately).
 */
async function signInAtProvider(authorizationUrl: string, name: string): Promise<string> {
  const cookies = cookieJar()
  let url = authorizationUrl
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(CALLBACK)) return url
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookies.header() } })
    cookies.take(response)
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url).href
      continue
    }
    const html = await response.text()
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`No sign-in form at ${url} (${response.status}): ${html.slice(0, 300)}`)
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies.header(), 'content-type': 'application/x-www-form-urlencoded', origin: idp.url },
      body: new URLSearchParams({ name }),
    })
    cookies.take(posted)
    const next = posted.headers.get('location')
    if (!next) throw new Error(`The sign-in form answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`)
    url = new URL(next, url).href
  }
  throw new Error('Too many redirects')
}

async function redirectUri(page: ReturnType<typeof frame>, provider: string) {
  const answer = await page.send('APP_GET_SOCIAL_REDIRECT_URI', { provider })
  expect(answer.status).toBe(200)
  return answer.body.uri as string
}

/** A full sign-in: the popup loads the callback page, the frame exchanges its result URI; returns the user. */
async function socialLogin(page: ReturnType<typeof frame>, provider: string, name: string) {
  const resultUri = await signInAtProvider(await redirectUri(page, provider), name)
  expect((await app.request(resultUri)).status).toBe(200)
  const connected = await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })
  expect(connected).toMatchObject({ status: 200 })
  return (await page.send('APP_GET_USER', { chainId: 31337 })).body
}

describe('social login through the local OpenID Connect provider', () => {
  it('the authorization URL asks for the code flow with PKCE (S256), a state and a nonce, for the provider’s client', SLOW, async () => {
    const uri = new URL(await redirectUri(frame(), 'google'))
    expect(uri.origin).toBe(idp.url)
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      client_id: 'foyer-google',
      response_type: 'code',
      redirect_uri: CALLBACK,
      scope: 'openid profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/^[\w-]{20,}$/),
      nonce: expect.stringMatching(/^[\w-]{20,}$/),
    })
  })

  it('the provider’s page is branded and asks for a name; a bad name is refused there', SLOW, async () => {
    const first = await fetch(await redirectUri(frame(), 'discord'), { redirect: 'manual' })
    const cookie = first.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ')
    const page = await fetch(new URL(first.headers.get('location')!, idp.url), { headers: { cookie } })
    const html = await page.text()
    expect(html).toContain('<h1>Sign in with Discord</h1>')
    expect(html).toMatch(/<input id="name" name="name"/)
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!
    const refused = await fetch(new URL(action, idp.url), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: '<script>' }),
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('role="alert"')
  })

  it('signing in gives a wallet with the provider’s name; the same account comes back to the same wallet', SLOW, async () => {
    const first = await socialLogin(frame(), 'google', 'Alice Social')
    expect(first).toMatchObject({ userName: 'Alice Social', socialProvider: 'google', chainId: 31337 })
    expect(first.email).toBeUndefined()
    expect(first.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(first.accounts.map((account: { namespace: string }) => account.namespace)).toEqual(['eip155', 'solana'])

    const again = await socialLogin(frame(), 'google', 'alice social')
    expect(again.address).toBe(first.address)
    expect(again.accounts).toEqual(first.accounts)
    // The same name at another provider is another person.
    const elsewhere = await socialLogin(frame(), 'github', 'Alice Social')
    expect(elsewhere.address).not.toBe(first.address)
    expect(elsewhere.socialProvider).toBe('github')
  })

  it('the callback page hands the result to the embedding origin that started the sign-in, and to no other', SLOW, async () => {
    const page = frame()
    const resultUri = await signInAtProvider(await redirectUri(page, 'apple'), 'carol')
    const callback = await app.request(resultUri)
    expect(callback.status).toBe(200)
    expect(callback.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await callback.text()
    expect(html).toContain(`<meta name="foyer-host-origin" content="${HOST}">`)
    expect(html).toContain('<script src="/social/callback.js"></script>')
    // A state nobody issued: no origin, nothing posted.
    const forged = await app.request(`${CALLBACK}?code=abc&state=forged-state-value`)
    expect(forged.status).toBe(400)
    expect(await forged.text()).not.toContain('foyer-host-origin')
    const script = await (await app.request(`${WALLET}/social/callback.js`)).text()
    expect(script).toContain("postMessage({ type: 'FOYER_SOCIAL_RESULT', resultUri: location.href }, hostOrigin)")
  })

  it('security: a result URI counts once (a replayed code is refused)', SLOW, async () => {
    const page = frame()
    const resultUri = await signInAtProvider(await redirectUri(page, 'x'), 'dave')
    expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })).status).toBe(200)
    await page.send('APP_SIGN_OUT')
    expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })).body).toEqual({
      error: 'Failed to connect',
      code: 'SOCIAL_LOGIN_FAILED',
    })
    expect((await page.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
  })

  it('security: the provider itself refuses a code used twice', SLOW, async () => {
    const page = frame()
    const authorization = new URL(await redirectUri(page, 'google'))
    const resultUri = await signInAtProvider(authorization.href, 'erin')
    expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })).status).toBe(200)
    // The same code straight to the token endpoint (with a verifier that cannot be right anyway): refused.
    const configuration = await oidc.discovery(new URL(idp.url), 'foyer-google', devClientOf('google').clientSecret, undefined, {
      execute: [oidc.allowInsecureRequests],
    })
    await expect(
      oidc.authorizationCodeGrant(configuration, new URL(resultUri), {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: oidc.skipStateCheck,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
  })

  it('security: a forged code is refused', SLOW, async () => {
    const page = frame()
    const resultUri = new URL(await signInAtProvider(await redirectUri(page, 'facebook'), 'frank'))
    resultUri.searchParams.set('code', 'forged-code-forged-code-forged-code')
    expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri.href })).body).toEqual({
      error: 'Failed to connect',
      code: 'SOCIAL_LOGIN_FAILED',
    })
    expect((await page.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
  })

  it('security: a bad PKCE verifier is refused by the provider', SLOW, async () => {
    const page = frame()
    const resultUri = await signInAtProvider(await redirectUri(page, 'google'), 'grace')
    const state = new URL(resultUri).searchParams.get('state')!
    // The verifier kept for this sign-in swapped for another: the provider must refuse the exchange.
    const { rowCount } = await database.query(
      "UPDATE wallet.social_logins SET code_verifier = $1 WHERE used_at IS NULL AND provider = 'google' AND created_at = (SELECT max(created_at) FROM wallet.social_logins WHERE provider = 'google')",
      [oidc.randomPKCECodeVerifier()],
    )
    expect(rowCount).toBe(1)
    expect(state).not.toBe('')
    expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })).body).toEqual({
      error: 'Failed to connect',
      code: 'SOCIAL_LOGIN_FAILED',
    })
    expect((await page.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
  })

  it('security: a result URI is refused from another browser or another embedding origin', SLOW, async () => {
    const page = frame()
    const resultUri = await signInAtProvider(await redirectUri(page, 'google'), 'heidi')
    expect((await frame().send('APP_CONNECT_SOCIAL', { uri: resultUri })).body).toMatchObject({ code: 'SOCIAL_LOGIN_FAILED' })
    const otherSite = frame(OTHER_HOST)
    otherSite.jar.set('foyer_device', page.jar.get('foyer_device')!)
    expect((await otherSite.send('APP_CONNECT_SOCIAL', { uri: resultUri })).body).toMatchObject({ code: 'SOCIAL_LOGIN_FAILED' })
    // Still unused: the browser that started it signs in.
    expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })).status).toBe(200)
  })

  it('a URI that is not the wallet’s callback, an unknown provider and a missing uri are refused', SLOW, async () => {
    const page = frame()
    expect((await page.send('APP_CONNECT_SOCIAL', { uri: 'https://evil.example/social/callback?code=1&state=2' })).body).toMatchObject({
      code: 'INVALID_REQUEST',
    })
    expect((await page.send('APP_CONNECT_SOCIAL', {})).body).toEqual({ error: 'uri must be a string', code: 'INVALID_REQUEST' })
    expect((await page.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'myspace' })).body).toEqual({
      error: 'provider must be one of google, github, apple, facebook, x, discord, telegram',
      code: 'INVALID_REQUEST',
    })
  })
})

/** Telegram's login page (the local stand-in) for this sign-in: the name typed, the URL it sends the browser to. */
async function logInAtTelegram(uri: string, name: string) {
  const page = await fetch(uri)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<h1>Log in with Telegram</h1>')
  const query = new URL(uri).searchParams
  const posted = await fetch(`${idp.url}/telegram/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ bot_id: query.get('bot_id')!, return_to: query.get('return_to')!, name }),
  })
  expect(posted.status).toBe(303)
  return posted.headers.get('location')!
}

/** Starts a Telegram sign-in from `returnTo`; follows it to the host page and returns its `result_uri`. */
async function telegramResult(page: ReturnType<typeof frame>, name: string, returnTo = `${HOST}/shop?item=1`) {
  const started = await page.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'telegram', returnTo })
  expect(started.status).toBe(200)
  const callback = await logInAtTelegram(started.body.uri, name)
  expect(callback.startsWith(`${CALLBACK}?state=`)).toBe(true)
  const back = await app.request(callback)
  expect(back.status).toBe(303)
  const host = new URL(back.headers.get('location')!)
  expect(`${host.origin}${host.pathname}`).toBe(`${HOST}/shop`)
  expect(host.searchParams.get('item')).toBe('1')
  return host.searchParams.get('result_uri')!
}

describe('Telegram login (redirect, HMAC-signed result)', () => {
  it(
    'the login page sends the browser back to the host page with result_uri; its signed result gives the same wallet each time',
    SLOW,
    async () => {
      const page = frame()
      const resultUri = await telegramResult(page, 'Tom')
      expect(resultUri.startsWith(`${CALLBACK}?state=`)).toBe(true)
      expect(new URL(resultUri).searchParams.get('hash')).toMatch(/^[0-9a-f]{64}$/)
      expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })).body).toEqual({ userName: 'tom', socialProvider: 'telegram' })
      const user = (await page.send('APP_GET_USER', { chainId: 31337 })).body
      expect(user).toMatchObject({ userName: 'tom', socialProvider: 'telegram' })

      const other = frame()
      expect((await other.send('APP_CONNECT_SOCIAL', { uri: await telegramResult(other, 'TOM') })).status).toBe(200)
      expect((await other.send('APP_GET_USER', { chainId: 31337 })).body.address).toBe(user.address)
    },
  )

  it('security: a tampered Telegram result is refused (another id, or a hash not signed with the bot token)', SLOW, async () => {
    const page = frame()
    const tampered = new URL(await telegramResult(page, 'Mallory'))
    tampered.searchParams.set('id', '1')
    expect((await page.send('APP_CONNECT_SOCIAL', { uri: tampered.href })).body).toEqual({
      error: 'Failed to connect',
      code: 'SOCIAL_LOGIN_FAILED',
    })

    // Signed as Telegram signs, but with another bot's token.
    const forged = new URL(await telegramResult(page, 'Mallory'))
    forged.searchParams.set('id', '1')
    const fields = ['auth_date', 'first_name', 'id', 'username'].map((key) => `${key}=${forged.searchParams.get(key)}`).join('\n')
    forged.searchParams.set(
      'hash',
      createHmac('sha256', createHash('sha256').update('1:another-bot').digest()).update(fields).digest('hex'),
    )
    expect((await page.send('APP_CONNECT_SOCIAL', { uri: forged.href })).body).toMatchObject({ code: 'SOCIAL_LOGIN_FAILED' })
    expect((await page.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
  })

  it(
    'security: a Telegram result counts once, and only for the browser that started it; the way back must be the embedding origin’s',
    SLOW,
    async () => {
      const page = frame()
      const resultUri = await telegramResult(page, 'Trent')
      expect((await frame().send('APP_CONNECT_SOCIAL', { uri: resultUri })).body).toMatchObject({ code: 'SOCIAL_LOGIN_FAILED' })
      expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })).status).toBe(200)
      await page.send('APP_SIGN_OUT')
      expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })).body).toMatchObject({ code: 'SOCIAL_LOGIN_FAILED' })
      expect((await page.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'telegram', returnTo: 'https://evil.example/' })).body).toEqual({
        error: 'returnTo must be a page of the embedding origin',
        code: 'INVALID_REQUEST',
      })
    },
  )
})

/** The dev Farcaster app approves the channel of `url` as `name`. */
async function approveInFarcasterApp(url: string, name: string) {
  const shown = await fetch(`${idp.url}/farcaster/app?url=${encodeURIComponent(url)}`)
  expect(await shown.text()).toContain('<h1>Sign in to localhost:8790</h1>')
  const approved = await fetch(`${idp.url}/farcaster/app`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ url, name }),
  })
  expect(approved.status).toBe(200)
}

describe('Sign In With Farcaster (relay channel, signed SIWE message)', () => {
  it(
    'a channel for the wallet’s domain; the app approves with its custody key; the wallet verifies and signs in, the same wallet each time',
    SLOW,
    async () => {
      const page = frame()
      const opened = await page.send('APP_GET_FARCASTER_URI')
      expect(opened.body.url).toMatch(/^farcaster:\/\/connect\?channelToken=\w+&nonce=\w+/)
      const connecting = page.send('APP_CONNECT_FARCASTER', { channelToken: opened.body.channelToken })
      await approveInFarcasterApp(opened.body.url, 'Fran')
      expect((await connecting).body).toEqual({ userName: 'fran', socialProvider: 'farcaster' })
      const user = (await page.send('APP_GET_USER', { chainId: 31337 })).body
      expect(user).toMatchObject({ userName: 'fran', socialProvider: 'farcaster' })

      const other = frame()
      const again = await other.send('APP_GET_FARCASTER_URI')
      const waiting = other.send('APP_CONNECT_FARCASTER', { channelToken: again.body.channelToken })
      await approveInFarcasterApp(again.body.url, 'fran')
      expect((await waiting).status).toBe(200)
      expect((await other.send('APP_GET_USER', { chainId: 31337 })).body.address).toBe(user.address)
    },
  )

  it('security: a message not signed by the fid’s custody key, or a channel of another browser, is refused', SLOW, async () => {
    const page = frame()
    const opened = await page.send('APP_GET_FARCASTER_URI')
    expect((await frame().send('APP_CONNECT_FARCASTER', { channelToken: opened.body.channelToken })).body).toEqual({
      error: 'Failed to connect to farcaster',
      code: 'FARCASTER_LOGIN_FAILED',
    })
    // Someone completes the channel with a message signed by a key that owns no fid.
    const connecting = page.send('APP_CONNECT_FARCASTER', { channelToken: opened.body.channelToken })
    const { privateKeyToAccount, generatePrivateKey } = await import('viem/accounts')
    const { createSiweMessage } = await import('viem/siwe')
    const intruder = privateKeyToAccount(generatePrivateKey())
    const nonce = new URL(opened.body.url.replace('farcaster://', 'http://x/')).searchParams.get('nonce')!
    const message = createSiweMessage({
      address: intruder.address,
      chainId: 10,
      domain: 'localhost:8790',
      uri: WALLET,
      nonce,
      version: '1',
      statement: 'Farcaster Auth',
      resources: ['farcaster://fid/1'],
    })
    const authenticated = await fetch(`${idp.url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opened.body.channelToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await intruder.signMessage({ message }), fid: 1, username: 'intruder' }),
    })
    expect(authenticated.status).toBe(201)
    expect((await connecting).body).toEqual({ error: 'Failed to connect to farcaster', code: 'FARCASTER_LOGIN_FAILED' })
    expect((await page.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
  })
})

describe('sign-in grants and wallets per project after a social login', () => {
  const signInFields = (address: string) => ({
    accountAddress: address,
    chainId: 'eip155:31337',
    domain: new URL(HOST).host,
    uri: HOST,
    version: '1',
    nonce: 'nonce12345678',
    statement: 'Sign in to the demo.',
    issuedAt: new Date(Date.now() + clockOffset).toISOString(),
  })

  it('a social login just now grants the sign-in signature', SLOW, async () => {
    const page = frame()
    const { address } = await socialLogin(page, 'google', 'Ivan Fresh')
    expect((await page.send('APP_SIGN_IN', { siwxMessage: signInFields(address) })).status).toBe(200)
  })

  it(
    'a result the host page held for more than 120 s after the provider sent the visitor back signs in, but grants no signature',
    SLOW,
    async () => {
      const page = frame()
      const resultUri = await signInAtProvider(await redirectUri(page, 'google'), 'Judy Held')
      expect((await app.request(resultUri)).status).toBe(200)
      clockOffset = 121_000
      expect((await page.send('APP_CONNECT_SOCIAL', { uri: resultUri })).status).toBe(200)
      const { address } = (await page.send('APP_GET_USER', { chainId: 31337 })).body
      expect((await page.send('APP_SIGN_IN', { siwxMessage: signInFields(address) })).body).toMatchObject({ code: 'SIGN_IN_NOT_GRANTED' })
    },
  )

  it('the same social account gets another wallet on another project', SLOW, async () => {
    const demo = await socialLogin(frame(HOST, 'demo'), 'github', 'Kim Twice')
    const shop = await socialLogin(frame(HOST, 'shop'), 'github', 'Kim Twice')
    expect(shop.address).not.toBe(demo.address)
    expect((await socialLogin(frame(HOST, 'demo'), 'github', 'Kim Twice')).address).toBe(demo.address)
  })
})
