// The end-to-end harness: the local stack as `npm start` runs it (two anvils with the fixture contracts, the local
// Solana node, the services; the demo's production build, or an example app built for the stack), Debian's Chromium
// through playwright-core, and test wallets injected before the page loads: 'Test Wallet' through EIP-6963 and 'Test Solana
// Wallet' through the Wallet Standard. Everything binds to 127.0.0.1 on free ports and stops with `stop()`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Locator, type Page } from 'playwright-core'
import { build as buildApp, preview as previewApp } from 'vite'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import type { DirectoryFeatures } from '../../services/directory/index.mjs'
import { startLocalStack, type LocalStackFixtures } from '../../services/localStack.mjs'
import { localStackScriptText } from '../../demo/localStackScript.mjs'
import { startStaticServer } from '../../scripts/benchServer.mjs'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { copyDatabaseTemplate } from '../databaseTemplate.js'
import { bundleTestWallet, injectTestWallet, TEST_KEY, testWalletConfig } from '../testWalletScript.js'
import { sharedStacks, stopSharedStacks } from './sharedStacks.js'
import { mailsTo } from '../mailbox.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export { TEST_KEY } from '../testWalletScript.js'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
}

export interface Stack {
  /** The app's URL: the demo's, or the example's that `app` named. */
  demoUrl: string
  /** Everything the local stack set up: chains and contract addresses, service URLs. */
  fixtures: LocalStackFixtures
  chains: Record<string, { rpcUrl: string }>
  /** The local Solana node the demo and the 'Test Solana Wallet' use. */
  solana: { rpcUrl: string; chainId: string }
  /**
   * The anvil node of each chain, by chain id: `halt` takes its state and stops it, `restart` brings the same chain
   * back on the same port.
   */
  anvils: Record<string, { halt(): Promise<void>; restart(): Promise<void> }>
  /** The local WalletConnect relay the demo pairs through. */
  relayUrl: string
  /** The same relay: `dropAll` cuts every socket at once (a network that drops). */
  relay: { dropAll(): number }
  /** The wallet directory the demo lists wallets from; `failNext` makes it answer errors. */
  directory: { url: string; failNext(status: number, count?: number): void }
  /**
   * The blockchain data API (rules §7) the demo reads tokens, activity and names from; `failNext` makes it answer errors,
   * `delayNext` makes it slow (Infinity: held until `delayNext(0, 0)`).
   */
  api: { url: string; failNext(status: number, count?: number): void; delayNext(ms: number, count?: number): void }
  /**
   * With the `wallet` option, the embedded wallet service: `delayNext` holds the frame's backend calls (a login, a
   * signature) as a slow service would, `failNext` makes them fail; the frame page itself still loads. `passTime` moves
   * the service's clock forward, past a cooldown, instead of waiting it out.
   */
  wallet?: { delayNext(ms: number, count?: number): void; failNext(status: number, count?: number): void; passTime(ms: number): void }
  browser: Browser
  /** A fresh browser context (its own storage) with the test wallet injected. */
  newPage(options?: NewPageOptions): Promise<{ context: BrowserContext; page: Page }>
  stop(): Promise<void>
}

export interface NewPageOptions {
  /** The key 'Test Wallet' signs with on EVM, for a second visitor. @default TEST_KEY (anvil's first account) */
  privateKey?: `0x${string}`
  /**
   * Whether the embedded wallet's backup prompt shows (docs/wallets.md#backup). Off, the visitor is one who skipped it
   * before, through its warning, at each moment (sign-up, funds, first transaction: the demo's storage says so, as the
   * modal writes it), and a sign-up and what follows go on as without the prompt; Account still says "Not backed up".
   * Only the files that test the prompt turn it on.
   * @default false
   */
  backupPrompt?: boolean
}

/** The demo's storage key of a skipped backup prompt (plugins/email/constants.ts, under the demo's project id). */
const BACKUP_SKIPPED_STORAGE_KEY = 'foyer:foyer-demo:email:backupSkipped'
/** Its value once the visitor has skipped the prompt at every moment (plugins/email/backupReminders.ts). */
const SKIPPED_EVERYWHERE = JSON.stringify(['signup', 'funds', 'transaction'])

export interface StackOptions {
  /**
   * The app to serve, by the folder of its vite.config.ts: the demo (the run's one production build), or an example
   * app (`'examples/wagmi-app'`), built for production for this stack. @default 'demo'
   */
  app?: string
  /**
   * The embedded wallet service, its mail catcher and the storage database (in the stack's temporary
   * directory): the demo then offers email sign-in (`fixtures.wallet`, `fixtures.mail`). On for the demo, as in
   * `npm start`, so that one stack serves every file that has no reason to ask for another; off for an example app,
   * which offers none of these. @default app === 'demo'
   */
  wallet?: boolean
  /**
   * Account names in the API, kept in the storage database (in the stack's temporary directory): the demo then
   * offers 'Get a name'. @default app === 'demo'
   */
  names?: boolean
  /**
   * The on-ramp stand-ins in the API, their orders in the storage database: the demo then offers 'Buy'. @default app === 'demo'
   */
  onramp?: boolean
  /**
   * An ERC-4337 bundler per chain: with `wallet`, email users get a smart account on the local chains
   * (`fixtures.bundlers`). @default false
   */
  bundler?: boolean
  /**
   * With `bundler`, the chains support EIP-7702: email wallets made on them are their own EOA, upgraded in place;
   * false plays chains without it, where they get the ERC-4337 account (docs/wallets.md#account-modes). @default true
   */
  eip7702?: boolean
  /** The project's remote features the directory serves (`{ multiWallet: false }`). @default {} (all on) */
  features?: DirectoryFeatures
}

export async function startStack({
  app = 'demo',
  wallet = app === 'demo',
  names = app === 'demo',
  onramp = app === 'demo',
  bundler = false,
  eip7702 = true,
  features = {},
}: StackOptions = {}): Promise<Stack> {
  const dir = mkdtempSync(path.join(tmpdir(), 'foyer-e2e-'))
  copyDatabaseTemplate(path.join(dir, 'data'))
  /** How far `wallet.passTime` has moved the wallet service's clock. */
  let walletClockAhead = 0
  let local: Awaited<ReturnType<typeof startLocalStack>>
  try {
    local = await startLocalStack({
      anvilPorts: [0, 0],
      solanaPort: 0,
      relayPort: 0,
      ...(wallet && {
        wallet: { port: 0, smtpPort: 0, mailPort: 0, dataDir: path.join(dir, 'data'), now: () => Date.now() + walletClockAhead },
      }),
      names,
      onramp,
      bundler,
      eip7702,
      features,
      dataDir: path.join(dir, 'data'),
    })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  let server: { close(): Promise<void> } | undefined
  let browser: Browser | undefined
  try {
    let demoUrl: string
    if (app === 'demo') {
      // The run's one build of the demo (demoBuild.ts), with this stack's addresses in its /local-stack.js.
      const fixtures = localStackScriptText(JSON.stringify(local.fixtures))
      const demo = await startStaticServer(inject('demoBuild'), { '/local-stack.js': fixtures })
      server = demo
      demoUrl = demo.url
    } else {
      // An example app reads the stack at build time (examples/viteConfig.ts): built for this stack, as CI builds it.
      const fixturesFile = path.join(dir, 'fixtures.json')
      writeFileSync(fixturesFile, JSON.stringify(local.fixtures))
      process.env['FOYER_FIXTURES'] = fixturesFile
      const configFile = path.join(repo, app, 'vite.config.ts')
      const outDir = path.join(dir, 'app')
      await buildApp({ configFile, build: { outDir }, logLevel: 'warn' })
      const preview = await previewApp({ configFile, build: { outDir }, preview: { port: 0, strictPort: false }, logLevel: 'warn' })
      server = preview
      const address = preview.httpServer?.address()
      if (!address || typeof address === 'string') throw new Error('The app server has no port.')
      demoUrl = `http://127.0.0.1:${address.port}/`
    }
    const walletScript = await bundleTestWallet()
    const chains = local.fixtures.chains as Record<string, { rpcUrl: string }>
    const walletChains = Object.entries(chains).map(([id, chain]) => ({ id: Number(id), rpcUrl: chain.rpcUrl }))
    browser = await launchChromium()
    const openBrowser = browser
    const startedServer = server
    return {
      demoUrl,
      fixtures: local.fixtures,
      chains,
      solana: { rpcUrl: local.fixtures.solana.rpcUrl, chainId: local.fixtures.solana.chainId },
      anvils: Object.fromEntries(local.devChains.chains.map((anvil) => [String(anvil.chainId), anvil])),
      relayUrl: local.fixtures.walletConnect.relayUrl,
      relay: local.relay,
      directory: local.directory,
      api: local.api,
      ...(local.wallet && {
        wallet: {
          failNext: local.wallet.failNext,
          delayNext: local.wallet.delayNext,
          passTime(ms: number) {
            walletClockAhead += ms
          },
        },
      }),
      browser,
      async newPage({ privateKey = TEST_KEY, backupPrompt = false }: NewPageOptions = {}) {
        const context = await openBrowser.newContext({ viewport: { width: 1100, height: 800 } })
        const skipBackup = backupPrompt
          ? ''
          : `try { localStorage.setItem(${JSON.stringify(BACKUP_SKIPPED_STORAGE_KEY)}, ${JSON.stringify(SKIPPED_EVERYWHERE)}) } catch {}\n`
        await injectTestWallet(context, walletScript, testWalletConfig(walletChains, privateKey), skipBackup)
        const page = await context.newPage()
        return { context, page }
      },
      async stop() {
        await openBrowser.close()
        await startedServer.close()
        await local.stop()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await browser?.close()
    await server?.close()
    await local.stop()
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

/** The modal's shadow root, as a locator scope: Playwright's CSS locators pierce open shadow roots. */
export function modal(page: Page) {
  return page.locator('[data-foyer]')
}

/**
 * The local stack for the calling file, there inside tests and hooks (it is filled in `beforeAll`). Call it at the top
 * level of a test file.
 *
 * By default the stack is shared: the files of one worker that ask for the same options in a row use one stack,
 * started by the first of them (vitest orders the files so, test/e2e/stackSequencer.ts). A worker runs one stack at a
 * time: the next file that asks for another stops it, and so does the end of the worker (test/e2e/environment.ts).
 * A file on a shared stack finds what earlier files did there, so it uses accounts, names and emails of its own, or
 * reads the state it checks against before it acts; the fault switches (`failNext`, `delayNext`) are reset and
 * leftover browser contexts closed after each file. A file that breaks its stack on purpose (halts a chain, drops the
 * relay) asks for its own with `{ shared: false }`.
 * @example const stack = useStack()
 * @example const stack = useStack({ shared: false })
 */
export function useStack({ shared = true, ...options }: StackOptions & { shared?: boolean } = {}): Stack {
  // Filled in place rather than returned later: the file holds this object before the stack exists.
  const stack = {} as Stack
  beforeAll(async () => {
    if (shared) return void Object.assign(stack, await sharedStack(options))
    await stopSharedStacks()
    Object.assign(stack, await startStack(options))
  })
  afterAll(async () => {
    // `stop` is missing when the stack failed to start; `beforeAll` already reports that.
    if (!stack.stop) return
    if (shared) await leaveSharedStack(stack)
    else await stack.stop()
  })
  return stack
}

/** This worker's stack for `options`, started unless it runs already; its `stop` is the harness's to call, not a file's. */
async function sharedStack(options: StackOptions): Promise<Stack> {
  const stacks = sharedStacks()
  const key = stackKey(options)
  let started = stacks.get(key)
  if (!started) {
    // Every stack left running would go on polling its chains beside the new one.
    await stopSharedStacks()
    started = startStack(options)
    stacks.set(key, started)
    // A stack that failed to start is tried again by the next file that asks, not failed from memory.
    started.catch(() => stacks.delete(key))
  }
  return { ...(await started), stop: async () => {} }
}

/** The same key for the same stack, whatever the order of the options and whether defaults are spelled out. */
function stackKey({
  app = 'demo',
  wallet = app === 'demo',
  names = app === 'demo',
  onramp = app === 'demo',
  bundler = false,
  eip7702 = true,
  features = {},
}: StackOptions): string {
  const sortedFeatures = Object.fromEntries(Object.entries(features).sort(([a], [b]) => a.localeCompare(b)))
  return JSON.stringify({ wallet, names, onramp, bundler, eip7702: bundler && eip7702, features: sortedFeatures, app })
}

/**
 * What a file leaves behind on a shared stack, undone for the next file: the failures and delays it switched on, and
 * the browser contexts a failed test did not close (their pages would go on polling the services).
 */
async function leaveSharedStack(stack: Stack) {
  for (const service of [stack.api, stack.directory, stack.wallet]) {
    service?.failNext(500, 0)
    if (service && 'delayNext' in service) service.delayNext(0, 0)
  }
  await Promise.all(stack.browser.contexts().map((context) => context.close()))
}

export interface OpenDemoOptions extends NewPageOptions {
  /** Permissions for the demo's origin, granted before it loads (the clipboard for "Copy link"). @default [] */
  permissions?: string[]
  /** The page's timers and Date on Playwright's clock, installed before it loads: rules §9's waits pass without waiting. @default false */
  clock?: boolean
}

/**
 * Opens the demo in a fresh context (its own storage, the test wallets injected) and waits for the
 * Connect button, the sign that the modal is mounted. `errors` collects the page's uncaught errors
 * from the first script on.
 */
export async function openDemo(stack: Stack, { permissions = [], clock = false, ...pageOptions }: OpenDemoOptions = {}) {
  const { context, page } = await stack.newPage(pageOptions)
  if (permissions.length > 0) await context.grantPermissions(permissions, { origin: new URL(stack.demoUrl).origin })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  if (clock) await page.clock.install()
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect', exact: true }).waitFor()
  return { context, page, errors }
}

/**
 * Picks a wallet on the open Connect view and waits until the demo shows its address and the modal
 * has closed, so the next step starts from a connected page.
 * @example await pickWallet(page, /^Test Solana Wallet/, TEST_WALLET_ADDRESS)
 */
export async function pickWallet(page: Page, wallet: RegExp, address: string) {
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: wallet }).click()
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(address)
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

/**
 * Connects a wallet the way a visitor does: the demo's Connect button, then the wallet (`pickWallet`).
 * @example await connectWallet(page, /^Test Wallet/, account.address)
 */
export async function connectWallet(page: Page, wallet: RegExp, address: string) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await pickWallet(page, wallet, address)
}

/**
 * The balance reads the page asks the API for, from now on (rules §7: which chains it serves, then the balances), so a test
 * can prove a retry waits, or that nothing is asked twice.
 */
export function recordBalanceRequests(page: Page, apiUrl: string): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    const { origin, pathname } = new URL(request.url())
    if (origin === apiUrl && /^\/v1\/(supported-chains|account\/[^/]+\/balance)$/.test(pathname)) paths.push(pathname)
  })
  return paths
}

/**
 * Chooses `label` in a picker of foyer/ui (a combobox that opens a listbox): the option whose name is `label`, or starts
 * with it and a comma (a token's option goes on with its network and balance). Waits for the option to be listed.
 */
export async function pickOption(scope: Locator, name: string, label: string): Promise<void> {
  await scope.getByRole('combobox', { name, exact: true }).click()
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  await scope.getByRole('option', { name: new RegExp(`^${escaped}(,|$)`) }).click()
}

/** Opens the Account view from the demo's account button and returns its dialog. */
export async function openAccount(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open Account' }).click()
  return page.getByRole('dialog', { name: 'Account' })
}

/** How many mails the stack's mail catcher holds for `email` (the stack needs `wallet`). */
export async function mailCount(stack: Stack, email: string): Promise<number> {
  return (await stackMailsTo(stack, email)).length
}

/** The 6-digit code in the newest mail to `email`, once more than `after` mails have come (the stack needs `wallet`). */
export async function mailedCode(stack: Stack, email: string, after = 0): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const messages = await stackMailsTo(stack, email)
      code = messages.length > after ? /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1] : undefined
      return code
    })
    .toMatch(/^\d{6}$/)
  return code!
}

function stackMailsTo(stack: Stack, email: string) {
  return mailsTo(stack.fixtures.mail!.url, email)
}

/**
 * Signs in with `email` from the open Connect view, as a visitor does: the address, 'Continue with email', the mailed
 * code, 'Verify'. The caller waits for what follows (the modal closing, or a view of its own).
 */
export async function signInWithEmail(page: Page, stack: Stack, email: string) {
  const connect = page.getByRole('dialog', { name: 'Connect a wallet' })
  await connect.getByRole('textbox', { name: 'Email address' }).fill(email)
  await connect.getByRole('button', { name: 'Continue with email' }).click()
  const login = page.getByRole('dialog', { name: 'Sign in with email' })
  await login.getByRole('textbox', { name: 'Code' }).waitFor({ timeout: 30_000 })
  await login.getByRole('textbox', { name: 'Code' }).fill(await mailedCode(stack, email))
  await login.getByRole('button', { name: 'Verify' }).click()
}

/**
 * Approves the request the embedded wallet's panel shows, by the frame's own button, armed once the panel has been
 * seen for 500 ms. Held, as a visitor approves a request that moves value; a message signs on release
 * (docs/services/wallet.md#approvals).
 */
export async function approveInFrame(page: Page, stack: Stack) {
  await page.getByRole('dialog', { name: 'Approve request' }).waitFor()
  const approve = page.frameLocator(`iframe[src^="${stack.fixtures.wallet!.url}/frame"]`).getByRole('button', { name: 'Approve' })
  await expect.poll(() => approve.isEnabled()).toBe(true)
  await approve.click({ delay: 900 })
}

/**
 * The frame's recovery phrase panel, its twelve words shown: reads them, presses "I saved it", and types back the two
 * the frame then asks for, as a visitor with their copy does (docs/wallets.md#backup). Answers the phrase.
 *
 * @param frame the secure frame (a FrameLocator of the page's wallet iframe)
 */
export async function savePhraseInFrame(frame: FrameLocator): Promise<string> {
  const words = frame.locator('#backup-words li')
  await expect.poll(() => words.count()).toBe(12)
  const phrase = await words.allTextContents()
  await frame.getByRole('button', { name: 'I saved it' }).click()
  for (const input of ['1', '2']) {
    const place = Number(await frame.locator(`#backup-n${input}`).textContent())
    await frame.locator(`#backup-w${input}`).fill(phrase[place - 1]!)
  }
  await frame.getByRole('button', { name: 'Confirm' }).click()
  return phrase.join(' ')
}
