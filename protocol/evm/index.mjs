// The "foyer/protocol/evm" entry: the shared code that needs viem (its peer): EIP-4361 messages (EIP-55 checksums),
// a node's eth_simulateV1 answer read as assets and allowances, and the sign-in verifier (signatures of EOAs and of
// smart accounts). Published as this source, like "foyer/protocol".
export { formatEip4361, isEip4361, parseEip4361 } from './eip4361.mjs'
export { NATIVE_TRANSFER_ADDRESS, readTokenMetadata, revertReason, simulateCalls } from './simulate.mjs'
export { SignInRefusedError, parseSignInMessage, verifySignIn } from './verifySignIn.mjs'

/** @typedef {import('./eip4361.mjs').Eip4361Fields} Eip4361Fields */
/** @typedef {import('./simulate.mjs').EvmAllowance} EvmAllowance */
/** @typedef {import('./simulate.mjs').EvmAssetChange} EvmAssetChange */
/** @typedef {import('./simulate.mjs').EvmSimulatedCall} EvmSimulatedCall */
/** @typedef {import('./simulate.mjs').EvmSimulation} EvmSimulation */
/** @typedef {import('./simulate.mjs').SimulationRequest} SimulationRequest */
/** @typedef {import('./verifySignIn.mjs').SignInMessageFields} SignInMessageFields */
/** @typedef {import('./verifySignIn.mjs').SignInRefusal} SignInRefusal */
/** @typedef {import('./verifySignIn.mjs').VerifySignInParameters} VerifySignInParameters */
