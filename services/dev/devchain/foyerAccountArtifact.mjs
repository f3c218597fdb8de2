// FoyerAccount's and FoyerPaymaster's committed builds: the wallet service and the local stack need the factory's
// and the paymaster's bytecode (and so their addresses) without solc, a devDependency.
// `node services/dev/devchain/foyerAccountArtifact.mjs` regenerates services/wallet/FoyerAccount.json and
// FoyerPaymaster.json from contracts/ with compileContracts; services/dev/bundler's test and the wallet's sponsorship
// test fail while a committed file differs from a fresh build.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { compileContracts } from './compileContracts.mjs'

/** Where the committed artifact lives. */
export const FOYER_ACCOUNT_ARTIFACT_PATH = fileURLToPath(new URL('../../wallet/FoyerAccount.json', import.meta.url))
/** Where the paymaster's committed artifact lives. */
export const FOYER_PAYMASTER_ARTIFACT_PATH = fileURLToPath(new URL('../../wallet/FoyerPaymaster.json', import.meta.url))

/**
 * What the artifact holds: the account's ABI, and the factory's ABI and creation code.
 *
 * @param {object} [options]
 * @param {string} [options.cacheDir] passed to compileContracts
 */
export async function buildFoyerAccountArtifact(options) {
  const { FoyerAccount, FoyerAccountFactory } = await compileContracts(options)
  if (!FoyerAccount || !FoyerAccountFactory)
    throw new Error('contracts/FoyerAccount.sol did not produce FoyerAccount and FoyerAccountFactory')
  return { account: { abi: FoyerAccount.abi }, factory: { abi: FoyerAccountFactory.abi, bytecode: FoyerAccountFactory.bytecode } }
}

/**
 * The paymaster's artifact: its ABI and creation code.
 *
 * @param {object} [options]
 * @param {string} [options.cacheDir] passed to compileContracts
 */
export async function buildFoyerPaymasterArtifact(options) {
  const { FoyerPaymaster } = await compileContracts(options)
  if (!FoyerPaymaster) throw new Error('contracts/FoyerPaymaster.sol did not produce FoyerPaymaster')
  return { abi: FoyerPaymaster.abi, bytecode: FoyerPaymaster.bytecode }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(FOYER_ACCOUNT_ARTIFACT_PATH, `${JSON.stringify(await buildFoyerAccountArtifact())}\n`)
  await writeFile(FOYER_PAYMASTER_ARTIFACT_PATH, `${JSON.stringify(await buildFoyerPaymasterArtifact())}\n`)
  for (const file of [FOYER_ACCOUNT_ARTIFACT_PATH, FOYER_PAYMASTER_ARTIFACT_PATH])
    console.log(`wrote ${path.relative(process.cwd(), file)}`)
}
