import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

// Foyer's tags are custom elements: Vue leaves them to the browser instead of looking for components by their names.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('foyer-') } } })],
})
