// Makes sure Debian's Chromium is installed (the stories and e2e tests drive it).
// Never `npx playwright install`: it downloads a browser, and this project must run offline.
import { accessSync, constants, existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const DEFAULT_PATH = '/usr/bin/chromium'
const chromium = process.env.CHROMIUM_PATH || DEFAULT_PATH
const INSTALL = 'apt-get update && apt-get install -y chromium'

/** @param {string} file */
function executable(file) {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

if (executable(chromium)) {
  console.log(`chromium: ${chromium}`)
  process.exit(0)
}

if (chromium !== DEFAULT_PATH) {
  console.error(`CHROMIUM_PATH=${chromium} is not an executable file. Fix it, or unset it to use ${DEFAULT_PATH}.`)
  process.exit(1)
}

const isRoot = process.getuid?.() === 0
const hasApt = existsSync('/usr/bin/apt-get')

if (!hasApt) {
  console.error(`${DEFAULT_PATH} not found and apt-get is unavailable. Install Chromium, then set CHROMIUM_PATH to its binary.`)
  process.exit(1)
}
if (!isRoot) {
  console.error(`${DEFAULT_PATH} not found. Install Debian's Chromium, then re-run:\n\n  sudo sh -c '${INSTALL}'\n`)
  process.exit(1)
}

console.log(`${DEFAULT_PATH} not found; installing: ${INSTALL}`)
const result = spawnSync('sh', ['-c', INSTALL], {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
})
if (result.status !== 0) {
  console.error(`Installing chromium failed (exit ${result.status ?? result.signal}).`)
  process.exit(result.status || 1)
}
if (!executable(DEFAULT_PATH)) {
  console.error(`apt-get succeeded but ${DEFAULT_PATH} is still missing.`)
  process.exit(1)
}
console.log(`chromium: ${DEFAULT_PATH}`)
