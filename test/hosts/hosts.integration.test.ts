// The packed package in the apps of new users (docs/packaging.md). `npm pack` once; each host gets a node_modules
// with a copy of the packed foyer and ONLY what that host installs (its peers, its framework), linked from this
// repository's node_modules, so a peer the host did not install is missing as it is in a fresh app. Each host is
// built for production, and any error, or any warning that names one of Foyer's files, fails the test.
//
// Which bundler builds which host, a trade-off for time. Vite and esbuild build every host (a second or two each):
// EVM only, Solana only, EVM + Solana, the third-party chain of examples/bitcoin-chain alone, a wagmi app as wagmi's
// docs install it, and a @wagmi/core-only app; either fails on a package the host did not install, as Next.js does.
// `next build` takes 40 to 75 s on two shared cores, so Next.js builds one app: examples/next-app (EVM only,
// TypeScript; then served and used in Chromium), with a second page that has the bitcoin chain alone. The app
// installs viem and no Solana peer, so Solana's code reached from the shared chunks fails it; viem reached from them
// is caught by the bitcoin hosts of Vite and esbuild, which install no chain peer. The examples without React (Vue,
// Svelte, a plain page) are built once each and connect in Chromium on one anvil: about 40 s more under load. All of it
// takes a few minutes here, most of it Next.js,
// once dist/ is built: `npm test` builds it before the tests; alone, the test builds it when it is stale.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rollup } from 'rollup'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { startAnvil, type AnvilInstance } from '../../services/dev/devchain/startAnvil.mjs'
import { LOCAL_GENESIS_HASH, startSolanaRpc, TEST_WALLET_ADDRESS, type SolanaRpcNode } from '../../services/dev/solana/index.mjs'
import { getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit'
import { bundleTestWallet, TEST_KEY } from '../testWalletScript.js'
import { APPKIT_PAGES, appKitApp, switchImports } from './appKitApp.js'
import { HOST_APPS, type HostApp } from './apps.js'
import { connectWithButton, openHost } from './inChromium.js'
import { buildWithEsbuild, buildWithNext, buildWithVite, nextConfig, nextRoute, pageFiles } from './bundlers.js'
import { isLoopback, layOutExample, layOutHost, linesAboutFoyer, packFoyer, repo, type Pack } from './layout.js'
import { checkPackage } from './packageChecks.js'

const REACT = ['react', 'react-dom']
/**
 * The Next.js build's budget, a set-up's (the build is CPU work, with no wait in it to fix): 40 to 75 s on two quiet
 * cores, over 240 s in CI at load 17 to 28 (five helpers testing on the 2 cores), and the test's own checks take
 * seconds after it.
 */
const NEXT_BUILD_MS = 600_000
/** Where the AppKit app sends its ether: the dead address, which nothing spends from. */
const DEAD = '0x000000000000000000000000000000000000dEaD'

let dir: string
let pack: Pack

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'foyer-hosts-'))
  pack = packFoyer(dir)
}, 300_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
}, 60_000)

describe('the packed package', () => {
  it('passes publint and arethetypeswrong, offline, on the tarball', async () => {
    expect(await checkPackage(pack)).toEqual([])
  }, 120_000)

  it("is read by Rollup (Vite 7's bundler) without a warning", async () => {
    const warnings: string[] = []
    const entryFiles = readdirSync(path.join(pack.packageDir, 'dist'), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.js') && !file.startsWith('chunks'),
    )
    const bundle = await rollup({
      input: entryFiles.map((file) => path.join(pack.packageDir, 'dist', file)),
      external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
      onwarn: (warning) => void warnings.push(warning.message),
    })
    await bundle.close()
    expect(warnings).toEqual([])
  }, 120_000)
})

describe.each(Object.entries(HOST_APPS))('a host (%s) with only its peers', (name, app: HostApp) => {
  let host: string
  beforeAll(() => {
    host = layOutHost(path.join(dir, name), pack, { files: pageFiles(app), packages: [...REACT, ...app.peers] })
  })

  it('builds with Vite for production, with no warning from Foyer', async () => {
    expect(linesAboutFoyer((await buildWithVite(host)).join('\n'))).toEqual([])
  }, 120_000)

  it('builds with esbuild --bundle --splitting, with no warning from Foyer', async () => {
    expect(linesAboutFoyer((await buildWithEsbuild(host)).join('\n'))).toEqual([])
  }, 120_000)
})

describe("a host's backend (Node, no React)", () => {
  // The protocol entries are published as their source so a server imports them as they are
  // (docs/packaging.md#the-protocol-entries-are-published-as-their-source): with only viem installed, it reads CAIP ids
  // and verifies a signed sign-in message, through foyer/protocol, foyer/protocol/evm and foyer/siwx/server.
  it('imports the protocol and verifies a sign-in with only viem installed', async () => {
    const script = [
      `import { parseCaipAddress, formatSignInWithSolana } from 'foyer/protocol'`,
      `import { formatEip4361, verifySignIn } from 'foyer/protocol/evm'`,
      `import { verifySignIn as fromSiwxServer } from 'foyer/siwx/server'`,
      `import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'`,
      `const account = privateKeyToAccount('0x${'11'.repeat(32)}')`,
      `const message = formatEip4361({ domain: 'shop.example.com', address: account.address, uri: 'https://shop.example.com/', version: '1', chainId: '1', nonce: 'n0nce1234567', issuedAt: new Date().toISOString() })`,
      `const signature = await account.signMessage({ message })`,
      `const fields = await verifySignIn({ message, signature, allowedOrigins: ['https://shop.example.com'] })`,
      `console.log(JSON.stringify({ same: fromSiwxServer === verifySignIn, chain: fields.chainId, caip: parseCaipAddress('eip155:1:' + account.address).networkId, solana: typeof formatSignInWithSolana }))`,
    ].join('\n')
    const host = layOutHost(path.join(dir, 'backend'), pack, { files: { 'verify.mjs': script }, packages: ['viem'] })
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['verify.mjs'], { cwd: host })
      let text = ''
      child.stdout.on('data', (chunk) => (text += chunk))
      child.stderr.on('data', (chunk) => (text += chunk))
      child.on('error', reject)
      child.on('close', () => resolve(text.trim()))
    })
    expect(JSON.parse(output)).toEqual({ same: true, chain: 'eip155:1', caip: 'eip155:1', solana: 'function' })
  }, 60_000)
})

describe('Next.js App Router', () => {
  describe('examples/next-app', () => {
    let host: string
    let server: ChildProcess | undefined
    let build: { ok: boolean; output: string }
    afterAll(() => {
      server?.kill()
    })

    // One build for both tests, in a hook with the build's budget.
    beforeAll(async () => {
      host = layOutExample(dir, pack, 'next-app')
      writeFileSync(path.join(host, 'next.config.mjs'), nextConfig())
      // A second page with the third-party bitcoin chain alone: one Next.js build for both.
      for (const [file, text] of Object.entries(nextRoute(HOST_APPS.bitcoinOnly, 'bitcoin'))) {
        mkdirSync(path.dirname(path.join(host, file)), { recursive: true })
        writeFileSync(path.join(host, file), text)
      }
      build = await buildWithNext(host, NEXT_BUILD_MS)
    }, NEXT_BUILD_MS + 30_000)

    it('builds and prerenders, with what its package.json installs, its page and a page with only the bitcoin chain', () => {
      const { ok, output } = build
      expect(ok ? linesAboutFoyer(output) : output).toEqual([])
      expect(output).toMatch(/○ \/\s/)
      expect(output).toMatch(/○ \/bitcoin\s/)
    })

    it('hydrates in Chromium with no warning, and Connect opens the dialog, with no request leaving the machine', async () => {
      expect(build.ok, 'the build above').toBe(true)
      const port = await freePort()
      server = spawn(
        process.execPath,
        [path.join(repo, 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(port)],
        {
          cwd: host,
          env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
          stdio: 'ignore',
        },
      )
      const url = `http://127.0.0.1:${port}/`
      await expect
        .poll(
          () =>
            fetch(url).then(
              (response) => response.ok,
              () => false,
            ),
          { timeout: 60_000 },
        )
        .toBe(true)

      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
      try {
        const page = await browser.newPage()
        const complaints: string[] = []
        const requests: string[] = []
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') complaints.push(`${message.type()}: ${message.text()}`)
        })
        page.on('pageerror', (error) => complaints.push(`page error: ${error.message}`))
        page.on('response', (response) => {
          if (response.status() >= 400) complaints.push(`${response.status()}: ${response.url()}`)
        })
        page.on('request', (request) => requests.push(request.url()))

        await page.goto(url, { waitUntil: 'networkidle' })
        await page.locator('[data-foyer-connect-button]').click()
        await page.getByRole('dialog', { name: 'Connect a wallet' }).waitFor()

        expect(complaints).toEqual([])
        expect(requests.filter((request) => !isLoopback(request))).toEqual([])
      } finally {
        await browser.close()
      }
    }, 120_000)
  })
})

// In Chromium with an EIP-6963 wallet on one local anvil and a Wallet Standard wallet on one local Solana node. The
// examples for hosts without React (docs/elements.md) each connect through <foyer-button>, built from the packed
// package (Vue and Svelte by Vite with their own config) or, for the plain page, served with dist/browser/ copied
// beside it and no build step. An AppKit app with only its import paths switched, one build of four pages, connects,
// signs, sends and disconnects with ethers and with wagmi's hooks, signs on Solana, and connects and disconnects in
// Vue (docs/migrating/appkit.md).
describe('hosts in Chromium', () => {
  const address = privateKeyToAccount(TEST_KEY).address
  let anvil: AnvilInstance
  let solanaNode: SolanaRpcNode
  let browser: Browser
  let wallet: { script: string; chains: { id: number; rpcUrl: string }[] }
  beforeAll(async () => {
    const [startedAnvil, startedSolana, script, launched] = await Promise.all([
      startAnvil({ port: 0, chainId: 31337 }),
      startSolanaRpc({ port: 0 }),
      bundleTestWallet(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    ])
    anvil = startedAnvil
    solanaNode = startedSolana
    browser = launched
    wallet = { script, chains: [{ id: 31337, rpcUrl: anvil.url }] }
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await anvil?.stop()
    await solanaNode?.stop()
  })

  it.each(['vue-app', 'svelte-app'])(
    'examples/%s builds with Vite and connects through <foyer-button>, which tells the page',
    async (name) => {
      const host = layOutExample(dir, pack, name)
      writeFileSync(path.join(host, 'src/config.ts'), `export const rpcUrl = ${JSON.stringify(anvil.url)}\n`)
      expect(linesAboutFoyer((await buildWithVite(host, { ownConfig: true })).join('\n'))).toEqual([])
      const opened = await openHost(browser, path.join(host, 'dist-vite'), wallet)
      try {
        await connectWithButton(opened.page, address)
        await expect.poll(() => opened.page.getByTestId('events').textContent()).toBe('foyer-connect')
        expect(opened.complaints).toEqual([])
        expect(opened.remoteRequests).toEqual([])
      } finally {
        await opened.close()
      }
    },
    120_000,
  )

  describe('an AppKit app with only its import paths changed', () => {
    let built: string
    // One Vite build for the app's four pages.
    beforeAll(async () => {
      const host = layOutHost(path.join(dir, 'appkit'), pack, {
        files: switchImports(appKitApp({ rpcUrl: anvil.url, solana: { rpcUrl: solanaNode.url, genesisHash: LOCAL_GENESIS_HASH } })),
        packages: [...REACT, 'ethers', 'viem', 'wagmi', '@tanstack/react-query', '@solana/kit', 'vue'],
      })
      expect(linesAboutFoyer((await buildWithVite(host, { pages: APPKIT_PAGES, vue: true })).join('\n'))).toEqual([])
      built = path.join(host, 'dist-vite')
    }, 120_000)

    it.each([
      ['React, ethers over useAppKitProvider', '', 'Hello from an AppKit app'],
      ["React, WagmiAdapter and wagmi's hooks", 'wagmi.html', 'Hello from an AppKit app with wagmi'],
    ])(
      '%s: connects, signs, sends, disconnects',
      async (_, entry, message) => {
        const opened = await openHost(browser, built, wallet, entry)
        const { page } = opened
        try {
          await connectWithButton(page, address, 'appkit-button')
          await expect.poll(() => page.getByTestId('chain').textContent()).toBe('31337')

          await page.getByRole('button', { name: 'Sign a message' }).click()
          await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]{130}$/)
          const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
          await expect(verifyMessage({ address, message, signature })).resolves.toBe(true)

          const chain = createPublicClient({ transport: http(anvil.url) })
          const before = await chain.getBalance({ address: DEAD })
          await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
          await expect.poll(() => page.getByTestId('hash').textContent(), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
          const hash = (await page.getByTestId('hash').textContent()) as `0x${string}`
          expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
          expect((await chain.getBalance({ address: DEAD })) - before).toBe(parseEther('0.01'))

          await page.getByRole('button', { name: 'Disconnect' }).click()
          await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
          await expect.poll(() => page.getByTestId('address').textContent()).toBe('')
          expect(opened.complaints).toEqual([])
          expect(opened.remoteRequests).toEqual([])
        } finally {
          await opened.close()
        }
      },
      120_000,
    )

    it('React, SolanaAdapter: connects a Wallet Standard wallet and signs a message that verifies', async () => {
      const opened = await openHost(browser, built, wallet, 'solana.html')
      const { page } = opened
      try {
        await connectWithButton(page, TEST_WALLET_ADDRESS, 'appkit-button', /^Test Solana Wallet/)
        await page.getByRole('button', { name: 'Sign a message' }).click()
        await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^[0-9a-f]{128}$/)
        const signature = Buffer.from((await page.getByTestId('signature').textContent())!, 'hex')
        const verified = await verifySignature(
          await getPublicKeyFromAddress(TEST_WALLET_ADDRESS as Address),
          new Uint8Array(signature) as SignatureBytes,
          new TextEncoder().encode('Hello from an AppKit app on Solana'),
        )
        expect(verified).toBe(true)

        await page.getByRole('button', { name: 'Disconnect' }).click()
        await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
        expect(opened.complaints).toEqual([])
        expect(opened.remoteRequests).toEqual([])
      } finally {
        await opened.close()
      }
    }, 120_000)

    it("Vue, AppKit's composables: <appkit-button> connects, the refs follow, useDisconnect disconnects", async () => {
      const opened = await openHost(browser, built, wallet, 'vue.html')
      const { page } = opened
      try {
        await connectWithButton(page, address, 'appkit-button')
        await expect.poll(() => page.getByTestId('chain').textContent()).toBe('31337')
        await page.getByRole('button', { name: 'Disconnect' }).click()
        await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
        await expect.poll(() => page.getByTestId('address').textContent()).toBe('')
        expect(opened.complaints).toEqual([])
        expect(opened.remoteRequests).toEqual([])
      } finally {
        await opened.close()
      }
    }, 120_000)
  })

  it('examples/plain-page connects with no bundler: dist/browser/ served from its own origin', async () => {
    const host = path.join(dir, 'example-plain-page')
    cpSync(path.join(repo, 'examples/plain-page'), host, { recursive: true })
    cpSync(path.join(pack.packageDir, 'dist/browser'), path.join(host, 'foyer'), { recursive: true })
    writeFileSync(path.join(host, 'config.js'), `export const rpcUrl = ${JSON.stringify(anvil.url)}\n`)
    const opened = await openHost(browser, host, wallet)
    try {
      await connectWithButton(opened.page, address)
      expect(opened.complaints).toEqual([])
      expect(opened.remoteRequests).toEqual([])
    } finally {
      await opened.close()
    }
  }, 60_000)
})

describe('examples/vite-app', () => {
  it('builds with Vite for production, with what its package.json installs', async () => {
    const host = layOutExample(dir, pack, 'vite-app')
    expect(linesAboutFoyer((await buildWithVite(host)).join('\n'))).toEqual([])
  }, 120_000)
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
