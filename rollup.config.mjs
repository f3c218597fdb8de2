import { readFileSync, rmSync } from 'node:fs'
import path, { relative } from 'node:path'
import json from '@rollup/plugin-json'
import nodeResolve from '@rollup/plugin-node-resolve'
import terser from '@rollup/plugin-terser'
import typescript from '@rollup/plugin-typescript'
import { entries, isExternal, selfImports } from './build/entries.mjs'
import { validAnnotationsOnly } from './build/annotations.mjs'
import { browserModules } from './build/browserModules.mjs'
import { kernelChunk, reactHalfWithKernel } from './build/kernelChunk.mjs'
import { onlyTheirPeers } from './build/peers.mjs'

/** Writes dist/manifest.json: the chunk graph that scripts/size.mjs and the benchmark read. */
function manifest() {
  return {
    name: 'foyer-manifest',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry,
          isDynamicEntry: chunk.isDynamicEntry,
          ...(chunk.isEntry && { export: entries.find((e) => e.file === chunk.name)?.export }),
          // Rollup lists peer imports ('react' …) among the chunk files; keep them apart.
          imports: chunk.imports.filter((id) => id in bundle),
          dynamicImports: chunk.dynamicImports.filter((id) => id in bundle),
          externalImports: [...chunk.imports, ...chunk.dynamicImports].filter((id) => !(id in bundle)),
          // Which sources went where, to explain a size change.
          modules: Object.keys(chunk.modules).map((id) => relative(process.cwd(), id).replaceAll('\\', '/')),
        }))
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify({ chunks }, null, 2)}\n` })
    },
  }
}

/** Empties dist/ first, so no stale chunk or .d.ts from an earlier build gets published. */
function clean() {
  return { name: 'foyer-clean', buildStart: () => rmSync('dist', { recursive: true, force: true }) }
}

/**
 * An import from the protocol's barrel ('foyer/protocol', 'foyer/protocol/evm') becomes an import from the modules that
 * export those names. Rollup's manual chunks take in every static dependency of a module they hold, so through the
 * barrel the first-paint chunk (build/kernelChunk.mjs) would gather the whole protocol, the sign-in grammar and the swap
 * networks with the CAIP parser the kernel re-exports; straight from its modules it gathers only what it uses.
 */
function protocolBarrels() {
  /** @type {Map<string, Map<string, string>>} barrel specifier → exported name → the module that exports it */
  const barrels = new Map(
    entries
      .filter((e) => e.source)
      .map((e) => {
        const barrel = path.resolve(e.input)
        const names = new Map()
        for (const [, list, from] of readFileSync(barrel, 'utf8').matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g))
          for (const name of list.split(',').map((part) =>
            part
              .trim()
              .split(/\s+as\s+/)
              .at(-1),
          ))
            if (name) names.set(name, path.resolve(path.dirname(barrel), from))
        return [Object.keys(selfImports()).find((specifier) => selfImports()[specifier] === e.input), names]
      }),
  )
  return {
    name: 'foyer-protocol-barrels',
    transform(code, id) {
      if (!code.includes("'foyer/protocol") || id.startsWith(path.resolve('protocol') + path.sep)) return null
      const edits = []
      for (const node of this.parse(code).body) {
        const names = barrels.get(node.source?.value)
        // An import that stays an import in dist/ (a server entry's, isExternal) keeps the name the host resolves.
        if (
          !names ||
          isExternal(node.source.value, id) ||
          node.type === 'ExportAllDeclaration' ||
          node.specifiers.some((s) => s.type !== 'ImportSpecifier' && s.type !== 'ExportSpecifier')
        )
          continue
        const keyword = node.type === 'ImportDeclaration' ? 'import' : 'export'
        const byModule = new Map()
        for (const s of node.specifiers) {
          const name = (keyword === 'import' ? s.imported : s.local).name
          const module = names.get(name)
          if (!module) this.error(`${node.source.value} exports no ${name}`)
          byModule.set(module, [...(byModule.get(module) ?? []), s])
        }
        const text = [...byModule].map(([module, specifiers]) => {
          const list = specifiers.map((s) => code.slice(s.start, s.end)).join(', ')
          return `${keyword} { ${list} } from ${JSON.stringify(module)};`
        })
        edits.push({ start: node.start, end: node.end, text: text.join('\n') })
      }
      if (edits.length === 0) return null
      let result = code
      for (const { start, end, text } of edits.reverse()) result = result.slice(0, start) + text + result.slice(end)
      return { code: result, map: null }
    },
  }
}

/** 'foyer', 'foyer/ui' … imported by a plugin or chain: the kernel's source, bundled as a relative import was. */
function selfSource() {
  const sources = selfImports()
  return {
    name: 'foyer-self-source',
    resolveId: (id) => (id in sources ? path.resolve(sources[id]) : null),
  }
}

export default {
  // The protocol entries are published as their source (build/entries.mjs `source`): not built here, but bundled
  // into the chunks that import them, and their declarations generated with the rest.
  input: Object.fromEntries(entries.filter((e) => !e.source).map((e) => [e.file, e.input])),
  external: isExternal,
  preserveEntrySignatures: 'strict',
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    manualChunks: kernelChunk(),
  },
  plugins: [
    clean(),
    selfSource(),
    typescript({
      // tsconfig.build.json narrows `include` to kernel/, chains/, plugins/, adapters/ without tests or stories:
      // the plugin's own include/exclude only filter what it transforms, not what it type-checks
      // and emits declarations for.
      tsconfig: './tsconfig.build.json',
      // allowJs (tsconfig.json) puts the package's .mjs in the program, so their declarations are emitted from their
      // JSDoc like the rest; only TypeScript is compiled here, and what TypeScript would emit for JavaScript stays
      // in memory (the plugin needs an outDir inside dist/ for it).
      include: ['{,**/}*.(cts|mts|ts|tsx)'],
      outDir: 'dist/types',
      noEmit: false,
      declaration: true,
      declarationDir: 'dist/types',
      rootDir: '.',
      // Adapters, plugins and chains import the kernel as 'foyer', 'foyer/ui' … Without these, self-reference
      // would find dist/ (a stale build, or nothing) for the types; with them it finds the kernel's source.
      // An adapter's bundle keeps 'foyer' an import (isExternal in build/entries.mjs); selfSource() below
      // bundles it for plugins and chains.
      paths: Object.fromEntries(Object.entries(selfImports()).map(([specifier, input]) => [specifier, [`./${input}`]])),
    }),
    protocolBarrels(),
    nodeResolve({ browser: true }),
    // JSON imports, inlined as a value.
    json({ preferConst: true, compact: true }),
    // The /* @__PURE__ */ marks stay, so a host's bundler can drop what it does not use from the kernel chunk (an
    // EVM-only host, the Solana networks: 0.6 KB of its first paint, #21).
    terser({ format: { preserve_annotations: true } }),
    reactHalfWithKernel(),
    validAnnotationsOnly(),
    onlyTheirPeers(),
    manifest(),
    browserModules(),
  ],
  onwarn(warning, warn) {
    // An import nothing resolves would silently stay an import in dist/ (a dependency left out, a
    // typo). Type errors only warn here: `npm run typecheck` is the gate for them, and one file
    // being edited elsewhere in kernel/ should not stop a size check.
    if (warning.code === 'UNRESOLVED_IMPORT') throw new Error(warning.message)
    warn(warning)
  },
}
