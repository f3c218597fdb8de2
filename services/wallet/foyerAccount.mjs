// FoyerAccount (SimpleAccount v0.8, eth-infinitism's reference account, that also signs as itself with ERC-1271;
// services/dev/devchain/contracts/FoyerAccount.sol, its committed build beside this file) as a viem smart account, for viem's bundler actions. The account
// implementation is viem's own `toSmartAccount`, which only needs to be told how this account encodes calls and
// checks signatures; it wraps the signatures of an account not deployed yet in ERC-6492 itself (factory call
// included), so a verifier can deploy the account in its eth_call and ask it.
// (permissionless 0.4 has SimpleAccount, but its optional peer ox@0.11 conflicts with this project's ox@0.14.)
import { createRequire } from 'node:module'

import { decodeFunctionData, encodeDeployData, encodeFunctionData, getContractAddress, hashMessage, hashTypedData } from 'viem'
import { entryPoint08Abi, getUserOperationHash, toSmartAccount } from 'viem/account-abstraction'
import { readContract } from 'viem/actions'

/** Arachnid's deterministic deployment proxy (CREATE2 of `salt ‖ initCode`), predeployed by anvil. */
export const DETERMINISTIC_DEPLOYER = /** @type {`0x${string}`} */ ('0x4e59b44847b379578588920cA78FbF26c0B4956C')
/** EntryPoint v0.8's canonical address. */
export const ENTRY_POINT_08 = /** @type {`0x${string}`} */ ('0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108')
/** FoyerAccount's build: the account's ABI, the factory's ABI and creation code. */
export const FOYER_ACCOUNT_ARTIFACT =
  /** @type {{ account: { abi: import('viem').Abi }, factory: { abi: import('viem').Abi, bytecode: `0x${string}` } }} */ (
    createRequire(import.meta.url)('./FoyerAccount.json')
  )
/** Salt 0, so the factory's address follows from its bytecode alone and is the same on every chain. */
export const FOYER_ACCOUNT_FACTORY_SALT = /** @type {`0x${string}`} */ (`0x${'0'.repeat(64)}`)
/** The factory's creation code, for ENTRY_POINT_08. */
export const FOYER_ACCOUNT_FACTORY_CREATION = encodeDeployData({
  abi: FOYER_ACCOUNT_ARTIFACT.factory.abi,
  bytecode: FOYER_ACCOUNT_ARTIFACT.factory.bytecode,
  args: [ENTRY_POINT_08],
})
/** FoyerAccountFactory's address (deployed through DETERMINISTIC_DEPLOYER with FOYER_ACCOUNT_FACTORY_SALT). */
export const FOYER_ACCOUNT_FACTORY = getContractAddress({
  opcode: 'CREATE2',
  from: DETERMINISTIC_DEPLOYER,
  salt: FOYER_ACCOUNT_FACTORY_SALT,
  bytecode: FOYER_ACCOUNT_FACTORY_CREATION,
})

const accountArtifact = FOYER_ACCOUNT_ARTIFACT.account
const factoryArtifact = FOYER_ACCOUNT_ARTIFACT.factory

/**
 * The calls a user operation's callData makes the account run (`execute` or `executeBatch`); throws for anything else.
 *
 * @param {`0x${string}`} data
 * @returns {{ to: `0x${string}`, value: bigint, data: `0x${string}` }[]}
 */
export function decodeAccountCalls(data) {
  const decoded = decodeFunctionData({ abi: accountArtifact.abi, data })
  if (decoded.functionName === 'execute') {
    const [to, value, callData] = /** @type {[`0x${string}`, bigint, `0x${string}`]} */ (decoded.args)
    return [{ to, value, data: callData }]
  }
  if (decoded.functionName === 'executeBatch') {
    const [batch] = /** @type {[{ target: `0x${string}`, value: bigint, data: `0x${string}` }[]]} */ (decoded.args)
    return batch.map((call) => ({ to: call.target, value: call.value, data: call.data }))
  }
  throw new Error(`FoyerAccount: cannot decode a call to ${decoded.functionName}`)
}

/**
 * What the owner signs for a hash the account is asked to vouch for (FoyerAccount.replaySafeHash): an EIP-712
 * message in the account's own domain, so the signature is good for this account on this chain only.
 *
 * @param {`0x${string}`} account @param {number} chainId @param {`0x${string}`} hash
 */
export function replaySafeTypedData(account, chainId, hash) {
  return /** @type {const} */ ({
    domain: { name: 'FoyerAccount', version: '1', chainId, verifyingContract: account },
    types: { FoyerAccountMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'FoyerAccountMessage',
    message: { hash },
  })
}

// What gas estimation runs validation with: a well-formed signature (a throwaway key's) that recovers to some
// address for any hash, so the account's ECDSA.recover does the work it will do for real instead of reverting.
const STUB_SIGNATURE = /** @type {`0x${string}`} */ (
  '0xe45587e503e5ba2e46fdf4fe385ce1eef7ae783d6fb69440bb71bc0b93db9dd14d31350668898d43e1d9b3f0e1ed5e4dced4a44310c7e25d8bd4cb6c81ed40c51c'
)

/**
 * The FoyerAccount `owner` controls, at its counterfactual address until its first user operation deploys it
 * (the factory's `createAccount` goes in that operation's initCode).
 *
 * @param {object} options
 * @param {import('viem').Client<import('viem').Transport, import('viem').Chain | undefined, import('viem').LocalAccount | import('viem').JsonRpcAccount | undefined>} options.client
 *   a public client on the account's chain
 * @param {import('viem').LocalAccount} options.owner signs the user operations
 * @param {bigint} [options.salt=0n] the factory's salt: one owner, many accounts.
 * @param {`0x${string}`} [options.factory=FOYER_ACCOUNT_FACTORY] a FoyerAccountFactory for EntryPoint v0.8.
 * @returns {Promise<import('viem/account-abstraction').SmartAccount>}
 * @example
 * const account = await toFoyerAccount({ client, owner: privateKeyToAccount(key) });
 * await bundlerClient.sendUserOperation({ account, calls: [{ to, value }] });
 * await verifyMessage(client, { address: account.address, message: 'hi', signature: await account.signMessage({ message: 'hi' }) });
 */
export async function toFoyerAccount({ client, owner, salt = 0n, factory = FOYER_ACCOUNT_FACTORY }) {
  const clientChainId = () => /** @type {import('viem').Chain} */ (client.chain).id
  const entryPoint = /** @type {const} */ ({ abi: entryPoint08Abi, address: ENTRY_POINT_08, version: '0.8' })
  /** @type {`0x${string}` | undefined} */
  let address
  return toSmartAccount({
    client,
    entryPoint,
    extend: { abi: accountArtifact.abi, factory: { abi: factoryArtifact.abi, address: factory } },
    async getAddress() {
      address ??= /** @type {`0x${string}`} */ (
        await readContract(client, { abi: factoryArtifact.abi, address: factory, functionName: 'getAddress', args: [owner.address, salt] })
      )
      return address
    },
    // Always key 0, one sequence: the account's operations go through in the order they were signed (viem's
    // toSmartAccount hands in a new key per operation, which lets them land in any order).
    async getNonce() {
      const sender = await this.getAddress()
      return /** @type {bigint} */ (
        await readContract(client, { abi: entryPoint08Abi, address: ENTRY_POINT_08, functionName: 'getNonce', args: [sender, 0n] })
      )
    },
    async getFactoryArgs() {
      const factoryData = encodeFunctionData({ abi: factoryArtifact.abi, functionName: 'createAccount', args: [owner.address, salt] })
      return { factory, factoryData }
    },
    async encodeCalls(calls) {
      const [only] = calls
      if (calls.length === 1 && only) {
        return encodeFunctionData({
          abi: accountArtifact.abi,
          functionName: 'execute',
          args: [only.to, only.value ?? 0n, only.data ?? '0x'],
        })
      }
      const batch = calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))
      return encodeFunctionData({ abi: accountArtifact.abi, functionName: 'executeBatch', args: [batch] })
    },
    async decodeCalls(data) {
      return decodeAccountCalls(data)
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    // ERC-1271: the account vouches for a hash its owner signed in the account's domain (see replaySafeTypedData).
    async signMessage({ message }) {
      return owner.signTypedData(replaySafeTypedData(await this.getAddress(), clientChainId(), hashMessage(message)))
    },
    async signTypedData(typedData) {
      return owner.signTypedData(
        replaySafeTypedData(await this.getAddress(), clientChainId(), hashTypedData(/** @type {any} */ (typedData))),
      )
    },
    // v0.8's user operation hash is EIP-712; SimpleAccount's validation recovers its owner from that hash as it is.
    async signUserOperation({ chainId, ...userOperation }) {
      const sender = await this.getAddress()
      const hash = getUserOperationHash({
        chainId: chainId ?? clientChainId(),
        entryPointAddress: ENTRY_POINT_08,
        entryPointVersion: '0.8',
        userOperation: { ...userOperation, sender },
      })
      if (!owner.sign) throw new Error('FoyerAccount: the owner account cannot sign a hash')
      return owner.sign({ hash })
    },
  })
}
