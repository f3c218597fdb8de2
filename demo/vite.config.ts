import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { selfImports } from '../build/entries.mjs'

const root = path.dirname(fileURLToPath(import.meta.url))
const repo = path.join(root, '..')

// The demo imports 'foyer', 'foyer/react' … exactly as a user would; here they resolve to the
// source. Exact-match patterns, so 'foyer' does not also capture 'foyer/react'.
const alias = Object.entries(selfImports()).map(([specifier, input]) => ({
  find: new RegExp(`^${specifier.replace('/', '\\/')}$`),
  replacement: path.join(repo, input),
}))

// The local stack's addresses: written by `npm start` (or by the end-to-end tests, which point
// FOYER_FIXTURES at their own file).
const fixturesFile = process.env['FOYER_FIXTURES'] ?? path.join(repo, 'services/dev/devchain/.generated/fixtures.json')
if (!existsSync(fixturesFile)) {
  throw new Error(`The demo needs the local stack: ${fixturesFile} is missing. Run \`npm start\`.`)
}

const localStack = JSON.parse(readFileSync(fixturesFile, 'utf8'))

export default defineConfig({
  root,
  define: {
    __FOYER_LOCAL_STACK__: JSON.stringify(localStack),
    // A constant of its own, so that a stack without the embedded wallet builds a demo without the
    // email plugin at all (the bundler drops the branch and the import).
    __FOYER_WALLET_URL__: JSON.stringify(localStack.wallet?.url ?? null),
    // Likewise names: only when the stack's API keeps them (it needs the storage database).
    __FOYER_NAMES__: JSON.stringify(localStack.api?.names === true),
    // And the on-ramp: only when the stack's API runs the providers' stand-ins (their orders need the database).
    __FOYER_ONRAMP__: JSON.stringify(localStack.api?.onramp === true),
  },
  plugins: [react()],
  resolve: { alias },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, fs: { allow: [repo] } },
  preview: { host: '127.0.0.1', strictPort: true },
  build: { outDir: path.join(root, 'dist'), emptyOutDir: true, sourcemap: false },
})
