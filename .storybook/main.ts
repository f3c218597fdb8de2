import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/react-vite'
import { selfImports } from '../build/entries.mjs'

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')

// Plugins and chains import the kernel as 'foyer', 'foyer/ui' …: resolve those to the source, not to dist/.
// Exact-match patterns, so 'foyer' does not also capture 'foyer/react'.
const selfAliases = Object.entries(selfImports()).map(([specifier, input]) => ({
  find: new RegExp(`^${specifier.replace('/', '\\/')}$`),
  replacement: path.join(repo, input),
}))

// Storybook must work offline: no telemetry, no addons that fetch anything.
// The same config drives `npm run storybook` and the `stories` vitest project
// (via @storybook/addon-vitest), where every story is a test run in Chromium.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../kernel/**/*.stories.tsx', '../chains/**/*.stories.tsx', '../plugins/**/*.stories.tsx'],
  addons: [],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => {
    const alias = viteConfig.resolve?.alias
    const existing = Array.isArray(alias) ? alias : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement }))
    return { ...viteConfig, resolve: { ...viteConfig.resolve, alias: [...selfAliases, ...existing] } }
  },
}

export default config
