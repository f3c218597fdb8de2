// The e2e project's global setup: the demo built for production once for the whole run, in a temporary folder that
// every stack serves (harness.ts) with its own /local-stack.js. A Vite dev server per stack, as before, transformed
// every module again for each stack, and each fresh page fetched them one by one.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the demo's production build. */
    demoBuild: string
  }
}

export default async function buildDemo(project: TestProject) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'foyer-e2e-demo-'))
  await build({ configFile: fileURLToPath(new URL('../../demo/vite.config.ts', import.meta.url)), build: { outDir }, logLevel: 'warn' })
  project.provide('demoBuild', outDir)
  return () => rmSync(outDir, { recursive: true, force: true })
}
