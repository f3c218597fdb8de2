import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { entries } from './entries.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))

/**
 * The code before the first paint in one chunk. Every kernel module a package entry imports statically goes
 * into `chunks/kernel.js`, so a host's bundler sees one module where it saw dozens: bundlers split shared
 * modules by which lazy chunks reach them (esbuild, Rollup, Vite alike), and the kernel's small modules,
 * each reached by a different mix of lazy views, became some 20 files the browser had to fetch, in waves,
 * before the Connect button could paint (#21). Lazy-only kernel code keeps its own chunks.
 *
 * A Rollup `manualChunks` function for the package build (rollup.config.mjs). Not for the demo, which Vite
 * builds from source: there the kernel's index re-exports everything, and its closure would pull code only lazy
 * views use into the first paint; Vite's own splitting of the source keeps that code lazy.
 *
 * @returns {import('rollup').GetManualChunk}
 */
export function kernelChunk() {
  /** @type {Set<string> | undefined} */
  let firstPaintChunk
  return (id, { getModuleInfo }) => {
    firstPaintChunk ??= modulesOfKernelChunk(getModuleInfo)
    return firstPaintChunk.has(id) ? 'kernel' : undefined
  }
}

/**
 * What a page may run before its first paint: the static closure of every entry a host imports up front (all but
 * './query' and './ui', which lazy code only imports, and the server entries, which no page loads). Of those, the kernel's modules,
 * and a chain family's modules that its lazy code also imports (its constants and options), with what they import:
 * left with the chain's manifest, they would be a file of their own in the host's build, for the same reason as
 * above. Nearly every host has a chain family; a plugin's shared modules stay with its manifest, so hosts without
 * the plugin pay nothing.
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
  const firstPaint = closure(entries.filter((e) => !e.lazy && !e.server && !e.source).map((e) => path.join(repo, e.input)))
  const inFolder = (/** @type {string} */ folder) => (/** @type {string} */ moduleId) =>
    moduleId.startsWith(path.join(repo, folder) + path.sep)
  const sharedByChains = (/** @type {string} */ moduleId) =>
    inFolder('chains')(moduleId) &&
    /** @type {import('rollup').ModuleInfo} */ (getModuleInfo(moduleId)).importers.some((importer) => !firstPaint.has(importer))
  return closure(
    [...firstPaint].filter((moduleId) => inFolder('kernel')(moduleId) || sharedByChains(moduleId)),
    firstPaint,
  )
}
