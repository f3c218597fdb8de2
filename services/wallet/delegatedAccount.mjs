// An EOA upgraded in place by EIP-7702 (its code `0xef0100 ‖ EIP7702_DELEGATE`, MetaMask's EIP7702StatelessDeleGator)
// as a viem smart account, for viem's bundler actions: the account's address is the EOA's own, its calls go through
// the DeleGator's ERC-7579 `execute`, and its owner is the EOA's key, which only the frame holds (KEYS.md). The
// DeleGator checks a user operation's signature over an EIP-712 hash in its own domain (the EOA as verifying contract)
// and an ERC-1271 signature as the EOA's own ECDSA signature of the hash.
import {
  concat,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  numberToHex,
  pad,
  size,
  slice,
} from 'viem'
import { entryPoint08Abi, toPackedUserOperation, toSmartAccount } from 'viem/account-abstraction'
import { readContract } from 'viem/actions'

import { DELEGATION_ABIS, EIP7702_DELEGATE } from './delegationFramework.mjs'
import { ENTRY_POINT_08 } from './foyerAccount.mjs'

/** ERC-7579 execution modes (call type ‖ exec type ‖ 30 zero bytes): one call, or a batch that reverts as a whole. */
export const SINGLE_CALL_MODE = /** @type {`0x${string}`} */ (pad('0x00', { size: 32, dir: 'right' }))
export const BATCH_CALL_MODE = /** @type {`0x${string}`} */ (pad('0x01', { size: 32, dir: 'right' }))

const EXECUTIONS = /** @type {const} */ ([
  {
    type: 'tuple[]',
    components: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'callData', type: 'bytes' },
    ],
  },
])

/** @typedef {{ to: `0x${string}`, value?: bigint, data?: `0x${string}` }} Call */

/**
 * ERC-7579's executionCalldata for one call: `target (20) ‖ value (32) ‖ callData`.
 *
 * @param {Call} call
 */
export const encodeSingleExecution = (call) => concat([call.to, pad(numberToHex(call.value ?? 0n), { size: 32 }), call.data ?? '0x'])

/**
 * The DeleGator's `execute(mode, executionCalldata)` for `calls`: one call as it is, several as an atomic batch.
 *
 * @param {readonly Call[]} calls 1 or more
 * @returns {`0x${string}`}
 */
export function encodeDelegatedCalls(calls) {
  const [only] = calls
  if (calls.length === 1 && only) {
    return encodeFunctionData({
      abi: DELEGATION_ABIS.delegator,
      functionName: 'execute',
      args: [SINGLE_CALL_MODE, encodeSingleExecution(only)],
    })
  }
  const batch = encodeAbiParameters(EXECUTIONS, [
    calls.map((call) => ({ target: call.to, value: call.value ?? 0n, callData: call.data ?? '0x' })),
  ])
  return encodeFunctionData({ abi: DELEGATION_ABIS.delegator, functionName: 'execute', args: [BATCH_CALL_MODE, batch] })
}

/**
 * The calls a user operation's callData makes the account run; throws for anything but `execute` in the two modes.
 *
 * @param {`0x${string}`} data
 * @returns {{ to: `0x${string}`, value: bigint, data: `0x${string}` }[]}
 */
export function decodeDelegatedCalls(data) {
  const decoded = decodeFunctionData({ abi: DELEGATION_ABIS.delegator, data })
  if (decoded.functionName !== 'execute' || decoded.args?.length !== 2)
    throw new Error(`DeleGator: cannot decode a call to ${decoded.functionName}`)
  const [mode, execution] = /** @type {[`0x${string}`, `0x${string}`]} */ (decoded.args)
  if (mode === SINGLE_CALL_MODE) {
    if (size(execution) < 52) throw new Error('DeleGator: a single execution is at least 52 bytes')
    return [
      { to: slice(execution, 0, 20), value: BigInt(slice(execution, 20, 52)), data: size(execution) > 52 ? slice(execution, 52) : '0x' },
    ]
  }
  if (mode === BATCH_CALL_MODE) {
    const [batch] = decodeAbiParameters(EXECUTIONS, execution)
    return batch.map((call) => ({ to: call.target, value: call.value, data: call.callData }))
  }
  throw new Error(`DeleGator: execution mode ${mode} is not one this wallet sends`)
}

/**
 * The EIP-712 message the owner signs for a user operation (the DeleGator's own hash: the packed operation and the
 * EntryPoint, in the domain of the account itself).
 *
 * @param {object} options
 * @param {`0x${string}`} options.account the EOA
 * @param {number} options.chainId
 * @param {any} options.userOperation viem's unpacked v0.8 operation, gas and paymaster filled in
 */
export function delegatedUserOperationTypedData({ account, chainId, userOperation }) {
  const packed = toPackedUserOperation({ ...userOperation, sender: account, signature: '0x' })
  return /** @type {const} */ ({
    domain: { name: 'EIP7702StatelessDeleGator', version: '1', chainId, verifyingContract: account },
    types: {
      PackedUserOperation: [
        { name: 'sender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'initCode', type: 'bytes' },
        { name: 'callData', type: 'bytes' },
        { name: 'accountGasLimits', type: 'bytes32' },
        { name: 'preVerificationGas', type: 'uint256' },
        { name: 'gasFees', type: 'bytes32' },
        { name: 'paymasterAndData', type: 'bytes' },
        { name: 'entryPoint', type: 'address' },
      ],
    },
    primaryType: 'PackedUserOperation',
    message: { ...packed, entryPoint: ENTRY_POINT_08 },
  })
}

/**
 * The delegate an address's code points to (EIP-7702's `0xef0100 ‖ address`), or undefined for an EOA with no
 * delegation (or a contract, which is no EOA at all).
 *
 * @param {`0x${string}` | undefined} code what eth_getCode answered
 * @returns {`0x${string}` | undefined}
 */
export function delegateOf(code) {
  if (!code || !/^0xef0100[0-9a-f]{40}$/i.test(code)) return undefined
  return /** @type {`0x${string}`} */ (`0x${code.slice(8)}`)
}

// A well-formed signature (a throwaway key's) for gas estimation: the DeleGator's ECDSA.recover does the work it will
// do for real instead of reverting on a malformed one.
const STUB_SIGNATURE = /** @type {`0x${string}`} */ (
  '0xe45587e503e5ba2e46fdf4fe385ce1eef7ae783d6fb69440bb71bc0b93db9dd14d31350668898d43e1d9b3f0e1ed5e4dced4a44310c7e25d8bd4cb6c81ed40c51c'
)

/**
 * The EOA `owner` as a smart account delegated to EIP7702_DELEGATE. Its first user operation carries the EIP-7702
 * authorization (sendUserOperation's `authorization`); no factory is ever called: the address is the EOA's.
 *
 * @param {object} options
 * @param {import('viem').Client<import('viem').Transport, import('viem').Chain | undefined, any>} options.client a public
 *   client on the account's chain
 * @param {Pick<import('viem').LocalAccount, 'address'> & Partial<import('viem').LocalAccount>} options.owner the EOA; the
 *   service passes an address only (it prepares, the frame signs), the tests a key that signs
 * @returns {Promise<import('viem/account-abstraction').SmartAccount>}
 */
export async function toDelegatedAccount({ client, owner }) {
  const chainId = () => /** @type {import('viem').Chain} */ (client.chain).id
  const cannotSign = () => {
    throw new Error('This account is an address only: the frame signs for it (KEYS.md)')
  }
  return toSmartAccount({
    client,
    entryPoint: /** @type {const} */ ({ abi: entryPoint08Abi, address: ENTRY_POINT_08, version: '0.8' }),
    extend: { abi: DELEGATION_ABIS.delegator, delegate: EIP7702_DELEGATE },
    async getAddress() {
      return owner.address
    },
    // Key 0, one sequence, as FoyerAccount: operations land in the order they were signed.
    async getNonce() {
      return /** @type {bigint} */ (
        await readContract(client, { abi: entryPoint08Abi, address: ENTRY_POINT_08, functionName: 'getNonce', args: [owner.address, 0n] })
      )
    },
    // No initCode: the authorization in the bundle's type-4 transaction gives the EOA its code before validation.
    async getFactoryArgs() {
      return { factory: undefined, factoryData: undefined }
    },
    async encodeCalls(calls) {
      return encodeDelegatedCalls(calls)
    },
    async decodeCalls(data) {
      return decodeDelegatedCalls(data)
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    // ERC-1271: the DeleGator accepts the EOA's own signature of the hash, so a signature is the key's, as before.
    async signMessage({ message }) {
      return owner.signMessage ? owner.signMessage({ message }) : cannotSign()
    },
    async signTypedData(typedData) {
      return owner.signTypedData ? owner.signTypedData(/** @type {any} */ (typedData)) : cannotSign()
    },
    async signUserOperation({ chainId: operationChainId, ...userOperation }) {
      if (!owner.signTypedData) return cannotSign()
      return owner.signTypedData(
        delegatedUserOperationTypedData({ account: owner.address, chainId: operationChainId ?? chainId(), userOperation }),
      )
    },
  })
}
