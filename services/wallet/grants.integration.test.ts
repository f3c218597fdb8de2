// ERC-7715 permissions through the wallet service as the frame page uses it (grants.mjs), against real parts: anvil
// with EntryPoint v0.8, FoyerPaymaster and the Delegation Framework as the dev chain deploys them, the local bundler
// (alto), PGlite, mail through the SMTP catcher. The frame's signing code (signing.js) signs each job; the site's own
// key redeems the permission as ERC-7710 has it.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Hono } from 'hono'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startBundler, type Bundler } from '../dev/bundler/index.mjs'
import {
  ANVIL_ACCOUNTS,
  DELEGATION_MANAGER,
  DEV_PAYMASTER,
  DEV_PAYMASTER_SIGNER,
  EIP7702_DELEGATE,
  ENTRY_POINT_08,
  startDevChains,
  type DevChains,
} from '../dev/devchain/index.mjs'
import { createMailer, startMailCatcher, type MailCatcher, type Mailer } from '../dev/mail/index.mjs'
import { startDirectory, type WalletDirectory } from '../directory/index.mjs'
import type { Database } from '../storage/index.mjs'
import { frameBrowser } from '../../test/frameBrowser.js'
import { DISABLE_DELEGATION_SELECTOR } from './delegationFramework.mjs'
import { createWalletApp, loadMasterKey } from './index.mjs'
import { redemptionCall } from './permissions.mjs'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

const WALLET = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'
const SLOW = { timeout: 120_000 }
const DAY = 86_400

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
let funder: ReturnType<typeof createWalletClient>

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-grants-'))
  ;[database, mail, directory, dev] = await Promise.all([
    openEmptyDatabase(path.join(scratch, 'data')),
    startMailCatcher(),
    startDirectory({ allowedOrigins: ['http://127.0.0.1:*'] }),
    startDevChains({ ports: [0], chainIds: [31337] }),
  ])
  const [only] = dev.chains as [DevChains['chains'][number]]
  bundler = await startBundler({ rpcUrl: only.url, entryPoint: ENTRY_POINT_08 })
  usdc = dev.fixtures.chains['31337']!.usdc
  chain = createPublicClient({ chain: anvil, transport: http(only.url) })
  funder = createWalletClient({ chain: anvil, account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey), transport: http(only.url) })
  mailer = createMailer({ smtpUrl: mail.smtpUrl })
  // The site pays for the upgrade and the revocation (its policy names the DelegationManager's disableDelegation).
  const policy = {
    chains: [31337],
    calls: [`${usdc}:0xa9059cbb`, `${DELEGATION_MANAGER}:${DISABLE_DELEGATION_SELECTOR}`],
    dailyLimit: 20,
    budget: '1',
  }
  app = await createWalletApp({
    database,
    mailer,
    masterKey: loadMasterKey({ fromEnv: undefined, dataDir: scratch }),
    directoryUrl: directory.url,
    evm: [{ chainId: 31337, rpcUrl: only.url, bundlerUrl: bundler.url }],
    sponsorship: { paymaster: DEV_PAYMASTER, signerKey: DEV_PAYMASTER_SIGNER.privateKey, policies: { shop: policy } },
    log: () => {},
  })
}, 180_000)

afterAll(async () => {
  mailer?.close()
  await bundler?.stop()
  await Promise.allSettled([database?.close(), mail?.stop(), directory?.stop(), dev?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

const mined = async (hash: Promise<`0x${string}`>) => chain.waitForTransactionReceipt({ hash: await hash })
const usdcOf = (address: `0x${string}`) => chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const someone = () => privateKeyToAccount(generatePrivateKey()).address
const transfer = (to: `0x${string}`, amount: bigint) => ({
  to: usdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

/** A new email visitor of the `shop` project, their EOA holding 20 USDC and no ETH. */
async function visitor() {
  const page = frameBrowser(() => app, { wallet: WALLET, host: HOST, projectId: 'shop' })
  const email = `grant-${randomBytes(4).toString('hex')}@example.com`
  await page.send('APP_CONNECT_EMAIL', { email })
  const messages = await (await fetch(`${mail.url}/messages?to=${encodeURIComponent(email)}`)).json()
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1]
  expect((await page.send('APP_CONNECT_OTP', { otp: code })).status).toBe(200)
  const { body: user } = await page.send('APP_GET_USER', { chainId: 31337 })
  const eoa = user.accounts.find((account: any) => account.type === 'eoa' && account.namespace === 'eip155').address as `0x${string}`
  await mined(
    funder.writeContract({
      chain: anvil,
      account: funder.account!,
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [eoa, 20_000_000n],
    }),
  )
  return { page, eoa }
}

/** The site's own session account (an `account` signer), with gas of its own to redeem. */
async function siteKey() {
  const key = privateKeyToAccount(generatePrivateKey())
  await mined(funder.sendTransaction({ chain: anvil, account: funder.account!, to: key.address, value: parseEther('0.1') }))
  return key
}

/** Redeems `calls` inside a permission as the site does: its own transaction to the DelegationManager. */
async function redeem(key: ReturnType<typeof privateKeyToAccount>, context: `0x${string}`, calls: ReturnType<typeof transfer>[]) {
  const site = createWalletClient({ chain: anvil, account: key, transport: http(dev.chains[0]!.url) })
  // Sent with its gas set, so the chain itself decides, not an estimate.
  return (await mined(site.sendTransaction({ ...redemptionCall(context, calls), gas: 600_000n }))).status
}

const chainTime = async () => Number((await chain.getBlock()).timestamp)

const tipRequest = async (signer: `0x${string}`) => ({
  chainId: '0x7a69',
  expiry: (await chainTime()) + 30 * DAY,
  signer: { type: 'account', data: { address: signer } },
  permissions: [{ type: 'erc20-token-periodic', data: { tokenAddress: usdc, periodAmount: '0xf4240', periodDuration: DAY } }],
})

describe('wallet_grantPermissions through the frame’s approval', () => {
  it(
    'one approval signs the delegation and upgrades the EOA in place, paid by the site; the site then spends inside it and no more, until revoked',
    SLOW,
    async () => {
      const { page, eoa } = await visitor()
      const site = await siteKey()
      const pending = await page.send('APP_RPC_REQUEST', {
        method: 'wallet_grantPermissions',
        params: [await tipRequest(site.address)],
        chainId: 31337,
        sponsorGas: true,
      })
      expect(pending.status).toBe(200)
      const { approval } = pending.body
      expect(approval.summary).toContain(`The site’s key ${site.address} may spend up to 1 USDC (${usdc}) a day from your account ${eoa}`)
      expect(approval.summary).toContain(`Upgrade this account to a smart account: delegate ${EIP7702_DELEGATE} on chain 31337`)
      expect(approval.fee).toBe(`Network fee: paid by ${HOST}`)
      expect(await chain.getCode({ address: eoa })).toBeUndefined()

      const granted = await page.decide(approval.requestId, approval.secret)
      expect(granted.status).toBe(200)
      const answer = granted.body.result
      expect(answer).toMatchObject({
        chainId: '0x7a69',
        address: eoa,
        signer: { type: 'account', data: { address: site.address } },
        context: expect.stringMatching(/^0x[0-9a-f]+$/),
        signerMeta: { delegationManager: DELEGATION_MANAGER },
      })
      // Upgraded in place: the same address, its code the delegate's designator, its ETH still none.
      expect(await chain.getCode({ address: eoa })).toBe(`0xef0100${EIP7702_DELEGATE.slice(2).toLowerCase()}`)
      expect(await chain.getBalance({ address: eoa })).toBe(0n)

      // Two tips of 0.5 USDC with no approval; a third is beyond the day's 1 USDC and reverts on chain.
      const shop = someone()
      expect(await redeem(site, answer.context, [transfer(shop, 500_000n)])).toBe('success')
      expect(await redeem(site, answer.context, [transfer(shop, 500_000n)])).toBe('success')
      expect(await redeem(site, answer.context, [transfer(shop, 500_000n)])).toBe('reverted')
      expect(await usdcOf(shop)).toBe(1_000_000n)

      const listed = await page.send('APP_RPC_REQUEST', { method: 'wallet_getPermissions', chainId: 31337 })
      const summary = expect.stringContaining(
        `The site’s key ${site.address} may spend up to 1 USDC (${usdc}) a day from your account ${eoa}`,
      )
      expect(listed.body.result).toEqual([{ ...answer, summary, status: 'active', availableThisPeriod: '0x0' }])

      // Revoked on chain after its own approval (paid by the site): the next tip, within a new day's limit or not, fails.
      const revoke = [{ permissionsContext: answer.context }]
      const revoking = await page.send('APP_RPC_REQUEST', {
        method: 'wallet_revokePermissions',
        params: revoke,
        chainId: 31337,
        sponsorGas: true,
      })
      expect(revoking.body.approval.summary).toContain(`Revoke this permission, on chain, from your account ${eoa}`)
      const revoked = await page.decide(revoking.body.approval.requestId, revoking.body.approval.secret)
      expect(revoked.body).toEqual({ result: null })
      const after = await page.send('APP_RPC_REQUEST', { method: 'wallet_getPermissions', chainId: 31337 })
      expect(after.body.result).toEqual([{ ...answer, summary, status: 'revoked' }])
      await chain.request({ method: 'evm_increaseTime' as any, params: [DAY] as any })
      expect(await redeem(site, answer.context, [transfer(shop, 100_000n)])).toBe('reverted')
      expect(await usdcOf(shop)).toBe(1_000_000n)
      // Revoked once: a second revocation is refused before anything is asked.
      const again = await page.send('APP_RPC_REQUEST', { method: 'wallet_revokePermissions', params: revoke, chainId: 31337 })
      expect(again.body).toMatchObject({ code: 'INVALID_REQUEST' })
    },
  )

  it(
    'rejected, nothing is signed and the account stays a plain EOA; a grant for a type it does not know is refused before any approval',
    SLOW,
    async () => {
      const { page, eoa } = await visitor()
      const site = await siteKey()
      const pending = await page.send('APP_RPC_REQUEST', {
        method: 'wallet_grantPermissions',
        params: [await tipRequest(site.address)],
        chainId: 31337,
      })
      const rejected = await page.decide(pending.body.approval.requestId, pending.body.approval.secret, false)
      expect(rejected.body).toMatchObject({ code: 'USER_REJECTED', rpcCode: 4001 })
      expect(await chain.getCode({ address: eoa })).toBeUndefined()
      expect((await page.send('APP_RPC_REQUEST', { method: 'wallet_getPermissions', chainId: 31337 })).body.result).toEqual([])

      const unknown = { ...(await tipRequest(site.address)), permissions: [{ type: 'native-token-recurring-allowance', data: {} }] }
      const refused = await page.send('APP_RPC_REQUEST', { method: 'wallet_grantPermissions', params: [unknown], chainId: 31337 })
      expect(refused.body).toMatchObject({
        code: 'INVALID_REQUEST',
        error: expect.stringContaining('this wallet grants erc20-token-periodic and contract-call permissions'),
      })
    },
  )
})
