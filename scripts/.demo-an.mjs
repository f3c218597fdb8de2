import path from 'node:path'
import { build } from 'vite'
import { gzipSync } from 'node:zlib'
const repo = path.resolve('.')
const bundleOut = {}
await build({
  configFile: path.join(repo, 'demo/vite.config.ts'),
  logLevel: 'error',
  build: {
    write: false,
    rollupOptions: { output: { manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined) } },
  },
  plugins: [
    {
      name: 'an',
      generateBundle(_o, bundle) {
        Object.assign(bundleOut, bundle)
      },
    },
  ],
})
const entry = Object.values(bundleOut).find((c) => c.type === 'chunk' && c.isEntry)
const seen = new Set()
const stack = [entry.fileName]
while (stack.length) {
  const f = stack.pop()
  if (seen.has(f)) continue
  seen.add(f)
  stack.push(...bundleOut[f].imports)
}
const mods = []
for (const f of seen) {
  if (f.includes('react')) continue
  const c = bundleOut[f]
  const gz = gzipSync(c.code, { level: 9 }).length
  console.log('FILE', f, gz)
  const tot = Object.values(c.modules).reduce((s, m) => s + m.renderedLength, 0)
  for (const [id, m] of Object.entries(c.modules)) mods.push([(m.renderedLength * gz) / tot, id.replace(repo, '')])
}
mods.sort((a, b) => b[0] - a[0])
for (const [g, id] of mods.slice(0, 45)) console.log(Math.round(g).toString().padStart(6), id)
