// What the keys do once the user approved: EVM with a viem local account, Solana messages with node:crypto
// ed25519, Solana transactions with @solana/kit. Each function gets the opened keys for one call only.
import { sign } from 'node:crypto'

import {
  createKeyPairFromPrivateKeyBytes,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  signTransaction,
} from '@solana/kit'
import { createWalletClient, defineChain, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

import { ed25519PrivateKey } from './accounts.mjs'
import { invalidRequest } from './errors.mjs'
import { jsonRpcCall } from './jsonRpcCall.mjs'

/** @typedef {{ evmKey: `0x${string}`, solanaSeed: Buffer }} OpenedKeys */
/** @typedef {import('./networks.mjs').WalletNetwork} WalletNetwork */
/** @typedef {{ to: `0x${string}`, value?: string, data?: `0x${string}`, gas?: string }} EvmCall */

/**
 * What signs an EVM message: the user's key itself, or the smart account it owns (which signs as itself, ERC-1271).
 *
 * @typedef {Pick<import('viem').LocalAccount, 'signMessage' | 'signTypedData'>} EvmSigner
 */

/**
 * personal_sign: `[message, address]`, the message hex (bytes) or text.
 *
 * @param {EvmSigner} account the account `address` names @param {[string, string]} params
 */
export function personalSign(account, [message]) {
  return account.signMessage({ message: /^0x[0-9a-f]*$/i.test(message) ? { raw: /** @type {`0x${string}`} */ (message) } : message })
}

/**
 * eth_signTypedData_v4: `[address, typedData]`, typedData as JSON text or an object.
 *
 * @param {EvmSigner} account the account `address` names @param {[string, any]} params
 */
export function signTypedDataV4(account, [, typedData]) {
  const { domain, types, primaryType, message } = typeof typedData === 'string' ? JSON.parse(typedData) : typedData
  // viem derives EIP712Domain from `domain` itself.
  const { EIP712Domain: _domainType, ...ownTypes } = types ?? {}
  return account.signTypedData({ domain, types: ownTypes, primaryType, message })
}

/**
 * Sends each call as its own transaction, in order, on the service's RPC for `network`.
 *
 * @param {OpenedKeys} keys @param {WalletNetwork} network @param {readonly EvmCall[]} calls
 * @returns {Promise<`0x${string}`[]>} the transaction hashes
 */
export async function sendEvmTransactions(keys, network, calls) {
  const chain = defineChain({
    id: Number(network.id),
    name: `Chain ${network.id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
  })
  const client = createWalletClient({ account: privateKeyToAccount(keys.evmKey), chain, transport: http(network.rpcUrl) })
  /** @type {`0x${string}`[]} */
  const hashes = []
  for (const call of calls) {
    hashes.push(
      await client.sendTransaction({
        to: call.to,
        value: call.value === undefined ? undefined : BigInt(call.value),
        data: call.data,
        gas: call.gas === undefined ? undefined : BigInt(call.gas),
      }),
    )
  }
  return hashes
}

/**
 * solana_signMessage: `{ message }` in base58; answers `{ signature }` in base58.
 *
 * @param {OpenedKeys} keys @param {{ message: string }} params
 */
export function solanaSignMessage(keys, { message }) {
  const bytes = getBase58Encoder().encode(message)
  const signature = sign(null, /** @type {Uint8Array} */ (bytes), ed25519PrivateKey(keys.solanaSeed))
  return { signature: getBase58Decoder().decode(signature) }
}

/**
 * Signs a base64 wire transaction whose signers include the user; returns it signed, base64.
 *
 * @param {OpenedKeys} keys @param {string} transaction
 */
async function signSolanaWire(keys, transaction) {
  let decoded
  try {
    decoded = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
  } catch {
    throw invalidRequest('transaction must be a base64 wire transaction')
  }
  const keyPair = await createKeyPairFromPrivateKeyBytes(keys.solanaSeed)
  return getBase64EncodedWireTransaction(await signTransaction([keyPair], decoded))
}

/** solana_signTransaction: `{ transaction }` base64 → `{ transaction }` signed. @param {OpenedKeys} keys @param {{ transaction: string }} params */
export async function solanaSignTransaction(keys, { transaction }) {
  return { transaction: await signSolanaWire(keys, transaction) }
}

/**
 * solana_signAndSendTransaction: signed, then sent through the service's Solana RPC; answers `{ signature }`.
 *
 * @param {OpenedKeys} keys @param {WalletNetwork} network @param {{ transaction: string }} params
 */
export async function solanaSignAndSendTransaction(keys, network, { transaction }) {
  const signed = await signSolanaWire(keys, transaction)
  const signature = await jsonRpcCall(network.rpcUrl, 'sendTransaction', [signed, { encoding: 'base64' }])
  return { signature }
}
