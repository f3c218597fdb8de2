import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(path.join(root, 'package.json'));

/** Where the fixture contracts' sources live. */
export const CONTRACTS_DIR = path.join(here, 'contracts');
/** Compiled output, one file per hash of (solc version, settings, sources). */
export const CONTRACTS_CACHE_DIR = path.join(root, 'node_modules', '.cache', 'foyer-contracts');

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // Pinned so the bytecode runs on any anvil hardfork from cancun on, whatever solc's default becomes.
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

/**
 * @typedef {{ abi: import('viem').Abi, bytecode: `0x${string}` }} ContractArtifact
 */

/**
 * Compiles every `contracts/*.sol` with solc-js, or reads the cached result when nothing changed
 * (loading solc and compiling takes seconds; the cache read takes milliseconds).
 *
 * @param {object} [options]
 * @param {string} [options.cacheDir] @default CONTRACTS_CACHE_DIR
 * @returns {Promise<Record<string, ContractArtifact>>} by contract name
 */
export async function compileContracts({ cacheDir = CONTRACTS_CACHE_DIR } = {}) {
  const files = (await readdir(CONTRACTS_DIR)).filter((file) => file.endsWith('.sol')).sort();
  /** @type {Record<string, { content: string }>} */
  const sources = {};
  for (const file of files) sources[file] = { content: await readFile(path.join(CONTRACTS_DIR, file), 'utf8') };
  const solcVersion = JSON.parse(await readFile(require.resolve('solc/package.json'), 'utf8')).version;
  const key = createHash('sha256').update(JSON.stringify({ solcVersion, SETTINGS, sources })).digest('hex');
  const cachePath = path.join(cacheDir, `${key.slice(0, 24)}.json`);

  try {
    return JSON.parse(await readFile(cachePath, 'utf8'));
  } catch {
    // not compiled yet (or an unreadable cache file, which is simply replaced)
  }

  const solc = require('solc');
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS })));
  /** @type {Array<{ severity: string, formattedMessage: string }>} */
  const diagnostics = output.errors ?? [];
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`Compiling ${path.relative(root, CONTRACTS_DIR)} failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }

  /** @type {Record<string, ContractArtifact>} */
  const artifacts = {};
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(/** @type {Record<string, any>} */ (contracts))) {
      // Interfaces have no bytecode and nothing to deploy.
      if (contract.evm.bytecode.object) artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    }
  }

  await mkdir(cacheDir, { recursive: true });
  // Written beside and renamed, so a process reading the cache concurrently never sees half a file.
  const temporary = `${cachePath}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(artifacts));
  await rename(temporary, cachePath);
  return artifacts;
}
