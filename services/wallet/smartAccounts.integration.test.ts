// The embedded wallet's smart accounts against real parts: anvil with EntryPoint v0.8, FoyerAccountFactory and
// FoyerPaymaster, the local bundler (alto), PGlite, mail through the SMTP catcher. The requests go through app.request() as the
// frame page sends them.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Hono } from 'hono'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  hashMessage,
  http,
  isErc6492Signature,
  parseAbi,
  parseEther,
  erc20Abi,
  type PublicClient,
} from 'viem'
import { createBundlerClient, entryPoint08Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

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
import { startDirectory, type WalletDirectory } from '../directory/index.mjs'
import { createMailer, startMailCatcher, type MailCatcher, type Mailer } from '../dev/mail/index.mjs'
import type { Database } from '../storage/index.mjs'
import { createWalletApp, loadMasterKey, PENDING_TRANSACTIONS_LIMIT } from './index.mjs'
import { FOYER_ACCOUNT_ARTIFACT, toFoyerAccount } from './foyerAccount.mjs'
import { signedPaymasterFields, stubPaymasterFields } from './foyerPaymaster.mjs'
import { setSponsorshipPolicy } from './sponsorship.mjs'
import { frameBrowser } from '../../test/frameBrowser.js'
import { openEmptyDatabase } from '../../test/databaseTemplate.js'

const WALLET = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'
const SLOW = { timeout: 90_000 }
const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
])

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

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-smart-'))
  ;[database, mail, directory, dev] = await Promise.all([
    openEmptyDatabase(path.join(scratch, 'data')),
    startMailCatcher(),
    startDirectory({ allowedOrigins: ['http://127.0.0.1:*'] }),
    startDevChains({ ports: [0, 0] }),
  ])
  const [first, second] = dev.chains as [DevChains['chains'][number], DevChains['chains'][number]]
  bundler = await startBundler({ rpcUrl: first.url, entryPoint: ENTRY_POINT_08 })
  usdc = dev.fixtures.chains['31337']!.usdc
  chain = createPublicClient({ transport: http(first.url) })
  mailer = createMailer({ smtpUrl: mail.smtpUrl })
  app = await createWalletApp({
    database,
    mailer,
    masterKey: loadMasterKey({ fromEnv: undefined, dataDir: scratch }),
    directoryUrl: directory.url,
    // Chain 31338 has no bundler: no smart account there.
    evm: [
      { chainId: 31337, rpcUrl: first.url, bundlerUrl: bundler.url },
      { chainId: 31338, rpcUrl: second.url },
    ],
    log: () => {},
  })
}, 180_000)

afterAll(async () => {
  mailer?.close()
  await bundler?.stop()
  await Promise.allSettled([database?.close(), mail?.stop(), directory?.stop(), dev?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** One browser (its cookie jar), as the frame page calls the backend for it. */
const browser = () => frameBrowser(() => app, { wallet: WALLET, host: HOST })
type Browser = ReturnType<typeof browser>

async function signIn(): Promise<Browser> {
  const page = browser()
  const email = `smart-${randomBytes(4).toString('hex')}@example.com`
  await page.send('APP_CONNECT_EMAIL', { email })
  const messages = await (await fetch(`${mail.url}/messages?to=${encodeURIComponent(email)}`)).json()
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1]
  expect((await page.send('APP_CONNECT_OTP', { otp: code })).status).toBe(200)
  return page
}

async function approved(page: Browser, method: string, params: unknown) {
  const pending = await page.send('APP_RPC_REQUEST', { method, params, chainId: 31337 })
  expect(pending.body.approval).toMatchObject({ method, secret: expect.any(String) })
  const { requestId, secret } = pending.body.approval
  return page.decide(requestId, secret)
}

const rpc = async (page: Browser, method: string, params: unknown = [], chainId = 31337) =>
  (await page.send('APP_RPC_REQUEST', { method, params, chainId })).body.result

describe('smart accounts in the embedded wallet', () => {
  it('on a network with a bundler the user starts on a counterfactual smart account (rules §6 eip155 default)', SLOW, async () => {
    const page = await signIn()
    const { body: user } = await page.send('APP_GET_USER', { chainId: 31337 })
    const [smart, eoa, solana] = user.accounts
    expect(smart).toMatchObject({ type: 'smartAccount', namespace: 'eip155' })
    expect(eoa).toMatchObject({ type: 'eoa', namespace: 'eip155' })
    expect(solana).toMatchObject({ type: 'eoa', namespace: 'solana' })
    expect(user).toMatchObject({ address: smart.address, preferredAccountType: 'smartAccount', smartAccountDeployed: false })
    expect(smart.address).not.toBe(eoa.address)
    expect(await chain.getCode({ address: smart.address })).toBeUndefined()
    expect(await rpc(page, 'eth_accounts')).toEqual([smart.address])
    expect(await rpc(page, 'wallet_getCapabilities')).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })

    // Chain 31338 has no bundler: the EOA, and atomic batches unsupported.
    const { body: elsewhere } = await page.send('APP_GET_USER', { chainId: 31338 })
    expect(elsewhere).toMatchObject({ address: eoa.address, preferredAccountType: 'eoa', smartAccountDeployed: false })
    expect(elsewhere.accounts.map((account: { type: string }) => account.type)).toEqual(['eoa', 'eoa'])
    expect(await rpc(page, 'wallet_getCapabilities', [], 31338)).toEqual({ '0x7a6a': { atomic: { status: 'unsupported' } } })
  })

  it('wallet_sendCalls (approve + transfer) is approved once and runs as one user operation that deploys the account', SLOW, async () => {
    const page = await signIn()
    const { body: user } = await page.send('APP_GET_USER', { chainId: 31337 })
    const smart = user.address as `0x${string}`
    const funder = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey), transport: http(dev.chains[0]!.url) })
    await chain.waitForTransactionReceipt({ hash: await funder.sendTransaction({ chain: null, to: smart, value: parseEther('1') }) })
    await chain.waitForTransactionReceipt({
      hash: await funder.writeContract({ chain: null, address: usdc, abi: erc20, functionName: 'transfer', args: [smart, 20_000_000n] }),
    })
    const spender = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
    const recipient = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address

    const pending = await page.send('APP_RPC_REQUEST', {
      method: 'wallet_sendCalls',
      chainId: 31337,
      params: [
        {
          from: smart,
          calls: [
            { to: usdc, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [spender, 3_000_000n] }) },
            { to: usdc, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [recipient, 4_000_000n] }) },
          ],
        },
      ],
    })
    expect(pending.body.approval.summary).toContain('From your smart account, as one operation')
    const sent = await page.decide(pending.body.approval.requestId, pending.body.approval.secret)
    expect(sent.status).toBe(200)
    const status = await rpc(page, 'wallet_getCallsStatus', [sent.body.result.id])
    expect(status).toMatchObject({ id: sent.body.result.id, chainId: '0x7a69', atomic: true, status: 200 })
    // One transaction holds both calls.
    expect(status.receipts).toHaveLength(1)
    const transaction = await chain.getTransaction({ hash: status.receipts[0].transactionHash })
    expect(transaction.to?.toLowerCase()).toBe(ENTRY_POINT_08.toLowerCase())

    expect(await chain.readContract({ address: usdc, abi: erc20, functionName: 'allowance', args: [smart, spender] })).toBe(3_000_000n)
    expect(await chain.readContract({ address: usdc, abi: erc20, functionName: 'balanceOf', args: [recipient] })).toBe(4_000_000n)
    expect(await chain.readContract({ address: usdc, abi: erc20, functionName: 'balanceOf', args: [smart] })).toBe(16_000_000n)
    expect((await page.send('APP_GET_USER', { chainId: 31337 })).body.smartAccountDeployed).toBe(true)

    // eth_sendTransaction from the smart account: a user operation too, answered with its transaction hash.
    const single = await approved(page, 'eth_sendTransaction', [{ from: smart, to: recipient, value: '0x5' }])
    expect(single.body.result).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await chain.getBalance({ address: recipient })).toBe(5n)
  })

  it('switching to eoa and back changes the address and the account that pays (rules §7 preferred account set)', SLOW, async () => {
    const page = await signIn()
    const { body: start } = await page.send('APP_GET_USER', { chainId: 31337 })
    const eoa = start.accounts.find((account: { type: string }) => account.type === 'eoa').address as `0x${string}`
    const smart = start.address as `0x${string}`

    const switched = await page.send('APP_SET_PREFERRED_ACCOUNT', { type: 'eoa' })
    expect(switched.body).toMatchObject({ address: eoa, preferredAccountType: 'eoa' })
    expect(switched.body.accounts[0]).toMatchObject({ address: eoa, type: 'eoa' })
    expect(await rpc(page, 'eth_accounts')).toEqual([eoa])
    expect(await rpc(page, 'wallet_getCapabilities')).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    // The choice is kept: a new read of the user says the same.
    expect((await page.send('APP_GET_USER', { chainId: 31337 })).body.address).toBe(eoa)

    // As an EOA, a transaction is the EOA's own (it pays, its nonce moves).
    await createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey), transport: http(dev.chains[0]!.url) })
      .sendTransaction({ chain: null, to: eoa, value: parseEther('1') })
      .then((hash) => chain.waitForTransactionReceipt({ hash }))
    const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
    const hash = (await approved(page, 'eth_sendTransaction', [{ from: eoa, to, value: '0x7' }])).body.result
    expect((await chain.getTransaction({ hash })).from.toLowerCase()).toBe(eoa.toLowerCase())

    const back = await page.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })
    expect(back.body).toMatchObject({ address: smart, preferredAccountType: 'smartAccount' })
    expect(await rpc(page, 'eth_accounts')).toEqual([smart])
  })

  it(
    'personal_sign and eth_signTypedData_v4 from the smart account verify against its address (ERC-6492, then ERC-1271); from the EOA, against the EOA',
    SLOW,
    async () => {
      const page = await signIn()
      const { body: user } = await page.send('APP_GET_USER', { chainId: 31337 })
      const smart = user.address as `0x${string}`
      const eoa = user.accounts.find((account: { type: string }) => account.type === 'eoa').address as `0x${string}`
      const typedData = {
        domain: { name: 'Foyer', version: '1', chainId: 31337 },
        types: { Mail: [{ name: 'contents', type: 'string' }] },
        primaryType: 'Mail',
        message: { contents: 'hello' },
      } as const

      // Not deployed yet: the signature carries the factory call (ERC-6492), and the account is still not on chain.
      const before = (await approved(page, 'personal_sign', ['0x68656c6c6f', smart])).body.result
      expect(isErc6492Signature(before)).toBe(true)
      expect(await chain.verifyMessage({ address: smart, message: 'hello', signature: before })).toBe(true)
      expect(await chain.verifyMessage({ address: eoa, message: 'hello', signature: before })).toBe(false)
      const typedBefore = (await approved(page, 'eth_signTypedData_v4', [smart, JSON.stringify(typedData)])).body.result
      expect(await chain.verifyTypedData({ address: smart, ...typedData, signature: typedBefore })).toBe(true)
      expect(await chain.getCode({ address: smart })).toBeUndefined()

      // Deployed (by its first operation): a plain ERC-1271 signature the account itself checks.
      const funder = createWalletClient({
        account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey),
        transport: http(dev.chains[0]!.url),
      })
      await chain.waitForTransactionReceipt({ hash: await funder.sendTransaction({ chain: null, to: smart, value: parseEther('1') }) })
      await approved(page, 'eth_sendTransaction', [{ from: smart, to: eoa, value: '0x1' }])
      const after = (await approved(page, 'personal_sign', ['hello', smart])).body.result
      expect(isErc6492Signature(after)).toBe(false)
      const erc1271 = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])
      expect(
        await chain.readContract({ address: smart, abi: erc1271, functionName: 'isValidSignature', args: [hashMessage('hello'), after] }),
      ).toBe('0x1626ba7e')
      const typedAfter = (await approved(page, 'eth_signTypedData_v4', [smart, typedData])).body.result
      expect(await chain.verifyTypedData({ address: smart, ...typedData, signature: typedAfter })).toBe(true)
      expect(await chain.verifyTypedData({ address: smart, ...typedData, message: { contents: 'bye' }, signature: typedAfter })).toBe(false)

      // Naming the EOA signs with the key itself.
      const own = (await approved(page, 'personal_sign', ['hello', eoa])).body.result
      expect(await chain.verifyMessage({ address: eoa, message: 'hello', signature: own })).toBe(true)
      expect(await chain.verifyMessage({ address: smart, message: 'hello', signature: own })).toBe(false)
    },
  )

  it('a smart account only where the network has one; any other type is refused', SLOW, async () => {
    const page = await signIn()
    expect((await page.send('APP_SET_PREFERRED_ACCOUNT', { type: 'payment' })).body).toMatchObject({
      code: 'INVALID_REQUEST',
      error: "type must be 'eoa' or 'smartAccount'",
    })
    await page.send('APP_SWITCH_NETWORK', { chainId: 31338 })
    expect((await page.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).body).toMatchObject({
      code: 'UNSUPPORTED_ACCOUNT_TYPE',
      error: 'Smart accounts are not available on this network',
    })
  })

  it(`rules §9: at most ${PENDING_TRANSACTIONS_LIMIT} requests wait for approval at once`, SLOW, async () => {
    const page = await signIn()
    const { body: user } = await page.send('APP_GET_USER', { chainId: 31337 })
    const ask = () => page.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x01', user.address], chainId: 31337 })
    for (let index = 0; index < PENDING_TRANSACTIONS_LIMIT; index++) expect((await ask()).body.approval).toBeDefined()
    const refused = await ask()
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_PENDING' })
  })
})

describe('wallet_getAssets (EIP-7811, rules §3 Asset): safe, answered without an approval', () => {
  it("answers the account's native balance and the ERC20 tokens asked for, in hex with their metadata", SLOW, async () => {
    const page = await signIn()
    const { body: user } = await page.send('APP_GET_USER', { chainId: 31337 })
    const smart = user.address as `0x${string}`
    const funder = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey), transport: http(dev.chains[0]!.url) })
    await chain.waitForTransactionReceipt({ hash: await funder.sendTransaction({ chain: null, to: smart, value: 1234n }) })
    await chain.waitForTransactionReceipt({
      hash: await funder.writeContract({ chain: null, address: usdc, abi: erc20, functionName: 'transfer', args: [smart, 5_000_000n] }),
    })
    const answer = await page.send('APP_RPC_REQUEST', { method: 'wallet_getAssets', params: [{ account: smart }], chainId: 31337 })
    expect(answer.body.approval).toBeUndefined()
    expect(answer.body.result).toEqual({
      '0x7a69': [{ address: 'native', balance: '0x4d2', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    })
    const nothing = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
    const withTokens = await rpc(page, 'wallet_getAssets', [
      {
        account: smart,
        chainFilter: ['0x7a69'],
        assetTypeFilter: ['ERC20'],
        // A token, and an address with no contract, which is no asset.
        assetFilter: {
          '0x7a69': [
            { address: usdc, type: 'ERC20' },
            { address: nothing, type: 'ERC20' },
          ],
        },
      },
    ])
    expect(withTokens).toEqual({
      '0x7a69': [
        {
          address: usdc,
          balance: '0x4c4b40',
          type: 'ERC20',
          metadata: expect.objectContaining({ decimals: 6, symbol: expect.any(String) }),
        },
      ],
    })
  })

  it("another address than the user's, or params of another shape, are refused before any read", SLOW, async () => {
    const page = await signIn()
    const stranger = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
    const ask = (params: unknown) => page.send('APP_RPC_REQUEST', { method: 'wallet_getAssets', params, chainId: 31337 })
    expect((await ask([{ account: stranger }])).body).toMatchObject({
      code: 'INVALID_REQUEST',
      error: expect.stringContaining("not this wallet's account"),
    })
    expect((await ask([{ account: 'nope' }])).body).toMatchObject({ code: 'INVALID_REQUEST' })
    expect((await ask([{ account: stranger, assetTypeFilter: ['ERC721'] }])).body).toMatchObject({ code: 'INVALID_REQUEST' })
  })
})

describe("rules §6's smart-account requests wait for the visitor's approval (docs/wallets.md)", () => {
  it(
    'eth_sendUserOperation: the calls of its callData run from the smart account once approved, answered with the operation hash',
    SLOW,
    async () => {
      const page = await signIn()
      const { body: user } = await page.send('APP_GET_USER', { chainId: 31337 })
      const smart = user.address as `0x${string}`
      const funder = createWalletClient({
        account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey),
        transport: http(dev.chains[0]!.url),
      })
      await chain.waitForTransactionReceipt({ hash: await funder.sendTransaction({ chain: null, to: smart, value: parseEther('1') }) })
      const recipient = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
      const callData = encodeFunctionData({ abi: FOYER_ACCOUNT_ARTIFACT.account.abi, functionName: 'execute', args: [recipient, 7n, '0x'] })
      // The site's own nonce, gas and signature are not used: the wallet builds and signs the operation itself.
      const operation = { sender: smart, nonce: '0x0', callData, signature: '0xdeadbeef', callGasLimit: '0x1' }

      const pending = await page.send('APP_RPC_REQUEST', {
        method: 'eth_sendUserOperation',
        params: [operation, ENTRY_POINT_08],
        chainId: 31337,
      })
      expect(pending.body.result).toBeUndefined()
      expect(pending.body.approval.summary).toBe(`Send 7 wei to ${recipient}\nFrom your smart account ${smart}, as one operation`)
      expect(await chain.getBalance({ address: recipient })).toBe(0n)
      // The host page cannot approve: not with its own Origin, not without the secret only the frame received.
      const { requestId, secret } = pending.body.approval
      expect((await page.call(`/v1/frame/approvals/${requestId}`, { secret, approved: true }, HOST)).status).toBe(403)
      expect((await page.call(`/v1/frame/approvals/${requestId}`, { secret: 'guessed', approved: true })).body.code).toBe(
        'APPROVAL_FORBIDDEN',
      )
      const sent = await page.decide(requestId, secret)
      expect(sent.body.result).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await chain.getBalance({ address: recipient })).toBe(7n)
    },
  )

  it(
    'eth_sendUserOperation from another sender, another EntryPoint, or callData the account does not run is refused before any approval',
    SLOW,
    async () => {
      const page = await signIn()
      const { body: user } = await page.send('APP_GET_USER', { chainId: 31337 })
      const smart = user.address as `0x${string}`
      const callData = encodeFunctionData({ abi: FOYER_ACCOUNT_ARTIFACT.account.abi, functionName: 'execute', args: [smart, 0n, '0x'] })
      const ask = (params: unknown, chainId = 31337) => page.send('APP_RPC_REQUEST', { method: 'eth_sendUserOperation', params, chainId })
      const eoa = user.accounts.find((account: { type: string }) => account.type === 'eoa').address
      expect((await ask([{ sender: eoa, callData }, ENTRY_POINT_08])).body).toMatchObject({ code: 'INVALID_REQUEST' })
      expect((await ask([{ sender: smart, callData }, smart])).body).toMatchObject({ code: 'INVALID_REQUEST' })
      expect((await ask([{ sender: smart, callData: '0x12345678' }, ENTRY_POINT_08])).body).toMatchObject({ code: 'INVALID_REQUEST' })
      // Chain 31338 has no bundler, so no smart account.
      expect((await ask([{ sender: smart, callData }, ENTRY_POINT_08], 31338)).body).toMatchObject({ code: 'UNSUPPORTED_ACCOUNT_TYPE' })
    },
  )

  it(
    'a grant for another chain, another address, a past or too distant expiry, or no permission is refused before any approval',
    SLOW,
    async () => {
      const page = await signIn()
      const now = Math.floor(Date.now() / 1000)
      const base = { chainId: '0x7a69', expiry: now + 60, signer: { type: 'key' }, permissions: [{ type: 'x' }] }
      const stranger = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
      for (const grant of [
        { ...base, chainId: '0x7a6a' },
        { ...base, address: stranger },
        { ...base, expiry: now - 1 },
        { ...base, expiry: now + 2 * 365 * 24 * 3600 },
        { ...base, permissions: [] },
      ]) {
        const answer = await page.send('APP_RPC_REQUEST', { method: 'wallet_grantPermissions', params: [grant], chainId: 31337 })
        expect(answer.body).toMatchObject({ code: 'INVALID_REQUEST' })
      }
    },
  )
})

// Sponsored gas (docs/sponsored-gas.md) on the same chain and bundler: FoyerPaymaster, funded at the EntryPoint by the
// dev chain, and a second wallet app that signs for it under each project's policy, written at start as a host writes
// it. Each project below has a policy of its own.
describe('sponsored gas under the host’s policy', () => {
  let sponsoredApp: Hono
  const TRANSFER = '0xa9059cbb'

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
    sponsoredApp = await createWalletApp({
      database,
      mailer,
      masterKey: loadMasterKey({ fromEnv: undefined, dataDir: scratch }),
      directoryUrl: directory.url,
      evm: [{ chainId: 31337, rpcUrl: dev.chains[0]!.url, bundlerUrl: bundler.url }],
      sponsorship: { paymaster: DEV_PAYMASTER, signerKey: DEV_PAYMASTER_SIGNER.privateKey, policies: policies() },
      log: () => {},
    })
  })

  /** A new visitor of `projectId`, signed in by email, and their smart account holding `usdcAmount` and `eth`. */
  async function visitor(projectId: string, { usdcAmount = 10_000_000n, eth = 0n } = {}) {
    const page = frameBrowser(() => sponsoredApp, { wallet: WALLET, host: HOST, projectId })
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
    const pending = await page.send('APP_RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [{ calls }],
      chainId: 31337,
      sponsorGas: true,
    })
    expect(pending.status).toBe(200)
    return pending.body.approval as { requestId: string; secret: string; fee: string; summary: string }
  }

  const deposit = () =>
    chain.readContract({ address: ENTRY_POINT_08, abi: entryPoint08Abi, functionName: 'balanceOf', args: [DEV_PAYMASTER] })
  const usdcOf = (address: `0x${string}`) =>
    chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

  it('the committed FoyerPaymaster build is the one its source compiles to', async () => {
    // Regenerate with `node services/dev/devchain/foyerAccountArtifact.mjs` after changing the contract.
    expect(JSON.parse(await readFile(FOYER_PAYMASTER_ARTIFACT_PATH, 'utf8'))).toEqual(await buildFoyerPaymasterArtifact())
  }, 300_000)

  it('the paymaster pays only for what its signer signed: another key’s signature, or a changed operation, is refused', SLOW, async () => {
    const client = createPublicClient({ chain: anvil, transport: http(dev.chains[0]!.url) })
    const account = await toFoyerAccount({ client, owner: privateKeyToAccount(generatePrivateKey()) })
    const bundlerClient = createBundlerClient({ client, transport: http(bundler.url, { retryCount: 0 }), pollingInterval: 100 })
    const validUntil = Math.floor(Date.now() / 1000) + 600
    const devSigner = privateKeyToAccount(DEV_PAYMASTER_SIGNER.privateKey)
    const send = (signer: typeof devSigner, change: (operation: any) => any) =>
      bundlerClient.sendUserOperation({
        account,
        calls: [{ to: recipient(), value: 0n }],
        paymaster: {
          getPaymasterStubData: async () => stubPaymasterFields(DEV_PAYMASTER, validUntil),
          getPaymasterData: async (operation) =>
            signedPaymasterFields({ signer, paymaster: DEV_PAYMASTER, chainId: 31337, validUntil, userOperation: change(operation) }),
        },
      })
    await expect(send(privateKeyToAccount(generatePrivateKey()), (operation) => operation)).rejects.toThrow(/AA34/)
    await expect(send(devSigner, (operation) => ({ ...operation, callGasLimit: operation.callGasLimit + 1n }))).rejects.toThrow(/AA34/)
    // Signed as it is sent, the same operation goes through from an account with no ETH.
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash: await send(devSigner, (operation) => operation) })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(DEV_PAYMASTER.toLowerCase())
    expect(await chain.getBalance({ address: account.address })).toBe(0n)
  })

  it('a malformed policy is refused at start with the field that is wrong', async () => {
    const good = policies().open
    await expect(setSponsorshipPolicy(database, 'bad', { ...good, chains: [] })).rejects.toThrow(
      'The sponsorship policy of bad: chains must list at least one chain id',
    )
    await expect(setSponsorshipPolicy(database, 'bad', { ...good, calls: ['usdc.transfer'] })).rejects.toThrow(
      'each of calls must be 0x<contract> or 0x<contract>:0x<selector>',
    )
    await expect(setSponsorshipPolicy(database, 'bad', { ...good, budget: 1 })).rejects.toThrow('budget must be a string of ETH')
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
