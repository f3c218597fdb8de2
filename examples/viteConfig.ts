// The Vite configuration the example apps share: 'foyer', 'foyer/react', 'foyer/wagmi' … resolve to
// this repository's source, exactly as a host's bundler resolves the published package; the local
// stack's addresses (chains, Solana node) come from the file `npm start` writes, or the one the
// end-to-end tests point FOYER_FIXTURES at.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { UserConfig } from 'vite'
import { selfImports } from '../build/entries.mjs'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The configuration of the example app in `root` (its index.html and sources). */
export function exampleConfig(root: string): UserConfig {
  const alias = Object.entries(selfImports()).map(([specifier, input]) => ({
    find: new RegExp(`^${specifier.replace('/', '\\/')}$`),
    replacement: path.join(repo, input),
  }))
  const fixturesFile = process.env['FOYER_FIXTURES'] ?? path.join(repo, 'services/dev/devchain/.generated/fixtures.json')
  if (!existsSync(fixturesFile)) throw new Error(`The example needs the local stack: ${fixturesFile} is missing. Run \`npm start\`.`)
  return {
    root,
    define: { __FOYER_LOCAL_STACK__: readFileSync(fixturesFile, 'utf8') },
    plugins: [react()],
    resolve: { alias },
    server: { host: '127.0.0.1', fs: { allow: [repo] } },
    preview: { host: '127.0.0.1' },
    // wagmi, viem and web3.js are large; the examples show Foyer beside them, not their size.
    build: { outDir: path.join(root, 'dist'), emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2048 },
  }
}
