import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { entries } from './entries.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))

/**
 * The code before the first paint in two chunks. Every kernel module a package entry imports statically goes
 * into `chunks/kernel.js`, so a host's bundler sees one module where it saw dozens: bundlers split shared
 * modules by which lazy chunks reach them (esbuild, Rollup, Vite alike), and the kernel's small modules,
 * each reached by a different mix of lazy views, became some 20 files the browser had to fetch, in waves,
 * before the Connect button could paint (#21). Lazy-only kernel code keeps its own chunks.
 *
 * Those of them that load React (the provider, the hooks, ConnectButton) go into `chunks/kernel-react.js`, so that a
 * page without React's components (the custom elements, #48; a vanilla page) loads the kernel without React, and
 * React with the modal. {@link reactHalfWithKernel} keeps a React host's bundle as it was with one chunk.
 *
 * A Rollup `manualChunks` function for the package build (rollup.config.mjs). Not for the demo, which Vite
 * builds from source: there the kernel's index re-exports everything, and its closure would pull code only lazy
 * views use into the first paint; Vite's own splitting of the source keeps that code lazy.
 *
 * @returns {import('rollup').GetManualChunk}
 */
export function kernelChunk() {
  /** @type {Map<string, string> | undefined} */
  let chunkOf
  return (id, { getModuleInfo }) => {
    chunkOf ??= splitByReact(modulesOfKernelChunk(getModuleInfo), getModuleInfo)
    return chunkOf.get(id)
  }
}

/** The chunk of each first-paint module: 'kernel-react' for those that load React, 'kernel' for the others. */
function splitByReact(/** @type {Set<string>} */ modules, /** @type {import('rollup').GetModuleInfo} */ getModuleInfo) {
  /** @type {Map<string, boolean>} */
  const loadsReact = new Map()
  const visit = (/** @type {string} */ id) => {
    const known = loadsReact.get(id)
    if (known !== undefined) return known
    loadsReact.set(id, false)
    const info = getModuleInfo(id)
    const result = info?.isExternal ? REACT.test(id) : (info?.importedIds ?? []).some(visit)
    loadsReact.set(id, result)
    return result
  }
  return new Map([...modules].map((id) => [id, visit(id) ? REACT_CHUNK : KERNEL_CHUNK]))
}

const KERNEL_CHUNK = 'kernel'
const REACT_CHUNK = 'kernel-react'
const REACT = /^react(-dom)?(\/|$)/

/**
 * A Rollup plugin: every chunk loaded through import() that reaches the kernel chunk imports the kernel's React half too.
 * Host bundlers split modules by the set of entries and lazy chunks that reach them; were the React half reached by
 * fewer lazy chunks than the kernel, a React host's first paint would come in more files. With this, both halves (and
 * React) are reached by the same chunks and a React host's bundler keeps them in one file, as before the split; a page
 * without React's components loads the kernel alone, and React with the first lazy chunk.
 */
export function reactHalfWithKernel() {
  return {
    name: 'foyer-react-half-with-kernel',
    /** @type {import('rollup').RenderChunkHook} */
    renderChunk(code, chunk, _options, { chunks }) {
      const named = (/** @type {string} */ name) => Object.values(chunks).find((candidate) => candidate.name === name && !candidate.isEntry)
      const kernel = named(KERNEL_CHUNK)
      const react = named(REACT_CHUNK)
      // Only what some chunk loads through import(): a chunk that is only ever imported statically is reached with its
      // importers. And not what a page's entry loads up front: that is the first paint of a page without React.
      const lazy = Object.values(chunks).some((other) => other.dynamicImports.includes(chunk.fileName))
      if (!kernel || !react || !lazy || upFront(chunks).has(chunk.fileName)) return null
      const reached = staticClosure(chunks, chunk.fileName)
      if (!reached.has(kernel.fileName) || reached.has(react.fileName)) return null
      const relative = path.posix.relative(path.posix.dirname(chunk.fileName), react.fileName)
      return { code: `import"${relative.startsWith('.') ? relative : `./${relative}`}";${code}`, map: null }
    },
  }
}

/** The chunks that an entry a page imports up front loads before it runs (not those of './query' or './ui'). */
function upFront(/** @type {Record<string, import('rollup').RenderedChunk>} */ chunks) {
  const pageEntries = new Set(entries.filter((e) => !e.lazy && !e.server).map((e) => e.file))
  /** @type {Set<string>} */
  const seen = new Set()
  for (const chunk of Object.values(chunks)) {
    if (chunk.isEntry && pageEntries.has(chunk.name)) for (const file of staticClosure(chunks, chunk.fileName)) seen.add(file)
  }
  return seen
}

function staticClosure(/** @type {Record<string, import('rollup').RenderedChunk>} */ chunks, /** @type {string} */ fileName) {
  /** @type {Set<string>} */
  const seen = new Set()
  const visit = (/** @type {string} */ file) => {
    if (seen.has(file) || !chunks[file]) return
    seen.add(file)
    for (const imported of chunks[file].imports) visit(imported)
  }
  visit(fileName)
  return seen
}

/**
 * What a page may run before its first paint: the static closure of every entry a host imports up front (all but
 * './query' and './ui', which lazy code only imports, the server entries, which no page loads, and './elements', whose
 * hosts are not React's). Of those, the kernel's modules,
 * and a chain family's modules that its lazy code also imports (its constants and options), with what they import:
 * left with the chain's manifest, they would be a file of their own in the host's build, for the same reason as
 * above. The same for the protocol modules a chain's manifest and its lazy code share (the address checks): left
 * apart, they were a fourth file before an EVM host's button, of 194 bytes. Nearly every host has a chain family;
 * a plugin's shared modules stay with its manifest, so hosts without the plugin pay nothing.
 *
 * @param {import('rollup').GetModuleInfo} getModuleInfo
 * @returns {Set<string>}
 */
function modulesOfKernelChunk(getModuleInfo) {
  /** @param {Iterable<string>} roots @param {Set<string>} [within] */
  const closure = (roots, within) => {
    /** @type {Set<string>} */
    const seen = new Set()
    const visit = (/** @type {string} */ moduleId) => {
      const info = getModuleInfo(moduleId)
      if (!info || info.isExternal || seen.has(moduleId) || (within && !within.has(moduleId))) return
      seen.add(moduleId)
      for (const imported of info.importedIds) visit(imported)
    }
    for (const root of roots) visit(root)
    return seen
  }
  const firstPaint = closure(entries.filter((e) => !e.lazy && !e.server && !e.source && !e.apart).map((e) => path.join(repo, e.input)))
  const inFolder = (/** @type {string} */ folder) => (/** @type {string} */ moduleId) =>
    moduleId.startsWith(path.join(repo, folder) + path.sep)
  const sharedByChains = (/** @type {string} */ moduleId) =>
    (inFolder('chains')(moduleId) || inFolder('protocol')(moduleId)) &&
    /** @type {import('rollup').ModuleInfo} */ (getModuleInfo(moduleId)).importers.some((importer) => !firstPaint.has(importer))
  return closure(
    [...firstPaint].filter((moduleId) => inFolder('kernel')(moduleId) || sharedByChains(moduleId)),
    firstPaint,
  )
}
