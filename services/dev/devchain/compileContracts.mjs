import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../../..')
const require = createRequire(path.join(root, 'package.json'))

/** Where the fixture contracts' sources live. */
export const CONTRACTS_DIR = path.join(here, 'contracts')
/** Compiled output, one file per hash of (solc version, settings, sources). */
export const CONTRACTS_CACHE_DIR = path.join(root, 'node_modules', '.cache', 'foyer-contracts')

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // Pinned so the bytecode runs on any anvil hardfork from cancun on, whatever solc's default becomes.
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
}

// The npm packages whose Solidity sources the contracts import (FoyerAccount builds on SimpleAccount); their
// versions are part of the cache key, so an upgrade recompiles.
const IMPORTED_PACKAGES = ['@account-abstraction/contracts', '@openzeppelin/contracts']

/**
 * @typedef {{ abi: import('viem').Abi, bytecode: `0x${string}` }} ContractArtifact
 */

/**
 * solc's import callback: `@scope/package/path.sol` from the project's node_modules, nothing outside it.
 *
 * @param {string} importPath
 * @returns {{ contents: string } | { error: string }}
 */
function findImport(importPath) {
  const modules = path.join(root, 'node_modules')
  const file = path.resolve(modules, importPath)
  if (!IMPORTED_PACKAGES.some((name) => file.startsWith(path.join(modules, name) + path.sep))) {
    return { error: `${importPath} is not in ${IMPORTED_PACKAGES.join(' or ')}` }
  }
  try {
    return { contents: readFileSync(file, 'utf8') }
  } catch {
    return { error: `${importPath} not found: npm install` }
  }
}

/**
 * Compiles every `contracts/*.sol` with solc-js, or reads the cached result when nothing changed
 * (loading solc and compiling takes seconds; the cache read takes milliseconds).
 *
 * @param {object} [options]
 * @param {string} [options.cacheDir=CONTRACTS_CACHE_DIR]
 * @returns {Promise<Record<string, ContractArtifact>>} by contract name
 */
export async function compileContracts({ cacheDir = CONTRACTS_CACHE_DIR } = {}) {
  const files = (await readdir(CONTRACTS_DIR)).filter((file) => file.endsWith('.sol')).sort()
  /** @type {Record<string, { content: string }>} */
  const sources = {}
  for (const file of files) sources[file] = { content: await readFile(path.join(CONTRACTS_DIR, file), 'utf8') }
  const versions = await Promise.all(
    ['solc', ...IMPORTED_PACKAGES].map(
      async (name) => JSON.parse(await readFile(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version,
    ),
  )
  const key = createHash('sha256').update(JSON.stringify({ versions, SETTINGS, sources })).digest('hex')
  const cachePath = path.join(cacheDir, `${key.slice(0, 24)}.json`)

  try {
    return JSON.parse(await readFile(cachePath, 'utf8'))
  } catch {
    // not compiled yet (or an unreadable cache file, which is simply replaced)
  }

  const solc = require('solc')
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS }), { import: findImport }))
  /** @type {Array<{ severity: string, formattedMessage: string }>} */
  const diagnostics = output.errors ?? []
  const errors = diagnostics.filter((d) => d.severity === 'error')
  if (errors.length > 0) {
    throw new Error(`Compiling ${path.relative(root, CONTRACTS_DIR)} failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  }

  /** @type {Record<string, ContractArtifact>} */
  const artifacts = {}
  // Only the contracts of CONTRACTS_DIR: the imported packages' own contracts are not Foyer's to deploy.
  for (const file of files) {
    const contracts = output.contracts?.[file] ?? {}
    for (const [name, contract] of Object.entries(/** @type {Record<string, any>} */ (contracts))) {
      // Interfaces have no bytecode and nothing to deploy.
      if (contract.evm.bytecode.object) artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
    }
  }

  await mkdir(cacheDir, { recursive: true })
  // Written beside and renamed, so a process reading the cache concurrently never sees half a file.
  const temporary = `${cachePath}.${process.pid}.tmp`
  await writeFile(temporary, JSON.stringify(artifacts))
  await rename(temporary, cachePath)
  return artifacts
}
