// `npm run bench`: builds the demo for production, serves it on loopback, and measures in headless
// Chromium, in one run:
//   1. library JS fetched before the Connect button is visible, gzip, React not counted
//   2. click → first modal view visible, median of fifteen fresh page loads
//   3. requests to any host other than 127.0.0.1 during load and open (must be 0)
//   4. the embedded wallet: Approve click in the secure frame → the signature back on the page, over twenty requests
// Then the packed package as a host builds it with esbuild (scripts/benchPackage.mjs), against a page with
// React alone built and served the same way (scripts/benchServer.mjs, gzip from memory, as a CDN), 21 loads
// each, taking turns: navigation → button visible (the median of each pair's difference, split into the code's
// fetch and evaluation, the kernel's start and the render; and again for the same app with its page preloading what
// the app imports, the waterfall's cost), files (and the depth of
// their import waterfall) and gzip before that paint, click → first view, main-thread script over the whole load
// (the median of each pair's difference), heap with the modal open, the JS a first EVM connection (with its
// balance) and a first WalletConnect pairing code fetch, and a returning connected visitor's click → Account. Each
// figure has its gate (PACKAGE). A third page, the floor (a bare React modal of Foyer's shape), is measured in the same
// turns, ungated: what any React modal built this way costs beyond React alone on the machine of the run.
// Prints a table, or JSON with --json (--verbose lists the files counted); exits 1 when a figure misses its gate.
// --cpu-slowdown=N measures with every page's CPU N times slower (below).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { transformSync } from 'esbuild'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { startLocalStack } from '../services/localStack.mjs'
import { buildPackageApps, gzipOf, injectBenchWallet, PRELOADED_PAGE, removePackageApps } from './benchPackage.mjs'
import { waterfallDepth } from './waterfallDepth.mjs'
import { startStaticServer } from './benchServer.mjs'
import { chromiumArgs, chromiumPath } from './chromium.mjs'
import { localStackScriptText } from '../demo/localStackScript.mjs'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(repo, 'demo/dist')
// The demo carries both chains and twelve plugins (each manifest held to its own 1–1.5 KB by `npm run size`), so its
// first paint is the kernel's plus theirs: 32.4 KB, counting Foyer's share of each file only (the demo page's own
// code shares the entry file with ours). It read 29.6 KB while the page inlined its stack's addresses: JSON that
// compresses ten to one, whose raw length shrank Foyer's share of the file (the code itself is the same to the byte,
// 26.5 KB gzipped alone). DESIGN's first-paint budget is the minimal host's, gated below (PACKAGE.beforeGzip).
// The target was 33 KB until 2026-12-07 (#49): the account state, the themed button, the passkey entry and the start in
// the visitor's language took the demo to 37.5 KB, all of them shown or decided before the first click; moving the
// modal's and the views' texts out of the first paint brought it back to 34.9 KB. 35 KB holds that and fails a
// regression; the figure that stands for a host is the package's, gated at 25 KB. Until 2026-12-07 19:05 the count left
// out `protocol/` (the address checks #45 moved there, counted as the page's) and weighed modules with their comments:
// counted right, the same build reads 36,144 B where it read 35,843, so the target is 35.5 KB, the 35 KB corrected by
// the same count (docs/budgets.md).
const TARGETS = { libraryGzip: 35.5 * 1024, openMs: 50, outsideRequests: 0 }
// `--cpu-slowdown=N` runs every page with its CPU N times slower (Chromium's throttling; the network is untouched): how
// the figures grow on a slower machine or a phone. The gates are set for two speeds: unthrottled, and four times
// slower, a mid-range phone (#49); a run at any other speed applies none. The demo's targets are for an unthrottled run.
const CPU_SLOWDOWN = Number(process.argv.find((arg) => arg.startsWith('--cpu-slowdown='))?.split('=')[1] ?? 1)
if (!(CPU_SLOWDOWN >= 1)) {
  console.error('--cpu-slowdown takes a number of at least 1 (--cpu-slowdown=4).')
  process.exit(2)
}
// The packed package as a host builds it (#21, #49). `gate` fails the run. Bytes and files do not depend on the CPU's
// speed, so both speeds gate them alike.
const BYTE_GATES = {
  beforeGzip: { gate: 25 * 1024 },
  beforeFiles: { gate: 3 },
  // The browser learns of a file's imports only once it has the file: each level is a round trip more than React alone.
  beforeDepth: { gate: 2 },
  // #21 asks ≤ 60 KB and ≤ 150 KB; the gates sit a little above today's, so a regression shows: 40.6 KB since the
  // host has the portfolio, activity, receive and send plugins (#49), whose Account tabs and texts come with the
  // account (38 KB without them), and 65 KB.
  evmConnectionGzip: { gate: 45 * 1024 },
  walletConnectGzip: { gate: 80 * 1024 },
}
// The timings, by CPU slowdown.
const PACKAGE_GATES = {
  1: { ...BYTE_GATES, buttonBeyondReactMs: { gate: 50 }, openMs: { gate: 40 }, connectedOpenMs: { gate: 40 } },
  // A phone (#49): the button within 25 ms of React alone, the first view within 50 ms of the click, and no more than
  // 60 ms of main-thread script beyond React's over the whole load (the button, the modal warmed on idle, the click).
  // A visitor already connected opens the modal at Account: the same gate as the first click.
  4: {
    ...BYTE_GATES,
    buttonBeyondReactMs: { gate: 25 },
    openMs: { gate: 50 },
    connectedOpenMs: { gate: 50 },
    scriptBeyondReactMs: { gate: 60 },
  },
}
/** @type {Partial<Record<string, { gate: number }>>} */
const PACKAGE = PACKAGE_GATES[CPU_SLOWDOWN] ?? {}
const GATED = CPU_SLOWDOWN in PACKAGE_GATES
// Fifteen fresh loads of the demo: on two cores a load now and then takes twice as long (five medians moved by
// 150 ms), and the demo's click → first view falls in two clusters, near 40 and near 57 ms, so that medians of seven
// read 43 to 57 ms for one build.
const RUNS = 15
// The packed package's pages, 21 loads each: one page load here takes 300 to 600 ms, and a median of seven moved
// by some 30 ms between runs of the same build, more than the difference looked for.
const PACKAGE_RUNS = 21
// A returning connected visitor's loads: each restores the session, so a load takes two to three times as long.
const CONNECTED_RUNS = 11
// Twenty approvals: the p95 is the nineteenth.
const APPROVAL_RUNS = 20

// The account button, once a wallet is connected.
const CONNECTED_BUTTON = '[data-foyer-connect-button][data-status=connected]'
const REACT = /node_modules\/(react|react-dom|scheduler)\//
// Foyer's code: its own folders (`protocol/` since #45: the address checks the chains' manifests share) and the two
// packages it alone brings to the first paint.
const LIBRARY = /\/(kernel|chains|plugins|protocol)\/|node_modules\/(mitt|valibot)\//

// The whole stack, the embedded wallet and account names included, so the demo measured has every plugin it ships with.
const dataDir = mkdtempSync(path.join(tmpdir(), 'foyer-bench-data-'))
const local = await startLocalStack({
  anvilPorts: [0, 0],
  solanaPort: 0,
  relayPort: 0,
  wallet: { port: 0, smtpPort: 0, mailPort: 0, dataDir },
  names: true,
  dataDir,
})
const servers = []
let browser
let packageApps
try {
  const chunks = await buildDemo()
  const url = await serveOn(dist, { '/local-stack.js': localStackScriptText(JSON.stringify(local.fixtures)) })
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  const results = await measure(browser, url, chunks)
  results.approval = await measureApproval(browser, url)
  const { chains, walletConnect, api, directory } = local.fixtures
  packageApps = await buildPackageApps(repo, {
    rpcUrl: chains['31337'].rpcUrl,
    relayUrl: walletConnect.relayUrl,
    apiUrl: api.url,
    directoryUrl: directory.url,
  })
  results.package = await measurePackage(browser, packageApps)
  const rows = report(results)
  if (process.argv.includes('--json')) console.log(JSON.stringify({ cpuSlowdown: CPU_SLOWDOWN, ...results }))
  else {
    if (CPU_SLOWDOWN > 1)
      console.log(
        `Every page's CPU ${CPU_SLOWDOWN} times slower: ${GATED ? "the phone's gates; the demo's targets, set for an unthrottled run, are not applied" : 'no gates are set for this speed, so none is applied'}.`,
      )
    for (const { label, value, limit, pass } of rows)
      console.log(`${label.padEnd(96)} ${value.padStart(9)}  ${limit}${pass ? '' : '  ← misses it'}`)
  }
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1
} finally {
  await browser?.close()
  await Promise.all(servers.map((server) => server.close()))
  if (packageApps) removePackageApps(packageApps.dir)
  await local.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

/** Builds the demo and returns, for each JS file, which kind of code it holds (classify). */
async function buildDemo() {
  const chunks = new Map()
  await build({
    configFile: path.join(repo, 'demo/vite.config.ts'),
    logLevel: 'warn',
    build: {
      rollupOptions: {
        output: {
          // React in a file of its own, so its bytes can be told apart from ours.
          manualChunks: (id) => (REACT.test(id) ? 'react' : undefined),
        },
      },
    },
    plugins: [
      {
        name: 'foyer-bench-chunks',
        generateBundle(_options, bundle) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type === 'chunk') chunks.set(chunk.fileName, classify(chunk))
          }
        },
      },
    ],
  })
  return chunks
}

// What a file holds: its kind, and the share of its code that is Foyer's. The demo's page (its stack's addresses,
// its buttons) sits in the entry file with our code, as in any host's bundle; that share is the host's, not counted.
// The share is by each module's code minified, as it ships: a module's rendered code keeps its comments, and a comment
// rewrapped in the kernel moved the figure by 17 bytes.
function classify(chunk) {
  const modules = Object.entries(chunk.modules)
  // Each module minified once: esbuild's work for the whole demo build, every chunk's modules.
  const lengths = modules.map(([id, module]) => ({
    id,
    length: module.code ? transformSync(module.code, { minify: true, loader: 'js' }).code.length : 0,
  }))
  const codeLength = (test) => lengths.reduce((sum, { id, length }) => sum + (test(id) ? length : 0), 0)
  const ids = modules.map(([id]) => id)
  const libraryShare =
    codeLength((id) => LIBRARY.test(id)) /
    Math.max(
      1,
      codeLength(() => true),
    )
  if (libraryShare > 0) return { kind: 'library', libraryShare }
  if (ids.every((id) => id.startsWith('\0'))) return { kind: 'bundler runtime' }
  if (ids.length > 0 && ids.every((id) => REACT.test(id) || id.includes('commonjs') || id.startsWith('\0'))) return { kind: 'react' }
  return { kind: 'demo' }
}

/**
 * A fresh page in a context of its own, its CPU slowed down by `--cpu-slowdown` (Chromium's throttling) when given, and
 * its main thread's script time counted from here on (scriptMs); `storageState` (Playwright's) starts it with a site's
 * storage, as a returning visitor's browser.
 */
async function newPage(browser, { storageState } = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, storageState })
  const page = await context.newPage()
  const session = await context.newCDPSession(page)
  if (CPU_SLOWDOWN > 1) await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await session.send('Performance.enable')
  return { context, page, session }
}

/** The main thread's time in script (parse, compile and run) since newPage, in ms: Chromium's ScriptDuration. */
async function scriptMs(session) {
  const { metrics } = await session.send('Performance.getMetrics')
  return 1000 * (metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? Number.NaN)
}

/** Serves `root` on a free loopback port until the bench ends (scripts/benchServer.mjs); resolves with its URL. */
async function serveOn(root, generated = {}) {
  const server = await startStaticServer(root, generated)
  servers.push(server)
  return server.url
}

async function measure(browser, url, chunks) {
  const openTimes = []
  let libraryGzip = 0
  let reactGzip = 0
  let outsideRequests = 0
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await newPage(browser)
    page.on('request', (request) => {
      const { protocol, hostname } = new URL(request.url())
      if ((protocol === 'http:' || protocol === 'https:') && hostname !== '127.0.0.1') outsideRequests++
    })
    // The page itself notes the first frame in which the Connect button is on screen, and which
    // resources had arrived by then: no race with files that load later (lazy views, the dev wallet).
    await page.addInitScript(recordFirstPaintOfButton)
    await page.goto(url)
    const firstPaint = await page.waitForFunction(() => window.__foyerFirstPaint).then((handle) => handle.jsonValue())
    if (run === 0) {
      for (const resource of firstPaint.resources) {
        const name = new URL(resource).pathname.slice(1)
        // /local-stack.js is the host page's data (its stack's addresses), served beside the build, not built.
        if (!name.endsWith('.js') || name === 'local-stack.js') continue
        const gzip = gzipSync(readFileSync(path.join(dist, name)), { level: 9 }).length
        const { kind, libraryShare } = chunks.get(name) ?? { kind: 'unknown' }
        if (kind === 'library') libraryGzip += Math.round(gzip * libraryShare)
        if (kind === 'react') reactGzip += gzip
        if (process.argv.includes('--verbose'))
          console.log(`  ${name}: ${kind}${libraryShare < 1 ? ` (${(100 * libraryShare).toFixed(0)} % Foyer's)` : ''}, ${gzip} B gzip`)
      }
    }
    // The visitor clicks once the page has settled; the time runs from the click to the first
    // view of the modal being on screen with its content.
    await page.waitForLoadState('networkidle')
    // A visitor needs about a second to find the button; by then the page has warmed the modal
    // (on idle, at the latest one second after it mounts) as it does for every visitor.
    await page.waitForTimeout(1000)
    openTimes.push(await page.evaluate(clickToFirstView))
    await context.close()
  }
  openTimes.sort((a, b) => a - b)
  return { libraryGzip, reactGzip, medianOpenMs: openTimes[Math.floor(RUNS / 2)], openTimes, outsideRequests }
}

/**
 * Approve click → signature, for a visitor signed in by email: the frame rebuilds the key from its shares, signs,
 * wipes it (services/wallet/KEYS.md) and posts the signature to the page. The time runs from the real mouse click
 * in the frame to the page receiving the signature.
 */
async function measureApproval(browser, url) {
  const walletUrl = local.fixtures.wallet.url
  const { context, page } = await newPage(browser)
  // A personal_sign answer is the only one the page receives that is a 65-byte signature.
  await page.addInitScript((wallet) => {
    window.__signedAt = []
    addEventListener('message', (event) => {
      const { type, payload } = event.data ?? {}
      if (event.origin === wallet && type === 'FRAME_RPC_REQUEST_SUCCESS' && /^0x[0-9a-f]{130}$/.test(payload))
        window.__signedAt.push(Date.now())
    })
  }, walletUrl)
  await page.goto(url)
  await signInByEmail(page, `bench-${Date.now()}@example.com`)
  const approve = page.frameLocator(`iframe[src^="${walletUrl}/frame"]`).getByRole('button', { name: 'Approve' })
  const times = []
  for (let run = 0; run < APPROVAL_RUNS; run++) {
    await page.getByRole('button', { name: 'Sign a message' }).click()
    // The frame arms Approve once the visitor has seen it (docs/services/wallet.md#approvals).
    await approve.waitFor()
    while (!(await approve.isEnabled())) await page.waitForTimeout(50)
    const box = await approve.boundingBox()
    const signed = await page.evaluate(() => window.__signedAt.length)
    const clickedAt = Date.now()
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForFunction((count) => window.__signedAt.length > count, signed)
    times.push((await page.evaluate(() => window.__signedAt.at(-1))) - clickedAt)
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  }
  await context.close()
  times.sort((a, b) => a - b)
  return { p50: median(times), p95: times[Math.ceil(APPROVAL_RUNS * 0.95) - 1], times }
}

/** Connect → the email → the mailed code (read from the stack's mail catcher), until the modal closes. */
async function signInByEmail(page, email) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await page.getByRole('textbox', { name: 'Email address' }).fill(email)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  const codeField = page.getByRole('textbox', { name: 'Code' })
  await codeField.waitFor({ timeout: 30_000 })
  await codeField.fill(await mailedCode(email))
  await page.getByRole('button', { name: 'Verify' }).click()
  // The new wallet is offered a backup (docs/wallets.md#backup), which this visitor skips through its warning.
  await page.getByRole('button', { name: 'Skip' }).click({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Skip anyway' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 })
}

/** The code of the first mail to `email`, polled for up to ten seconds. */
async function mailedCode(email) {
  for (let tries = 0; tries < 50; tries++) {
    const answer = await fetch(`${local.fixtures.mail.url}/messages?to=${encodeURIComponent(email)}`)
    const code = /\b(\d{6})\b/.exec((await answer.json())[0]?.text ?? '')?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No code was mailed to ${email}`)
}

function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
}

/** The packed package's apps: React alone, Foyer and the floor, then Foyer's first EVM connection and WalletConnect code. */
async function measurePackage(browser, apps) {
  const foyerServed = await serveOn(apps.foyer)
  const { react, foyer, preloaded, floor } = await measurePages(browser, {
    react: { root: apps.react, url: await serveOn(apps.react), imports: apps.imports.react, open: false },
    foyer: { root: apps.foyer, url: foyerServed, imports: apps.imports.foyer, open: true },
    preloaded: { root: apps.foyer, url: `${foyerServed}${PRELOADED_PAGE}`, imports: apps.imports.foyer, open: false },
    floor: { root: apps.floor, url: await serveOn(apps.floor), imports: apps.imports.floor, open: true },
  })
  // Each Foyer load against the React load just before it: the machine's drift during the run (a page load here takes
  // 300 to 600 ms) weighs on both of a pair alike, where a difference of two medians would carry it.
  const beyondReact = (values, reactValues) => median(values.map((value, run) => value - reactValues[run]))
  foyer.beyondReactMs = beyondReact(foyer.paints, react.paints)
  foyer.scriptBeyondReactMs = beyondReact(foyer.scripts, react.scripts)
  // Where the time beyond React goes, pair by pair as above (React's own start is nothing).
  const phase = (name) =>
    beyondReact(
      foyer.phases.map((phases) => phases[name]),
      react.phases.map((phases) => phases[name]),
    )
  foyer.phasesBeyondReactMs = { code: phase('code'), start: phase('start'), render: phase('render') }
  foyer.preloadedBeyondReactMs = beyondReact(preloaded.paints, react.paints)
  floor.beyondReactMs = beyondReact(floor.paints, react.paints)
  floor.scriptBeyondReactMs = beyondReact(floor.scripts, react.scripts)
  const foyerUrl = foyer.url
  const evmConnection = await lazyBytes(browser, foyerUrl, apps.foyer, async (page) => {
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.getByRole('button', { name: /^Bench Wallet/ }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    // The account button, named by what it shows: the balance and the short address.
    await page.locator(CONNECTED_BUTTON).click()
    await page.locator('.f-balance', { hasText: 'ETH' }).waitFor()
  })
  const walletConnectPairing = await lazyBytes(browser, foyerUrl, apps.foyer, async (page) => {
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page
      .getByRole('button', { name: /^WalletConnect/ })
      .first()
      .click()
    await page.locator('svg.f-qr').waitFor({ timeout: 20_000 })
  })
  foyer.connectedOpenMs = await measureConnectedClick(browser, foyerUrl)
  return { react, foyer, floor, evmConnection, walletConnectPairing }
}

/**
 * A returning visitor already connected: click → the Account view visible, median of fresh loads. Each load is a new
 * context (no code cache, as a first visit) with the storage a connection with the bench wallet left, so the page
 * restores that session before the click.
 */
async function measureConnectedClick(browser, url) {
  const connecting = await newPage(browser)
  await connecting.page.addInitScript(injectBenchWallet)
  await connecting.page.goto(url)
  await connecting.page.getByRole('button', { name: 'Connect', exact: true }).click()
  await connecting.page.getByRole('button', { name: /^Bench Wallet/ }).click()
  await connecting.page.locator(CONNECTED_BUTTON).waitFor()
  const storageState = await connecting.context.storageState()
  await connecting.context.close()
  const times = []
  for (let run = 0; run < CONNECTED_RUNS; run++) {
    const { context, page } = await newPage(browser, { storageState })
    await page.addInitScript(injectBenchWallet)
    await page.goto(url)
    await page.locator(CONNECTED_BUTTON).waitFor({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1000)
    times.push(await page.evaluate(clickToFirstView))
    if ((await page.locator('[role="dialog"]').getAttribute('data-view')) !== 'Account') {
      throw new Error("The connected visitor's click did not open the Account view.")
    }
    await context.close()
  }
  return median(times)
}

/**
 * Navigation → button visible (median), JS before that paint, click → first view and heap, over fresh loads of each
 * page. The pages take turns, run by run, so a machine that slows down or speeds up mid-bench weighs on both alike.
 */
async function measurePages(browser, pages) {
  const results = Object.fromEntries(
    Object.entries(pages).map(([name, { url }]) => [name, { url, paints: [], phases: [], openTimes: [], scripts: [] }]),
  )
  for (let run = 0; run < PACKAGE_RUNS; run++) {
    for (const [name, { url, root, imports, open }] of Object.entries(pages)) {
      const result = results[name]
      const { context, page, session } = await newPage(browser)
      await page.addInitScript(recordFirstPaintOfButton)
      await page.goto(url)
      const firstPaint = await page.waitForFunction(() => window.__foyerFirstPaint).then((handle) => handle.jsonValue())
      result.paints.push(firstPaint.time)
      result.phases.push(await page.evaluate(phasesOfLoad, firstPaint.time))
      if (run === 0) {
        const files = firstPaint.resources.filter((resource) => resource.endsWith('.js'))
        const paths = files.map((file) => new URL(file).pathname)
        result.before = {
          files: files.length,
          depth: waterfallDepth(imports, paths),
          gzip: files.reduce((sum, file) => sum + gzipOf(root, file), 0),
        }
      }
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(1000)
      if (open) result.openTimes.push(await page.evaluate(clickToFirstView))
      // The whole load: the first paint, the modal warmed on idle, and for Foyer the click and its first view.
      result.scripts.push(await scriptMs(session))
      if (run === 0) result.heap = await usedHeap(page)
      await context.close()
    }
  }
  for (const [name, result] of Object.entries(results)) {
    result.buttonMs = median(result.paints)
    result.scriptMs = median(result.scripts)
    if (pages[name].open) result.openMs = median(result.openTimes)
    else delete result.openTimes
  }
  return results
}

/** The gzip of the JS `act` makes the page fetch beyond what it had at the first paint of the button. */
async function lazyBytes(browser, url, root, act) {
  const { context, page } = await newPage(browser)
  await page.addInitScript(injectBenchWallet)
  await page.addInitScript(recordFirstPaintOfButton)
  await page.goto(url)
  const firstPaint = await page.waitForFunction(() => window.__foyerFirstPaint).then((handle) => handle.jsonValue())
  await act(page)
  await page.waitForLoadState('networkidle')
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
  const beyond = [...new Set(loaded)].filter((resource) => resource.endsWith('.js') && !firstPaint.resources.includes(resource))
  await context.close()
  return { files: beyond.length, gzip: beyond.reduce((sum, file) => sum + gzipOf(root, file), 0) }
}

/** The page's JS heap in use after a garbage collection, in bytes. */
async function usedHeap(page) {
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.collectGarbage')
  const { usedSize } = await session.send('Runtime.getHeapUsage')
  await session.detach()
  return usedSize
}

function recordFirstPaintOfButton() {
  const check = () => {
    const button = document.querySelector('[data-foyer-connect-button]')
    if (button && button.getBoundingClientRect().width > 0) {
      const time = performance.now()
      const resources = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.responseEnd <= time)
        .map((entry) => entry.name)
      window.__foyerFirstPaint = { time, resources }
    } else requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

/**
 * One load's navigation → button in three parts, from the app's marks (scripts/benchPackage.mjs): its code fetched and
 * evaluated (navigation → the app's first line), its start (Foyer: createKernel with the plugins and the options'
 * checks), and React's render to the paint.
 */
function phasesOfLoad(paint) {
  const { started, rendering } = window.__benchMarks
  return { code: started, start: rendering - started, render: paint - rendering }
}

function clickToFirstView() {
  return new Promise((resolve) => {
    const start = performance.now()
    document.querySelector('[data-foyer-connect-button]').click()
    const check = () => {
      const body = document.querySelector('[data-foyer]')?.shadowRoot?.querySelector('[role="dialog"] .f-body')
      // The view's own content is on screen once its code has replaced the placeholder and the dialog is no longer
      // hidden (it is rendered, hidden, before the click); parts it loads afterwards (directory suggestions) arrive
      // progressively and are not waited for.
      const shown = body?.checkVisibility({ visibilityProperty: true })
      if (shown && body.children.length > 0 && !body.querySelector('[data-view-skeleton]')) {
        // Visible means painted: wait for the frame that shows it.
        requestAnimationFrame(() => resolve(performance.now() - start))
      } else requestAnimationFrame(check)
    }
    check()
  })
}

/** The figures as rows: what was measured, its gate (and #21's target where the gate is not there yet), pass. */
function report(results) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
  const ms = (value) => `${value.toFixed(0)} ms`
  const row = (label, value, format, limit) => ({
    label,
    value: format(value),
    limit: limit ? `≤ ${format(limit.gate)}${limit.target ? ` (target ${format(limit.target)})` : ''}` : '',
    pass: !limit || value <= limit.gate,
  })
  const count = String
  // The demo's targets are for an unthrottled run: no page may reach outside at any speed.
  const demoTarget = (/** @type {keyof typeof TARGETS} */ name) => (CPU_SLOWDOWN === 1 ? { gate: TARGETS[name] } : undefined)
  const { react, foyer, floor, evmConnection, walletConnectPairing } = results.package
  return [
    row('library JS before the Connect button is visible (gzip, React not counted)', results.libraryGzip, kb, demoTarget('libraryGzip')),
    row('React before the Connect button is visible (gzip, not counted above)', results.reactGzip, kb),
    row(
      `click → first modal view visible (median of ${RUNS}: ${results.openTimes.map((t) => t.toFixed(0)).join(', ')} ms)`,
      results.medianOpenMs,
      ms,
      demoTarget('openMs'),
    ),
    row('requests to hosts other than 127.0.0.1 (load + open)', results.outsideRequests, count, { gate: TARGETS.outsideRequests }),
    row(
      `embedded wallet: Approve click in the frame → signature on the page, p50 of ${APPROVAL_RUNS} (p95 ${ms(results.approval.p95)})`,
      results.approval.p50,
      ms,
    ),
    row(
      `packed package, esbuild: navigation → Connect button visible, beyond React alone (median of ${PACKAGE_RUNS} pairs; medians ${ms(foyer.buttonMs)} vs ${ms(react.buttonMs)})`,
      foyer.beyondReactMs,
      ms,
      PACKAGE.buttonBeyondReactMs,
    ),
    row(`… of which the code fetched and evaluated (to the app's first line), beyond React alone`, foyer.phasesBeyondReactMs.code, ms),
    row("… the kernel's start (createKernel with the plugins and the options' checks)", foyer.phasesBeyondReactMs.start, ms),
    row('… the render to the paint, beyond React alone', foyer.phasesBeyondReactMs.render, ms),
    row(
      '… the same host, its page preloading what the app imports (<link rel="modulepreload">, as Vite writes it), beyond React alone',
      foyer.preloadedBeyondReactMs,
      ms,
    ),
    row(
      'packed package, esbuild: JS before the button is visible, beyond React alone (gzip)',
      foyer.before.gzip - react.before.gzip,
      kb,
      PACKAGE.beforeGzip,
    ),
    row(
      `packed package, esbuild: JS files before the button is visible (React alone: ${react.before.files})`,
      foyer.before.files,
      count,
      PACKAGE.beforeFiles,
    ),
    row(
      `packed package, esbuild: depth of their import waterfall, round trips (React alone: ${react.before.depth})`,
      foyer.before.depth,
      count,
      PACKAGE.beforeDepth,
    ),
    row(`packed package, esbuild: click → first modal view visible (median of ${PACKAGE_RUNS})`, foyer.openMs, ms, PACKAGE.openMs),
    row(
      `packed package, esbuild: … a returning visitor already connected: click → Account visible (median of ${CONNECTED_RUNS})`,
      foyer.connectedOpenMs,
      ms,
      PACKAGE.connectedOpenMs,
    ),
    row(
      `packed package, esbuild: main-thread script over the whole load, beyond React alone (median of ${PACKAGE_RUNS} pairs; medians ${ms(foyer.scriptMs)} vs ${ms(react.scriptMs)})`,
      foyer.scriptBeyondReactMs,
      ms,
      PACKAGE.scriptBeyondReactMs,
    ),
    row(
      `the floor, a bare React modal of Foyer's shape: navigation → button visible, beyond React alone (medians ${ms(floor.buttonMs)} vs ${ms(react.buttonMs)})`,
      floor.beyondReactMs,
      ms,
    ),
    row("… the floor's click → its dialog visible", floor.openMs, ms),
    row(
      `… the floor's main-thread script over the whole load, beyond React alone (medians ${ms(floor.scriptMs)} vs ${ms(react.scriptMs)})`,
      floor.scriptBeyondReactMs,
      ms,
    ),
    row(
      'packed package, esbuild: JS heap with the modal open, beyond React alone',
      foyer.heap - react.heap,
      (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`,
    ),
    row(
      `packed package, esbuild: JS for a first EVM connection and its balance, beyond the first paint (${evmConnection.files} files)`,
      evmConnection.gzip,
      kb,
      PACKAGE.evmConnectionGzip,
    ),
    row(
      `packed package, esbuild: JS for a first WalletConnect pairing code, beyond the first paint (${walletConnectPairing.files} files)`,
      walletConnectPairing.gzip,
      kb,
      PACKAGE.walletConnectGzip,
    ),
  ]
}
