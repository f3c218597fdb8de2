// The one list of the package's entries. rollup.config.mjs, scripts/size.mjs and
// kernel/exports.test.ts all read it, and the test checks package.json "exports" against it,
// so adding an export is one line here plus its line in package.json (the test says which).
//
//   export: the subpath in package.json "exports"   input: its source   file: dist/<file>.js
//   budget (optional): { gzip, beyond? } — its own size budget, see `budgets` below.
//   server (optional): true for a Node-only entry, which no page loads (kept out of the first-paint chunk).
//   lazy (optional): true for an entry only lazily loaded code imports (views, services behind import()): kept out
//     of the first-paint chunk too.
//   apart (optional): true for an entry that pages without React's components load up front (the custom elements): its
//     own modules are kept out of the first-paint chunk, so a React host's first paint stays what it was.
//   source (optional): true for an entry published as its source, plain JavaScript with JSDoc types, not built into
//     dist/ (the protocol layer, which the services run on Node as it is; docs/packaging.md). Its types are generated
//     into dist/types; its budget is that of the source bundled and minified on its own.
//   peers (optional): the optional peers beyond React its import graph, static and dynamic, may reach: a host that
//     imports the entry installs them. The build fails when an entry reaches any other (docs/packaging.md).
//
// e.g. { export: './plugins/swaps', input: 'plugins/swaps/index.ts', file: 'plugins/swaps', budget: { gzip: 2 * 1024, beyond: ['.'] } },

/**
 * One package export.
 *
 * @typedef {object} Entry
 * @property {string} export the subpath in package.json "exports": `'.'`, `'./react'`, `'./plugins/swaps'`
 * @property {string} input its source file, relative to the package root
 * @property {string} file output name: the entry is `dist/<file>.js`
 * @property {Omit<Budget, 'name' | 'entries'>} [budget] its own budget, shorthand for a `Budget` named after the export
 * @property {string[]} [peers] the optional peers beyond React its import graph (static and dynamic) may reach
 * @property {true} [server] Node only (a host's backend): no page loads it, so none of it belongs in a page's first paint
 * @property {true} [lazy] imported by lazily loaded code only (views, services behind import()): kept out of the
 *   first-paint chunk
 * @property {true} [apart] loaded up front by hosts of another kind than React's (the custom elements): its own modules
 *   stay out of the first-paint chunk, so a React host's first paint is what it was without it
 * @property {true} [source] published as its source (plain JavaScript), not built: the services import it by name and
 *   run it on Node as it is
 */

/**
 * A size budget over the static-import closure of some entries.
 *
 * @typedef {object} Budget
 * @property {string} name
 * @property {string[]} entries exports whose first load is counted together
 * @property {number} gzip gzip bytes allowed (each distinct file gzipped on its own, then summed)
 * @property {string[]} [beyond] exports whose closure is assumed loaded already, so not counted (a plugin on top of
 *   the kernel)
 */

/** @type {Entry[]} */
export const entries = [
  // The protocol layer: what the client and the services share (docs/concepts/architecture.md). A host's backend or
  // page that imports it alone pays these (4.6 and 6.3 KB, each bundled on its own); in the package's own chunks it is
  // bundled where it is used, so the kernel's first paint carries only the CAIP parser and BaseError it always had.
  { export: './protocol', input: 'protocol/index.mjs', file: 'protocol', source: true, budget: { gzip: 5 * 1024 } },
  {
    export: './protocol/evm',
    input: 'protocol/evm/index.mjs',
    file: 'protocol/evm',
    source: true,
    peers: ['viem'],
    budget: { gzip: 6.5 * 1024 },
  },
  { export: '.', input: 'kernel/index.ts', file: 'index' },
  { export: './react', input: 'kernel/react/index.ts', file: 'react' },
  // The custom elements for pages without React (docs/elements.md): the account button drawn with the DOM, the
  // modal's code (React with it) loaded on the first hover, focus or open.
  { export: './elements', input: 'kernel/elements/index.ts', file: 'elements', apart: true, budget: { gzip: 3 * 1024, beyond: ['.'] } },
  // Lazy code only (views, services behind import()): @tanstack/query-core (about 10 KB of the 13) and the
  // blockchain data client, loaded with the first remote read, never before the first paint.
  // 16 KB, not 13, for two more things only lazy code uses: the helpers plugins' and chains' lazy code reaches the
  // kernel's services with, since they import the kernel through public entries only (the directory's images and
  // wallets, the public RPC, the explorer link), and the HTTP client, 1.15 KB gzip as a chunk of its own, which as an
  // export of '.' every host fetched before its button (0.7 KB of its first paint, #49).
  { export: './query', input: 'kernel/query.ts', file: 'query', lazy: true, budget: { gzip: 16 * 1024, beyond: ['.', './react'] } },
  // The React primitives of views (Button, ListItem, Tabs, Skeleton, QrCode …), for plugins' and chains' views.
  { export: './ui', input: 'kernel/ui/index.ts', file: 'ui', lazy: true },
  // evm: 4 KB, not 3, since WalletConnect: its options are checked at createKernel (style 4) and its
  // English texts ship in the manifest (style 12), with its views, connector and restore trigger;
  // the SDK, the QR encoder, the views and the pairing logic themselves all stay lazy.
  {
    export: './chains/evm',
    input: 'chains/evm/index.ts',
    file: 'chains/evm',
    peers: ['viem'],
    budget: { gzip: 4 * 1024, beyond: ['.', './react'] },
  },
  {
    export: './chains/solana',
    input: 'chains/solana/index.ts',
    file: 'chains/solana',
    peers: ['@solana/kit'],
    budget: { gzip: 3 * 1024, beyond: ['.', './react'] },
  },
  {
    export: './plugins/receive',
    input: 'plugins/receive/index.ts',
    file: 'plugins/receive',
    budget: { gzip: 1024, beyond: ['.', './react'] },
  },
  {
    export: './plugins/portfolio',
    input: 'plugins/portfolio/index.ts',
    file: 'plugins/portfolio',
    budget: { gzip: 1024, beyond: ['.', './react'] },
  },
  {
    export: './plugins/activity',
    input: 'plugins/activity/index.ts',
    file: 'plugins/activity',
    budget: { gzip: 1024, beyond: ['.', './react'] },
  },
  {
    export: './plugins/send',
    input: 'plugins/send/index.ts',
    file: 'plugins/send',
    budget: { gzip: 1.5 * 1024, beyond: ['.', './react'] },
  },
  {
    export: './plugins/email',
    input: 'plugins/email/index.ts',
    file: 'plugins/email',
    budget: { gzip: 1.5 * 1024, beyond: ['.', './react'] },
  },
  // swaps: the manifest carries its English texts and the swap networks (foyer/protocol's SWAP_NETWORKS, shared with
  // the API service); the view, the convert client and the actions stay lazy.
  {
    export: './plugins/swaps',
    input: 'plugins/swaps/index.ts',
    file: 'plugins/swaps',
    budget: { gzip: 1.5 * 1024, beyond: ['.', './react'] },
  },
  // Adapters for the hooks a host already has (wagmi; @solana/wallet-adapter-react). Nothing in the kernel
  // imports them, and they import the kernel by name ('foyer', kept an import: isExternal below), so a
  // host that does not import them pays nothing and its kernel chunks are the same. Not plugins: the whole
  // adapter loads with the host's wagmi or wallet adapter, which are the host's (peers), as is viem.
  {
    export: './wagmi',
    input: 'adapters/wagmi/index.ts',
    file: 'wagmi',
    peers: ['viem'],
    budget: { gzip: 1.75 * 1024, beyond: ['.', './react'] },
  },
  {
    export: './solana-wallet-adapter',
    input: 'adapters/solana-wallet-adapter/index.ts',
    file: 'solana-wallet-adapter',
    peers: ['@solana/wallet-adapter-react'],
    budget: { gzip: 2.25 * 1024, beyond: ['.', './react'] },
  },
  // AppKit's API over Foyer, for an AppKit app that moves by changing its import paths (docs/migrating/appkit.md): like
  // the other adapters, it imports the kernel, the elements, the chains and the plugins by name, so a host's bundle
  // shares them. createAppKit names every plugin its features may ask for; the chains come with the adapters' entries.
  {
    export: './appkit',
    input: 'adapters/appkit/index.ts',
    file: 'appkit',
    budget: { gzip: 4 * 1024, beyond: ['.', './elements'] },
  },
  {
    export: './appkit/react',
    input: 'adapters/appkit/react.ts',
    file: 'appkit/react',
    budget: { gzip: 1.5 * 1024, beyond: ['.', './elements', './appkit'] },
  },
  {
    export: './appkit/vue',
    input: 'adapters/appkit/vue.ts',
    file: 'appkit/vue',
    peers: ['vue'],
    budget: { gzip: 1024, beyond: ['.', './elements', './appkit'] },
  },
  {
    export: './appkit/networks',
    input: 'adapters/appkit/networks.ts',
    file: 'appkit/networks',
    peers: ['viem'],
    budget: { gzip: 1.5 * 1024 },
  },
  {
    export: './appkit/adapter-ethers',
    input: 'adapters/appkit/ethers.ts',
    file: 'appkit/adapter-ethers',
    peers: ['viem'],
    budget: { gzip: 512, beyond: ['.', './chains/evm'] },
  },
  {
    export: './appkit/adapter-wagmi',
    input: 'adapters/appkit/wagmi.ts',
    file: 'appkit/adapter-wagmi',
    peers: ['viem', 'wagmi'],
    budget: { gzip: 1024, beyond: ['.', './chains/evm', './wagmi'] },
  },
  {
    export: './appkit/adapter-solana',
    input: 'adapters/appkit/solana.ts',
    file: 'appkit/adapter-solana',
    peers: ['@solana/kit'],
    budget: { gzip: 512, beyond: ['.', './chains/solana'] },
  },
  { export: './plugins/names', input: 'plugins/names/index.ts', file: 'plugins/names', budget: { gzip: 1024, beyond: ['.', './react'] } },
  { export: './plugins/siwx', input: 'plugins/siwx/index.ts', file: 'plugins/siwx', budget: { gzip: 1024, beyond: ['.', './react'] } },
  // Node only (a host's backend checking sign-in messages): no budget, no page ever loads it.
  { export: './siwx/server', input: 'plugins/siwx/server.ts', file: 'siwx/server', server: true, peers: ['viem'] },
  // onramp: the manifest carries its action's texts and the restricted time zones; the views, the client and the
  // actions stay lazy.
  // pay: the manifest carries the `pay` action the host calls and its parameter checks with their messages (so a bad
  // call fails before anything loads), like send's api; the view pays through Send's api on demand. Its React hook
  // is an entry of its own, so the manifest imports no React.
  { export: './plugins/pay', input: 'plugins/pay/index.ts', file: 'plugins/pay', budget: { gzip: 1.5 * 1024, beyond: ['.', './react'] } },
  {
    export: './plugins/pay/react',
    input: 'plugins/pay/react.ts',
    file: 'plugins/pay-react',
    budget: { gzip: 512, beyond: ['.', './react', './plugins/pay'] },
  },
  {
    export: './plugins/onramp',
    input: 'plugins/onramp/index.ts',
    file: 'plugins/onramp',
    budget: { gzip: 1024, beyond: ['.', './react'] },
  },
  {
    export: './plugins/socials',
    input: 'plugins/socials/index.ts',
    file: 'plugins/socials',
    budget: { gzip: 1.5 * 1024, beyond: ['.', './react'] },
  },
  {
    export: './plugins/wallets',
    input: 'plugins/wallets/index.ts',
    file: 'plugins/wallets',
    budget: { gzip: 1.5 * 1024, beyond: ['.', './react'] },
  },
]

/**
 * Budget groups, gzip bytes. A group counts every distinct file in the static-import closure of
 * its entries (what a page that imports them downloads before any lazy chunk), minus the files
 * already counted by the closure of `beyond` (e.g. a plugin's cost on top of the kernel).
 * Peer dependencies are external, so React never counts.
 *
 * @type {Budget[]}
 */
export const budgets = [
  { name: 'kernel + react', entries: ['.', './react'], gzip: 30 * 1024 },
  ...entries.flatMap((e) => (e.budget ? [{ name: e.export, entries: [e.export], ...e.budget }] : [])),
]

/**
 * What a page without a bundler loads before its first paint from dist/browser/ (build/browserModules.mjs): the
 * kernel, the elements and the EVM chain, each file gzipped on its own and summed; React and viem come later, lazily.
 * Larger than a bundled host's first paint, which keeps only the kernel functions it uses: here every export stays.
 */
export const browserPageBudget = { files: ['index.js', 'elements.js', 'chains/evm.js'], gzip: 34 * 1024 }

/**
 * Peer dependencies: never bundled, with every subpath (`react-dom/client`, `viem/chains` …). React is every
 * page's; each entry's `peers` say which of the others it may reach. `@wagmi/core` is a type import only
 * (`foyer/wagmi`); `wagmi` is imported only by `foyer/appkit/adapter-wagmi`, `vue` only by `foyer/appkit/vue`;
 * `@solana/wallet-adapter-react` is needed only with `foyer/solana-wallet-adapter`.
 */
export const peers = ['react', 'react-dom', 'viem', '@solana/kit', '@wagmi/core', 'wagmi', 'vue', '@solana/wallet-adapter-react']

/** The peers every entry may reach: a page with Foyer's modal has React. */
export const everyEntrysPeers = ['react', 'react-dom']

/**
 * The package a bare import names: `viem/chains` → `viem`, `@solana/kit/x` → `@solana/kit`.
 *
 * @param {string} specifier
 */
export function packageOf(specifier) {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')
}

/** The package name a plugin or chain may import the kernel by (`import { definePlugin } from 'foyer'`). */
export const packageName = 'foyer'

/**
 * True for imports that stay imports in dist/: peers and their subpaths (`react/jsx-runtime` included),
 * and the package's own entries imported by name (`'foyer'`, `'foyer/react'`) from an adapter. Adapters
 * (adapters/) import the kernel that way, so in a host's bundle they share the host's one kernel, and
 * adding them leaves every chunk of the kernel as it was (the first paint of a host without them).
 * Plugins and chains import the kernel by name too (as a third-party plugin does), but ship in the same
 * bundle: there `'foyer'` resolves to the kernel's source, so their chunks are what relative imports made.
 *
 * @param {string} id
 * @param {string} [importer] the importing file's absolute path
 */
export function isExternal(id, importer) {
  if (id in selfImports()) return fromAdapter(importer) || (isSourceEntry(id) && fromServerEntry(importer))
  return peers.some((name) => id === name || id.startsWith(`${name}/`))
}

const adaptersDir = new URL('../adapters/', import.meta.url).pathname
const fromAdapter = (/** @type {string | undefined} */ importer) => importer?.replaceAll('\\', '/').startsWith(adaptersDir) ?? false
// A server entry (foyer/siwx/server) re-exports the protocol by name: the published source, not a bundled copy, so a
// backend that imports both gets the same functions.
const isSourceEntry = (/** @type {string} */ id) => entries.some((e) => e.source && packageName + e.export.slice(1) === id)
const fromServerEntry = (/** @type {string | undefined} */ importer) =>
  entries.some((e) => e.server && importer?.replaceAll('\\', '/') === new URL(`../${e.input}`, import.meta.url).pathname)

/**
 * The package's own specifiers and their sources: `{ foyer: 'kernel/index.ts', 'foyer/react': … }`.
 * A plugin or chain may import the kernel as 'foyer'; tools must map that to source (TypeScript
 * `paths`, Vite `resolve.alias` with exact-match regexps), or self-reference finds dist/ instead.
 */
export function selfImports() {
  return Object.fromEntries(entries.map((e) => [packageName + e.export.slice(1), e.input]))
}

/**
 * The package.json "exports" these entries require (`types` must come first for TypeScript), and
 * `./package.json`, which tools read (bundler plugins, publint).
 */
export function packageExports() {
  const types = (/** @type {Entry} */ e) => `./dist/types/${e.input.replace(/\.tsx?$/, '.d.ts').replace(/\.mjs$/, '.d.mts')}`
  return {
    ...Object.fromEntries(entries.map((e) => [e.export, { types: types(e), default: e.source ? `./${e.input}` : `./dist/${e.file}.js` }])),
    './package.json': './package.json',
  }
}

// Catch a copy-pasted line at once rather than as a confusing build.
for (const key of /** @type {const} */ (['export', 'input', 'file'])) {
  const seen = entries.map((e) => e[key])
  const dupe = seen.find((v, i) => seen.indexOf(v) !== i)
  if (dupe) throw new Error(`build/entries.mjs: two entries have ${key} ${JSON.stringify(dupe)}`)
}
for (const b of budgets) {
  const unknown = [...b.entries, ...(b.beyond ?? [])].filter((x) => !entries.some((e) => e.export === x))
  if (unknown.length) throw new Error(`build/entries.mjs: budget "${b.name}" names unknown entries ${unknown}`)
}
