// The package's entries as ES modules a page loads without a bundler (docs/elements.md#a-page-without-a-bundler):
// dist/browser/, the same entries (index.js, elements.js, chains/evm.js, plugins/…) with the peers bundled in (React,
// viem, @solana/kit), each in the lazy chunks that need it. Bundled from dist/ by esbuild, as a host's bundler would:
// the first-paint chunk stays one module, and its React half loads with the modal only (build/kernelChunk.mjs). A host
// copies the folder to its own origin.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { entries } from './entries.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))

/**
 * The entries a page without a bundler may load: the kernel, the elements, the chains and the plugins. Not React's own
 * entries (such a page renders no React itself), not the adapters (they serve a host's wagmi or wallet-adapter), not
 * the lazy or server ones (lazy code imports the first inside the bundle; no page loads the others), not the protocol
 * (published as its source, plain ES modules a page can serve as they are; the entries here bundle what they use).
 */
export const browserEntries = entries.filter(
  (entry) =>
    !entry.server &&
    !entry.lazy &&
    !entry.source &&
    !entry.input.startsWith('adapters/') &&
    !['./react', './plugins/pay/react'].includes(entry.export),
)

/**
 * Builds `outdir` from the package's dist/ and writes its chunk graph to `outdir`/manifest.json, in the shape of
 * dist/manifest.json (`{ chunks: [{ fileName, isEntry, export?, imports, dynamicImports }] }`): scripts/size.mjs
 * weighs it.
 *
 * @param {string} [dist] the package's build
 * @param {string} [outdir]
 */
export async function buildBrowserModules(dist = path.join(repo, 'dist'), outdir = path.join(dist, 'browser')) {
  const { metafile } = await build({
    absWorkingDir: repo,
    entryPoints: Object.fromEntries(browserEntries.map((entry) => [entry.file, path.join(dist, `${entry.file}.js`)])),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    chunkNames: 'chunks/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
    // dist/ keeps Rollup's bare imports that order chunks; with "sideEffects": false a bundler may skip them, as any
    // host's bundler does.
    logOverride: { 'ignored-bare-import': 'silent' },
  })
  const relative = (/** @type {string} */ file) => path.relative(outdir, path.join(repo, file)).replaceAll('\\', '/')
  const chunks = Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, output]) => {
      const entry =
        output.entryPoint &&
        browserEntries.find((candidate) => path.join(repo, output.entryPoint ?? '') === path.join(dist, `${candidate.file}.js`))
      return {
        fileName: relative(file),
        isEntry: Boolean(entry),
        ...(entry && { export: entry.export }),
        imports: output.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => relative(i.path)),
        dynamicImports: output.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => relative(i.path)),
      }
    })
  writeFileSync(path.join(outdir, 'manifest.json'), `${JSON.stringify({ chunks }, null, 2)}\n`)
  return chunks
}

/** A Rollup plugin: once dist/ is written, dist/browser/ is built from it. */
export function browserModules() {
  return {
    name: 'foyer-browser-modules',
    /** @param {import('rollup').NormalizedOutputOptions} options */
    async writeBundle(options) {
      await buildBrowserModules(path.resolve(options.dir ?? 'dist'))
    },
  }
}
