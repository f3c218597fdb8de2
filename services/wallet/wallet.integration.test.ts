// The wallet service through app.request(), as the frame page calls it (same origin, with its cookies), against
// real parts: PGlite in a temporary directory (PostgreSQL runs the same SQL; services/storage tests both), mail
// through nodemailer to the SMTP catcher, the directory for allowed origins, and anvil for transactions.
import { createPrivateKey, createPublicKey, randomBytes, verify } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getAddressEncoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit'
import type { Hono } from 'hono'
import { createPublicClient, http, parseEther, stringToHex, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { parseSignInMessage } from 'foyer/protocol/evm'
import { startAnvil } from '../dev/devchain/index.mjs'
import { startDirectory, type WalletDirectory } from '../directory/index.mjs'
import { createMailer, startMailCatcher, type MailCatcher, type Mailer } from '../dev/mail/index.mjs'
import { DEV_WALLET_ADDRESS, LOCAL_SOLANA_CHAIN_ID, startSolanaRpc, type SolanaRpcNode } from '../dev/solana/index.mjs'
import type { Database } from '../storage/index.mjs'
import { createWalletApp, loadMasterKey, MASTER_KEY_FILE } from './index.mjs'
import { deriveKeys, seal } from './masterKey.mjs'
import { lastMailedCode, mailsTo, uniqueEmail } from '../../test/mailbox.js'
import { frameBrowser } from '../../test/frameBrowser.js'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

const WALLET = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'
const SOLANA_CHAIN = LOCAL_SOLANA_CHAIN_ID
const SLOW = { timeout: 60_000 }

let scratch: string
let database: Database
let mail: MailCatcher
let mailer: Mailer
let directory: WalletDirectory
let anvil: Awaited<ReturnType<typeof startAnvil>>
let solana: SolanaRpcNode
let masterKey: Buffer
let app: Hono
/** Added to Date.now() by the app's clock: codes, cooldowns and sessions expire without waiting. */
let clockOffset = 0
/** When set, the service's clock stands still at this time (plus the offset): elapsed real time no longer counts. */
let frozenAt: number | undefined

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-wallet-'))
  ;[database, mail, directory, anvil, solana] = await Promise.all([
    openEmptyDatabase(path.join(scratch, 'data')),
    startMailCatcher(),
    startDirectory({ allowedOrigins: ['http://127.0.0.1:*'] }),
    startAnvil({ port: 0, chainId: 31337 }),
    startSolanaRpc({ port: 0 }),
  ])
  mailer = createMailer({ smtpUrl: mail.smtpUrl })
  masterKey = loadMasterKey({ fromEnv: undefined, dataDir: scratch })
  app = await createWalletApp({
    database,
    mailer,
    masterKey,
    directoryUrl: directory.url,
    evm: [{ chainId: 31337, rpcUrl: anvil.url }],
    solana: [{ chainId: SOLANA_CHAIN, rpcUrl: solana.url }],
    now: () => (frozenAt ?? Date.now()) + clockOffset,
    log: () => {},
  })
  // PGlite alone takes a minute on a loaded 2-core machine (as in services/storage/storage.integration.test.ts).
}, 300_000)

afterAll(async () => {
  mailer?.close()
  await Promise.allSettled([database?.close(), mail?.stop(), directory?.stop(), anvil?.stop(), solana?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

afterEach(() => {
  clockOffset = 0
  frozenAt = undefined
})

/** An ed25519 private key from its 32-byte seed (PKCS#8 DER). */
const ed25519Key = (seed: Buffer) =>
  createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]), format: 'der', type: 'pkcs8' })

/** One browser (its cookie jar) on the host page: what the frame page sends on its behalf. */
const browser = () => frameBrowser(() => app, { wallet: WALLET, host: HOST })
type Browser = ReturnType<typeof browser>

const inbox = (email: string) => mailsTo(mail.url, email)
const lastCode = (email: string) => lastMailedCode(mail.url, email)

/** Signs a new user in with a code; returns the browser and the user. */
async function signIn(name: string): Promise<{ page: Browser; email: string; user: any }> {
  const page = browser()
  const email = uniqueEmail(name)
  expect((await page.send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'VERIFY_OTP' })
  expect((await page.send('APP_CONNECT_OTP', { otp: await lastCode(email) })).status).toBe(200)
  const user = await page.send('APP_GET_USER', { chainId: 31337 })
  expect(user.status).toBe(200)
  return { page, email, user: user.body }
}

/** Asks for an unsafe request and approves it as the frame page does, with the secret only it received. */
async function approved(page: Browser, method: string, params: unknown, chainId: number | string = 31337) {
  const pending = await page.send('APP_RPC_REQUEST', { method, params, chainId })
  expect(pending.body.approval).toMatchObject({ method, requestId: expect.any(String), secret: expect.any(String) })
  const { requestId, secret } = pending.body.approval
  return page.decide(requestId, secret)
}

describe('email login', () => {
  it('a new address gets a code by mail; the code signs in, with an EVM and a Solana address', SLOW, async () => {
    const page = browser()
    const email = uniqueEmail('ada')
    expect((await page.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
    expect((await page.send('APP_CONNECT_EMAIL', { email: ` ${email.toUpperCase()} ` })).body).toEqual({ action: 'VERIFY_OTP' })
    const [message] = await inbox(email)
    expect(message?.subject).toMatch(/^\d{6} is your Foyer Wallet code$/)

    const login = await app.request(`${WALLET}/v1/frame/request`, {
      method: 'POST',
      headers: { origin: WALLET, 'content-type': 'application/json', cookie: `foyer_device=${page.jar.get('foyer_device')}` },
      body: JSON.stringify({ projectId: 'demo', origin: HOST, type: 'APP_CONNECT_OTP', payload: { otp: await lastCode(email) } }),
    })
    expect(login.status).toBe(200)
    const session = login.headers.getSetCookie().find((cookie) => cookie.startsWith('foyer_session='))
    expect(session).toMatch(/; HttpOnly/)
    expect(session).toMatch(/; Secure/)
    expect(session).toMatch(/; SameSite=None/)
    expect(session).toMatch(/; Partitioned/)
    page.jar.set('foyer_session', session!.split(';')[0]!.split('=')[1]!)
    // Until the frame makes the keys (as it does before it answers the login), there is no account.
    expect((await page.send('APP_GET_USER')).body).toMatchObject({ code: 'NO_KEYS' })
    await page.keyring.afterLogin()

    const user = (await page.send('APP_GET_USER', { chainId: '31337' })).body
    expect(user).toMatchObject({ email, chainId: 31337, preferredAccountType: 'eoa', smartAccountDeployed: false })
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.accounts).toEqual([
      { address: user.address, type: 'eoa', namespace: 'eip155' },
      { address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/), type: 'eoa', namespace: 'solana' },
    ])
    expect((await page.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: true })
    expect((await page.send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'CONNECT' })
  })

  it('a wrong code is refused, and after 5 wrong tries even the right one is', SLOW, async () => {
    const page = browser()
    const email = uniqueEmail('mallory')
    await page.send('APP_CONNECT_EMAIL', { email })
    const code = await lastCode(email)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await page.send('APP_CONNECT_OTP', { otp: wrong })).body).toMatchObject({ code: 'INVALID_CODE', error: 'Invalid code' })
    }
    expect((await page.send('APP_CONNECT_OTP', { otp: code })).body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' })
    expect((await page.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
  })

  it('a code works once', SLOW, async () => {
    const { page, email } = await signIn('once')
    const code = await lastCode(email)
    await page.send('APP_SIGN_OUT')
    expect((await page.send('APP_CONNECT_OTP', { otp: code })).body).toMatchObject({ code: 'INVALID_CODE' })
  })

  it('a code expires after 10 minutes', SLOW, async () => {
    const page = browser()
    const email = uniqueEmail('late')
    await page.send('APP_CONNECT_EMAIL', { email })
    clockOffset = 10 * 60_000 + 1_000
    expect((await page.send('APP_CONNECT_OTP', { otp: await lastCode(email) })).body).toMatchObject({ code: 'CODE_EXPIRED' })
  })

  it('the same address is mailed at most once every 30 s, with the seconds left rounded up', SLOW, async () => {
    const email = uniqueEmail('eager')
    // A still clock: on a loaded machine a second may pass between requests, and 17.3 s left would become 16.x.
    frozenAt = Date.now()
    await browser().send('APP_CONNECT_EMAIL', { email })
    const again = await browser().send('APP_CONNECT_EMAIL', { email })
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ code: 'RATE_LIMITED', error: 'Please try again after 30 seconds' })
    // 17.3 s left: rounded up, not to the nearest.
    clockOffset = 12_700
    expect((await browser().send('APP_CONNECT_EMAIL', { email })).body.error).toBe('Please try again after 18 seconds')
    clockOffset = 30_000
    expect((await browser().send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'VERIFY_OTP' })
    expect(await inbox(email)).toHaveLength(2)
  })

  it('a known user on a new device confirms it by a mailed link, then signs in with a code', SLOW, async () => {
    const { email, user } = await signIn('traveller')
    clockOffset = 31_000
    const laptop = browser()
    expect((await laptop.send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'VERIFY_DEVICE' })
    const link = /(http\S+\/device\/confirm\?token=(\S+))/.exec((await inbox(email)).at(-1)!.text)
    expect(link?.[1]).toMatch(new RegExp(`^${WALLET}/`))
    const waiting = laptop.send('APP_CONNECT_DEVICE')

    // Opening the link shows a button; only its POST confirms (mail scanners open links). The page keeps its origin on
    // its own form's POST, and its URL (the token) from any other origin.
    const opened = await app.request(link![1]!)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('referrer-policy')).toBe('same-origin')
    const confirm = async (headers: Record<string, string>) => {
      const response = await app.request(`${WALLET}/device/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: `token=${link![2]}`,
      })
      return { status: response.status, title: /<h1[^>]*>([^<]+)</.exec(await response.text())?.[1] }
    }
    // Another site's page, a sandboxed one (Origin: null), and a request no browser page sent are refused, and say so.
    const refused = { status: 403, title: 'Device not confirmed' }
    expect(await confirm({ origin: HOST })).toEqual(refused)
    expect(await confirm({ origin: 'null', 'sec-fetch-site': 'cross-site' })).toEqual(refused)
    expect(await confirm({ origin: WALLET.replace('localhost', '127.0.0.1'), 'sec-fetch-site': 'same-site' })).toEqual(refused)
    expect(await confirm({})).toEqual(refused)
    // The wallet's own page: with `Origin: null` (a browser that keeps no referrer) the fetch metadata says it.
    expect(await confirm({ origin: 'null', 'sec-fetch-site': 'same-origin' })).toEqual({ status: 200, title: 'Device confirmed' })
    expect(await confirm({ origin: WALLET })).toEqual({ status: 400, title: 'Link expired' })

    expect((await waiting).body).toEqual({ action: 'VERIFY_OTP' })
    await laptop.send('APP_CONNECT_OTP', { otp: await lastCode(email) })
    expect((await laptop.send('APP_GET_USER')).body.address).toBe(user.address)
  })

  it('changing the email takes a code from the old address, then one from the new', SLOW, async () => {
    const { page, email } = await signIn('mover')
    const newEmail = uniqueEmail('moved')
    clockOffset = 31_000
    expect((await page.send('APP_UPDATE_EMAIL', { email: newEmail })).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect((await page.send('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: await lastCode(email) })).body).toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    })
    expect(
      (await page.send('APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: '000000' === (await lastCode(newEmail)) ? '000001' : '000000' })).body,
    ).toMatchObject({ code: 'INVALID_CODE' })
    expect((await page.send('APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: await lastCode(newEmail) })).body).toEqual({ newEmail })
    expect((await page.send('APP_GET_USER')).body.email).toBe(newEmail)
  })
})

describe('session', () => {
  it('the storage probe says whether this browser kept the cookie the previous answer set (frame/storageCheck.js)', async () => {
    const page = browser()
    expect(await page.call('/v1/frame/storage', {})).toEqual({ status: 200, body: { cookie: false } })
    expect(await page.call('/v1/frame/storage', {})).toEqual({ status: 200, body: { cookie: true } })
    // A browser that keeps no cookie: every answer says so.
    page.jar.clear()
    expect((await page.call('/v1/frame/storage', {})).body).toEqual({ cookie: false })
    // Like every backend call, for the frame page only.
    expect((await page.call('/v1/frame/storage', {}, HOST)).status).toBe(403)
  })

  it('an expired or forged session is SESSION_EXPIRED (the Session Expired alert); none is NOT_CONNECTED', SLOW, async () => {
    const { page } = await signIn('sleepy')
    const token = page.jar.get('foyer_session')!
    page.jar.set('foyer_session', `${token.slice(0, -4)}AAAA`)
    expect(await page.send('APP_GET_USER')).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED', error: 'Session Expired' } })

    page.jar.set('foyer_session', token)
    clockOffset = 8 * 24 * 3600_000
    expect(await page.send('APP_GET_USER')).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED' } })
    // The expired cookie was dropped with the answer.
    expect(page.jar.has('foyer_session')).toBe(false)
    expect(await page.send('APP_GET_USER')).toMatchObject({ status: 401, body: { code: 'NOT_CONNECTED' } })
  })

  it('sign-out ends the session', SLOW, async () => {
    const { page } = await signIn('leaver')
    expect((await page.send('APP_SIGN_OUT')).status).toBe(200)
    expect((await page.send('APP_IS_CONNECTED')).body).toEqual({ isConnected: false })
  })
})

describe('keys', () => {
  it('a new user’s keys are made in the frame: the service keeps their addresses and one share, never a key', SLOW, async () => {
    const { page, user } = await signIn('shares')
    const { rows } = await database.query('SELECT * FROM wallet.users WHERE evm_address = $1', [user.address])
    expect(rows[0]).toMatchObject({ sealed_evm_key: null, sealed_solana_seed: null })
    const [share] = [...page.shares.values()]
    expect(share).toHaveLength(65)
    const stored = await database.query('SELECT auth_share FROM wallet.key_shares WHERE user_id = $1', [rows[0]!.id])
    // The service's share and the browser's are different points of the same line.
    expect(Buffer.from(stored.rows[0]!.auth_share).equals(Buffer.from(share!))).toBe(false)
  })

  it('a user whose keys were sealed on the server moves to shares at the next login and keeps their addresses', SLOW, async () => {
    const { page, email, user } = await signIn('migrant')
    // Make this user one of before: keys sealed under the master key, no shares.
    const evmKey = randomBytes(32)
    const seed = randomBytes(32)
    const evmAddress = privateKeyToAccount(`0x${evmKey.toString('hex')}`).address
    const solanaAddress = getBase58Decoder().decode(createPublicKey(ed25519Key(seed)).export({ format: 'der', type: 'spki' }).subarray(-32))
    const id = (await database.query('SELECT id FROM wallet.users WHERE evm_address = $1', [user.address])).rows[0]!.id
    const { sealing } = deriveKeys(masterKey)
    await database.query(
      'UPDATE wallet.users SET evm_address = $2, solana_address = $3, sealed_evm_key = $4, sealed_solana_seed = $5 WHERE id = $1',
      [id, evmAddress, solanaAddress, seal(sealing, evmKey, `${id}/evm`), seal(sealing, seed, `${id}/solana`)],
    )
    await database.query('DELETE FROM wallet.key_shares WHERE user_id = $1', [id])
    await database.query('DELETE FROM wallet.recovery_wraps WHERE user_id = $1', [id])
    page.shares.clear()

    expect((await page.send('APP_SIGN_OUT')).status).toBe(200)
    clockOffset += 31_000
    expect((await page.send('APP_CONNECT_EMAIL', { email })).body).toEqual({ action: 'VERIFY_OTP' })
    expect((await page.send('APP_CONNECT_OTP', { otp: await lastCode(email) })).status).toBe(200)
    const after = (await page.send('APP_GET_USER', { chainId: 31337 })).body
    expect(after.address).toBe(evmAddress)
    expect(after.accounts).toContainEqual({ address: solanaAddress, type: 'eoa', namespace: 'solana' })
    // The sealed keys are gone; the shares took their place, and they sign as the old address.
    const { rows } = await database.query('SELECT sealed_evm_key, sealed_solana_seed FROM wallet.users WHERE id = $1', [id])
    expect(rows[0]).toEqual({ sealed_evm_key: null, sealed_solana_seed: null })
    expect((await database.query('SELECT 1 FROM wallet.key_shares WHERE user_id = $1', [id])).rows).toHaveLength(1)
    const signed = await approved(page, 'personal_sign', ['0x48656c6c6f', evmAddress])
    expect(await verifyMessage({ address: evmAddress, message: 'Hello', signature: signed.body.result })).toBe(true)
    // Migrated once: the old keys are not handed out again.
    expect(await page.call('/v1/frame/keys/migrate', { projectId: 'demo', origin: HOST })).toMatchObject({
      status: 409,
      body: { code: 'NOTHING_TO_MIGRATE' },
    })
  })

  it('a wallet is backed up only once its visitor confirms the phrase in the frame, which only the frame page can say', async () => {
    const { page, email } = await signIn('unsaved')
    // The phrase's wrap exists from sign-up, but nobody saw the words yet: not a backup.
    expect((await page.send('APP_GET_USER')).body.backedUp).toBe(false)
    const state = await page.call('/v1/frame/keys/state', { projectId: 'demo', origin: HOST })
    expect(state.body).toMatchObject({ status: 'shares', backedUp: false })
    // The host page cannot say it (no APP_ message does; the backend refuses its origin), nor can a malformed call.
    expect((await page.send('APP_CONFIRM_BACKUP', { kind: 'phrase' })).body).toMatchObject({ code: 'INVALID_REQUEST' })
    const confirm = (body: object, origin?: string) =>
      page.call('/v1/frame/keys/backup', { projectId: 'demo', origin: HOST, ...body }, origin)
    expect((await confirm({ kind: 'phrase' }, HOST)).status).toBe(403)
    expect(await confirm({ kind: 'passkey' })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } })
    expect((await page.send('APP_GET_USER')).body.backedUp).toBe(false)
    // The frame, after the visitor's "I saved it".
    expect(await confirm({ kind: 'phrase' })).toEqual({ status: 200, body: {} })
    expect((await page.send('APP_GET_USER')).body.backedUp).toBe(true)
    // Shown again later, the phrase takes a fresh mailed code, whose mail says what it shows.
    expect((await page.call('/v1/frame/keys/export-code', { projectId: 'demo', origin: HOST, reason: 'phrase' })).status).toBe(200)
    expect((await inbox(email)).at(-1)!.text).toMatch(/show your wallet's recovery phrase/)
    // Without a session there is nothing to confirm.
    expect((await browser().call('/v1/frame/keys/backup', { projectId: 'demo', origin: HOST, kind: 'phrase' })).status).toBe(401)
  })

  it('the master key file is made once, readable by its owner only', async () => {
    expect((await stat(path.join(scratch, MASTER_KEY_FILE))).mode & 0o777).toBe(0o600)
    expect(loadMasterKey({ fromEnv: undefined, dataDir: scratch }).equals(masterKey)).toBe(true)
    expect(() => loadMasterKey({ fromEnv: 'short', dataDir: scratch })).toThrow(/64 hex digits/)
  })
})

describe('requests (rules §6)', () => {
  let page: Browser
  let user: any
  beforeAll(async () => {
    ;({ page, user } = await signIn('signer'))
    // 100 ETH for the transactions below.
    await createPublicClient({ transport: http(anvil.url) }).request({
      method: 'anvil_setBalance' as any,
      params: [user.address, '0x56BC75E2D63100000'] as any,
    })
  }, 60_000)

  it('personal_sign waits for approval, then signs with the user key', async () => {
    const signed = await approved(page, 'personal_sign', ['0x48656c6c6f', user.address])
    expect(signed.status).toBe(200)
    expect(await verifyMessage({ address: user.address, message: 'Hello', signature: signed.body.result })).toBe(true)
  })

  it('a signature handed back that is not the user’s key is refused: another key’s, or one that names no key', async () => {
    const other = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    const byOther = await other.signMessage({ message: 'Hello' })
    // 65 bytes whose recovery byte is neither 0, 1, 27 nor 28: viem could not read it, and it reached the host as
    // its own parse error.
    const noKey = `${byOther.slice(0, 130)}05`
    for (const signature of [byOther, noKey]) {
      const pending = await page.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x48656c6c6f', user.address] })
      const { requestId, secret } = pending.body.approval
      expect((await page.call(`/v1/frame/approvals/${requestId}`, { secret, approved: true })).body.sign).toBeDefined()
      expect(await page.call(`/v1/frame/approvals/${requestId}/signed`, { secret, signed: { signature } })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_REQUEST', error: 'The signature is not the wallet’s' },
      })
    }
  })

  it('eth_signTypedData_v4 signs what viem verifies', async () => {
    const typedData = {
      domain: { name: 'Foyer', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting' as const,
      message: { text: 'hi' },
    }
    const signed = await approved(page, 'eth_signTypedData_v4', [user.address, JSON.stringify(typedData)])
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await verifyTypedData({ ...typedData, types, address: user.address, signature: signed.body.result })).toBe(true)
  })

  it('the host cannot approve: not without the frame secret, not from its own origin, and not twice', async () => {
    const pending = await page.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x01', user.address] })
    const { requestId, secret } = pending.body.approval
    expect(await page.call(`/v1/frame/approvals/${requestId}`, { secret: 'guess', approved: true })).toMatchObject({
      status: 403,
      body: { code: 'APPROVAL_FORBIDDEN' },
    })
    expect(await page.call(`/v1/frame/approvals/${requestId}`, { secret, approved: true }, HOST)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    })
    expect(await browser().call(`/v1/frame/approvals/${requestId}`, { secret, approved: true })).toMatchObject({ status: 401 })
    expect((await page.call(`/v1/frame/approvals/${requestId}`, { secret, approved: true })).status).toBe(200)
    expect(await page.call(`/v1/frame/approvals/${requestId}`, { secret, approved: true })).toMatchObject({
      status: 409,
      body: { code: 'REQUEST_SETTLED' },
    })
  })

  it('Reject answers a user rejection (4001)', async () => {
    const pending = await page.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x01', user.address] })
    const { requestId, secret } = pending.body.approval
    expect((await page.call(`/v1/frame/approvals/${requestId}`, { secret, approved: false })).body).toMatchObject({
      code: 'USER_REJECTED',
      rpcCode: 4001,
    })
  })

  it('an approved eth_sendTransaction is mined on the service RPC', SLOW, async () => {
    const client = createPublicClient({ transport: http(anvil.url) })
    const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
    const sent = await approved(page, 'eth_sendTransaction', [{ from: user.address, to, value: `0x${parseEther('1.5').toString(16)}` }])
    expect(sent.body.result).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await client.waitForTransactionReceipt({ hash: sent.body.result })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(parseEther('1.5'))
  })

  it('an approved transaction the chain refuses answers the reason, not a server error', async () => {
    const refused = await approved(page, 'eth_sendTransaction', [{ to: user.address, value: `0x${parseEther('1000000').toString(16)}` }])
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'RPC_ERROR', error: expect.stringMatching(/exceeds the balance|insufficient funds/i) },
    })
  })

  it('a transaction the node says would revert is previewed as failing to the frame alone, and never sent, even approved', async () => {
    const client = createPublicClient({ transport: http(anvil.url) })
    // A contract that always reverts (PUSH1 0, PUSH1 0, REVERT); the site names the gas, so nothing estimates it.
    const reverter = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
    await client.request({ method: 'anvil_setCode' as any, params: [reverter, '0x60006000fd'] as any })
    const pending = await page.send('APP_RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: user.address, to: reverter, data: '0x', gas: '0x186a0' }],
      chainId: 31337,
    })
    const { requestId, secret } = pending.body.approval
    const preview = `/v1/frame/approvals/${requestId}/preview`
    expect(await page.call(preview, { secret: 'guess' })).toMatchObject({ status: 403, body: { code: 'APPROVAL_FORBIDDEN' } })
    expect(await page.call(preview, { secret }, HOST)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } })
    expect(await page.call(preview, { secret })).toMatchObject({ status: 200, body: { preview: { status: 'reverts', callIndex: 0 } } })
    const nonce = await client.getTransactionCount({ address: user.address })
    expect(await page.decide(requestId, secret)).toMatchObject({
      status: 400,
      body: { code: 'RPC_ERROR', error: expect.stringMatching(/^The transaction would fail: /) },
    })
    expect(await client.getTransactionCount({ address: user.address })).toBe(nonce)
    expect(await client.getTransactionCount({ address: user.address, blockTag: 'pending' })).toBe(nonce)
  })

  it("a message's approval carries its preview (nothing to show), so the frame asks for none; a transaction's leaves it to the node", async () => {
    const message = await page.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: [stringToHex('Nothing moves'), user.address],
      chainId: 31337,
    })
    expect(message.body.approval.preview).toBeNull()
    const transaction = await page.send('APP_RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: user.address, to: user.address, value: '0x1' }],
      chainId: 31337,
    })
    expect(transaction.body.approval).not.toHaveProperty('preview')
    const { requestId, secret } = transaction.body.approval
    expect((await page.call(`/v1/frame/approvals/${requestId}/preview`, { secret })).body.preview).toMatchObject({ status: 'ok' })
  })

  it('rules §5: a call whose to or data lacks 0x is refused before any approval', async () => {
    const noPrefix = await page.send('APP_RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to: 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266' }],
    })
    expect(noPrefix.body).toMatchObject({ code: 'INVALID_REQUEST', error: expect.stringContaining("'to'") })
    const badData = await page.send('APP_RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ to: user.address, data: 'abcd' }] })
    expect(badData.body).toMatchObject({ code: 'INVALID_REQUEST', error: expect.stringContaining("'data'") })
  })

  it('safe reads run at once on the service RPC; unknown methods are not allowed', async () => {
    expect((await page.send('APP_RPC_REQUEST', { method: 'eth_chainId', chainId: '31337' })).body).toEqual({ result: '0x7a69' })
    expect((await page.send('APP_RPC_REQUEST', { method: 'eth_blockNumber', params: [] })).body.result).toMatch(/^0x[0-9a-f]+$/)
    expect((await page.send('APP_RPC_REQUEST', { method: 'eth_accounts' })).body).toEqual({ result: [user.address] })
    for (const method of ['eth_sign', 'anvil_setBalance', 'debug_traceTransaction', 'solana_signMessage']) {
      expect((await page.send('APP_RPC_REQUEST', { method, params: [] })).body).toMatchObject({
        code: 'NOT_ALLOWED',
        error: 'Requested RPC call is not allowed',
      })
    }
  })

  it('a Solana message signature verifies with the user Solana key', async () => {
    const solanaAddress = user.accounts[1].address as Address
    const message = getBase58Decoder().decode(new TextEncoder().encode('Sign in to Foyer'))
    const signed = await approved(page, 'solana_signMessage', { message, pubkey: solanaAddress }, SOLANA_CHAIN)
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(new Uint8Array(getAddressEncoder().encode(solanaAddress))).toString('base64url') },
      format: 'jwk',
    })
    const signature = Buffer.from(getBase58Encoder().encode(signed.body.result.signature))
    expect(verify(null, Buffer.from('Sign in to Foyer'), publicKey, signature)).toBe(true)
    expect(verify(null, Buffer.from('Sign in to Foyer!'), publicKey, signature)).toBe(false)
  })

  it('an approved Solana transaction is signed with the user key and sent on the service RPC', SLOW, async () => {
    const source = user.accounts[1].address as Address
    const rpc = createSolanaRpc(solana.url)
    await rpc.requestAirdrop(source, 2_000_000_000n as any).send()
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(source, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: createNoopSigner(source),
            destination: DEV_WALLET_ADDRESS as Address,
            amount: 1_000_000_000n,
          }),
          m,
        ),
    )
    const transaction = getBase64EncodedWireTransaction(compileTransaction(message))
    const before = (await rpc.getBalance(DEV_WALLET_ADDRESS as Address).send()).value
    const sent = await approved(page, 'solana_signAndSendTransaction', { transaction }, SOLANA_CHAIN)
    expect(sent.body.result.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await rpc.getBalance(DEV_WALLET_ADDRESS as Address).send()).value).toBe(before + 1_000_000_000n)
  })

  it('wallet_sendCalls sends each call and reports the batch by its id', SLOW, async () => {
    const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
    const sent = await approved(page, 'wallet_sendCalls', [
      {
        calls: [
          { to, value: '0x1' },
          { to, value: '0x2' },
        ],
      },
    ])
    const { id } = sent.body.result
    await expect
      .poll(async () => (await page.send('APP_RPC_REQUEST', { method: 'wallet_getCallsStatus', params: [id] })).body.result.status, {
        timeout: 10_000,
      })
      .toBe(200)
    expect(await createPublicClient({ transport: http(anvil.url) }).getBalance({ address: to })).toBe(3n)
  })

  it('switching only to listed networks; on Solana the user address is the Solana one', async () => {
    expect((await page.send('APP_SWITCH_NETWORK', { chainId: 1 })).body).toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
    expect((await page.send('APP_SWITCH_NETWORK', { chainId: SOLANA_CHAIN })).body).toEqual({ chainId: SOLANA_CHAIN })
    expect((await page.send('APP_GET_CHAIN_ID')).body).toEqual({ chainId: SOLANA_CHAIN })
    expect((await page.send('APP_GET_USER')).body.address).toBe(user.accounts[1].address)
    expect((await page.send('APP_SWITCH_NETWORK', { chainId: 'eip155:31337' })).body).toEqual({ chainId: 31337 })
  })
})

describe('sign-in during login (rules §3 siwxMessage)', () => {
  const fields = (address: string, chainId: string, overrides: Record<string, unknown> = {}) => ({
    accountAddress: address,
    chainId,
    domain: new URL(HOST).host,
    uri: HOST,
    version: '1',
    nonce: 'nonce12345678',
    statement: 'Sign in to the demo.',
    issuedAt: new Date(Date.now() + clockOffset).toISOString(),
    expirationTime: new Date(Date.now() + clockOffset + 86_400_000).toISOString(),
    ...overrides,
  })

  it(
    'right after a login the sign-in message is signed without an approval, once per namespace, only for the embedding origin',
    SLOW,
    async () => {
      const { page, user } = await signIn('siwx')
      const evm = user.accounts.find((account: any) => account.namespace === 'eip155').address
      const sol = user.accounts.find((account: any) => account.namespace === 'solana').address

      // What the host page cannot have signed: another site's domain or URI, another account, a stale message.
      const refused = [
        fields(evm, 'eip155:31337', { domain: 'evil.example' }),
        fields(evm, 'eip155:31337', { uri: 'https://evil.example/' }),
        fields('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'eip155:31337'),
        fields(evm, 'eip155:31337', { issuedAt: '2020-01-01T00:00:00.000Z' }),
        fields(evm, 'eip155:31337', { statement: 'two\nlines' }),
        fields(evm, 'eip155:1'),
      ]
      for (const siwxMessage of refused) {
        const answer = await page.send('APP_SIGN_IN', { siwxMessage })
        expect(answer.status, JSON.stringify(siwxMessage)).toBe(400)
        expect(answer.body.code).toMatch(/^(INVALID_REQUEST|UNSUPPORTED_CHAIN)$/)
      }

      // The refusals did not spend the grant: the right message is signed, as EIP-4361 text the wallet wrote.
      const signed = await page.send('APP_SIGN_IN', { siwxMessage: fields(evm, 'eip155:31337') })
      expect(signed.status).toBe(200)
      expect(signed.body.message).toMatch(/^127\.0\.0\.1:5173 wants you to sign in with your Ethereum account:\n0x/)
      expect(signed.body.message).toContain('Nonce: nonce12345678')
      expect(await verifyMessage({ address: evm, message: signed.body.message, signature: signed.body.signature })).toBe(true)
      expect(signed.body.siwxMessage).toMatchObject({ accountAddress: evm, chainId: 'eip155:31337' })
      // Written by the grammar the verifier reads it with (docs/sign-in.md): it reads back as the fields asked for.
      expect(parseSignInMessage(signed.body.message)).toMatchObject({
        ...fields(evm, 'eip155:31337'),
        issuedAt: expect.any(String),
        expirationTime: expect.any(String),
      })

      const solana = await page.send('APP_SIGN_IN', { siwxMessage: fields(sol, SOLANA_CHAIN) })
      expect(solana.status).toBe(200)
      expect(solana.body.message).toMatch(/^127\.0\.0\.1:5173 wants you to sign in with your Solana account:\n/)
      expect(parseSignInMessage(solana.body.message)).toMatchObject({
        accountAddress: sol,
        chainId: SOLANA_CHAIN,
        nonce: 'nonce12345678',
        statement: 'Sign in to the demo.',
      })
      const key = createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(getBase58Encoder().encode(sol)).toString('base64url') },
        format: 'jwk',
      })
      expect(verify(null, Buffer.from(solana.body.message), key, Buffer.from(getBase58Encoder().encode(solana.body.signature)))).toBe(true)

      // Once per namespace: the next one needs an approval.
      expect((await page.send('APP_SIGN_IN', { siwxMessage: fields(evm, 'eip155:31337', { nonce: 'another12345' }) })).body).toMatchObject({
        code: 'SIGN_IN_NOT_GRANTED',
      })
    },
  )

  it('no grant without a login just now: not after the grant expired, not for another embedding origin, not signed out', SLOW, async () => {
    const { page, user } = await signIn('siwx-late')
    const evm = user.address
    // Another embedding origin (allowed for the project) gets nothing from this login.
    const other = await page.call('/v1/frame/request', {
      projectId: 'demo',
      origin: 'http://127.0.0.1:6000',
      type: 'APP_SIGN_IN',
      payload: { siwxMessage: fields(evm, 'eip155:31337', { domain: '127.0.0.1:6000', uri: 'http://127.0.0.1:6000' }) },
    })
    expect(other.body).toMatchObject({ code: 'SIGN_IN_NOT_GRANTED' })
    clockOffset = 121_000
    expect((await page.send('APP_SIGN_IN', { siwxMessage: fields(evm, 'eip155:31337') })).body).toMatchObject({
      code: 'SIGN_IN_NOT_GRANTED',
    })
    clockOffset = 0
    await page.send('APP_SIGN_OUT')
    expect((await page.send('APP_SIGN_IN', { siwxMessage: fields(evm, 'eip155:31337') })).body).toMatchObject({ code: 'NOT_CONNECTED' })
  })
})

describe('the frame backend and page', () => {
  it('an origin outside the project list gets no service; another origin cannot call the backend', async () => {
    const page = browser()
    const body = { projectId: 'demo', origin: 'https://evil.example', type: 'APP_IS_CONNECTED', payload: {} }
    expect(await page.call('/v1/frame/request', body)).toMatchObject({ status: 403, body: { code: 'UNVERIFIED_DOMAIN' } })
    expect(await page.call('/v1/frame/origin', { projectId: 'demo', origin: 'http://localhost:5173' })).toMatchObject({ status: 403 })
    expect(await page.call('/v1/frame/origin', { projectId: 'demo', origin: HOST })).toMatchObject({ status: 200 })
    expect(await page.call('/v1/frame/request', { ...body, origin: HOST }, HOST)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    })
    expect(await page.send('APP_NOT_A_THING')).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } })
    expect(await page.send('APP_CONNECT_EMAIL', { email: 'not an email' })).toMatchObject({
      status: 400,
      body: { error: 'Enter a valid email address' },
    })
  })

  it('malformed input is one 400 INVALID_REQUEST, worded by the field at fault, in a body, a payload or the query', async () => {
    const page = browser()
    const invalid = (error: string) => ({ status: 400, body: { error, code: 'INVALID_REQUEST' } })
    const notJson = await app.request(`${WALLET}/v1/frame/request`, {
      method: 'POST',
      headers: { origin: WALLET, 'content-type': 'application/json' },
      body: '{"projectId":',
    })
    expect({ status: notJson.status, body: await notJson.json() }).toEqual(invalid('The body must be JSON'))
    expect(await page.call('/v1/frame/origin', { origin: HOST })).toEqual(invalid('projectId must be 1 to 128 letters, digits, "-" or "_"'))
    expect(await page.call('/v1/frame/approvals/x', { approved: true })).toEqual(invalid('secret must be a string'))
    expect(await page.send('APP_CONNECT_EMAIL', {})).toEqual(invalid('Enter a valid email address'))
    expect(await page.send('APP_CONNECT_OTP', {})).toEqual(invalid('otp must be a string'))
    for (const query of ['version=4', 'projectId=demo&projectId=other']) {
      const frame = await app.request(`${WALLET}/frame?${query}`)
      expect({ status: frame.status, body: await frame.json() }).toEqual(
        invalid(query === 'version=4' ? 'projectId must be 1 to 128 letters, digits, "-" or "_"' : 'projectId is given more than once'),
      )
    }
    const oldFrame = await app.request(`${WALLET}/frame?projectId=demo&version=3`)
    expect({ status: oldFrame.status, body: await oldFrame.json() }).toEqual(invalid('Frame version 4 only'))
  })

  it('the frame page may be embedded only by the allowed origins, and nobody else reads the wallet answers', async () => {
    const response = await app.request(
      `${WALLET}/frame?projectId=demo&chainId=31337&version=4&enableLogger=false&rpcUrl=http://evil.example`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:*')
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(await response.text()).toContain('<script src="/frame.js">')
    expect((await app.request(`${WALLET}/frame?projectId=demo&version=3`)).status).toBe(400)
    expect((await app.request(`${WALLET}/frame.js`)).headers.get('content-type')).toMatch(/^text\/javascript/)
    // The approval window of browsers without IntersectionObserver v2 may be framed by nobody: no host can cover it.
    const approvalWindow = await app.request(`${WALLET}/approve`)
    expect(approvalWindow.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(await approvalWindow.text()).toContain('<script src="/frame.js">')
  })

  it('attack: no wallet answer carries a CORS header: not a preflight, a 405, a 404 or an error', async () => {
    const preflight = (path: string) =>
      app.request(`${WALLET}${path}`, {
        method: 'OPTIONS',
        headers: { origin: HOST, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      })
    const answers = [
      await preflight('/v1/frame/request'),
      await preflight('/v1/frame/approvals/x'),
      await preflight('/frame'),
      await app.request(`${WALLET}/frame`, { method: 'PUT', headers: { origin: HOST } }),
      await app.request(`${WALLET}/v1/frame/request`, { method: 'GET', headers: { origin: HOST } }),
      await app.request(`${WALLET}/nowhere`, { headers: { origin: HOST } }),
      await app.request(`${WALLET}/frame?projectId=demo&version=3`, { headers: { origin: HOST } }),
      await app.request(`${WALLET}/v1/frame/request`, {
        method: 'POST',
        headers: { origin: HOST, 'content-type': 'application/json' },
        body: '{}',
      }),
    ]
    for (const response of answers) {
      const cors = [...response.headers.keys()].filter((name) => name.startsWith('access-control-'))
      expect([response.url, response.status, cors]).toEqual([response.url, response.status, []])
    }
  })
})

describe('rate limits on code and login messages', () => {
  it('past its budget a client gets 429 RATE_LIMITED per message type; other messages and the next window go through', async () => {
    const limited = await createWalletApp({
      database,
      mailer,
      masterKey,
      directoryUrl: directory.url,
      evm: [{ chainId: 31337, rpcUrl: anvil.url }],
      now: () => Date.now() + clockOffset,
      rateLimit: { limit: 2, windowMs: 60_000 },
      log: () => {},
    })
    const send = async (type: string, payload: unknown) => {
      const response = await limited.request(`${WALLET}/v1/frame/request`, {
        method: 'POST',
        headers: { origin: WALLET, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: 'demo', origin: HOST, type, payload }),
      })
      return { status: response.status, body: await response.json() }
    }
    const email = uniqueEmail('limited')
    expect((await send('APP_CONNECT_EMAIL', { email })).status).toBe(200)
    // Two wrong codes use the budget; the third guess is not even checked.
    expect((await send('APP_CONNECT_OTP', { otp: '000000' })).status).not.toBe(429)
    expect((await send('APP_CONNECT_OTP', { otp: '000001' })).status).not.toBe(429)
    const third = await send('APP_CONNECT_OTP', { otp: '000002' })
    expect(third).toEqual({ status: 429, body: { error: 'Please try again after 60 seconds', code: 'RATE_LIMITED', retryAfter: 60 } })
    // Not a code or login message: no budget.
    for (let i = 0; i < 3; i++) expect((await send('APP_IS_CONNECTED', {})).status).toBe(200)
    clockOffset = 60_000
    expect((await send('APP_CONNECT_OTP', { otp: '000003' })).status).not.toBe(429)
  })
})
