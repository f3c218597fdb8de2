import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { exampleConfig } from '../viteConfig.js'

export default defineConfig(exampleConfig(path.dirname(fileURLToPath(import.meta.url))))
