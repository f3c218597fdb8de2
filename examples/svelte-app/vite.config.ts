import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'

// Svelte leaves unknown tags such as Foyer's custom elements to the browser: nothing to configure.
export default defineConfig({ plugins: [svelte()] })
