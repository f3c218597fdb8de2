// What the embedded wallet's frame makes a browser download (services/wallet/KEYS.md, Figures): the whole frame script
// as the service serves it (/frame.js, built by esbuild at start; the approval preview it loads on demand apart), and
// the part of it that rebuilds a key and signs
// (frame/keyring.js, signing.js, deviceShares.js and what they import), with the packages that weigh most. Gzip at
// level 9, as `npm run size` counts. `npm run size` checks the budget below.
//
//   node scripts/frameSize.mjs           table
//   node scripts/frameSize.mjs --json    machine-readable
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { buildFrameScript } from '../services/wallet/routes/framePageRoutes.mjs'

/** The frame script's budget, gzipped: a little above its 52 KB with the signing path, passkeys, export and backup. */
export const FRAME_GZIP_BUDGET = 56 * 1024

const frameDir = fileURLToPath(new URL('../services/wallet/frame/', import.meta.url))

/** The signing path alone, bundled as the frame bundles it; its metafile says which inputs weigh what. */
async function signingPath() {
  const { outputFiles, metafile } = await build({
    stdin: {
      contents: `export { createKeyring } from './keyring.js'\nexport { runJob } from './signing.js'\nexport { deviceShare, keepDeviceShare } from './deviceShares.js'`,
      resolveDir: frameDir,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    platform: 'browser',
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const code = /** @type {{ contents: Uint8Array }} */ (outputFiles[0]).contents
  /** @type {Map<string, number>} minified bytes by package (or 'frame' for the frame's own files) */
  const byPackage = new Map()
  const output = /** @type {import('esbuild').Metafile['outputs'][string]} */ (Object.values(metafile.outputs)[0])
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
    const name = match ? /** @type {string} */ (match[1]) : 'frame'
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput)
  }
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, byPackage: [...byPackage].sort((a, b) => b[1] - a[1]) }
}

/** @param {string} text */
const weigh = (text) => {
  const code = Buffer.from(text)
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length }
}

/** The frame script, the approval preview it loads when it shows one, and the signing path, in bytes. */
export async function measureFrame() {
  const scripts = await buildFrameScript()
  return {
    frame: { ...weigh(scripts.frame), budget: FRAME_GZIP_BUDGET },
    preview: weigh(scripts.preview),
    signingPath: await signingPath(),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = await measureFrame()
  if (process.argv.includes('--json')) console.log(JSON.stringify(sizes, null, 2))
  else {
    const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(2)} KB`
    console.log(`frame.js (all of it):  ${kb(sizes.frame.min)} min, ${kb(sizes.frame.gzip)} gzip, budget ${kb(FRAME_GZIP_BUDGET)}`)
    console.log(`approval preview:      ${kb(sizes.preview.min)} min, ${kb(sizes.preview.gzip)} gzip (loaded when a preview shows)`)
    console.log(`signing path alone:    ${kb(sizes.signingPath.min)} min, ${kb(sizes.signingPath.gzip)} gzip`)
    for (const [name, bytes] of sizes.signingPath.byPackage) console.log(`  ${name.padEnd(24)} ${kb(bytes)} min`)
  }
}
