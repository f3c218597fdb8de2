// EIP-7702 for the embedded wallet (docs/wallets.md#eip-7702-the-visitors-own-address-as-a-smart-account): the user's EOA is upgraded in place to a smart account
// by one authorization to EIP7702_DELEGATE, then sends batched, sponsored user operations from its own address, and
// may be returned to a plain EOA by an authorization to the zero address. The service prepares each thing to sign
// with the delegate and chain its configuration fixes and the nonce the chain says; the frame signs it with the
// user's key (KEYS.md); the service checks the signer and sends. No function here holds a user key.
// Loaded on first use, as smartAccounts.mjs is.
import { isAddressEqual, parseTransaction, zeroAddress } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'

import { EIP7702_DELEGATE } from './delegationFramework.mjs'
import { delegatedUserOperationTypedData, delegateOf, toDelegatedAccount } from './delegatedAccount.mjs'
import { WalletError, invalidRequest } from './errors.mjs'
import { ENTRY_POINT_08 } from './foyerAccount.mjs'
import { recoverTransactionSigner, recoverTypedDataSigner } from './recoverSigner.mjs'
import { RECEIPT_TIMEOUT_MS, clientsOf, deserialize, paymasterActions, serialize } from './smartAccounts.mjs'

/**
 * An EIP-7702 authorization as the frame is asked to sign it: every field fixed by the service.
 *
 * @typedef {{ chainId: number, address: `0x${string}`, nonce: number }} AuthorizationRequest
 */

/**
 * Where an address stands on `network`: the delegate its code points to (none for a plain EOA), whether that is this
 * wallet's delegate, and its transaction count (the nonce its next authorization or transaction takes).
 *
 * @param {import('./networks.mjs').WalletNetwork} network a network with a bundler
 * @param {`0x${string}`} address the user's EOA
 */
export async function delegationState(network, address) {
  const { client } = clientsOf(network)
  const [code, nonce] = await Promise.all([client.getCode({ address }), client.getTransactionCount({ address, blockTag: 'pending' })])
  const delegate = delegateOf(code)
  return { delegate, upgraded: Boolean(delegate && isAddressEqual(delegate, EIP7702_DELEGATE)), nonce }
}

/**
 * The authorization that upgrades `address` to this wallet's delegate, or (`undelegate`) returns it to a plain EOA:
 * the chain is the network's own (never 0, which would be good on every chain), the nonce the account's count now
 * (plus one when the account itself sends the transaction that carries it, whose own nonce comes first).
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {`0x${string}`} address
 * @param {{ undelegate?: boolean, selfSent?: boolean }} [options]
 * @returns {Promise<AuthorizationRequest>}
 */
export async function authorizationRequest(network, address, { undelegate = false, selfSent = false } = {}) {
  const { nonce } = await delegationState(network, address)
  return { chainId: Number(network.id), address: undelegate ? zeroAddress : EIP7702_DELEGATE, nonce: nonce + (selfSent ? 1 : 0) }
}

/**
 * Checks that a signed authorization is the one asked for, field by field, and signed by the account; answers it.
 *
 * @param {AuthorizationRequest} asked
 * @param {`0x${string}`} account
 * @param {any} signed `{ chainId, address, nonce, r, s, yParity }` as the frame answered it
 * @returns {Promise<import('viem').SignedAuthorization>}
 */
export async function checkAuthorization(asked, account, signed) {
  const same =
    signed &&
    Number(signed.chainId) === asked.chainId &&
    typeof signed.address === 'string' &&
    isAddressEqual(signed.address, asked.address) &&
    Number(signed.nonce) === asked.nonce
  if (!same) throw invalidRequest('The authorization is not the one the wallet asked for')
  /** @type {import('viem').SignedAuthorization} */
  const authorization = {
    chainId: asked.chainId,
    address: asked.address,
    nonce: asked.nonce,
    r: signed.r,
    s: signed.s,
    yParity: Number(signed.yParity),
  }
  const signer = await recoverAuthorizationAddress({ authorization }).catch(() => undefined)
  if (!signer || !isAddressEqual(signer, account)) throw invalidRequest('The authorization is not signed by the wallet’s key')
  return authorization
}

/**
 * `calls` as one user operation from the EOA's own address (atomic when several), ready for the frame to sign: the
 * DeleGator's EIP-7702 typed data. With `authorization` (checkAuthorization's), the operation also upgrades the
 * account (the bundler sends it as a type-4 transaction); with `sponsor`, the site's paymaster pays the fee.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {`0x${string}`} owner the user's EOA
 * @param {readonly import('./relay.mjs').EvmCall[]} calls
 * @param {{ authorization?: import('viem').SignedAuthorization, sponsor?: import('./smartAccounts.mjs').Sponsor }} [options]
 */
export async function prepareDelegatedOperation(network, owner, calls, { authorization, sponsor } = {}) {
  const { client, bundler } = clientsOf(network)
  if (!authorization && !(await delegationState(network, owner)).upgraded) {
    throw invalidRequest('This account is not upgraded yet: its first operation carries the authorization')
  }
  const account = await toDelegatedAccount({ client, owner: { address: owner } })
  /** @type {string | undefined} */
  let sponsorship
  const { account: _account, ...userOperation } = await bundler.prepareUserOperation({
    account,
    calls: calls.map((call) => ({ to: call.to, value: call.value === undefined ? 0n : BigInt(call.value), data: call.data ?? '0x' })),
    ...(authorization && { authorization }),
    ...(sponsor && { paymaster: await paymasterActions(network, sponsor, (id) => (sponsorship = id)) }),
  })
  const typedData = delegatedUserOperationTypedData({ account: owner, chainId: Number(network.id), userOperation })
  return { typedData, serialized: serialize(userOperation), ...(sponsorship && { sponsorship }) }
}

/**
 * Sends a prepared operation with the owner's signature of its typed data (checked first) and waits for it to be
 * mined.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {`0x${string}`} owner
 * @param {string} serialized what {@link prepareDelegatedOperation} answered
 * @param {`0x${string}`} signature
 * @returns {Promise<{ userOpHash: `0x${string}`, transactionHash: `0x${string}`, success: boolean, actualGasCost: bigint }>}
 */
export async function sendDelegatedOperation(network, owner, serialized, signature) {
  const { bundler } = clientsOf(network)
  const userOperation = deserialize(serialized)
  const typedData = delegatedUserOperationTypedData({ account: owner, chainId: Number(network.id), userOperation })
  const signer = recoverTypedDataSigner(typedData, signature)
  if (!signer || !isAddressEqual(signer, owner)) throw invalidRequest('The signature is not the wallet’s')
  const userOpHash = await bundler.sendUserOperation({ ...userOperation, signature, entryPointAddress: ENTRY_POINT_08 })
  const receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: RECEIPT_TIMEOUT_MS })
  return { userOpHash, transactionHash: receipt.receipt.transactionHash, success: receipt.success, actualGasCost: receipt.actualGasCost }
}

/** Gas for the undelegation: a type-4 transaction's 21,000, 25,000 per authorization, and the call to an EOA. */
const UNDELEGATION_GAS = 60_000n

/**
 * What returns the account to a plain EOA: an authorization to the zero address, carried by a type-4 transaction the
 * account sends to itself and pays for (a user operation cannot carry it: the EntryPoint would find no code to
 * validate with). Both are signed in the frame, the authorization first; `sendUndelegation` checks and sends them.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {`0x${string}`} owner
 */
export async function undelegationRequest(network, owner) {
  const { client } = clientsOf(network)
  const [authorization, fees] = await Promise.all([
    authorizationRequest(network, owner, { undelegate: true, selfSent: true }),
    client.estimateFeesPerGas(),
  ])
  const cost = UNDELEGATION_GAS * fees.maxFeePerGas
  if ((await client.getBalance({ address: owner })) < cost) {
    throw new WalletError(400, 'RPC_ERROR', 'Your account has no ETH to pay the network fee of the undelegation')
  }
  return {
    authorization,
    transaction: {
      type: /** @type {const} */ ('eip7702'),
      chainId: authorization.chainId,
      nonce: authorization.nonce - 1,
      to: owner,
      value: 0n,
      data: /** @type {`0x${string}`} */ ('0x'),
      gas: UNDELEGATION_GAS,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    },
  }
}

/**
 * Checks an undelegation before its approval is offered: the account runs a delegate and holds the ETH for the fee
 * (refused in words otherwise, before the visitor is asked); answers the words the frame shows.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {`0x${string}`} owner
 * @returns {Promise<{ summary: string }>}
 */
export async function checkUndelegation(network, owner) {
  const { delegate } = await delegationState(network, owner)
  if (!delegate) throw invalidRequest('This account is not a smart account: there is nothing to turn off')
  await undelegationRequest(network, owner)
  return {
    summary: [
      `Turn off the smart account on chain ${network.id}: an authorization to the zero address removes delegate ${delegate} from your account ${owner}.`,
      'The same address and key keep your funds.',
      'Permissions you granted stop working; batches and sponsored fees wait until the account is upgraded again.',
      'Network fee: paid by you, from this account’s ETH.',
    ].join('\n'),
  }
}

/** What the frame signs for an undelegation: its quantities in hex, as every transaction job. @param {Awaited<ReturnType<typeof undelegationRequest>>} asked */
export function undelegationJob({ authorization, transaction }) {
  const hex = (/** @type {bigint | number} */ value) => `0x${value.toString(16)}`
  const { chainId, nonce, to, gas, maxFeePerGas, maxPriorityFeePerGas } = transaction
  return /** @type {const} */ ({
    kind: 'evm_undelegation',
    authorization,
    transaction: {
      chainId: hex(chainId),
      nonce: hex(nonce),
      to,
      value: '0x0',
      data: '0x',
      gas: hex(gas),
      maxFeePerGas: hex(maxFeePerGas),
      maxPriorityFeePerGas: hex(maxPriorityFeePerGas),
    },
  })
}

/**
 * Sends a signed undelegation (the transaction of {@link undelegationRequest}, its authorization list holding the
 * signed authorization) after checking both are the account's and say what was asked, and waits for it.
 *
 * @param {import('./networks.mjs').WalletNetwork} network
 * @param {`0x${string}`} owner
 * @param {Awaited<ReturnType<typeof undelegationRequest>>} asked
 * @param {`0x${string}`} serializedTransaction
 * @returns {Promise<`0x${string}`>} the transaction hash
 */
export async function sendUndelegation(network, owner, asked, serializedTransaction) {
  const { client } = clientsOf(network)
  /** @type {any} */
  let transaction
  try {
    transaction = parseTransaction(serializedTransaction)
  } catch {
    throw invalidRequest('The undelegation is not a signed transaction')
  }
  const [signed, ...others] = transaction.authorizationList ?? []
  const expected = asked.transaction
  const same =
    transaction.type === 'eip7702' &&
    others.length === 0 &&
    transaction.chainId === expected.chainId &&
    transaction.nonce === expected.nonce &&
    transaction.to &&
    isAddressEqual(transaction.to, owner) &&
    (transaction.value ?? 0n) === 0n &&
    (transaction.data ?? '0x') === '0x'
  if (!same) throw invalidRequest('The undelegation is not the transaction the wallet asked for')
  await checkAuthorization(asked.authorization, owner, signed)
  const sender = recoverTransactionSigner(serializedTransaction)
  if (!sender || !isAddressEqual(sender, owner)) throw invalidRequest('The undelegation is not signed by the wallet’s key')
  const hash = await client.sendRawTransaction({ serializedTransaction })
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
  if (receipt.status !== 'success') throw new WalletError(400, 'RPC_ERROR', 'The undelegation failed on chain')
  return hash
}
