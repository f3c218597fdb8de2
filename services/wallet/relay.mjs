// What the service does around a signature the frame makes (KEYS.md, Signing): for an approved request it prepares
// the signing job (the message, the typed data, a transaction with its nonce and fees, a user operation's hash),
// then checks what the frame signed (the signer must be the user) and relays it: broadcasts a transaction, sends a
// user operation, wraps a smart account's signature in ERC-6492, or answers it. It never holds a user key.
// Loaded at the first approval, not at start: viem's clients are half a second of `npm start`.
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Encoder } from '@solana/kit'
import {
  createPublicClient,
  defineChain,
  hashMessage,
  hashTypedData,
  http,
  parseSignature,
  parseTransaction,
  serializeErc6492Signature,
} from 'viem'

import { WalletError, invalidRequest } from './errors.mjs'
import { jsonRpcCall } from './jsonRpcCall.mjs'
import { recoverMessageSigner, recoverTransactionSigner, recoverTypedDataSigner } from './recoverSigner.mjs'

/** @typedef {import('./frame/signing.js').SigningJob} SigningJob */
/** @typedef {import('./networks.mjs').WalletNetwork} WalletNetwork */
/** @typedef {import('./accounts.mjs').WalletUser} WalletUser */
/** @typedef {{ to: `0x${string}`, value?: string, data?: `0x${string}`, gas?: string }} EvmCall */
/**
 * What an approved request did so far (approvals.progress): the hashes sent, or the user operation to sign; for an
 * EIP-7702 account, whether its approval said it upgrades the account, and the authorization asked for.
 *
 * @typedef {{ hashes?: `0x${string}`[], userOperation?: string, sponsorship?: string, upgrade?: boolean,
 *   authorization?: import('./delegation.mjs').AuthorizationRequest, sponsor?: boolean, undelegation?: string }} Progress
 */
/** @typedef {{ job: SigningJob, progress: Progress } | { result: unknown, progress: Progress }} Step */

/** @param {any} row an approvals row */
const callsOf = (row) => (row.method === 'wallet_sendCalls' ? row.params[0].calls : [row.params[0]])

/**
 * The first signing job of an approved request.
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @param {import('./rpc.mjs').RpcDeps} deps
 * @returns {Promise<Step>}
 */
export async function firstStep(network, user, row, deps) {
  const { method, params } = row
  // A permission's grant or revocation, from the visitor's upgraded EOA (grants.mjs).
  if (method === 'wallet_grantPermissions') return (await import('./grants.mjs')).firstGrantStep(network, user, row)
  if (method === 'wallet_revokePermissions') {
    const sponsor = (/** @type {readonly EvmCall[]} */ calls) => sponsorOf(deps, network, user, row, calls)
    return (await import('./grants.mjs')).firstRevocationStep(deps, network, user, row, sponsor)
  }
  if (method === 'foyer_undelegateAccount') {
    const { serialize } = await import('./smartAccounts.mjs')
    const { undelegationJob, undelegationRequest } = await import('./delegation.mjs')
    const asked = await undelegationRequest(network, user.evmAddress)
    return { job: undelegationJob(asked), progress: { undelegation: serialize(asked) } }
  }
  if (method === 'eth_sendUserOperation' || method === 'eth_sendTransaction' || method === 'wallet_sendCalls') {
    const { sendsOperation } = await import('./rpc.mjs')
    if (row.account_type === 'eip7702' && sendsOperation(method, params, 'eip7702', row.sponsorship ?? undefined)) {
      return firstDelegatedStep(network, user, row, await sponsorOf(deps, network, user, row, callsOf(row)))
    }
    if (method === 'eth_sendUserOperation' || row.account_type === 'smartAccount') {
      // The wallet builds the operation itself (nonce, gas): the site's values for them are not used, so what runs
      // is exactly the calls the visitor approved.
      const { prepareUserOperation } = await import('./smartAccounts.mjs')
      const calls = method === 'eth_sendUserOperation' ? params.calls : callsOf(row)
      const prepared = await prepareUserOperation(network, user.evmAddress, calls, await sponsorOf(deps, network, user, row, calls))
      const { serialized: userOperation, sponsorship } = prepared
      return { job: { kind: 'evm_hash', hash: prepared.hash }, progress: { userOperation, ...(sponsorship && { sponsorship }) } }
    }
    return { job: await transactionJob(network, user, callsOf(row)[0]), progress: { hashes: [] } }
  }
  if (method === 'personal_sign') {
    const [message, address] = params
    const bytes = /^0x[0-9a-f]*$/i.test(message) ? { raw: message } : message
    if (isOwner(user, address)) return { job: { kind: 'evm_message', message: bytes }, progress: {} }
    return { job: await smartAccountJob(network, user, hashMessage(bytes)), progress: {} }
  }
  if (method === 'eth_signTypedData_v4') {
    const typedData = typedDataOf(params[1])
    if (isOwner(user, params[0])) return { job: { kind: 'evm_typed', typedData }, progress: {} }
    return { job: await smartAccountJob(network, user, hashTypedData(typedData)), progress: {} }
  }
  if (method === 'solana_signMessage') return { job: { kind: 'solana_message', message: params.message }, progress: {} }
  return { job: { kind: 'solana_transaction', transaction: params.transaction }, progress: {} }
}

/**
 * What pays a smart-account operation's fee when the approval said its site does (sponsorship.mjs): the policy is
 * asked again, with the operation's cost, when the paymaster signs.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @param {readonly EvmCall[]} calls
 * @returns {Promise<import('./smartAccounts.mjs').Sponsor | undefined>}
 */
async function sponsorOf(deps, network, user, row, calls) {
  if (!row.sponsorship?.site || !deps.sponsorship) return undefined
  const { reserveSponsorship } = await import('./sponsorship.mjs')
  const request = { projectId: row.sponsorship.projectId, userId: user.id, chainId: network.id, calls }
  const { paymaster, signerKey } = deps.sponsorship
  return { paymaster, signerKey, now: deps.now(), reserve: (cost) => reserveSponsorship(deps, request, cost) }
}

/**
 * Checks and relays what the frame signed for the job of `progress`; answers the request's result, or the next job.
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {any} row @param {Progress} progress
 * @param {{ signature?: string, transaction?: string }} signed
 * @param {import('./rpc.mjs').RpcDeps} deps
 * @returns {Promise<Step>}
 */
export async function nextStep(network, user, row, progress, signed, deps) {
  const { method, params } = row
  if (method === 'wallet_grantPermissions') {
    const sponsor = (/** @type {readonly EvmCall[]} */ calls) => sponsorOf(deps, network, user, row, calls)
    return (await import('./grants.mjs')).nextGrantStep(deps, network, user, row, /** @type {any} */ (progress), signed, sponsor)
  }
  if (method === 'wallet_revokePermissions') {
    return (await import('./grants.mjs')).nextRevocationStep(deps, network, user, row, progress, signed)
  }
  if (method === 'foyer_undelegateAccount') {
    const [{ deserialize }, { sendUndelegation }] = await Promise.all([import('./smartAccounts.mjs'), import('./delegation.mjs')])
    const transaction = String(signed.transaction ?? '')
    if (!/^0x[0-9a-fA-F]+$/.test(transaction)) throw invalidRequest('transaction must be a signed transaction in hex')
    const hash = await sendUndelegation(
      network,
      user.evmAddress,
      deserialize(String(progress.undelegation)),
      /** @type {`0x${string}`} */ (transaction),
    )
    return { result: hash, progress: { hashes: [hash] } }
  }
  if (row.account_type === 'eip7702' && (progress.authorization || progress.userOperation)) {
    return nextDelegatedStep(deps, network, user, row, progress, signed)
  }
  if (progress.userOperation) {
    const { sendSignedUserOperation } = await import('./smartAccounts.mjs')
    const { actualGasCost, ...sent } = await sendSignedUserOperation(network, user.evmAddress, progress.userOperation, evmSignature(signed))
    if (progress.sponsorship) {
      const { settleSponsorship } = await import('./sponsorship.mjs')
      await settleSponsorship(deps.database, progress.sponsorship, sent.userOpHash, actualGasCost)
    }
    const result =
      method === 'eth_sendTransaction' ? sent.transactionHash : method === 'eth_sendUserOperation' ? sent.userOpHash : { id: row.id }
    return { result, progress: { ...progress, ...sent } }
  }
  if (progress.hashes) {
    const hash = await broadcast(network, user, callsOf(row)[progress.hashes.length], signed.transaction)
    const hashes = [...progress.hashes, hash]
    const calls = callsOf(row)
    if (hashes.length < calls.length) return { job: await transactionJob(network, user, calls[hashes.length]), progress: { hashes } }
    return { result: method === 'eth_sendTransaction' ? hash : { id: row.id }, progress: { hashes } }
  }
  if (method === 'personal_sign' || method === 'eth_signTypedData_v4') {
    const signature = evmSignature(signed)
    const [message, address] = method === 'personal_sign' ? params : [params[1], params[0]]
    if (isOwner(user, address)) {
      const signer =
        method === 'personal_sign'
          ? recoverMessageSigner(/^0x[0-9a-f]*$/i.test(message) ? { raw: message } : message, signature)
          : recoverTypedDataSigner(typedDataOf(message), signature)
      requireSigner(user, signer)
      return { result: signature, progress }
    }
    const hash =
      method === 'personal_sign'
        ? hashMessage(/^0x[0-9a-f]*$/i.test(message) ? { raw: message } : message)
        : hashTypedData(typedDataOf(message))
    return { result: await smartAccountSignature(network, user, hash, signature), progress }
  }
  if (method === 'solana_signMessage') {
    const signature = String(signed.signature ?? '')
    const valid = (() => {
      try {
        const bytes = (/** @type {string} */ text) => /** @type {Uint8Array} */ (getBase58Encoder().encode(text))
        return ed25519.verify(bytes(signature), bytes(params.message), bytes(user.solanaAddress))
      } catch {
        return false
      }
    })()
    if (!valid) throw invalidRequest('The signature is not the wallet’s')
    return { result: { signature }, progress }
  }
  const transaction = String(signed.transaction ?? '')
  if (method === 'solana_signTransaction') return { result: { transaction }, progress }
  const signature = await jsonRpcCall(network.rpcUrl, 'sendTransaction', [transaction, { encoding: 'base64' }])
  return { result: { signature }, progress }
}

/**
 * The first job of a request sent from an EIP-7702 account (docs/wallets.md#account-modes): the operation's typed data
 * once the account is upgraded; before, the authorization, which only an approval that said "Upgrade this account"
 * may ask for (the frame signs it only to the wallet's delegate: frame/signing.js).
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @param {import('./smartAccounts.mjs').Sponsor | undefined} sponsor
 * @returns {Promise<Step>}
 */
async function firstDelegatedStep(network, user, row, sponsor) {
  const { authorizationRequest, delegationState } = await import('./delegation.mjs')
  if (!(await delegationState(network, user.evmAddress)).upgraded) {
    if (!row.progress?.upgrade) throw invalidRequest('This account is not upgraded, and the approval did not say it would be')
    const authorization = await authorizationRequest(network, user.evmAddress)
    return { job: { kind: 'evm_authorization', authorization }, progress: { upgrade: true, authorization, sponsor: Boolean(sponsor) } }
  }
  return delegatedOperationJob(network, user, row, sponsor, undefined)
}

/**
 * The operation's job, with the signed authorization when it also upgrades the account.
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @param {import('./smartAccounts.mjs').Sponsor | undefined} sponsor
 * @param {import('viem').SignedAuthorization | undefined} authorization
 * @returns {Promise<Step>}
 */
async function delegatedOperationJob(network, user, row, sponsor, authorization) {
  const [{ prepareDelegatedOperation }, { jsonSafe }] = await Promise.all([import('./delegation.mjs'), import('./grants.mjs')])
  const prepared = await prepareDelegatedOperation(network, user.evmAddress, callsOf(row), { authorization, sponsor })
  return {
    job: { kind: 'evm_typed', typedData: jsonSafe(prepared.typedData) },
    progress: { userOperation: prepared.serialized, ...(prepared.sponsorship && { sponsorship: prepared.sponsorship }) },
  }
}

/**
 * Checks what the frame signed for an EIP-7702 request: the authorization (then the operation that carries it is
 * the next job), or the operation, which is sent.
 *
 * @param {import('./rpc.mjs').RpcDeps} deps @param {WalletNetwork} network @param {WalletUser} user @param {any} row
 * @param {Progress} progress @param {{ signature?: string }} signed
 * @returns {Promise<Step>}
 */
async function nextDelegatedStep(deps, network, user, row, progress, signed) {
  const signature = evmSignature(signed)
  const { checkAuthorization, sendDelegatedOperation } = await import('./delegation.mjs')
  if (progress.authorization && !progress.userOperation) {
    const { r, s, yParity } = parseSignature(signature)
    const authorization = await checkAuthorization(progress.authorization, user.evmAddress, { ...progress.authorization, r, s, yParity })
    const sponsor = progress.sponsor ? await sponsorOf(deps, network, user, row, callsOf(row)) : undefined
    return delegatedOperationJob(network, user, row, sponsor, authorization)
  }
  const { actualGasCost, ...sent } = await sendDelegatedOperation(network, user.evmAddress, String(progress.userOperation), signature)
  if (progress.sponsorship) {
    const { settleSponsorship } = await import('./sponsorship.mjs')
    await settleSponsorship(deps.database, progress.sponsorship, sent.userOpHash, actualGasCost)
  }
  if (!sent.success) throw new WalletError(400, 'RPC_ERROR', 'The operation failed on chain', { rpcCode: -32603 })
  return { result: row.method === 'eth_sendTransaction' ? sent.transactionHash : { id: row.id }, progress: { ...progress, ...sent } }
}

/** @param {WalletUser} user @param {string} address */
const isOwner = (user, address) => address.toLowerCase() === user.evmAddress.toLowerCase()

/** @param {WalletUser} user @param {string | undefined} signer undefined for a signature that names no key */
function requireSigner(user, signer) {
  if (signer === undefined || !isOwner(user, signer)) throw invalidRequest('The signature is not the wallet’s')
}

/** @param {{ signature?: string }} signed */
function evmSignature(signed) {
  if (typeof signed.signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signed.signature))
    throw invalidRequest('signature must be 65 bytes of hex')
  return /** @type {`0x${string}`} */ (signed.signature)
}

/** eth_signTypedData_v4's typed data, as JSON text or an object; viem derives EIP712Domain from `domain` itself. @param {any} typedData */
function typedDataOf(typedData) {
  const { domain, types, primaryType, message } = typeof typedData === 'string' ? JSON.parse(typedData) : typedData
  const { EIP712Domain: _domainType, ...ownTypes } = types ?? {}
  return { domain, types: ownTypes, primaryType, message }
}

/** @param {WalletNetwork} network */
function publicClientOf(network) {
  const chain = defineChain({
    id: Number(network.id),
    name: `Chain ${network.id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
  })
  return createPublicClient({ chain, transport: http(network.rpcUrl) })
}

/** @param {bigint | number | undefined} value */
const hex = (value) => (value === undefined ? undefined : `0x${value.toString(16)}`)

/**
 * One call as an EIP-1559 transaction with its nonce, gas and fees, for the frame to sign.
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {EvmCall} call
 * @returns {Promise<SigningJob>}
 */
async function transactionJob(network, user, call) {
  const client = publicClientOf(network)
  const prepared = await client.prepareTransactionRequest({
    account: user.evmAddress,
    to: call.to,
    value: call.value === undefined ? undefined : BigInt(call.value),
    data: call.data,
    gas: call.gas === undefined ? undefined : BigInt(call.gas),
    type: 'eip1559',
    chain: client.chain,
  })
  return {
    kind: 'evm_transaction',
    transaction: {
      chainId: hex(Number(network.id)),
      nonce: hex(prepared.nonce),
      to: call.to,
      value: hex(prepared.value ?? 0n),
      data: call.data,
      gas: hex(prepared.gas),
      maxFeePerGas: hex(prepared.maxFeePerGas),
      maxPriorityFeePerGas: hex(prepared.maxPriorityFeePerGas),
    },
  }
}

/**
 * Sends a transaction the frame signed, after checking that it is the user's and the approved call.
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {EvmCall} call @param {unknown} serialized
 * @returns {Promise<`0x${string}`>}
 */
async function broadcast(network, user, call, serialized) {
  if (typeof serialized !== 'string' || !/^0x[0-9a-fA-F]+$/.test(serialized))
    throw invalidRequest('transaction must be a signed transaction in hex')
  const transaction = /** @type {`0x${string}`} */ (serialized)
  requireSigner(user, recoverTransactionSigner(transaction))
  const parsed = parseTransaction(transaction)
  const same =
    parsed.to?.toLowerCase() === call.to.toLowerCase() &&
    (parsed.value ?? 0n) === BigInt(call.value ?? 0) &&
    (parsed.data ?? '0x') === (call.data ?? '0x') &&
    parsed.chainId === Number(network.id)
  if (!same) throw invalidRequest('The signed transaction is not the approved one')
  return jsonRpcCall(network.rpcUrl, 'eth_sendRawTransaction', [transaction])
}

/**
 * The owner's part of a smart account's signature: FoyerAccount's replay-safe typed data for `hash`.
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {`0x${string}`} hash
 * @returns {Promise<SigningJob>}
 */
async function smartAccountJob(network, user, hash) {
  const { smartAccountOf } = await import('./smartAccounts.mjs')
  const { replaySafeTypedData } = await import('./foyerAccount.mjs')
  const account = await smartAccountOf(network, user.evmAddress)
  return { kind: 'evm_typed', typedData: replaySafeTypedData(await account.getAddress(), Number(network.id), hash) }
}

/**
 * The smart account's signature (ERC-1271) from its owner's, wrapped in ERC-6492 while it is not deployed.
 *
 * @param {WalletNetwork} network @param {WalletUser} user @param {`0x${string}`} hash @param {`0x${string}`} signature
 */
async function smartAccountSignature(network, user, hash, signature) {
  const { smartAccountOf } = await import('./smartAccounts.mjs')
  const { replaySafeTypedData } = await import('./foyerAccount.mjs')
  const account = await smartAccountOf(network, user.evmAddress)
  const typedData = replaySafeTypedData(await account.getAddress(), Number(network.id), hash)
  requireSigner(user, recoverTypedDataSigner(typedData, signature))
  const { factory, factoryData } = await account.getFactoryArgs()
  return factory && factoryData ? serializeErc6492Signature({ address: factory, data: factoryData, signature }) : signature
}
