// FoyerAccount's committed build: the wallet service and the local stack need its factory's bytecode (and so its
// address) without solc, a devDependency. `node services/dev/devchain/foyerAccountArtifact.mjs` regenerates
// services/wallet/FoyerAccount.json from contracts/FoyerAccount.sol with compileContracts; services/dev/bundler's test fails
// while the committed file differs from a fresh build.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { compileContracts } from './compileContracts.mjs'

/** Where the committed artifact lives. */
export const FOYER_ACCOUNT_ARTIFACT_PATH = fileURLToPath(new URL('../../wallet/FoyerAccount.json', import.meta.url))

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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(FOYER_ACCOUNT_ARTIFACT_PATH, `${JSON.stringify(await buildFoyerAccountArtifact())}\n`)
  console.log(`wrote ${path.relative(process.cwd(), FOYER_ACCOUNT_ARTIFACT_PATH)}`)
}
