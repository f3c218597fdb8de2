// The user's smart account (ERC-4337, FoyerAccount: SimpleAccount v0.8 with ERC-1271) on networks the service has a
// bundler for: its counterfactual address from the factory, whether it is deployed, the user operations that spend
// from it and the signatures it makes. The owner is the user's EVM key; the first operation deploys the account (the
// factory call in its initCode).
// Loaded on first use: a service without bundlers never loads viem's account-abstraction code.
import { createPublicClient, defineChain, http } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'

import { toFoyerAccount } from './foyerAccount.mjs'
import { WalletError } from './errors.mjs'

/** How long an approved call waits for its user operation to be mined before answering with what it has. */
const RECEIPT_TIMEOUT_MS = 60_000

/** @param {import('./networks.mjs').WalletNetwork} network */
function clientsOf(network) {
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
 * The user's smart account on `network` as a signer: messages and typed data it signs verify against its address
 * (ERC-1271; wrapped in ERC-6492 while the account is not deployed, so verifiers deploy it in their eth_call).
 *
 * @param {`0x${string}`} evmKey
 * @param {import('./networks.mjs').WalletNetwork} network
 */
export async function smartAccountSigner(evmKey, network) {
  const { client } = clientsOf(network)
  return toFoyerAccount({ client, owner: privateKeyToAccount(evmKey) })
}

/**
 * Sends `calls` as one user operation from the user's smart account (executeBatch for several, atomic), signed by
 * the user's EVM key, and waits for it to be mined.
 *
 * @param {`0x${string}`} evmKey
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {readonly import('./signers.mjs').EvmCall[]} calls
 * @returns {Promise<{ userOpHash: `0x${string}`, transactionHash: `0x${string}`, success: boolean }>}
 */
export async function sendUserOperation(evmKey, network, calls) {
  const { client, bundler } = clientsOf(network)
  const account = await toFoyerAccount({ client, owner: privateKeyToAccount(evmKey) })
  const userOpHash = await bundler.sendUserOperation({
    account,
    calls: calls.map((call) => ({ to: call.to, value: call.value === undefined ? 0n : BigInt(call.value), data: call.data ?? '0x' })),
  })
  const receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: RECEIPT_TIMEOUT_MS })
  return { userOpHash, transactionHash: receipt.receipt.transactionHash, success: receipt.success }
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
