// Sponsored gas against real parts (docs/sponsored-gas.md): anvil with EntryPoint v0.8, FoyerAccountFactory and
// FoyerPaymaster funded at the EntryPoint, the local bundler (alto), PGlite, mail through the SMTP catcher. Each
// project here has a policy of its own, written at start as a host writes it; the requests go through
// app.request() as the frame page sends them.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Hono } from 'hono'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { frameBrowser } from '../../test/frameBrowser.js'
import { startBundler, type Bundler } from '../dev/bundler/index.mjs'
import {
  ANVIL_ACCOUNTS,
  buildFoyerPaymasterArtifact,
  DEV_PAYMASTER,
  DEV_PAYMASTER_SIGNER,
  ENTRY_POINT_08,
  FOYER_PAYMASTER_ARTIFACT_PATH,
  startDevChains,
  type DevChains,
} from '../dev/devchain/index.mjs'
import { createMailer, startMailCatcher, type MailCatcher, type Mailer } from '../dev/mail/index.mjs'
import { startDirectory, type WalletDirectory } from '../directory/index.mjs'
import { openDatabase, type Database } from '../storage/index.mjs'
import { createWalletApp, loadMasterKey } from './index.mjs'

const WALLET = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'
const SLOW = { timeout: 90_000 }
const TRANSFER = '0xa9059cbb'

let scratch: string
let database: Database
let mail: MailCatcher
let mailer: Mailer
let directory: WalletDirectory
let dev: DevChains
let bundler: Bundler
let app: Hono
let chain: PublicClient
let usdc: `0x${string}`

/** Each project's policy: the first four each differ from `open` in one rule. */
const policies = () => {
  const open = { chains: [31337], calls: [`${usdc}:${TRANSFER}`], dailyLimit: 5, budget: '1' }
  return {
    open,
    'other-chain': { ...open, chains: [31338] },
    'one-a-day': { ...open, dailyLimit: 1 },
    'small-budget': { ...open, budget: '0.000000001' },
  }
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-sponsor-'))
  ;[database, mail, directory, dev] = await Promise.all([
    openDatabase({ dataDir: path.join(scratch, 'data') }),
    startMailCatcher(),
    startDirectory({ allowedOrigins: ['http://127.0.0.1:*'] }),
    startDevChains({ ports: [0], chainIds: [31337] }),
  ])
  const [first] = dev.chains as [DevChains['chains'][number]]
  bundler = await startBundler({ rpcUrl: first.url, entryPoint: ENTRY_POINT_08 })
  usdc = dev.fixtures.chains['31337']!.usdc
  chain = createPublicClient({ transport: http(first.url) })
  mailer = createMailer({ smtpUrl: mail.smtpUrl })
  app = await createWalletApp({
    database,
    mailer,
    masterKey: loadMasterKey({ fromEnv: undefined, dataDir: scratch }),
    directoryUrl: directory.url,
    evm: [{ chainId: 31337, rpcUrl: first.url, bundlerUrl: bundler.url }],
    sponsorship: { paymaster: DEV_PAYMASTER, signerKey: DEV_PAYMASTER_SIGNER.privateKey, policies: policies() },
    log: () => {},
  })
}, 180_000)

afterAll(async () => {
  mailer?.close()
  await bundler?.stop()
  await Promise.allSettled([database?.close(), mail?.stop(), directory?.stop(), dev?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** A new visitor of `projectId`, signed in by email, and their smart account holding `usdcAmount` and `eth`. */
async function visitor(projectId: string, { usdcAmount = 10_000_000n, eth = 0n } = {}) {
  const page = frameBrowser(() => app, { wallet: WALLET, host: HOST, projectId })
  const email = `sponsor-${randomBytes(4).toString('hex')}@example.com`
  await page.send('APP_CONNECT_EMAIL', { email })
  const messages = await (await fetch(`${mail.url}/messages?to=${encodeURIComponent(email)}`)).json()
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1]
  expect((await page.send('APP_CONNECT_OTP', { otp: code })).status).toBe(200)
  const smart = (await page.send('APP_GET_USER', { chainId: 31337 })).body.address as `0x${string}`
  const funder = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey), transport: http(dev.chains[0]!.url) })
  const send = (hash: Promise<`0x${string}`>) => hash.then((sent) => chain.waitForTransactionReceipt({ hash: sent }))
  await send(funder.writeContract({ chain: null, address: usdc, abi: erc20Abi, functionName: 'transfer', args: [smart, usdcAmount] }))
  if (eth > 0n) await send(funder.sendTransaction({ chain: null, to: smart, value: eth }))
  return { page, smart }
}

const recipient = () => privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
const transfer = (to: `0x${string}`, amount: bigint) => ({
  to: usdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

/** A USDC transfer the site is asked to pay for, as the embedded wallet's sponsorGas option sends it. */
async function askSponsored(page: ReturnType<typeof frameBrowser>, calls: { to: `0x${string}`; data: `0x${string}` }[]) {
  const pending = await page.send('APP_RPC_REQUEST', { method: 'wallet_sendCalls', params: [{ calls }], chainId: 31337, sponsorGas: true })
  expect(pending.status).toBe(200)
  return pending.body.approval as { requestId: string; secret: string; fee: string; summary: string }
}

const deposit = () =>
  chain.readContract({ address: ENTRY_POINT_08, abi: entryPoint08Abi, functionName: 'balanceOf', args: [DEV_PAYMASTER] })
const usdcOf = (address: `0x${string}`) => chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

describe('sponsored gas under the host’s policy', () => {
  it('the committed FoyerPaymaster build is the one its source compiles to', async () => {
    expect(JSON.parse(await readFile(FOYER_PAYMASTER_ARTIFACT_PATH, 'utf8'))).toEqual(await buildFoyerPaymasterArtifact())
  })

  it('a visitor with no ETH sends USDC: the paymaster’s deposit pays the fee and the account’s ETH stays 0', SLOW, async () => {
    const { page, smart } = await visitor('open')
    const to = recipient()
    expect((await page.send('APP_RPC_REQUEST', { method: 'wallet_getCapabilities', chainId: 31337 })).body.result).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    const before = await deposit()
    // EIP-5792's paymasterService capability asks the same as sponsorGas; its URL is not fetched.
    const pending = await page.send('APP_RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [{ calls: [transfer(to, 4_000_000n)], capabilities: { paymasterService: { url: 'https://paymaster.example' } } }],
      chainId: 31337,
    })
    expect(pending.body.approval.fee).toBe(`Network fee: paid by ${HOST}`)
    const sent = await page.decide(pending.body.approval.requestId, pending.body.approval.secret)
    expect(sent.status).toBe(200)

    expect(await chain.getBalance({ address: smart })).toBe(0n)
    expect(await usdcOf(to)).toBe(4_000_000n)
    expect(await usdcOf(smart)).toBe(6_000_000n)
    const paid = before - (await deposit())
    expect(paid).toBeGreaterThan(0n)
    // The budget counts what the operation cost once mined, not its most.
    const { rows } = await database.query(`SELECT cost_wei::text AS cost FROM wallet.sponsorships WHERE project_id = 'open'`)
    expect(rows.map((row) => BigInt(row.cost))).toEqual([paid])
  })

  it('each rule of the policy refuses with its reason, and a visitor with ETH may pay the fee themselves', SLOW, async () => {
    // One after another: anvil #0 funds each, nonce by nonce.
    const none = await visitor('no-policy')
    const otherChain = await visitor('other-chain')
    const open = await visitor('open', { eth: parseEther('1') })
    const to = recipient()
    expect((await askSponsored(none.page, [transfer(to, 1n)])).fee).toBe(
      'Network fee: paid by you. Not sponsored: this site has no sponsorship policy. Your account has no ETH to pay it.',
    )
    expect((await askSponsored(otherChain.page, [transfer(to, 1n)])).fee).toBe(
      'Network fee: paid by you. Not sponsored: the site’s policy does not cover chain 31337. Your account has no ETH to pay it.',
    )
    // approve is not among the policy's calls (transfer is): the visitor, who holds ETH, pays.
    const approve = { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [to, 1n] }) }
    const refused = await askSponsored(open.page, [transfer(to, 1n), approve])
    expect(refused.fee).toBe(
      `Network fee: paid by you. Not sponsored: the site’s policy does not cover calls to ${usdc} (method 0x095ea7b3).`,
    )
    const before = await deposit()
    expect((await open.page.decide(refused.requestId, refused.secret)).status).toBe(200)
    expect(await deposit()).toBe(before)
    expect(await chain.getBalance({ address: open.smart })).toBeLessThan(parseEther('1'))
    expect(await usdcOf(to)).toBe(1n)
  })

  it('the daily limit holds: the second operation of the day is the visitor’s to pay, and with no ETH it is refused', SLOW, async () => {
    const { page, smart } = await visitor('one-a-day')
    const first = await askSponsored(page, [transfer(recipient(), 1n)])
    expect(first.fee).toBe(`Network fee: paid by ${HOST}`)
    // Both asked before either runs: the limit is checked again, with the operation's cost, when the paymaster signs.
    const second = await askSponsored(page, [transfer(recipient(), 2n)])
    expect(second.fee).toBe(`Network fee: paid by ${HOST}`)
    expect((await page.decide(first.requestId, first.secret)).status).toBe(200)
    const late = await page.decide(second.requestId, second.secret)
    expect(late.body).toMatchObject({
      code: 'SPONSORSHIP_REFUSED',
      error: 'Network fee not sponsored: the site pays for 1 operations per visitor a day, and today’s are used',
    })
    expect((await askSponsored(page, [transfer(recipient(), 3n)])).fee).toBe(
      'Network fee: paid by you. Not sponsored: the site pays for 1 operations per visitor a day, and today’s are used. Your account has no ETH to pay it.',
    )
    expect(await usdcOf(smart)).toBe(10_000_000n - 1n)
  })

  it('the budget holds: an operation that may cost more than what is left is not sponsored', SLOW, async () => {
    const { page } = await visitor('small-budget')
    const asked = await askSponsored(page, [transfer(recipient(), 1n)])
    const answer = await page.decide(asked.requestId, asked.secret)
    expect(answer.body).toMatchObject({ code: 'SPONSORSHIP_REFUSED' })
    expect(answer.body.error).toBe(
      'Network fee not sponsored: the site’s sponsorship budget has 0.000000001 ETH left, less than this operation may cost',
    )
  })
})
