import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { configDefaults, defineConfig } from 'vitest/config'
import { selfImports } from './build/entries.mjs'
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs'
import { StackSequencer } from './test/e2e/stackSequencer.js'

const root = path.dirname(fileURLToPath(import.meta.url))

// 'foyer', 'foyer/react', 'foyer/ui' … as every plugin and chain imports them, resolved to the
// source (without them, self-reference would find dist/). Exact-match patterns, so 'foyer' does not also capture 'foyer/react'.
const selfAliases = Object.entries(selfImports()).map(([specifier, input]) => ({
  find: new RegExp(`^${specifier.replace('/', '\\/')}$`),
  replacement: path.join(root, input),
}))

// The folders that hold tests, each searched for files whose name ends in `ending`.
const testFiles = (ending: string) =>
  ['protocol', 'kernel', 'chains', 'plugins', 'adapters', 'services', 'examples', 'test', 'scripts'].map(
    (folder) => `${folder}/**/${ending}`,
  )

// Bundled up front in the browser projects: a dependency found mid-run makes Vite reload the page under a running test.
const storyDependencies = [
  'mitt',
  'valibot',
  '@tanstack/query-core',
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'jsqr',
  'axe-core',
]

export default defineConfig({
  test: {
    // End-to-end files that share a stack run in a row (test/e2e/stackSequencer.ts).
    sequence: { sequencer: StackSequencer },
    // The test WalletConnect wallet is the unmodified SDK. It hears a session's topic too, and refuses the events that
    // chains/evm/walletConnect/signClient.integration.test.ts forges on purpose (off the approved chains, undeclared)
    // with a rejection of its own that no test can catch. Only that refusal is let through; any other unhandled error
    // still fails the run.
    onUnhandledError: (error) =>
      !(error.message?.startsWith('Missing or invalid. emit()') && error.stack?.includes('@walletconnect/sign-client')),
    projects: [
      {
        resolve: { alias: selfAliases },
        test: {
          // No process started, no port opened (the setup file fails a test that tries): fast, and safe beside anything.
          name: 'unit',
          environment: 'node',
          include: testFiles('*.test.ts'),
          exclude: [...configDefaults.exclude, 'test/e2e/**', '**/*.integration.test.ts'],
          setupFiles: ['test/unitTier.ts'],
          // A unit test only computes (no process, no port, nothing to wait for), so its budget only guards against a
          // hang: 30 s, not vitest's 5 s, which a busy machine exceeds in pure CPU work (a property test's hundred
          // runs; a view's first import: chains/evm/options.test.ts took over 5 s at load 13 with a CPU burner).
          testTimeout: 30_000,
          // One module graph per worker instead of one per file: a third of the CPU time. The files stay
          // independent because every test restores what it changes (fake timers, stubbed globals) in afterEach;
          // `--sequence.shuffle` finds one that does not.
          isolate: false,
        },
      },
      {
        resolve: { alias: selfAliases },
        test: {
          // Real parts: anvil, the services on loopback ports, PGlite, the relay, bundlers, builds.
          name: 'integration',
          environment: 'node',
          include: testFiles('*.integration.test.ts'),
          exclude: [...configDefaults.exclude, 'test/e2e/**'],
          // One empty database that files copy (openEmptyDatabase) rather than each creating its own.
          globalSetup: ['test/databaseTemplate.ts'],
          // Two files at a time (vitest's default on two cores is one), beside the stories: together they keep both
          // cores busy. Every file starts its own servers on free ports and its own temporary directories, so two never
          // meet.
          maxWorkers: 2,
          // One module graph per worker, as in the unit tier: importing viem, the services and their dependencies
          // afresh for each of fifty files took a quarter of the tier's CPU (124 s → 93 s alone on a quiet machine).
          // Every file stops what it started in afterAll; the Solana files share one `window` (test/chainSetup.ts).
          isolate: false,
        },
      },
      {
        // Every story in .storybook/main.ts `stories` is a test (render + play) in headless Chromium.
        // The plugin sets `include` itself from the Storybook config; do not set it here.
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        resolve: { alias: selfAliases },
        optimizeDeps: { include: storyDependencies },
        test: {
          name: 'stories',
          // One page per worker for all its files, as the unit tier has one module graph per worker: React, Storybook's
          // runtime and the views are loaded once, not again for each of 35 files (the tier: 368 s → 163 s at load 15).
          // The files stay independent: each story renders its own kernel, and what a story patches it restores.
          isolate: false,
          // The same count as the integration files beside them (vitest runs the projects of one group at one width).
          maxWorkers: 2,
          // Before a file's stories, the views' code is loaded in a hook of its own (test/storyPreload.ts); after each
          // story, the modal it left passes the UI quality check at 1280 and 360 px (test/uiQuality.ts).
          setupFiles: ['test/storyPreload.ts', 'test/storyQuality.ts'],
          browser: {
            enabled: true,
            headless: true,
            // A desktop's width, as test/storyQuality.ts's WIDE: the quality check runs here, then at 360 px.
            viewport: { width: 1280, height: 800 },
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
              // Stories assert visibility; with reduced motion (which the modal honours) nothing fades in.
              contextOptions: { reducedMotion: 'reduce' },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        // Visual regression (test/screenshots): the main state of every view, compared with committed baselines.
        resolve: { alias: selfAliases },
        optimizeDeps: { include: storyDependencies },
        test: {
          name: 'screenshots',
          // Beside the end-to-end files rather than the integration ones: those wait on their stacks a fifth of the
          // time, while the integration files and the stories keep both cores busy. (The projects of one group run
          // at one width.)
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          include: ['test/screenshots/**/*.screenshot.test.tsx'],
          // The views' code loaded before the pictures are taken, in a hook of its own (test/storyPreload.ts).
          setupFiles: ['test/storyPreload.ts'],
          browser: {
            enabled: true,
            headless: true,
            // A mismatch attaches the reference, the actual picture and their diff (in .vitest-attachments/); a
            // screenshot of the whole page beside the baselines would only add noise.
            screenshotFailures: false,
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                // Anti-aliasing of the same fonts may move a few pixels between runs; a changed colour or spacing
                // moves far more than 0.2 % of the dialog.
                comparatorOptions: { threshold: 0.02, allowedMismatchedPixelRatio: 0.002 },
              },
            },
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
              contextOptions: { reducedMotion: 'reduce' },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        // End-to-end: the demo in Chromium (driven by playwright-core from the test itself) against anvil, the local
        // relay, etc. Three files at a time, on two cores: a file spends a fifth of its time waiting (an arming delay, a
        // poll, a block), which the third fills; the files of one worker share one module graph (isolate: false), so those
        // that ask for the same stack share it (test/e2e/harness.ts, useStack), and the environment stops the
        // shared stack when the worker ends.
        test: {
          name: 'e2e',
          environment: './test/e2e/environment.ts',
          // The demo built once for every stack of the run, and one empty database that each stack copies.
          globalSetup: ['test/e2e/demoBuild.ts', 'test/databaseTemplate.ts'],
          isolate: false,
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          // A whole stack (wallet service, bundlers, PGlite) starts in a hook; at load 20 that took over 3 minutes.
          hookTimeout: 300_000,
          // A page restoring a session or reading a chain may take seconds on a loaded 2-core machine (in the full
          // suite a first connection once took over 10); a poll that needs longer says so itself.
          expect: { poll: { timeout: 20_000 } },
          maxWorkers: 3,
          // After the other projects when they run together: a worker goes on to its next e2e file (and keeps the
          // stacks it shares) only while the next file in the queue is one.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
