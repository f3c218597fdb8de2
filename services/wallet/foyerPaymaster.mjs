// FoyerPaymaster (services/dev/devchain/contracts/FoyerPaymaster.sol, its committed build beside this file): a
// verifying paymaster on EntryPoint v0.8 that pays for the user operations its signer vouched for. This module says
// where it is deployed and writes the paymaster fields of an operation: the stand-in the bundler estimates gas with,
// and the signed one that is sent (docs/sponsored-gas.md).
import { createRequire } from 'node:module'

import { concat, encodeAbiParameters, encodeDeployData, getContractAddress, keccak256, numberToHex, pad } from 'viem'

import { DETERMINISTIC_DEPLOYER, ENTRY_POINT_08 } from './foyerAccount.mjs'

/** The paymaster's build: its ABI and creation code. */
export const FOYER_PAYMASTER_ARTIFACT = /** @type {{ abi: import('viem').Abi, bytecode: `0x${string}` }} */ (
  createRequire(import.meta.url)('./FoyerPaymaster.json')
)

/**
 * The signer of the local chains' paymaster: a key made for Foyer's local stack, published here, so it guards only
 * the deposits of local chains. Never use it anywhere else.
 */
export const DEV_PAYMASTER_SIGNER = Object.freeze({
  address: /** @type {`0x${string}`} */ ('0xEAbaDA42487FEf50be78620F6cF45560848AF0E1'),
  privateKey: /** @type {`0x${string}`} */ ('0x7d8f91a7f004f32ea75e0f59f78a690fdcbc5d281f988b0734288b73a141f69e'),
})

/** Gas the paymaster's validation may use: a signature check and two hashes, with room to spare. */
export const PAYMASTER_VERIFICATION_GAS = 60_000n

/** Salt 0, as the factory's: the address follows from the creation code and its arguments alone. */
const SALT = /** @type {`0x${string}`} */ (`0x${'0'.repeat(64)}`)

/**
 * The deployment proxy's call that creates a FoyerPaymaster, and the address it lands at.
 *
 * @param {{ signer: `0x${string}`, owner: `0x${string}` }} keys
 */
export function foyerPaymasterDeployment({ signer, owner }) {
  const creation = encodeDeployData({
    abi: FOYER_PAYMASTER_ARTIFACT.abi,
    bytecode: FOYER_PAYMASTER_ARTIFACT.bytecode,
    args: [ENTRY_POINT_08, signer, owner],
  })
  const address = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: SALT, bytecode: creation })
  return { address, data: concat([SALT, creation]) }
}

/** A stand-in signature for gas estimation: 65 non-zero bytes, priced like the real one, that recovers to nobody. */
const STUB_SIGNATURE = /** @type {`0x${string}`} */ (`0x${'ff'.repeat(64)}1c`)

/** paymasterData: validUntil (6 bytes) ‖ validAfter (6 bytes) ‖ signature. @param {number} validUntil @param {`0x${string}`} signature */
const paymasterDataOf = (validUntil, signature) => concat([numberToHex(validUntil, { size: 6 }), numberToHex(0, { size: 6 }), signature])

/** The paymaster fields gas is estimated with. @param {`0x${string}`} paymaster @param {number} validUntil */
export const stubPaymasterFields = (paymaster, validUntil) => ({
  paymaster,
  paymasterData: paymasterDataOf(validUntil, STUB_SIGNATURE),
  paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
  paymasterPostOpGasLimit: 0n,
})

/**
 * FoyerPaymaster.sponsorshipHash, computed here: what the signer signs for this operation.
 *
 * @param {object} options
 * @param {`0x${string}`} options.paymaster
 * @param {number} options.chainId
 * @param {number} options.validUntil seconds
 * @param {any} options.userOperation viem's unpacked v0.8 operation, gas filled in
 */
export function sponsorshipHash({ paymaster, chainId, validUntil, userOperation: op }) {
  const u128 = (/** @type {bigint} */ high, /** @type {bigint} */ low) =>
    concat([pad(numberToHex(high), { size: 16 }), pad(numberToHex(low), { size: 16 })])
  const initCode = op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x'
  const operation = keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'bytes32' },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(initCode),
        keccak256(op.callData),
        u128(op.verificationGasLimit, op.callGasLimit),
        u128(op.paymasterVerificationGasLimit ?? 0n, op.paymasterPostOpGasLimit ?? 0n),
        op.preVerificationGas,
        u128(op.maxPriorityFeePerGas, op.maxFeePerGas),
      ],
    ),
  )
  return keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }, { type: 'uint48' }, { type: 'uint48' }],
      [operation, BigInt(chainId), paymaster, validUntil, 0],
    ),
  )
}

/**
 * The paymaster fields of an operation the signer sponsors, its gas filled in.
 *
 * @param {object} options
 * @param {import('viem').LocalAccount} options.signer
 * @param {`0x${string}`} options.paymaster
 * @param {number} options.chainId
 * @param {number} options.validUntil seconds
 * @param {any} options.userOperation
 */
export async function signedPaymasterFields({ signer, paymaster, chainId, validUntil, userOperation }) {
  const hash = sponsorshipHash({ paymaster, chainId, validUntil, userOperation })
  const signature = await signer.signMessage({ message: { raw: hash } })
  return {
    paymaster,
    paymasterData: paymasterDataOf(validUntil, signature),
    paymasterVerificationGasLimit: userOperation.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS,
    paymasterPostOpGasLimit: userOperation.paymasterPostOpGasLimit ?? 0n,
  }
}

/**
 * The most an operation can cost its payer (the EntryPoint's prefund): every gas limit at the top fee.
 *
 * @param {any} op
 * @returns {bigint}
 */
export function maxCostOf(op) {
  /** @type {bigint[]} */
  const limits = [
    op.verificationGasLimit,
    op.callGasLimit,
    op.preVerificationGas,
    op.paymasterVerificationGasLimit ?? 0n,
    op.paymasterPostOpGasLimit ?? 0n,
  ]
  return limits.reduce((sum, limit) => sum + limit, 0n) * BigInt(op.maxFeePerGas)
}
