// The packed package as a host builds it (#21): `npm pack` of this repository installed in a temporary
// directory, and three minimal apps bundled by esbuild (code splitting, minified) — React alone with one
// button, Foyer's Connect button (EVM on the local anvil, WalletConnect through the local relay, and the account's
// usual plugins: portfolio, activity, receive and send, the host #49's phone figures are for), and the floor, a bare
// React modal of Foyer's shape (below). Each is served on loopback and measured in headless Chromium over fresh page
// loads:
//   navigation → button visible, JS files and gzip before that paint, click → first view, JS heap with the
//   modal open (after a GC), and the JS that a first EVM connection with its balance read, and a first
//   WalletConnect pairing code, fetch beyond the first paint.
// Used by scripts/bench.mjs, which reports the figures.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

// Both apps mark two moments for the bench's split of navigation → button (scripts/bench.mjs, phases): their first
// line, once every module they import has been fetched and evaluated, and the moment before they render.
const REACT_APP = `
import { createRoot } from 'react-dom/client'
window.__benchMarks = { started: performance.now() }
window.__benchMarks.rendering = performance.now()
createRoot(document.getElementById('root')).render(<button data-foyer-connect-button="">Connect</button>)
`

const FOYER_APP = `
import { createRoot } from 'react-dom/client'
import { createKernel } from 'foyer'
import { ConnectButton, FoyerProvider } from 'foyer/react'
import { evm, evmNetwork } from 'foyer/chains/evm'
import { activity } from 'foyer/plugins/activity'
import { portfolio } from 'foyer/plugins/portfolio'
import { receive } from 'foyer/plugins/receive'
import { send } from 'foyer/plugins/send'

window.__benchMarks = { started: performance.now() }
const kernel = createKernel({
  projectId: 'foyer-bench',
  metadata: { name: 'Foyer bench', url: location.origin },
  services: { api: __BENCH__.apiUrl, directory: __BENCH__.directoryUrl },
  plugins: [
    evm({
      networks: [evmNetwork({ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [__BENCH__.rpcUrl] } }, testnet: true })],
      walletConnect: { projectId: 'foyer-bench', relayUrl: __BENCH__.relayUrl },
    }),
    portfolio(),
    activity(),
    receive(),
    send(),
  ],
})
window.__benchMarks.rendering = performance.now()
createRoot(document.getElementById('root')).render(<FoyerProvider kernel={kernel}><ConnectButton /></FoyerProvider>)
`

// The floor: the least a React modal of Foyer's shape does, with none of Foyer's own work. A Connect button; on idle,
// the dialog's code loaded lazily (a second chunk, so React sits in a chunk the two share, as with Foyer) and rendered
// hidden into a shadow root with one constructed sheet; the click shows it and moves the focus in. The dialog holds a
// title, a close button, an email field and six wallet rows with their icons, about the Connect view's size. The bench
// measures it like the other two pages, so each run shows how much of Foyer's figures beyond React alone any React
// modal built this way costs on the same machine (docs/budgets.md, The floor).
const FLOOR_APP = `
import { lazy, Suspense, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

const Dialog = lazy(() => import('./floorDialog.jsx'))

function ConnectButton() {
  const [open, setOpen] = useState(false)
  const [prepared, setPrepared] = useState(false)
  useEffect(() => {
    const idle = requestIdleCallback(() => setPrepared(true), { timeout: 1000 })
    return () => cancelIdleCallback(idle)
  }, [])
  const show = () => {
    setPrepared(true)
    setOpen(true)
  }
  return (
    <>
      <button type="button" data-foyer-connect-button="" onClick={show}>Connect</button>
      {prepared && <Suspense fallback={null}><Dialog open={open} onClose={() => setOpen(false)} /></Suspense>}
    </>
  )
}

window.__benchMarks = { started: performance.now() }
window.__benchMarks.rendering = performance.now()
createRoot(document.getElementById('root')).render(<ConnectButton />)
`

const FLOOR_DIALOG = `
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'

const sheet = new CSSStyleSheet()
sheet.replaceSync(\`
.f-dialog { position: fixed; inset: 0; display: grid; place-items: center; background: rgb(0 0 0 / 0.4) }
.f-dialog.closed { visibility: hidden }
.f-card { width: 360px; padding: 16px; border-radius: 20px; background: #fff; font: 15px system-ui }
.f-body { display: flex; flex-direction: column; gap: 8px }
.f-row { display: flex; align-items: center; gap: 12px; padding: 8px 12px; border: 0; border-radius: 12px; background: #f2f2f4 }
.f-row img { width: 32px; height: 32px; border-radius: 8px }
\`)

let shadowRoot
function dialogRoot() {
  if (!shadowRoot) {
    const host = document.createElement('div')
    host.setAttribute('data-foyer', '')
    document.body.append(host)
    shadowRoot = host.attachShadow({ mode: 'open' })
    shadowRoot.adoptedStyleSheets = [sheet]
  }
  return shadowRoot
}

const WALLETS = ['MetaMask', 'Rabby', 'Coinbase Wallet', 'Phantom', 'Trust Wallet', 'WalletConnect']
const icon = (hue) =>
  'data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="hsl(' + hue + ' 60% 50%)"/></svg>')

export default function Dialog({ open, onClose }) {
  const [email, setEmail] = useState('')
  const card = useRef(null)
  useEffect(() => {
    if (open) card.current.querySelector('input').focus()
  }, [open])
  return createPortal(
    <div className={open ? 'f-dialog' : 'f-dialog closed'} role="dialog" aria-modal="true" aria-label="Connect a wallet" aria-hidden={!open} inert={!open}>
      <div className="f-card" ref={card}>
        <header>
          <h2>Connect a wallet</h2>
          <button type="button" aria-label="Close" onClick={onClose}>×</button>
        </header>
        <div className="f-body">
          <input type="email" aria-label="Email address" value={email} onChange={(event) => setEmail(event.target.value)} />
          {WALLETS.map((name, index) => (
            <button type="button" className="f-row" key={name}>
              <img alt="" src={icon(index * 60)} />
              {name}
            </button>
          ))}
        </div>
      </div>
    </div>,
    dialogRoot(),
  )
}
`

const HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body><div id="root"></div><script type="module" src="./app.js"></script></body></html>'

/** The Foyer app's page with its imports preloaded, beside its index.html. */
export const PRELOADED_PAGE = 'preloaded.html'

/**
 * Builds and packs the repository, and bundles both apps.
 *
 * @param {string} repo
 * @param {{ rpcUrl: string, relayUrl: string, apiUrl: string, directoryUrl: string }} urls
 * @returns {{ dir: string, react: string, foyer: string, floor: string, imports: { react: ImportGraph, foyer: ImportGraph, floor: ImportGraph } }}
 *   the temporary directory, each app's output directory, and each app's static imports between its files
 */
export async function buildPackageApps(repo, urls) {
  const dir = mkdtempSync(path.join(tmpdir(), 'foyer-bench-package-'))
  execFileSync(process.execPath, [path.join(repo, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], {
    cwd: repo,
    stdio: 'inherit',
  })
  const tarball = execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trim()
    .split('\n')
    .at(-1)
  execFileSync('tar', ['-xzf', path.join(dir, tarball), '-C', dir])
  mkdirSync(path.join(dir, 'node_modules'))
  renameSync(path.join(dir, 'package'), path.join(dir, 'node_modules/foyer'))
  writeFileSync(path.join(dir, 'floorDialog.jsx'), FLOOR_DIALOG)
  const apps = { react: REACT_APP, foyer: FOYER_APP, floor: FLOOR_APP }
  const imports = {}
  for (const [name, source] of Object.entries(apps)) {
    const outdir = path.join(dir, name)
    mkdirSync(outdir)
    writeFileSync(path.join(dir, `${name}.jsx`), source)
    writeFileSync(path.join(outdir, 'index.html'), HTML)
    const { metafile } = await build({
      entryPoints: { app: path.join(dir, `${name}.jsx`) },
      absWorkingDir: dir,
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      jsx: 'automatic',
      outdir,
      // The packed foyer is in the temporary node_modules; React, viem and the rest are the repository's.
      nodePaths: [path.join(repo, 'node_modules')],
      define: { __BENCH__: JSON.stringify(urls), 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
      metafile: true,
    })
    imports[name] = staticImports(metafile, outdir, dir)
  }
  // The same Foyer app, its page listing what the app imports as <link rel="modulepreload">, as Vite's and Next.js's
  // pages do: the browser fetches the chunk beside the app instead of after it (bench.mjs, the waterfall's cost).
  const preloads = imports.foyer.get('/app.js').map((file) => `<link rel="modulepreload" href=".${file}">`)
  writeFileSync(path.join(dir, 'foyer', PRELOADED_PAGE), HTML.replace('<script', `${preloads.join('')}<script`))
  return { dir, react: path.join(dir, 'react'), foyer: path.join(dir, 'foyer'), floor: path.join(dir, 'floor'), imports }
}

/** @typedef {import('./waterfallDepth.mjs').ImportGraph} ImportGraph */

/** The static imports between an esbuild build's JS files, by URL path under the app's root. */
function staticImports(metafile, outdir, workingDir) {
  const urlPath = (output) => `/${path.relative(outdir, path.join(workingDir, output)).replaceAll(path.sep, '/')}`
  const graph = new Map()
  for (const [output, { imports }] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js')) continue
    graph.set(
      urlPath(output),
      imports.filter((i) => i.kind === 'import-statement').map((i) => urlPath(i.path)),
    )
  }
  return graph
}

/** Removes what buildPackageApps made. */
export function removePackageApps(dir) {
  rmSync(dir, { recursive: true, force: true })
}

/** gzip -9 size of a served JS file. */
export function gzipOf(root, url) {
  return gzipSync(readFileSync(path.join(root, new URL(url).pathname)), { level: 9 }).length
}

/**
 * An EIP-6963 wallet for the connection figure, injected before the page loads: it answers with anvil's
 * first account on chain 31337, as an extension would, and signs nothing.
 */
export function injectBenchWallet() {
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const provider = {
    async request({ method }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address]
      if (method === 'eth_chainId') return '0x7a69'
      throw Object.assign(new Error(`The bench wallet does not do ${method}.`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  }
  const info = {
    uuid: '9b0f3a5e-3c1e-4a8e-9d57-5f3f2f6b0b01',
    name: 'Bench Wallet',
    rdns: 'bench.wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
  }
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}
