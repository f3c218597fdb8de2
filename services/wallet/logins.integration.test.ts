// What a hostile host page (an allowed origin of the project) can do with the wallet's login messages, through
// app.request() as the frame page calls it: mint a sign-in on a live session, link one visitor across projects, or
// guess a code for an address. Real parts: PGlite in a temporary directory, mail through nodemailer to the SMTP
// catcher, the directory for allowed origins; the service's clock is injected, so nothing waits for real time.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Hono } from 'hono'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { startDirectory, type WalletDirectory } from '../directory/index.mjs'
import { createMailer, startMailCatcher, type MailCatcher, type Mailer } from '../dev/mail/index.mjs'
import { LOCAL_SOLANA_CHAIN_ID } from '../dev/solana/index.mjs'
import type { Database } from '../storage/index.mjs'
import { createWalletApp, loadMasterKey } from './index.mjs'
import { WALLET_MIGRATIONS } from './migrations.mjs'
import { lastMailedCode, mailsTo, uniqueEmail } from '../../test/mailbox.js'
import { frameBrowser } from '../../test/frameBrowser.js'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

const WALLET = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'
const SLOW = { timeout: 60_000 }
/** Wallets made before wallets were per project: their rows are written as that schema had them. */
const LEGACY_MIGRATIONS = 5

let scratch: string
let database: Database
let mail: MailCatcher
let mailer: Mailer
let directory: WalletDirectory
let masterKey: Buffer
let app: Hono
/** Added to Date.now() by the service's clock. */
let clockOffset = 0
/** When set, the service's clock stands still at this time (plus the offset). */
let frozenAt: number | undefined
const now = () => (frozenAt ?? Date.now()) + clockOffset
const legacyEmail = `legacy-${randomBytes(4).toString('hex')}@example.com`
let legacyAddress: string

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-logins-'))
  ;[database, mail, directory] = await Promise.all([
    openEmptyDatabase(path.join(scratch, 'data')),
    startMailCatcher(),
    startDirectory({ allowedOrigins: ['http://127.0.0.1:*'] }),
  ])
  mailer = createMailer({ smtpUrl: mail.smtpUrl })
  masterKey = loadMasterKey({ fromEnv: undefined, dataDir: scratch })
  legacyAddress = await createLegacyWallet(legacyEmail)
  app = await walletApp()
}, 300_000)

afterAll(async () => {
  mailer?.close()
  await Promise.allSettled([database?.close(), mail?.stop(), directory?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

afterEach(() => {
  clockOffset = 0
  frozenAt = undefined
})

/** The wallet app on the shared database; no network is called (no bundler, no transaction). */
function walletApp(options: Partial<Parameters<typeof createWalletApp>[0]> = {}) {
  return createWalletApp({
    database,
    mailer,
    masterKey,
    directoryUrl: directory.url,
    evm: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    solana: [{ chainId: LOCAL_SOLANA_CHAIN_ID, rpcUrl: 'http://127.0.0.1:9' }],
    now,
    // Attackers have as many client addresses as they like: the per-client budget is not what is tested here.
    rateLimit: false,
    log: () => {},
    ...options,
  })
}

/**
 * A wallet as the schema before per-project wallets held it: an older release's migrations, and the user row that
 * release wrote (through the app of this release, whose row is then moved back to the old shape).
 */
async function createLegacyWallet(email: string): Promise<string> {
  await database.migrate({ schema: 'wallet', migrations: WALLET_MIGRATIONS.slice(0, LEGACY_MIGRATIONS) })
  const id = `legacy-${randomBytes(4).toString('hex')}`
  const { seal, deriveKeys } = await import('./masterKey.mjs')
  const { addressesOf, secretOf } = await import('./frame/shares.js')
  const sealing = deriveKeys(masterKey).sealing
  const [key, seed] = [randomBytes(32), randomBytes(32)]
  const { evmAddress: address, solanaAddress } = addressesOf(secretOf(key, seed))
  await database.query(
    `INSERT INTO wallet.users (id, email, evm_address, solana_address, sealed_evm_key, sealed_solana_seed)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, email, address, solanaAddress, seal(sealing, key, `${id}/evm`), seal(sealing, seed, `${id}/solana`)],
  )
  return address
}

/** One browser (its cookie jar) on the host page, for one project: what the frame page sends on its behalf. */
const browser = (projectId = 'demo', target: () => Hono = () => app) => frameBrowser(target, { wallet: WALLET, host: HOST, projectId })
type Browser = ReturnType<typeof browser>

const inbox = (email: string) => mailsTo(mail.url, email)
const lastCode = (email: string) => lastMailedCode(mail.url, email)
/** A code that is not `code`. */
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/**
 * Signs `email` in with a mailed code in `page`, first confirming the browser by the mailed link when the address
 * has a wallet there already; answers the user.
 */
async function logIn(page: Browser, email: string) {
  const { action } = (await page.send('APP_CONNECT_EMAIL', { email })).body
  if (action === 'VERIFY_DEVICE') {
    const token = /\/device\/confirm\?token=(\S+)/.exec((await inbox(email)).at(-1)!.text)![1]
    const confirm = await app.request(`${WALLET}/device/confirm`, {
      method: 'POST',
      headers: { origin: WALLET, 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    })
    expect(confirm.status).toBe(200)
    expect((await page.send('APP_CONNECT_DEVICE')).body).toEqual({ action: 'VERIFY_OTP' })
  } else expect(action).toBe('VERIFY_OTP')
  expect((await page.send('APP_CONNECT_OTP', { otp: await lastCode(email) })).status).toBe(200)
  const user = await page.send('APP_GET_USER', { chainId: 31337 })
  expect(user.status).toBe(200)
  return user.body
}

/** The sign-in message's fields as the host page sends them in APP_SIGN_IN. */
const signInFields = (address: string, statement = 'Sign in to the demo.') => ({
  accountAddress: address,
  chainId: 'eip155:31337',
  domain: new URL(HOST).host,
  uri: HOST,
  version: '1',
  nonce: `nonce${randomBytes(6).toString('hex')}`,
  statement,
  issuedAt: new Date(now()).toISOString(),
})

describe('sign-in grants', () => {
  it('a host that knows the email of a live session cannot mint a login and have its own statement signed', SLOW, async () => {
    const page = browser()
    await logIn(page, uniqueEmail('victim'))
    // Later: the visitor's login is long past; the session lives on in the frame's cookie.
    clockOffset = 10 * 60_000
    const { email, address } = (await page.send('APP_GET_USER')).body
    expect((await page.send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'CONNECT' })
    const minted = await page.send('APP_SIGN_IN', {
      siwxMessage: signInFields(address, 'I hereby transfer all my assets to the operator.'),
    })
    expect(minted.body.signature).toBeUndefined()
    expect(minted).toMatchObject({ status: 403, body: { code: 'SIGN_IN_NOT_GRANTED' } })
  })

  it('a fresh code grants one sign-in signature, and a second APP_SIGN_IN on that grant is refused', SLOW, async () => {
    const page = browser()
    const { address } = await logIn(page, uniqueEmail('honest'))
    const signed = await page.send('APP_SIGN_IN', { siwxMessage: signInFields(address) })
    expect(signed.status).toBe(200)
    expect(await verifyMessage({ address, message: signed.body.message, signature: signed.body.signature })).toBe(true)
    expect((await page.send('APP_SIGN_IN', { siwxMessage: signInFields(address, 'Again.') })).body).toMatchObject({
      code: 'SIGN_IN_NOT_GRANTED',
    })
  })

  it('a message its grammar refuses is a 400 that leaves the grant for the right message', SLOW, async () => {
    const page = browser()
    const { address } = await logIn(page, uniqueEmail('accented'))
    // An EIP-4361 statement is printable ASCII only.
    const refused = await page.send('APP_SIGN_IN', { siwxMessage: signInFields(address, 'Bienvenue au café.') })
    expect(refused).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } })
    const signed = await page.send('APP_SIGN_IN', { siwxMessage: signInFields(address) })
    expect(signed.status).toBe(200)
    expect(await verifyMessage({ address, message: signed.body.message, signature: signed.body.signature })).toBe(true)
  })

  it('a fresh code grants a sign-in for 120 s only', SLOW, async () => {
    const page = browser()
    const { address } = await logIn(page, uniqueEmail('slow'))
    clockOffset = 121_000
    expect((await page.send('APP_SIGN_IN', { siwxMessage: signInFields(address) })).body).toMatchObject({ code: 'SIGN_IN_NOT_GRANTED' })
  })
})

describe('wallets per project', () => {
  it('the same email gets distinct keys and addresses on two projects, and one project’s session is not the other’s', SLOW, async () => {
    const email = uniqueEmail('traveller')
    const demo = await logIn(browser('demo'), email)
    clockOffset = 31_000
    const shopPage = browser('shop')
    const shop = await logIn(shopPage, email)
    expect(shop.address).not.toBe(demo.address)
    const solanaOf = (user: any) => user.accounts.find((account: any) => account.namespace === 'solana').address
    expect(solanaOf(shop)).not.toBe(solanaOf(demo))
    // The same browser on one site (one cookie jar) embedding another project: signed out there.
    const elsewhere = browser('demo')
    for (const [name, value] of shopPage.jar) elsewhere.jar.set(name, value)
    expect((await elsewhere.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
    expect((await elsewhere.send('APP_GET_USER')).body).toMatchObject({ code: 'NOT_CONNECTED' })
    // Back on the first project the first wallet is there again.
    clockOffset = 62_000
    expect((await logIn(browser('demo'), email)).address).toBe(demo.address)
  })

  it('an operator may share wallets across a list of its own projects', SLOW, async () => {
    const shared = await walletApp({ sharedWallets: [['blog', 'store']] })
    const email = uniqueEmail('regular')
    const blog = await logIn(
      browser('blog', () => shared),
      email,
    )
    clockOffset = 31_000
    expect(
      (
        await logIn(
          browser('store', () => shared),
          email,
        )
      ).address,
    ).toBe(blog.address)
    clockOffset = 62_000
    expect(
      (
        await logIn(
          browser('forum', () => shared),
          email,
        )
      ).address,
    ).not.toBe(blog.address)
  })

  it('a project in two shared lists is refused at start, as is a list entry that is not a project id', async () => {
    await expect(
      walletApp({
        sharedWallets: [
          ['blog', 'store'],
          ['store', 'forum'],
        ],
      }),
    ).rejects.toThrow('sharedWallets: the project store is in more than one list')
    await expect(walletApp({ sharedWallets: [['blog', 'not a project']] })).rejects.toThrow(
      'sharedWallets: "not a project" is not a project id',
    )
  })

  it('a wallet made before wallets were per project keeps its address on the first project it is used on after', SLOW, async () => {
    expect((await logIn(browser('first'), legacyEmail)).address).toBe(legacyAddress)
    clockOffset = 31_000
    expect((await logIn(browser('second'), legacyEmail)).address).not.toBe(legacyAddress)
    clockOffset = 62_000
    expect((await logIn(browser('first'), legacyEmail)).address).toBe(legacyAddress)
  })
})

describe('code guessing', () => {
  it(
    'wrong codes for one address are bounded across all its codes and browsers, then a cool-down refuses even the right code',
    SLOW,
    async () => {
      const email = uniqueEmail('target')
      // A still clock: the seconds left are exact.
      frozenAt = Date.now()
      // Ten browsers, each with its own code (a new one may be mailed every 30 s), each guessing once.
      let last = browser()
      for (let guess = 0; guess < 10; guess += 1) {
        clockOffset = guess * 31_000
        last = browser()
        expect((await last.send('APP_CONNECT_EMAIL', { email })).status).toBe(200)
        expect((await last.send('APP_CONNECT_OTP', { otp: wrongFor(await lastCode(email)) })).body).toMatchObject({ code: 'INVALID_CODE' })
      }
      // The budget is spent: the last browser's code, one wrong try of its own, is refused even when right.
      expect((await last.send('APP_CONNECT_OTP', { otp: await lastCode(email) })).body).toMatchObject({ code: 'TOO_MANY_WRONG_CODES' })
      expect((await last.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
      // No new code is mailed meanwhile; the answer says when to try again.
      clockOffset = 10 * 31_000
      const refused = await browser().send('APP_CONNECT_EMAIL', { email })
      expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_WRONG_CODES', retryAfter: 3600 - 310 } })
      expect(refused.body.error).toBe('Too many wrong codes for this address: please try again after 55 minutes')
      expect(await inbox(email)).toHaveLength(10)
      // After the cool-down the owner signs in.
      clockOffset = 61 * 60_000
      await logIn(browser(), email)
    },
  )
})

describe('a code whose mail fails', () => {
  it('is not lost without a word: a refused mail says so, and the visitor may ask again at once', SLOW, async () => {
    const email = uniqueEmail('refused-mail')
    const page = browser()
    mail.faultNext(550)
    expect(await page.send('APP_CONNECT_EMAIL', { email })).toEqual({
      status: 503,
      body: { error: 'The mail could not be sent: please try again', code: 'MAIL_NOT_SENT' },
    })
    expect(await inbox(email)).toHaveLength(0)
    expect((await page.send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'VERIFY_OTP' })
    expect(await inbox(email)).toHaveLength(1)
    expect((await page.send('APP_CONNECT_OTP', { otp: await lastCode(email) })).status).toBe(200)
  })

  it('is never mailed twice when the server did not confirm it, and the code it carried still signs in', SLOW, async () => {
    const email = uniqueEmail('unconfirmed-mail')
    frozenAt = Date.now()
    const page = browser()
    mail.faultNext('drop-after-data')
    expect(await page.send('APP_CONNECT_EMAIL', { email })).toEqual({
      status: 503,
      body: {
        error: 'The mail may not have been sent: if it does not arrive, please try again after 30 seconds',
        code: 'MAIL_UNCONFIRMED',
        retryAfter: 30,
      },
    })
    // The slot stays used: the mail may well have arrived.
    expect((await page.send('APP_CONNECT_EMAIL', { email })).body).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30 })
    expect(await inbox(email)).toHaveLength(1)
    expect((await page.send('APP_CONNECT_OTP', { otp: await lastCode(email) })).status).toBe(200)
  })

  it('is refused at once with when to try again while the mail queue is full, and its slot is given back', SLOW, async () => {
    const email = uniqueEmail('busy-mail')
    const full = await walletApp({ mailer: createMailer({ smtpUrl: mail.smtpUrl, queueLimit: 0 }) })
    const page = browser('demo', () => full)
    expect(await page.send('APP_CONNECT_EMAIL', { email })).toEqual({
      status: 503,
      body: { error: 'Please try again after 5 seconds', code: 'MAIL_BUSY', retryAfter: 5 },
    })
    expect((await browser().send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'VERIFY_OTP' })
    expect(await inbox(email)).toHaveLength(1)
  })
})

describe('statements a login and an approval take', () => {
  /** The database as the wallet sees it, each statement it sends (inside a transaction too) counted. */
  function countedDatabase() {
    const counted = { statements: 0, transactions: 0 }
    const countedQuery =
      (run: Database['query']): Database['query'] =>
      (sql, params) => {
        counted.statements += 1
        return run(sql, params)
      }
    const query = countedQuery(database.query)
    const transaction: Database['transaction'] = (fn) => {
      counted.transactions += 1
      return database.transaction((tx) => fn({ query: countedQuery(tx.query) }))
    }
    return { counted, database: { ...database, query, transaction } }
  }

  // docs/budgets.md: each statement is a round trip to PostgreSQL, the largest part of a login's CPU.
  it('a new address is mailed its code in 2 statements and signed in, keys made, in 8 with one transaction', SLOW, async () => {
    const { counted, database: countingDatabase } = countedDatabase()
    const counting = await walletApp({ database: countingDatabase })
    const page = browser('demo', () => counting)
    const email = uniqueEmail('counted')
    Object.assign(counted, { statements: 0, transactions: 0 })
    // The user's read, then the address's budget, its mail slot and the code in one.
    expect((await page.send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'VERIFY_OTP' })
    expect(counted).toEqual({ statements: 2, transactions: 0 })
    Object.assign(counted, { statements: 0, transactions: 0 })
    // The code with its budget, its use, the user's read and creation, the device (one transaction); the sign-in
    // grant; the frame's key state and its registration, each with the session's user.
    expect((await page.send('APP_CONNECT_OTP', { otp: await lastCode(email) })).status).toBe(200)
    expect(counted).toEqual({ statements: 8, transactions: 1 })
  })

  it('a message signed is asked in 2 statements, then approved and its signature handed back in 3', SLOW, async () => {
    const { counted, database: countingDatabase } = countedDatabase()
    const counting = await walletApp({ database: countingDatabase })
    const page = browser('demo', () => counting)
    const { address } = await logIn(page, uniqueEmail('signer'))
    Object.assign(counted, { statements: 0, transactions: 0 })
    // The session's user, then the request stored with its pending count.
    const asked = await page.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x01', address], chainId: 31337 })
    expect(counted).toEqual({ statements: 2, transactions: 0 })
    Object.assign(counted, { statements: 0, transactions: 0 })
    // The click moves the request straight to signing (nothing to record before the frame signs a message); the
    // signature handed back moves it to relaying, then records the result.
    const { requestId, secret } = asked.body.approval
    const answer = await page.decide(requestId, secret)
    expect(await verifyMessage({ address, message: { raw: '0x01' }, signature: answer.body.result })).toBe(true)
    expect(counted).toEqual({ statements: 3, transactions: 0 })
  })
})
