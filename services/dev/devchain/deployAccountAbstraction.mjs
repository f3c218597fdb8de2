// ERC-4337 on a dev chain: EntryPoint v0.8 from the published build artifacts of @account-abstraction/contracts
// 0.8.0 (GPL-3.0, a devDependency of the local stack only: deployed here, never bundled into dist/), and
// FoyerAccountFactory (SimpleAccount v0.8 that also signs as itself, ERC-1271; contracts/FoyerAccount.sol, its
// committed build, services/wallet/FoyerAccount.json). Both go through the deterministic deployment proxy anvil ships with: the
// EntryPoint with the salt of its public deployment, so it lands at its canonical address (the bundler, alto,
// recognises v0.8 by that address, and viem's v0.8 defaults point there too); the factory with salt 0, so its address
// follows from its bytecode alone and is the same on every chain. Then FoyerPaymaster (contracts/FoyerPaymaster.sol,
// its committed build services/wallet/FoyerPaymaster.json), a verifying paymaster whose signer is the local stack's
// DEV_PAYMASTER_SIGNER, through the same proxy, and its EntryPoint deposit, which pays for the sponsored operations.
// Last, MetaMask's Delegation Framework as the wallet uses it (services/wallet/delegationFramework.mjs): the
// DelegationManager, the EIP-7702 delegate built for EntryPoint v0.8, and the caveat enforcers, through the same proxy.
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { concat, encodeFunctionData, getContractAddress, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

import {
  DETERMINISTIC_DEPLOYER,
  ENTRY_POINT_08,
  FOYER_ACCOUNT_ARTIFACT,
  FOYER_ACCOUNT_FACTORY,
  FOYER_ACCOUNT_FACTORY_CREATION,
  FOYER_ACCOUNT_FACTORY_SALT,
} from '../../wallet/foyerAccount.mjs'
import { DELEGATION_MANAGER, EIP7702_DELEGATE, ENFORCERS, delegationFrameworkDeployments } from '../../wallet/delegationFramework.mjs'
import { DEV_PAYMASTER_SIGNER, FOYER_PAYMASTER_ARTIFACT, foyerPaymasterDeployment } from '../../wallet/foyerPaymaster.mjs'
import { createRpc, waitForReceipts } from './rpc.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const require = createRequire(path.join(root, 'package.json'))

/**
 * Anvil account #8 of the public test mnemonic: sends the two deployments. An account of its own, so the fixtures'
 * accounts keep their histories. Local chains only.
 */
export const ACCOUNT_ABSTRACTION_DEPLOYER = Object.freeze({
  address: /** @type {`0x${string}`} */ ('0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'),
  privateKey: /** @type {`0x${string}`} */ ('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97'),
})

// The salts of the public v0.8 deployments; checked against the addresses below before anything is sent.
const ENTRY_POINT_SALT = /** @type {`0x${string}`} */ ('0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9')

export {
  DELEGATION_MANAGER,
  DETERMINISTIC_DEPLOYER,
  DEV_PAYMASTER_SIGNER,
  EIP7702_DELEGATE,
  ENFORCERS,
  ENTRY_POINT_08,
  FOYER_ACCOUNT_ARTIFACT,
  FOYER_ACCOUNT_FACTORY,
}

/** The local chains' paymaster: signed for by DEV_PAYMASTER_SIGNER, owned (its deposit withdrawn) by the deployer. */
export const DEV_PAYMASTER = foyerPaymasterDeployment({
  signer: DEV_PAYMASTER_SIGNER.address,
  owner: ACCOUNT_ABSTRACTION_DEPLOYER.address,
}).address
/** The paymaster's EntryPoint deposit on a fresh local chain. */
export const DEV_PAYMASTER_DEPOSIT = parseEther('100')

const DEPLOY_GAS = 8_000_000n

/** @param {string} name */
function artifact(name) {
  /** @type {{ abi: import('viem').Abi, bytecode: `0x${string}` }} */
  const json = require(`@account-abstraction/contracts/artifacts/${name}.json`)
  return json
}

/**
 * The deployments' proxy calls. The EntryPoint's is checked to land where its public deployment is: a different
 * artifact (another package version) fails here, loudly, rather than deploying an EntryPoint the bundler would
 * mistake for another version.
 */
function creations() {
  const entryPoint = artifact('EntryPoint').bytecode
  const address = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: ENTRY_POINT_SALT, bytecode: entryPoint })
  if (address !== ENTRY_POINT_08) {
    throw new Error(
      `EntryPoint from @account-abstraction/contracts would deploy at ${address}, not ${ENTRY_POINT_08}: install @account-abstraction/contracts 0.8.0`,
    )
  }
  const paymaster = foyerPaymasterDeployment({ signer: DEV_PAYMASTER_SIGNER.address, owner: ACCOUNT_ABSTRACTION_DEPLOYER.address })
  return [concat([ENTRY_POINT_SALT, entryPoint]), concat([FOYER_ACCOUNT_FACTORY_SALT, FOYER_ACCOUNT_FACTORY_CREATION]), paymaster.data]
}

/**
 * @typedef {object} AccountAbstractionFixtures
 * @property {`0x${string}`} entryPoint EntryPoint v0.8
 * @property {`0x${string}`} accountFactory FoyerAccountFactory (FOYER_ACCOUNT_FACTORY)
 * @property {`0x${string}`} paymaster FoyerPaymaster (DEV_PAYMASTER), with DEV_PAYMASTER_DEPOSIT at the EntryPoint
 * @property {{ delegationManager: `0x${string}`, delegate: `0x${string}`, enforcers: typeof ENFORCERS }} delegation the
 *   Delegation Framework: its DelegationManager, the EIP-7702 delegate (EIP7702_DELEGATE) and the caveat enforcers
 */

/**
 * Deploys EntryPoint v0.8, FoyerAccountFactory and FoyerPaymaster at their addresses from
 * ACCOUNT_ABSTRACTION_DEPLOYER, funds the paymaster's deposit, and deploys the Delegation Framework: the transactions are signed with their nonces and
 * sent in one JSON-RPC batch (mined in nonce order), then their receipts are checked.
 *
 * @param {object} options
 * @param {string} options.rpcUrl
 * @param {number} options.chainId
 * @returns {Promise<AccountAbstractionFixtures>}
 * @example
 * const { entryPoint } = await deployAccountAbstraction({ rpcUrl: anvil.url, chainId: 31337 });
 */
export async function deployAccountAbstraction({ rpcUrl, chainId }) {
  const account = privateKeyToAccount(ACCOUNT_ABSTRACTION_DEPLOYER.privateKey)
  const datas = creations()
  const rpc = createRpc(rpcUrl)
  const [nonceHex, block, proxyCode] = await rpc.batch([
    ['eth_getTransactionCount', [account.address, 'pending']],
    ['eth_getBlockByNumber', ['latest', false]],
    ['eth_getCode', [DETERMINISTIC_DEPLOYER, 'latest']],
  ])
  if (proxyCode === '0x') throw new Error(`No deterministic deployment proxy at ${DETERMINISTIC_DEPLOYER} on ${rpcUrl}`)
  const nonce = Number(nonceHex)
  const maxFeePerGas = BigInt(/** @type {{ baseFeePerGas: string }} */ (block).baseFeePerGas) * 2n + 1_000_000_000n
  const deposit = {
    to: DEV_PAYMASTER,
    data: encodeFunctionData({ abi: FOYER_PAYMASTER_ARTIFACT.abi, functionName: 'deposit' }),
    value: DEV_PAYMASTER_DEPOSIT,
  }
  const framework = delegationFrameworkDeployments()
  const transactions = [
    ...datas.map((data) => ({ to: DETERMINISTIC_DEPLOYER, data, value: 0n })),
    deposit,
    ...framework.map(({ data }) => ({ to: DETERMINISTIC_DEPLOYER, data, value: 0n })),
  ]
  const signed = await Promise.all(
    transactions.map(({ to, data, value }, index) =>
      account.signTransaction({
        chainId,
        type: 'eip1559',
        nonce: nonce + index,
        to,
        data,
        value,
        gas: DEPLOY_GAS,
        maxFeePerGas,
        maxPriorityFeePerGas: 1_000_000_000n,
      }),
    ),
  )
  const hashes = /** @type {`0x${string}`[]} */ (await rpc.batch(signed.map((raw) => ['eth_sendRawTransaction', [raw]])))
  const receipts = await waitForReceipts(rpc, hashes, 'Deploying the ERC-4337 contracts')
  const codes = await rpc.batch(
    [ENTRY_POINT_08, FOYER_ACCOUNT_FACTORY, DEV_PAYMASTER].map((address) => ['eth_getCode', [address, 'latest']]),
  )
  for (const [index, name] of ['EntryPoint', 'FoyerAccountFactory', 'FoyerPaymaster'].entries()) {
    if (receipts[index]?.status !== '0x1' || codes[index] === '0x') throw new Error(`${name} did not deploy on ${rpcUrl}`)
  }
  if (receipts[3]?.status !== '0x1') throw new Error(`FoyerPaymaster's deposit failed on ${rpcUrl}`)
  const frameworkCodes = await rpc.batch(framework.map(({ address }) => ['eth_getCode', [address, 'latest']]))
  for (const [index, { name }] of framework.entries()) {
    if (receipts[4 + index]?.status !== '0x1' || frameworkCodes[index] === '0x') throw new Error(`${name} did not deploy on ${rpcUrl}`)
  }
  return {
    entryPoint: ENTRY_POINT_08,
    accountFactory: FOYER_ACCOUNT_FACTORY,
    paymaster: DEV_PAYMASTER,
    delegation: { delegationManager: DELEGATION_MANAGER, delegate: EIP7702_DELEGATE, enforcers: ENFORCERS },
  }
}
