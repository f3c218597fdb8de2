import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { type Connect, defineConfig, type Plugin } from 'vite'
import { localStackScriptText } from './localStackScript.mjs'
import { selfImports } from '../build/entries.mjs'

const root = path.dirname(fileURLToPath(import.meta.url))
const repo = path.join(root, '..')

// The demo imports 'foyer', 'foyer/react' … exactly as a user would; here they resolve to the
// source. Exact-match patterns, so 'foyer' does not also capture 'foyer/react'.
const alias = Object.entries(selfImports()).map(([specifier, input]) => ({
  find: new RegExp(`^${specifier.replace('/', '\\/')}$`),
  replacement: path.join(repo, input),
}))

/**
 * Serves the local stack's addresses at /local-stack.js, read from its file on each request: written by `npm start`
 * (or by a test, which points FOYER_FIXTURES at its own file). The build holds none of them, so one build of the demo
 * serves any stack (the end-to-end tests build it once for all their stacks).
 */
function localStackScript(): Plugin {
  const serve: Connect.NextHandleFunction = (request, response, next) => {
    if (request.url?.split('?')[0] !== '/local-stack.js') return next()
    const file = process.env['FOYER_FIXTURES'] ?? path.join(repo, 'services/dev/devchain/.generated/fixtures.json')
    if (!existsSync(file)) {
      response.statusCode = 404
      return response.end(`The demo needs the local stack: ${file} is missing. Run \`npm start\`.`)
    }
    response.setHeader('content-type', 'text/javascript')
    response.setHeader('cache-control', 'no-store')
    response.end(localStackScriptText(readFileSync(file, 'utf8')))
  }
  return {
    name: 'foyer-local-stack',
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
  }
}

export default defineConfig({
  root,
  plugins: [react(), localStackScript()],
  resolve: { alias },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, fs: { allow: [repo] } },
  preview: { host: '127.0.0.1', strictPort: true },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { input: [path.join(root, 'index.html'), path.join(root, 'legal.html')] },
  },
})
