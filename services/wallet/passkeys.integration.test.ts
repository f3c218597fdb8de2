// The passkey ceremonies against the wallet service, through app.request() as the frame page calls them, with a
// software authenticator (test/softAuthenticator.ts) whose answers @simplewebauthn/server verifies for real: a
// passkey added to an email wallet signs in a new browser to the same wallet; answers made for another origin, RP
// ID or embedding page, replayed, late, from another browser or carrying the PRF output are refused with a 4xx.
// Real parts: both storage backends (PGlite in a temporary directory, and a PostgreSQL server this file starts), mail
// through nodemailer to the SMTP catcher, the directory.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Hono } from 'hono'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { startDirectory, type WalletDirectory } from '../directory/index.mjs'
import { createMailer, startMailCatcher, type MailCatcher, type Mailer } from '../dev/mail/index.mjs'
import { openDatabase, type Database } from '../storage/index.mjs'
import { startPostgres, type PostgresServer } from '../../test/startPostgres.mjs'
import { createWalletApp, loadMasterKey } from './index.mjs'
import { PASSKEY_CHALLENGE_TTL_MS } from './passkeys.mjs'
import { lastMailedCode, uniqueEmail } from '../../test/mailbox.js'
import { frameBrowser } from '../../test/frameBrowser.js'
import { softAuthenticator, type CeremonyPlace } from '../../test/softAuthenticator.js'
import { openWithPasskey, wrapForPasskey } from './frame/passkeyShares.js'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

const WALLET = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'
/** Where the frame runs: the wallet's origin and host, inside the host page. */
const FRAME: CeremonyPlace = { origin: WALLET, rpId: 'localhost', topOrigin: HOST }

let scratch: string
let pglite: Database
let postgres: PostgresServer
let mail: MailCatcher
let mailer: Mailer
let directory: WalletDirectory
let masterKey: Buffer
/** The wallet of the backend under test (each describe.each block sets it before its tests). */
let app: Hono
let clockOffset = 0
const now = () => Date.now() + clockOffset

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-passkeys-'))
  ;[pglite, postgres, mail, directory] = await Promise.all([
    openEmptyDatabase(path.join(scratch, 'data')),
    startPostgres(),
    startMailCatcher(),
    startDirectory({ allowedOrigins: ['http://127.0.0.1:*'] }),
  ])
  mailer = createMailer({ smtpUrl: mail.smtpUrl })
  masterKey = loadMasterKey({ fromEnv: undefined, dataDir: scratch })
}, 300_000)

afterAll(async () => {
  mailer?.close()
  await Promise.allSettled([pglite?.close(), mail?.stop(), directory?.stop()])
  await postgres?.stop()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

afterEach(() => {
  clockOffset = 0
})

/** The wallet on `database`, migrated there (the passkeys tables with the rest). */
const walletOn = (database: Database) =>
  createWalletApp({
    database,
    mailer,
    masterKey,
    directoryUrl: directory.url,
    evm: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    now,
    rateLimit: false,
    log: () => {},
  })

const browser = (projectId = 'demo') => frameBrowser(() => app, { wallet: WALLET, host: HOST, projectId })
type Browser = ReturnType<typeof browser>

/** The frame's own passkey calls (not APP_ messages). */
const ceremony = (page: Browser, kind: 'login' | 'register', step: 'options' | 'finish', credential?: unknown, projectId = 'demo') =>
  page.call(`/v1/frame/passkey/${step}`, { projectId, origin: HOST, ceremony: kind, ...(credential !== undefined && { credential }) })

/** A new email wallet, signed in in a fresh browser by its mailed code; answers the browser and the user. */
async function signUp(name: string) {
  const page = browser()
  const email = uniqueEmail(name)
  expect((await page.send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'VERIFY_OTP' })
  expect((await page.send('APP_CONNECT_OTP', { otp: await lastMailedCode(mail.url, email) })).status).toBe(200)
  return { page, email, user: (await page.send('APP_GET_USER', { chainId: 31337 })).body }
}

/** What the frame's passkey code (frame/passkeyShares.js) needs of a browser: its backend calls and its shares. */
const frameOf = (page: Browser) => ({
  async backend(path: string, body: Record<string, unknown>) {
    const answer = await page.call(path, { projectId: 'demo', origin: HOST, ...body })
    if (answer.status !== 200) throw Object.assign(new Error(answer.body.error), answer.body)
    return answer.body
  },
  store: {
    keepDeviceShare: async (userId: string, share: Uint8Array) => void page.shares.set(userId, share.slice()),
    deviceShare: async (userId: string) => page.shares.get(userId)?.slice(),
  },
})

/**
 * Signs up and adds a passkey made by `authenticator`; as the frame does, wraps the browser's share under the
 * passkey's PRF output (`prfOutput`, what the authenticator would give for the frame's salt).
 */
async function withPasskey(name: string, authenticator = softAuthenticator()) {
  const account = await signUp(name)
  const options = await ceremony(account.page, 'register', 'options')
  expect(options.status).toBe(200)
  const added = await ceremony(account.page, 'register', 'finish', authenticator.create(options.body, FRAME, { prf: { enabled: true } }))
  expect(added.body).toMatchObject({ passkey: expect.anything() })
  const prfOutput = crypto.getRandomValues(new Uint8Array(32))
  expect(await wrapForPasskey(frameOf(account.page), authenticator.passkeys.at(-1)!.id, prfOutput)).toBe(true)
  return { ...account, authenticator, prfOutput }
}

/** A new browser asks for login options and answers them with `answer`. */
async function logInWith(answer: (options: { challenge: string }) => unknown, page = browser()) {
  const options = await ceremony(page, 'login', 'options')
  expect(options.status).toBe(200)
  return { page, finish: await ceremony(page, 'login', 'finish', answer(options.body)) }
}

describe.each(['pglite', 'postgres'] as const)('on %s', (backend) => {
  let database: Database | undefined
  beforeAll(async () => {
    database = backend === 'pglite' ? pglite : await openDatabase({ databaseUrl: await postgres.createDatabase() })
    app = await walletOn(database)
  }, 120_000)
  afterAll(async () => {
    if (backend === 'postgres') await database?.close()
  })

  describe('passkeys', () => {
    it('a passkey added to an email wallet signs a new browser in to the same wallet, whose key its PRF output opens there', async () => {
      const { user, authenticator, prfOutput } = await withPasskey('ada')
      const startedAt = performance.now()
      const { page, finish } = await logInWith((options) => authenticator.get(options, FRAME))
      expect(finish).toEqual({ status: 200, body: { userId: expect.any(String), passkeyWrap: expect.any(String) } })
      // The new browser has no share: the passkey's wrap, opened with its PRF output, becomes its own.
      expect(page.shares.size).toBe(0)
      expect(await openWithPasskey(frameOf(page), finish.body, prfOutput)).toBe(true)
      const loginMs = performance.now() - startedAt
      const again = await page.send('APP_GET_USER', { chainId: 31337 })
      expect(again.body.address).toBe(user.address)
      expect(again.body.email).toBe(user.email)
      // The same proof as a code: the login may have its sign-in message signed without a second approval.
      const signIn = await page.send('APP_SIGN_IN', {
        siwxMessage: {
          accountAddress: user.address,
          chainId: 'eip155:31337',
          domain: '127.0.0.1:5173',
          uri: `${HOST}/`,
          version: '1',
          nonce: 'abcdefgh1234',
          issuedAt: new Date().toISOString(),
        },
      })
      expect(signIn.status).toBe(200)
      // Signed in this browser with the key rebuilt from the passkey's share and the auth share: the wallet's address.
      expect(await verifyMessage({ address: user.address, message: signIn.body.message, signature: signIn.body.signature })).toBe(true)
      expect(loginMs).toBeLessThan(5_000)
      console.info(`passkey login (options + verify + session), in process: ${loginMs.toFixed(0)} ms`)
    })

    it('lists the passkeys with their dates, records the last use, and a revoked passkey signs in no more', async () => {
      const { page, authenticator } = await withPasskey('grace')
      // Its wrap of the share is a backup (docs/wallets.md#backup); once it is removed, the wallet has none again.
      expect((await page.send('APP_GET_USER')).body.backedUp).toBe(true)
      const listed = await page.send('APP_GET_PASSKEYS')
      expect(listed.body.passkeys).toEqual([
        { id: authenticator.passkeys[0]!.id, synced: false, createdAt: expect.any(String), lastUsedAt: null },
      ])
      await logInWith((options) => authenticator.get(options, FRAME))
      expect((await page.send('APP_GET_PASSKEYS')).body.passkeys[0].lastUsedAt).toEqual(expect.any(String))

      expect(await page.send('APP_REVOKE_PASSKEY', { id: authenticator.passkeys[0]!.id })).toEqual({ status: 200, body: { passkeys: [] } })
      expect((await page.send('APP_GET_USER')).body.backedUp).toBe(false)
      const { finish } = await logInWith((options) => authenticator.get(options, FRAME))
      expect(finish.status).toBe(400)
      expect(finish.body.code).toBe('PASSKEY_UNKNOWN')
    })

    it('a wrong PRF output opens nothing, and no one keeps a wrap for a passkey that is not theirs', async () => {
      const { authenticator } = await withPasskey('wrapped')
      const { page, finish } = await logInWith((options) => authenticator.get(options, FRAME))
      await expect(openWithPasskey(frameOf(page), finish.body, new Uint8Array(32))).rejects.toThrow()
      expect(page.shares.size).toBe(0)
      const { page: other } = await signUp('intruder')
      const refused = await other.call('/v1/frame/passkey/wrap', {
        projectId: 'demo',
        origin: HOST,
        credentialId: authenticator.passkeys[0]!.id,
        wrapped: Buffer.alloc(60).toString('base64'),
      })
      expect(refused).toEqual({ status: 404, body: { error: 'This wallet has no such passkey', code: 'PASSKEY_UNKNOWN' } })
      const malformed = await other.call('/v1/frame/passkey/wrap', { projectId: 'demo', origin: HOST, credentialId: 'x', wrapped: '!' })
      expect(malformed.body).toEqual({ error: 'wrapped: wrapped must be a base64 wrap of a share', code: 'INVALID_REQUEST' })
    })

    it("refuses to revoke another user's passkey, and revoking needs a session", async () => {
      const { authenticator } = await withPasskey('owner')
      const { page: other } = await signUp('other')
      const refused = await other.send('APP_REVOKE_PASSKEY', { id: authenticator.passkeys[0]!.id })
      expect(refused).toEqual({ status: 404, body: { error: 'This wallet has no such passkey', code: 'PASSKEY_UNKNOWN' } })
      expect((await browser().send('APP_REVOKE_PASSKEY', { id: 'x' })).body.code).toBe('NOT_CONNECTED')
      expect((await other.send('APP_REVOKE_PASSKEY', {})).body).toEqual({
        error: 'id must be a string',
        code: 'INVALID_REQUEST',
      })
    })

    it('adding a passkey needs a signed-in user', async () => {
      const options = await ceremony(browser(), 'register', 'options')
      expect(options).toEqual({ status: 401, body: { error: 'Not connected to email or social', code: 'NOT_CONNECTED' } })
    })
  })

  describe('attacks on the ceremonies', () => {
    it('refuses an assertion made for another origin', async () => {
      const { authenticator } = await withPasskey('phished')
      const { finish } = await logInWith((options) => authenticator.get(options, { ...FRAME, origin: 'http://127.0.0.1:5173' }))
      expect(finish.status).toBe(400)
      expect(finish.body.code).toBe('PASSKEY_REFUSED')
      expect(finish.body.error).toMatch(/origin/)
    })

    it('refuses an assertion signed for another RP ID', async () => {
      const { authenticator } = await withPasskey('relying')
      const { finish } = await logInWith((options) => authenticator.get(options, { ...FRAME, rpId: '127.0.0.1' }))
      expect(finish.status).toBe(400)
      expect(finish.body.error).toMatch(/RP ID/)
    })

    it('refuses an assertion made inside another embedding page than the one that asked', async () => {
      const { authenticator } = await withPasskey('framed')
      const { finish } = await logInWith((options) => authenticator.get(options, { ...FRAME, topOrigin: 'http://evil.example' }))
      expect(finish).toEqual({
        status: 400,
        body: { error: 'The passkey could not be verified: it was used inside http://evil.example', code: 'PASSKEY_REFUSED' },
      })
    })

    it('refuses a replayed assertion: a challenge is used once', async () => {
      const { authenticator } = await withPasskey('replayed')
      let answer: unknown
      const first = await logInWith((options) => (answer = authenticator.get(options, FRAME)))
      expect(first.finish.status).toBe(200)
      const replay = await ceremony(first.page, 'login', 'finish', answer)
      expect(replay).toEqual({
        status: 400,
        body: { error: 'This passkey request has expired or was already used: try again', code: 'PASSKEY_CHALLENGE_INVALID' },
      })
    })

    it('refuses a challenge given to another browser, and one that expired', async () => {
      const { authenticator } = await withPasskey('stolen')
      const victim = browser()
      const options = (await ceremony(victim, 'login', 'options')).body
      const elsewhere = await ceremony(browser(), 'login', 'finish', authenticator.get(options, FRAME))
      expect(elsewhere.body.code).toBe('PASSKEY_CHALLENGE_INVALID')

      const late = browser()
      const lateOptions = (await ceremony(late, 'login', 'options')).body
      clockOffset = PASSKEY_CHALLENGE_TTL_MS + 1_000
      expect((await ceremony(late, 'login', 'finish', authenticator.get(lateOptions, FRAME))).body.code).toBe('PASSKEY_CHALLENGE_INVALID')
    })

    it('refuses a login challenge used to register a passkey', async () => {
      const { page, authenticator } = await withPasskey('crossed')
      const loginOptions = (await ceremony(page, 'login', 'options')).body
      const asRegistration = await ceremony(page, 'register', 'finish', authenticator.create(loginOptions, FRAME))
      expect(asRegistration.body.code).toBe('PASSKEY_CHALLENGE_INVALID')
    })

    it('refuses an answer that carries the PRF output, which must stay in the frame', async () => {
      const { page } = await signUp('leaky')
      const options = (await ceremony(page, 'register', 'options')).body
      const leaked = softAuthenticator().create(options, FRAME, { prf: { enabled: true, results: { first: 'c2VjcmV0' } } })
      expect(await ceremony(page, 'register', 'finish', leaked)).toEqual({
        status: 400,
        body: { error: 'credential.clientExtensionResults.prf.results must stay in the frame', code: 'INVALID_REQUEST' },
      })
    })

    it('the host page cannot reach the ceremonies: no APP_ message starts one, and its own requests are refused', async () => {
      const page = browser()
      expect((await page.send('APP_PASSKEY_LOGIN')).body.code).toBe('INVALID_REQUEST')
      const fromHost = await page.call('/v1/frame/passkey/options', { projectId: 'demo', origin: HOST, ceremony: 'login' }, HOST)
      expect(fromHost).toEqual({ status: 403, body: { error: 'Only the wallet frame may call this', code: 'FORBIDDEN' } })
    })

    it('answers every malformed request with a clear 400', async () => {
      const page = browser()
      const cases: [unknown, string][] = [
        [{ projectId: 'demo', origin: HOST, ceremony: 'steal' }, "ceremony must be 'login' or 'register'"],
        [{ projectId: 'demo', origin: HOST, ceremony: 'login' }, 'credential: credential must be an object'],
        [
          {
            projectId: 'demo',
            origin: HOST,
            ceremony: 'login',
            credential: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '!' } },
          },
          'credential.response.clientDataJSON: must be base64url',
        ],
        [
          {
            projectId: 'demo',
            origin: HOST,
            ceremony: 'login',
            credential: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30' } },
          },
          'credential.response needs authenticatorData and signature',
        ],
        [
          { projectId: 'demo', origin: HOST, ceremony: 'login', credential: { id: 'a', rawId: 'a', type: 'password', response: {} } },
          "credential.type: type must be 'public-key'",
        ],
      ]
      for (const [body, error] of cases) {
        const answer = await page.call('/v1/frame/passkey/finish', body)
        expect(answer, JSON.stringify(body)).toEqual({ status: 400, body: { error, code: 'INVALID_REQUEST' } })
      }
      const garbage = {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'AA', signature: 'AA' },
      }
      expect((await ceremony(page, 'login', 'finish', garbage)).body).toEqual({
        error: 'The passkey could not be verified: clientDataJSON is not JSON',
        code: 'PASSKEY_REFUSED',
      })
    })
  })
})
