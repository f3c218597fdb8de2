// Proof that the operator alone cannot sign (services/wallet/KEYS.md): everything the wallet service keeps (a full
// dump of its database) and every secret it is configured with (the master key and the keys derived from it) are
// handed to an attacker who tries every combination: each stored value as a key, each pair of stored values as two
// shares, each wrapped share opened under each stored or configured 32-byte value, each sealed value opened with the
// sealing key. No user's key comes out. The same attack with one share of the user's browser added does find the
// key, so the attack is one that works. And a browser without its share cannot sign, even through the service.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Hono } from 'hono'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startDirectory, type WalletDirectory } from '../directory/index.mjs'
import { createMailer, startMailCatcher, type MailCatcher, type Mailer } from '../dev/mail/index.mjs'
import type { Database } from '../storage/index.mjs'
import { createWalletApp } from './index.mjs'
import { deriveKeys, open, seal } from './masterKey.mjs'
import { addressesOf, combineShares, phraseKey, phraseOf, secretOf, unwrapShare } from './frame/shares.js'
import { lastMailedCode, uniqueEmail } from '../../test/mailbox.js'
import { frameBrowser } from '../../test/frameBrowser.js'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

const WALLET = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'
const SLOW = { timeout: 120_000 }

let scratch: string
let database: Database
let mail: MailCatcher
let mailer: Mailer
let directory: WalletDirectory
let app: Hono
const masterKey = randomBytes(32)
let clockOffset = 0

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-custody-'))
  ;[database, mail, directory] = await Promise.all([
    openEmptyDatabase(path.join(scratch, 'data')),
    startMailCatcher(),
    startDirectory({ allowedOrigins: ['http://127.0.0.1:*'] }),
  ])
  mailer = createMailer({ smtpUrl: mail.smtpUrl })
  app = await createWalletApp({
    database,
    mailer,
    masterKey,
    directoryUrl: directory.url,
    // No node is asked: the requests below only sign.
    evm: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    now: () => Date.now() + clockOffset,
    log: () => {},
  })
}, 300_000)

afterAll(async () => {
  mailer?.close()
  await Promise.allSettled([database?.close(), mail?.stop(), directory?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

const browser = () => frameBrowser(() => app, { wallet: WALLET, host: HOST })

/** A user signed up by a code in a fresh browser. */
async function signUp(name: string) {
  const page = browser()
  const email = uniqueEmail(name)
  await page.send('APP_CONNECT_EMAIL', { email })
  expect((await page.send('APP_CONNECT_OTP', { otp: await lastMailedCode(mail.url, email) })).status).toBe(200)
  const user = (await page.send('APP_GET_USER')).body
  return { page, email, address: user.address as `0x${string}`, solana: user.accounts.at(-1).address as string }
}

/** The user's keys info as the frame gets it with a signing job. */
async function keysOf(page: ReturnType<typeof browser>) {
  const pending = await page.send('APP_RPC_REQUEST', {
    method: 'personal_sign',
    params: ['0x01', (await page.send('APP_GET_USER')).body.address],
  })
  const { requestId, secret } = pending.body.approval
  return (await page.call(`/v1/frame/approvals/${requestId}`, { secret, approved: true })).body.sign.keys
}

/** Every value in every table of the wallet's schema, as bytes (text as UTF-8, and as hex or base64 when it is). */
async function dumpDatabase() {
  const { rows: tables } = await database.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'wallet'`)
  const values: Buffer[] = []
  for (const { table_name } of tables) {
    const { rows } = await database.query(`SELECT * FROM wallet."${table_name}"`)
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (value === null || value === undefined) continue
        if (Buffer.isBuffer(value) || value instanceof Uint8Array) values.push(Buffer.from(value))
        else {
          const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
          values.push(Buffer.from(text))
          if (/^(0x)?[0-9a-f]+$/i.test(text) && text.length % 2 === 0) values.push(Buffer.from(text.replace(/^0x/, ''), 'hex'))
          if (/^[A-Za-z0-9+/]+={0,2}$/.test(text)) values.push(Buffer.from(text, 'base64'))
        }
      }
    }
  }
  return { tables: tables.map(({ table_name }) => table_name as string), values }
}

/** Every configured secret: the master key and each key derived from it. */
function configuredSecrets() {
  const derived = deriveKeys(masterKey)
  return [masterKey, derived.sealing, Buffer.from(derived.session), derived.codes]
}

/**
 * The attacker: from `values` and `secrets`, every candidate key and every pair of candidate shares; answers the
 * addresses among `targets` that any of them controls.
 */
async function attack(values: Buffer[], secrets: Buffer[], userIds: string[], targets: Set<string>) {
  const found = new Set<string>()
  const check = (secret: Uint8Array) => {
    const { evmAddress, solanaAddress } = addressesOf(secret)
    if (targets.has(evmAddress)) found.add(evmAddress)
    if (targets.has(solanaAddress)) found.add(solanaAddress)
  }
  const keys32 = [...values, ...secrets].filter((value) => value.length === 32)
  // Any stored 32 or 64 bytes as a key itself (32 bytes as both halves).
  for (const value of [...values, ...secrets]) {
    if (value.length === 32) check(secretOf(value, value))
    if (value.length === 64) check(value)
  }
  // Sealed values opened with every key, for every user (the old design).
  for (const value of values) {
    for (const key of keys32) {
      for (const userId of userIds) {
        for (const use of ['evm', 'solana']) {
          try {
            const opened = open(key, value, `${userId}/${use}`)
            if (opened.length === 32) check(secretOf(opened, opened))
          } catch {}
        }
      }
    }
  }
  // Wrapped shares opened with every 32-byte value: what opens becomes a share too.
  const shares = values.filter((value) => value.length === 65)
  for (const value of values.filter((value) => value.length > 65 && value.length < 200)) {
    for (const key of keys32) {
      for (const userId of userIds) {
        try {
          shares.push(Buffer.from(await unwrapShare(key, value, userId)))
        } catch {}
      }
    }
  }
  // Every pair of shares.
  for (const [i, first] of shares.entries()) {
    for (const second of shares.slice(i + 1)) {
      try {
        check(await combineShares(new Uint8Array(first), new Uint8Array(second)))
      } catch {}
    }
  }
  return { found, tried: { keys32: keys32.length, shares: shares.length } }
}

describe('the operator alone cannot sign', () => {
  it('a full dump of the database and every configured secret give no user’s key; one share of the browser would', SLOW, async () => {
    const ada = await signUp('ada')
    const bob = await signUp('bob')
    // Carol was made before KEYS.md (keys sealed under the master key) and migrated at her next login.
    const carol = await signUp('carol')
    const [evmKey, seed] = [randomBytes(32), randomBytes(32)]
    const old = addressesOf(secretOf(evmKey, seed))
    const carolId = (await database.query('SELECT id FROM wallet.users WHERE evm_address = $1', [carol.address])).rows[0]!.id
    const { sealing } = deriveKeys(masterKey)
    await database.query(
      'UPDATE wallet.users SET evm_address = $2, solana_address = $3, sealed_evm_key = $4, sealed_solana_seed = $5 WHERE id = $1',
      [carolId, old.evmAddress, old.solanaAddress, seal(sealing, evmKey, `${carolId}/evm`), seal(sealing, seed, `${carolId}/solana`)],
    )
    await database.query('DELETE FROM wallet.key_shares WHERE user_id = $1', [carolId])
    await database.query('DELETE FROM wallet.recovery_wraps WHERE user_id = $1', [carolId])
    carol.page.shares.clear()
    // Before she migrates, the operator can open her sealed keys: this is what the attack finds, and the migration ends.
    const { rows: users } = await database.query('SELECT id FROM wallet.users')
    const userIds = users.map(({ id }) => id as string)
    const targets = new Set([ada.address, ada.solana, bob.address, bob.solana, old.evmAddress, old.solanaAddress])
    const before = await attack((await dumpDatabase()).values, configuredSecrets(), userIds, targets)
    expect([...before.found].sort()).toEqual([old.evmAddress, old.solanaAddress].sort())

    await carol.page.send('APP_SIGN_OUT')
    clockOffset += 31_000
    await carol.page.send('APP_CONNECT_EMAIL', { email: carol.email })
    expect((await carol.page.send('APP_CONNECT_OTP', { otp: await lastMailedCode(mail.url, carol.email) })).status).toBe(200)
    expect((await carol.page.send('APP_GET_USER')).body.address).toBe(old.evmAddress)

    // Approvals leave their traces too: a signed message and a pending request.
    await ada.page.decide(...(await pendingSign(ada.page, ada.address)))
    await ada.page.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x02', ada.address] })

    const dump = await dumpDatabase()
    expect(dump.tables).toEqual(expect.arrayContaining(['users', 'key_shares', 'recovery_wraps', 'approvals', 'codes']))
    const after = await attack(dump.values, configuredSecrets(), userIds, targets)
    expect(after.tried.shares).toBeGreaterThanOrEqual(3)
    expect([...after.found]).toEqual([])

    // The same attacker with one share from Ada's browser has her key: the attack is one that would work.
    const withDevice = await attack([...dump.values, Buffer.from([...ada.page.shares.values()][0]!)], configuredSecrets(), userIds, targets)
    expect([...withDevice.found].sort()).toEqual([ada.address, ada.solana].sort())
  })

  it('the recovery share opens with the phrase only; a browser without a share cannot sign, even through the service', SLOW, async () => {
    const { page, address } = await signUp('dana')
    const keys = await keysOf(page)
    const phrase = await page.keyring.withSecret(keys, undefined, async (secret) => phraseOf(secret))
    const wrapped = Buffer.from(keys.recoveryWrap, 'base64')
    expect((await unwrapShare(phraseKey(phrase), wrapped, keys.userId)).length).toBe(65)
    for (const key of configuredSecrets()) await expect(unwrapShare(key, wrapped, keys.userId)).rejects.toThrow('Wrong recovery key')

    // The browser loses its share: the service still holds its own and the wrapped one, and nothing gets signed.
    page.shares.clear()
    const refused = page.decide(...(await pendingSign(page, address)))
    await expect(refused).rejects.toMatchObject({ code: 'RECOVERY_NEEDED' })
    // With the phrase typed in, the browser opens the recovery share, keeps it, and signs as the same address.
    const [requestId, secret] = await pendingSign(page, address)
    const signed = await page.decide(requestId, secret, true, phrase)
    expect(await verifyMessage({ address, message: { raw: '0x01' }, signature: signed.body.result })).toBe(true)
    expect(page.shares.size).toBe(1)
  })
})

/** A personal_sign of 0x01 waiting for approval: its id and the frame's secret. */
async function pendingSign(page: ReturnType<typeof browser>, address: string): Promise<[string, string]> {
  const pending = await page.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x01', address] })
  return [pending.body.approval.requestId, pending.body.approval.secret]
}
