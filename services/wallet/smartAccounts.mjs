// The user's smart account (ERC-4337, FoyerAccount: SimpleAccount v0.8 with ERC-1271) on networks the service has a
// bundler for: its counterfactual address from the factory, whether it is deployed, and the user operations that
// spend from it. The owner is the user's EVM key, which only the frame holds (KEYS.md): this service prepares an
// operation, the frame signs its hash, and this service sends it. The first operation deploys the account (the
// factory call in its initCode).
// Loaded on first use: a service without bundlers never loads viem's account-abstraction code.
import { createPublicClient, defineChain, http } from 'viem'
import { ENTRY_POINT_08, toFoyerAccount } from './foyerAccount.mjs'
import { createBundlerClient, getUserOperationHash } from 'viem/account-abstraction'

import { WalletError } from './errors.mjs'
import { recoverSigner } from './recoverSigner.mjs'

/** How long an approved call waits for its user operation to be mined before answering with what it has. */
export const RECEIPT_TIMEOUT_MS = 60_000

/**
 * The chain and bundler clients of a network with a bundler (the ERC-4337 account here, the EIP-7702 one in
 * delegation.mjs).
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @returns {{ client: import('viem').PublicClient<import('viem').HttpTransport, import('viem').Chain>, bundler: import('viem/account-abstraction').BundlerClient<import('viem').HttpTransport, import('viem').Chain> }}
 */
export function clientsOf(network) {
  if (!network.bundlerUrl) throw new WalletError(400, 'UNSUPPORTED_ACCOUNT_TYPE', 'Smart accounts are not available on this network')
  const chain = defineChain({
    id: Number(network.id),
    name: `Chain ${network.id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: http(network.rpcUrl) })
  const bundler = createBundlerClient({ client, chain, transport: http(network.bundlerUrl), pollingInterval: 250 })
  return { client, bundler }
}

// The counterfactual address depends only on the factory, the owner and the salt: asked once per network and owner.
/** @type {Map<string, `0x${string}`>} */
const addresses = new Map()

/**
 * The user's smart account on `network` and whether it is deployed yet.
 *
 * @param {import('./networks.mjs').WalletNetwork} network a network with a bundler
 * @param {`0x${string}`} owner the user's EVM address
 * @returns {Promise<{ address: `0x${string}`, deployed: boolean }>}
 */
export async function smartAccountState(network, owner) {
  const { client } = clientsOf(network)
  const key = `${network.id}:${owner.toLowerCase()}`
  let address = addresses.get(key)
  if (!address) {
    // A view call needs no key: an account whose owner is only an address.
    const account = await toFoyerAccount({ client, owner: /** @type {any} */ ({ address: owner, type: 'local' }) })
    address = account.address
    addresses.set(key, address)
  }
  const code = await client.getCode({ address })
  return { address, deployed: Boolean(code && code !== '0x') }
}

/**
 * The user's smart account on `network`, owned by an address only: it can prepare operations and tell its factory
 * arguments, and cannot sign.
 *
 * @param {import('./networks.mjs').WalletNetwork} network @param {`0x${string}`} owner
 */
export function smartAccountOf(network, owner) {
  const { client } = clientsOf(network)
  return toFoyerAccount({ client, owner: /** @type {any} */ ({ address: owner, type: 'local' }) })
}

/** A user operation as JSON (its bigints as `{ big: '…' }`), kept with the approval while the frame signs it. */
export const serialize = (/** @type {unknown} */ value) =>
  JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? { big: item.toString() } : item))
export const deserialize = (/** @type {string} */ text) =>
  JSON.parse(text, (_key, item) => (item && typeof item.big === 'string' ? BigInt(item.big) : item))

/** How long a paymaster's signature stays good: the visitor signs and the bundler sends well within it. */
const SPONSORSHIP_VALID_SECONDS = 15 * 60

/**
 * What pays an operation's fee when its site does (sponsorship.mjs): the paymaster, its signer's key, and the
 * policy's last word, which records the operation at its most cost (its gas known) or throws the rule that refused.
 *
 * @typedef {{ paymaster: `0x${string}`, signerKey: `0x${string}`, reserve: (cost: bigint) => Promise<string>, now: number }} Sponsor
 */

/**
 * viem's paymaster actions for a sponsored operation: a stand-in signature while the bundler estimates gas, then the
 * signer's, over the operation with its gas, once the policy has recorded it.
 *
 * @param {import('./networks.mjs').WalletNetwork} network @param {Sponsor} sponsor
 * @param {(id: string) => void} reserved
 */
export async function paymasterActions(network, { paymaster, signerKey, reserve, now }, reserved) {
  const [{ signSponsorship }, { maxCostOf, stubPaymasterFields }] = await Promise.all([
    import('./paymasterSigner.mjs'),
    import('./foyerPaymaster.mjs'),
  ])
  const validUntil = Math.floor(now / 1000) + SPONSORSHIP_VALID_SECONDS
  return {
    getPaymasterStubData: async () => stubPaymasterFields(paymaster, validUntil),
    /** @param {any} userOperation */
    async getPaymasterData(userOperation) {
      reserved(await reserve(maxCostOf(userOperation)))
      return signSponsorship(signerKey, { paymaster, chainId: Number(network.id), validUntil, userOperation })
    },
  }
}

/**
 * `calls` as one user operation from the user's smart account (executeBatch for several, atomic), ready to sign:
 * the hash its owner signs (v0.8's is EIP-712; SimpleAccount recovers its owner from it as it is). With `sponsor`,
 * the site's paymaster pays its fee.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {`0x${string}`} owner the user's EVM address
 * @param {readonly import('./relay.mjs').EvmCall[]} calls
 * @param {Sponsor} [sponsor]
 */
export async function prepareUserOperation(network, owner, calls, sponsor) {
  const { bundler } = clientsOf(network)
  const account = await smartAccountOf(network, owner)
  /** @type {string | undefined} */
  let sponsorship
  const { account: _account, ...userOperation } = await bundler.prepareUserOperation({
    account,
    calls: calls.map((call) => ({ to: call.to, value: call.value === undefined ? 0n : BigInt(call.value), data: call.data ?? '0x' })),
    ...(sponsor && { paymaster: await paymasterActions(network, sponsor, (id) => (sponsorship = id)) }),
  })
  const hash = getUserOperationHash({
    chainId: Number(network.id),
    entryPointAddress: ENTRY_POINT_08,
    entryPointVersion: '0.8',
    userOperation: /** @type {any} */ (userOperation),
  })
  return { hash, serialized: serialize(userOperation), ...(sponsorship && { sponsorship }) }
}

/**
 * Sends a prepared user operation with the owner's signature (checked to be the owner's first) and waits for it to
 * be mined.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {`0x${string}`} owner
 * @param {string} serialized what {@link prepareUserOperation} answered
 * @param {`0x${string}`} signature
 * @returns {Promise<{ userOpHash: `0x${string}`, transactionHash: `0x${string}`, success: boolean, actualGasCost: bigint }>}
 */
export async function sendSignedUserOperation(network, owner, serialized, signature) {
  const { bundler } = clientsOf(network)
  const userOperation = deserialize(serialized)
  const hash = getUserOperationHash({
    chainId: Number(network.id),
    entryPointAddress: ENTRY_POINT_08,
    entryPointVersion: '0.8',
    userOperation,
  })
  if (recoverSigner(hash, signature)?.toLowerCase() !== owner.toLowerCase()) {
    throw new WalletError(400, 'INVALID_REQUEST', 'The signature is not the wallet’s')
  }
  const userOpHash = await bundler.sendUserOperation({ ...userOperation, signature, entryPointAddress: ENTRY_POINT_08 })
  const receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: RECEIPT_TIMEOUT_MS })
  return { userOpHash, transactionHash: receipt.receipt.transactionHash, success: receipt.success, actualGasCost: receipt.actualGasCost }
}

/**
 * EIP-5792's status of a batch sent as one user operation: 100 while the bundler has no receipt, then 200 (mined) or
 * 500 (reverted on chain), with the transaction's receipt.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {`0x${string}`} userOpHash
 */
export async function userOperationStatus(network, userOpHash) {
  const { bundler } = clientsOf(network)
  const receipt = await bundler.getUserOperationReceipt({ hash: userOpHash }).catch(() => undefined)
  if (!receipt) return { status: 100, receipts: [] }
  const { transactionHash, blockHash, blockNumber, gasUsed, logs, status } = receipt.receipt
  return {
    status: receipt.success ? 200 : 500,
    receipts: [
      {
        transactionHash,
        blockHash,
        blockNumber: `0x${blockNumber.toString(16)}`,
        gasUsed: `0x${gasUsed.toString(16)}`,
        status: status === 'success' ? '0x1' : '0x0',
        logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
      },
    ],
  }
}
