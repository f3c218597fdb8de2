// Builds dist/ and reports what each entry and lazy chunk weighs, then checks the budgets of
// build/entries.mjs. Exit 1 when a budget fails.
//
//   npm run size                  table
//   npm run size -- --json        machine-readable summary on stdout (the build log goes to stderr)
//   npm run size -- --no-build    measure the dist/ that is there
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import nodeResolve from '@rollup/plugin-node-resolve'
import terser from '@rollup/plugin-terser'
import { rollup } from 'rollup'
import { browserPageBudget, budgets, entries as packageEntries, everyEntrysPeers, isExternal, packageOf } from '../build/entries.mjs'
import { measureFrame } from './frameSize.mjs'

const json = process.argv.includes('--json')

if (!process.argv.includes('--no-build')) {
  const rollup = createRequire(import.meta.url).resolve('rollup/dist/bin/rollup')
  // stdout → stderr: with --json, stdout carries only the summary.
  const build = spawnSync(process.execPath, [rollup, '-c'], { stdio: ['ignore', 2, 2] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/**
 * A chunk of dist/manifest.json (rollup.config.mjs writes it), with the sizes measured here.
 *
 * @typedef {object} Chunk
 * @property {string} fileName
 * @property {boolean} isEntry
 * @property {boolean} isDynamicEntry
 * @property {string} [export] an entry's subpath in package.json "exports"
 * @property {string[]} imports the chunks it imports statically
 * @property {number} min bytes
 * @property {number} gzip bytes, gzipped on its own
 */

/** @type {{ chunks: Chunk[] }} */
const { chunks } = JSON.parse(readFileSync('dist/manifest.json', 'utf8'))
const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
/** A chunk by file name; every name in the manifest is one of its chunks. */
const chunkOf = (/** @type {string} */ fileName) => /** @type {Chunk} */ (byFile.get(fileName))

for (const chunk of chunks) {
  const code = readFileSync(`dist/${chunk.fileName}`)
  chunk.min = code.length
  chunk.gzip = gzipSync(code, { level: 9 }).length
}

/**
 * The files a page downloads before running `fileName`: itself and its static imports, transitively.
 *
 * @param {string} fileName
 * @param {Set<string>} [seen]
 * @returns {Set<string>}
 */
function closure(fileName, seen = new Set()) {
  if (!seen.has(fileName)) {
    seen.add(fileName)
    for (const imported of chunkOf(fileName).imports) closure(imported, seen)
  }
  return seen
}

/** @param {string} exportName */
const entryFile = (exportName) => /** @type {Chunk} */ (chunks.find((chunk) => chunk.export === exportName)).fileName
/** @param {Iterable<string>} files @param {'min' | 'gzip'} key */
const sum = (files, key) => [...files].reduce((total, file) => total + chunkOf(file)[key], 0)

const kinds = ['entry', 'lazy', 'shared']
const rows = chunks
  .map((chunk) => {
    const kind = chunk.isEntry ? 'entry' : chunk.isDynamicEntry ? 'lazy' : 'shared'
    /** @type {{ file: string, kind: string, export?: string, min: number, gzip: number, firstLoad?: { files: string[], min: number, gzip: number } }} */
    const row = { file: chunk.fileName, kind, export: chunk.export, min: chunk.min, gzip: chunk.gzip }
    if (chunk.isEntry) {
      const first = closure(chunk.fileName)
      row.firstLoad = { files: [...first], min: sum(first, 'min'), gzip: sum(first, 'gzip') }
    }
    return row
  })
  .sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.file.localeCompare(b.file))

/**
 * An entry published as its source (build/entries.mjs `source`) as a host's bundler would ship it alone: bundled,
 * minified, gzipped. Fails when it imports a peer its entry does not name, as the package build does for the others.
 *
 * @param {import('../build/entries.mjs').Entry} entry
 */
async function measureSource(entry) {
  const bundle = await rollup({ input: entry.input, external: (id) => isExternal(id), plugins: [nodeResolve()] })
  const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true, plugins: [terser()] })
  await bundle.close()
  const [chunk] = output
  const allowed = new Set([...everyEntrysPeers, ...(entry.peers ?? [])])
  const stray = chunk.imports.filter((id) => !allowed.has(packageOf(id)))
  if (stray.length) throw new Error(`${entry.export} reaches ${stray.join(', ')}, which its peers do not name (build/entries.mjs)`)
  return { min: chunk.code.length, gzip: gzipSync(chunk.code, { level: 9 }).length }
}

const sourceEntries = packageEntries.filter((entry) => entry.source)
const sourceSizes = new Map(
  await Promise.all(sourceEntries.map(async (entry) => /** @type {const} */ ([entry.export, await measureSource(entry)]))),
)

const results = budgets.map(({ name, entries, beyond = [], gzip: limit }) => {
  const source = entries.length === 1 ? sourceSizes.get(/** @type {string} */ (entries[0])) : undefined
  if (source)
    return {
      name,
      entries,
      beyond,
      files: [`${entries[0]}, its source bundled alone`],
      gzip: source.gzip,
      limit,
      pass: source.gzip <= limit,
    }
  const union = (/** @type {string[]} */ exports) => new Set(exports.flatMap((e) => [...closure(entryFile(e))]))
  const already = union(beyond)
  const files = [...union(entries)].filter((file) => !already.has(file))
  const gzip = sum(files, 'gzip')
  return { name, entries, beyond, files, gzip, limit, pass: gzip <= limit }
})

// The embedded wallet's frame is served by the wallet service, not shipped in dist/; its budget is checked here too.
const { frame } = await measureFrame()
results.push({
  name: 'wallet frame (/frame.js)',
  entries: [],
  beyond: [],
  files: ['services/wallet/frame/frame.js, bundled'],
  gzip: frame.gzip,
  limit: frame.budget,
  pass: frame.gzip <= frame.budget,
})

// A page without a bundler loads dist/browser/ (its own chunk graph, build/browserModules.mjs) from its own origin.
const browser = JSON.parse(readFileSync('dist/browser/manifest.json', 'utf8'))
const browserImports = new Map(browser.chunks.map((/** @type {Chunk} */ chunk) => [chunk.fileName, chunk.imports]))
/** @type {Set<string>} */
const pageFiles = new Set()
const visitPage = (/** @type {string} */ file) => {
  if (pageFiles.has(file)) return
  pageFiles.add(file)
  for (const imported of browserImports.get(file) ?? []) visitPage(imported)
}
for (const file of browserPageBudget.files) visitPage(file)
const pageGzip = [...pageFiles].reduce((total, file) => total + gzipSync(readFileSync(`dist/browser/${file}`), { level: 9 }).length, 0)
results.push({
  name: `page without a bundler (browser/${browserPageBudget.files.join(' + ')})`,
  entries: [],
  beyond: [],
  files: [...pageFiles].map((file) => `browser/${file}`),
  gzip: pageGzip,
  limit: browserPageBudget.gzip,
  pass: pageGzip <= browserPageBudget.gzip,
})

if (json) {
  console.log(JSON.stringify({ chunks: rows, budgets: results }, null, 2))
} else {
  const size = (/** @type {number | undefined} */ bytes) =>
    bytes === undefined ? '' : bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(2)} KB`
  const header = ['chunk', 'kind', 'min', 'gzip', 'first load min', 'first load gzip']
  const table = [
    header,
    ...rows.map((row) => [
      row.export ? `${row.file} (${row.export})` : row.file,
      row.kind,
      size(row.min),
      size(row.gzip),
      size(row.firstLoad?.min),
      size(row.firstLoad?.gzip),
    ]),
  ]
  const widths = header.map((_, i) => Math.max(...table.map((cells) => cells[i]?.length ?? 0)))
  for (const cells of table)
    console.log(cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
  console.log('\nfirst load = the entry and every chunk it imports statically, transitively. Peer deps (React …) are not counted.')
  console.log('Budgets count each distinct file of the group once, gzipped on its own (level 9), and sum them.\n')
  for (const r of results) {
    const beyond = r.beyond.length ? ` beyond ${r.beyond.join(' + ')}` : ''
    console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}${beyond}: ${size(r.gzip)} of ${size(r.limit)}  [${r.files.join(', ')}]`)
  }
}

if (results.some((r) => !r.pass)) process.exit(1)
