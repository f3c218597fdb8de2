import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'
import { selfImports } from '../build/entries.mjs'

/** Source text by path relative to the package root, with `/` separators. */
export type SourceFiles = Record<string, string>

/** The directories whose import boundaries style 20 fixes (docs/concepts/architecture.md: the layers). */
export const sourceRoots = ['protocol', 'kernel', 'chains', 'plugins', 'adapters', 'services']

/** The entries a plugin, chain or adapter imports the kernel by, as a third-party one does (docs/concepts/plugins.md). */
export const publicEntries = ['foyer', 'foyer/react', 'foyer/query', 'foyer/ui']

/**
 * The entries of the protocol layer, what the client and the services share: every layer imports it by these names,
 * and the kernel only the first (what needs viem is a chain's).
 */
export const protocolEntries = ['foyer/protocol', 'foyer/protocol/evm']

/** Sources only, JavaScript (the protocol, the services) and TypeScript: tests, stories and declarations may import what they need. */
export function isSourceFile(path: string): boolean {
  return /\.(m?js|[cm]?tsx?)$/.test(path) && !/\.(test|spec|stories)\.[cm]?[tj]sx?$/.test(path) && !/\.d\.[cm]?ts$/.test(path)
}

/** Reads every source file under `sourceRoots` of the package at `root`. */
export function readSources(root: string): SourceFiles {
  const files: SourceFiles = {}
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`
      if (name === 'node_modules' || name === '__snapshots__') continue
      if (statSync(join(root, path)).isDirectory()) walk(path)
      else if (isSourceFile(path)) files[path] = readFileSync(join(root, path), 'utf8')
    }
  }
  for (const dir of sourceRoots) if (statSync(join(root, dir), { throwIfNoEntry: false })?.isDirectory()) walk(dir)
  return files
}

// Each string becomes a numbered placeholder and comments go, so neither an import shown in a JSDoc
// @example nor one inside a string counts. Not a parser: an apostrophe in JSX text could hide a
// later import, but visible text goes through i18n keys (style 12), so JSX text is rare here.
const stringOrComment = /(['"`])(?:\\[\s\S]|(?!\1)[^\\])*\1|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g
const staticImport = /(?<![\w$.])(?:import|export)\s*(?:type\s+)?(?:[\w$*{},\s]*?\bfrom\s*)?'(\d+)'/g
const dynamicImport = /(?<![\w$.])import\s*\(\s*'(\d+)'\s*\)/g

/** The string literals of `source` (not those in comments), without their quotes. */
export function stringsOf(source: string): string[] {
  const strings: string[] = []
  source.replace(stringOrComment, (match, quote: string | undefined) => (quote ? `${strings.push(match.slice(1, -1))}` : ''))
  return strings
}

// The chain namespaces CAIP knows (CHAIN_NAMESPACES in protocol/caip.mjs, outside the kernel).
const namespaceLiteral = /^(eip155|solana|bip122|polkadot|cosmos)(:.*)?$/
// The table of network marks is keyed by CAIP-2 id: data that no feature branches on, so it may name them.
const networkMarksFile = 'kernel/ui/marks.ts'

/** The specifiers of `import … from`, `import '…'`, `export … from` and `import('…')` in `source`. */
export function importsOf(source: string): string[] {
  const strings: string[] = []
  const code = source.replace(stringOrComment, (match, quote: string | undefined) =>
    quote ? `'${strings.push(match.slice(1, -1)) - 1}'` : '',
  )
  return [...code.matchAll(staticImport), ...code.matchAll(dynamicImport)].map((m) => strings[Number(m[1])]!)
}

/** Where a file sits, or where an import leads. */
type Area =
  | { kind: 'protocol' | 'protocolEvm' | 'core' | 'react' | 'ui' | 'elements' | 'service' | 'devService' | 'other' }
  | { kind: 'plugin' | 'chain' | 'adapter'; name: string }
  | { kind: 'package'; name: string }

function areaOfPath(path: string): Area {
  const [top, second] = path.split('/')
  if (top === 'protocol') return { kind: second === 'evm' ? 'protocolEvm' : 'protocol' }
  if (top === 'kernel') {
    return { kind: second === 'react' ? 'react' : second === 'ui' ? 'ui' : second === 'elements' ? 'elements' : 'core' }
  }
  if ((top === 'plugins' || top === 'chains') && second) return { kind: top === 'plugins' ? 'plugin' : 'chain', name: second }
  if (top === 'adapters' && second) return { kind: 'adapter', name: second }
  if (top === 'services') return { kind: second === 'dev' ? 'devService' : 'service' }
  return { kind: 'other' }
}

/** `'foyer'` is the kernel, `'foyer/react'` its React entry, `'foyer/plugins/x'` the plugin x … */
function areaOfImport(file: string, specifier: string): Area {
  if (specifier.startsWith('.')) return areaOfPath(posix.join(posix.dirname(file), specifier))
  if (specifier === 'foyer' || specifier === 'foyer/query') return { kind: 'core' }
  if (specifier === 'foyer/react') return { kind: 'react' }
  if (specifier === 'foyer/ui') return { kind: 'ui' }
  const entry = (selfImports() as Record<string, string>)[specifier]
  if (entry) return areaOfPath(entry)
  if (specifier.startsWith('foyer/')) return areaOfPath(specifier.slice('foyer/'.length))
  const [scope, name] = specifier.split('/')
  return { kind: 'package', name: scope!.startsWith('@') ? `${scope}/${name}` : scope! }
}

const reactPackages = ['react', 'react-dom']
const serviceAreas = ['service', 'devService']

/**
 * The real backends that may import the local stand-ins of services/dev/: the file that starts the whole local stack,
 * and the command lines whose defaults (no environment set) point at that stack. They name the stand-ins' fixed
 * values (the local Solana network's id, the fixtures file, the dev keys) rather than copy them.
 */
export const devStackImporters = ['services/localStack.mjs', 'services/api/cli.mjs', 'services/rpc/cli.mjs', 'services/wallet/cli.mjs']
const entryList = publicEntries.map((entry) => `'${entry}'`).join(', ')
const kernelAreas = ['core', 'react', 'ui', 'elements']
const protocolAreas = ['protocol', 'protocolEvm']

/** The layer a file or a relative import's target sits in: protocol, kernel, services, or one plugin, chain or adapter. */
function layerOf(path: string): string {
  const [top = '', second = ''] = path.split('/')
  return ['plugins', 'chains', 'adapters'].includes(top) ? `${top}/${second}` : top
}

/**
 * Checks style 20 over `files` and returns one line per broken rule (empty when all hold):
 * (a) kernel/ imports no plugin, chain or adapter; (b) core kernel files (all of kernel/ but react/ and
 * ui/) are .ts and import no React, neither the packages nor kernel/react; (c) a plugin imports
 * only the kernel and itself, a chain only the kernel and itself; (d) kernel/ui is imported only
 * by kernel/ui, kernel/react, plugins and chains; (e) kernel/ names no chain namespace (CAIP parsing is the protocol's)
 * outside the network marks' table (features ask a chain's capability instead); (f) an adapter imports Foyer by the package's
 * entries only (the kernel's, the elements', a chain's, a plugin's: kept imports in dist/, so it shares the host's kernel
 * and changes none of its chunks), itself and packages; plugins and chains too reach the kernel by its public entries only, never a path into kernel/, so a
 * third-party plugin can do what a first-party one does; (g) a service imports no client code (kernel, plugins, chains,
 * adapters), only the protocol; (h) a real backend (services/ outside services/dev/) imports none of the local
 * stand-ins in services/dev/, but {@link devStackImporters}; (i) a relative import stays inside its own layer: another
 * layer is reached by its name ('foyer/protocol', 'foyer/ui' …), as a third party would; (j) the protocol imports
 * nothing of Foyer, and outside protocol/evm no viem; the kernel imports no 'foyer/protocol/evm' (EVM code is a
 * chain's); (k) kernel/elements loads no React before the modal: it imports React, and any kernel/react or kernel/ui
 * module that imports React, only through import() (type imports load nothing).
 */
export function checkBoundaries(files: SourceFiles): string[] {
  const problems: string[] = []
  for (const [file, source] of Object.entries(files)) {
    const from = areaOfPath(file)
    if (from.kind === 'core' && file.endsWith('.tsx')) problems.push(`(b) ${file}: a core kernel file cannot be .tsx`)
    if (kernelAreas.includes(from.kind) && file !== networkMarksFile) {
      for (const literal of stringsOf(source).filter((text) => namespaceLiteral.test(text))) {
        problems.push(`(e) ${file} names the namespace '${literal}': ask the chain for a capability instead`)
      }
    }
    for (const specifier of importsOf(source)) {
      const to = areaOfImport(file, specifier)
      const report = (rule: string, why: string): void => void problems.push(`(${rule}) ${file} imports '${specifier}': ${why}`)
      const deepKernel = kernelAreas.includes(to.kind) && !publicEntries.includes(specifier)
      const crossesLayers = specifier.startsWith('.') && layerOf(file) !== layerOf(posix.join(posix.dirname(file), specifier))
      if (protocolAreas.includes(from.kind)) {
        if (to.kind === 'package' ? to.name === 'viem' && from.kind === 'protocol' : !protocolAreas.includes(to.kind) || crossesLayers)
          report('j', to.kind === 'package' ? 'only protocol/evm imports viem' : 'the protocol imports nothing of Foyer')
      } else if (kernelAreas.includes(from.kind) && (to.kind === 'plugin' || to.kind === 'chain' || to.kind === 'adapter')) {
        report('a', `kernel/ imports no ${to.kind}`)
      } else if (kernelAreas.includes(from.kind) && to.kind === 'protocolEvm') {
        report('a', "kernel/ imports no chain's protocol ('foyer/protocol/evm')")
      } else if (protocolAreas.includes(to.kind) && crossesLayers) {
        report('i', `reach the protocol by its name, '${to.kind === 'protocol' ? protocolEntries[0] : protocolEntries[1]}'`)
      } else if (serviceAreas.includes(from.kind)) {
        if (!serviceAreas.includes(to.kind) && !protocolAreas.includes(to.kind) && to.kind !== 'package' && to.kind !== 'other')
          report('g', 'a service imports no client code, only the protocol')
        else if (from.kind === 'service' && to.kind === 'devService' && !devStackImporters.includes(file))
          report('h', 'a real backend imports nothing from the local stand-ins in services/dev/')
      } else if (from.kind === 'adapter') {
        const itself = to.kind === 'adapter' && to.name === from.name && specifier.startsWith('.')
        if (!itself && !(specifier in selfImports()) && to.kind !== 'package')
          report(
            'f',
            "an adapter imports Foyer by its package's entries only ('foyer', 'foyer/elements', 'foyer/chains/evm' …), and itself",
          )
      } else if (from.kind === 'elements') {
        if (runtimeImportsOf(source).includes(specifier) && reachesReact(files, file, specifier))
          report('k', 'kernel/elements loads React only with the modal, through import()')
      } else if (from.kind === 'core' && ((to.kind === 'package' && reactPackages.includes(to.name)) || to.kind === 'react')) {
        report('b', 'core kernel files import no React (move it to kernel/react/)')
      } else if ((from.kind === 'plugin' || from.kind === 'chain') && deepKernel) {
        report('c', `a ${from.kind} imports the kernel by ${entryList} only`)
      } else if ((from.kind === 'plugin' || from.kind === 'chain') && to.kind !== 'package' && !kernelAreas.includes(to.kind)) {
        const itself = to.kind === from.kind && 'name' in to && to.name === from.name
        if (!itself && !protocolAreas.includes(to.kind)) report('c', `a ${from.kind} imports only the kernel, the protocol and itself`)
      } else if (to.kind === 'ui' && !['ui', 'react', 'plugin', 'chain', 'elements'].includes(from.kind)) {
        report('d', 'only kernel/react, kernel/elements, plugins and chains import kernel/ui')
      } else if (crossesLayers) {
        report('i', 'a relative import stays inside its layer: reach another by its name')
      }
    }
  }
  return problems
}

/** The specifiers `source` imports for its code to run: static imports, without import() and type-only imports. */
function runtimeImportsOf(source: string): string[] {
  return importsOf(source.replace(/\bimport\s*\(/g, 'lazy(').replace(/\b(?:import|export)\s+type\s[^;'"]*?\bfrom\s*(['"])[^'"]*\1/g, ''))
}

/** Whether what `specifier` leads to from `file` loads React up front: React itself, or a module of `files` that does. */
function reachesReact(files: SourceFiles, file: string, specifier: string, seen = new Set<string>()): boolean {
  if (!specifier.startsWith('.')) return reactPackages.includes(packageName(specifier))
  const base = posix.join(posix.dirname(file), specifier).replace(/\.js$/, '')
  const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => candidate in files)
  if (!target || seen.has(target)) return false
  seen.add(target)
  return runtimeImportsOf(files[target]!).some((next) => reachesReact(files, target, next, seen))
}

function packageName(specifier: string): string {
  const [scope, name] = specifier.split('/')
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!
}

/**
 * Every file and package `entry` (a path relative to `root`) loads before any import(), following
 * relative imports: what a chain manifest costs the first paint. With `throughEntries`, it follows the package's own
 * entries too ('foyer', 'foyer/ui' … into their source), as a bundler does for a plugin or chain; without, they are
 * packages, as they stay for an adapter.
 */
export function staticGraph(root: string, entry: string, { throughEntries = false } = {}): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const ownEntries = selfImports() as Record<string, string>
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    // import() is the lazy boundary: hide it (also `typeof import('…')` types) so only static imports are
    // followed; `import type` and `export type` are erased from the JavaScript, so they load nothing.
    const source = readFileSync(posix.join(root, file), 'utf8')
      .replace(/\bimport\s*\(/g, 'lazy(')
      .replace(/\b(?:import|export)\s+type\s[^;'"]*?\bfrom\s*(['"])[^'"]*\1/g, '')
    for (const specifier of importsOf(source)) {
      if (throughEntries && specifier in ownEntries) visit(ownEntries[specifier]!)
      else if (!specifier.startsWith('.')) packages.add(specifier)
      else {
        // JavaScript (the protocol) is imported by its own name; TypeScript by the .js it compiles to.
        const target = posix.join(posix.dirname(file), specifier)
        const path = target.replace(/\.js$/, '')
        visit(target.endsWith('.mjs') ? target : existsSync(posix.join(root, `${path}.ts`)) ? `${path}.ts` : `${path}.tsx`)
      }
    }
  }
  visit(entry)
  return { files, packages }
}
