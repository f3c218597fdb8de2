// One host app built the way each bundler's users build it: Vite (production), esbuild (--bundle --splitting
// --format=esm) and Next.js (App Router, `next build`, which prerenders the page). Each returns what the build
// printed besides its file list, so the test can find anything that names the packed package's files.
import { execFile } from 'node:child_process'
import { tmpdir } from 'node:os'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import vue from '@vitejs/plugin-vue'
import { build as esbuild, formatMessagesSync, type Message } from 'esbuild'
import { build as viteBuild, type Logger } from 'vite'
import type { HostApp } from './apps.js'
import { repo } from './layout.js'

/** A host page for Vite and esbuild: the wallet component alone in the page. */
export function pageFiles(app: HostApp): Record<string, string> {
  return {
    'index.html':
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
    'main.jsx': `import { createRoot } from 'react-dom/client'\nimport { Wallet } from './wallet.jsx'\n\ncreateRoot(document.getElementById('root')).render(<Wallet />)\n`,
    'wallet.jsx': app.wallet,
    ...app.modules,
  }
}

/** The page of `app` at `/route` in a Next.js App Router app that has its root layout already. */
export function nextRoute(app: HostApp, route: string): Record<string, string> {
  const folder = route ? `app/${route}` : 'app'
  const modules = Object.fromEntries(Object.entries(app.modules ?? {}).map(([file, text]) => [`${folder}/${file}`, text]))
  return {
    [`${folder}/page.jsx`]: `import { Wallet } from './wallet.jsx'\n\nexport default function Page() {\n  return <main><h1>Host</h1><Wallet /></main>\n}\n`,
    [`${folder}/wallet.jsx`]: `'use client'\n${app.wallet}`,
    ...modules,
  }
}

/**
 * The hosts' node_modules are links into this repository, which Turbopack refuses to follow out of the project's
 * root: the root is the folder both sit in. (An installed app's node_modules are inside it, and need none of this.)
 */
export function nextConfig(): string {
  const root = commonAncestor(repo, tmpdir())
  return `export default { turbopack: { root: ${JSON.stringify(root)} } }\n`
}

function commonAncestor(a: string, b: string): string {
  const [left, right] = [path.resolve(a).split(path.sep), path.resolve(b).split(path.sep)]
  let shared = 0
  while (shared < left.length && left[shared] === right[shared]) shared++
  return left.slice(0, shared).join(path.sep) || path.sep
}

/**
 * `vite build` of the page in `dir` (or of each of `pages`, one build), as a React app on Vite sets it up (with Vue's
 * plugin too when `vue`: an app with React and Vue pages), or with the app's own vite.config.ts (`ownConfig`: a Vue or
 * Svelte example); returns its warnings.
 */
export async function buildWithVite(
  dir: string,
  { ownConfig = false, pages, vue: withVue = false }: { ownConfig?: boolean; pages?: string[]; vue?: boolean } = {},
): Promise<string[]> {
  const printed: string[] = []
  const print = (message: string) => void printed.push(message)
  const logger: Logger = {
    info() {},
    warn: print,
    warnOnce: print,
    error: print,
    clearScreen() {},
    hasErrorLogged: () => false,
    hasWarned: false,
  }
  await viteBuild({
    root: dir,
    configFile: ownConfig ? path.join(dir, 'vite.config.ts') : false,
    mode: 'production',
    logLevel: 'warn',
    customLogger: logger,
    plugins: ownConfig ? [] : [react(), ...(withVue ? [vue()] : [])],
    build: { outDir: 'dist-vite', ...(pages && { rollupOptions: { input: pages.map((page) => path.join(dir, page)) } }) },
  })
  return printed
}

/** `esbuild main.jsx --bundle --splitting --format=esm`; returns its warnings (its errors throw). */
export async function buildWithEsbuild(dir: string): Promise<string[]> {
  const format = (messages: Message[], kind: 'error' | 'warning') => formatMessagesSync(messages, { kind, color: false })
  try {
    const { warnings } = await esbuild({
      entryPoints: [path.join(dir, 'main.jsx')],
      absWorkingDir: dir,
      outdir: path.join(dir, 'dist-esbuild'),
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    })
    return format(warnings, 'warning')
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors
    throw errors ? new Error(format(errors, 'error').join('\n')) : error
  }
}

/**
 * `next build` in `dir`: the whole output, and whether it built. Past `timeoutMs` the build is ended (SIGTERM, on
 * which Next.js ends its workers): a build that outlived its test would take the cores of every test after it.
 */
export function buildWithNext(dir: string, timeoutMs: number): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repo, 'node_modules/next/dist/bin/next'), 'build'],
      {
        cwd: dir,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
        maxBuffer: 64 * 1024 * 1024,
        timeout: timeoutMs,
      },
      (error, stdout, stderr) => {
        const ended = error?.killed ? `\nnext build ended after ${timeoutMs / 1000} s, its budget` : ''
        resolve({ ok: !error, output: `${stdout}\n${stderr}${ended}` })
      },
    )
  })
}
