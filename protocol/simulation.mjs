// What a set of calls would do to an account, in words any chain can fill: the shape of the chains' `simulate`
// capability and of the previews that show it (docs/previews.md). An EVM node's own answer, with its ERC standards and
// hex, is protocol/evm/simulate.mjs's; the EVM chain turns it into this.

/** An allowance this large is as good as unlimited: uint160's maximum is Permit2's "forever", uint256's the ERC-20 one. */
export const UNLIMITED_THRESHOLD = 2n ** 160n - 1n

/**
 * One call of the set, as the chain's wallet would send it.
 *
 * @typedef {object} SimulatedCall
 * @property {string} [to] The address called.
 * @property {bigint} [value] The native coin sent with it, in its smallest unit.
 * @property {string} [data] The encoded call, as the chain writes it (EVM: `0x` and hex).
 */

/**
 * One asset leaving or arriving: the native coin (no token), a fungible token's amount, or an NFT by id.
 *
 * @typedef {object} AssetChange
 * @property {'native' | 'token' | 'nft'} kind
 * @property {string} [token] The token's contract or mint; absent for the native coin.
 * @property {bigint} [tokenId] NFTs only.
 * @property {bigint} amount In the token's smallest unit (an NFT's editions), always positive: the list it is in says
 *   which way it goes.
 * @property {string} symbol
 * @property {number} decimals
 */

/**
 * An allowance the calls grant: to spend an amount of one token, or every item of a collection (amount 1 or 0).
 *
 * @typedef {object} Allowance
 * @property {'token' | 'collection'} kind
 * @property {string} token
 * @property {string} spender
 * @property {bigint} amount
 * @property {string} symbol
 * @property {number} decimals
 * @property {boolean} unlimited At least UNLIMITED_THRESHOLD, or every item of a collection.
 */

/**
 * What the calls would do, that they revert (the first failing call and why), or that the node cannot say.
 *
 * @typedef {{ status: 'ok', outgoing: AssetChange[], incoming: AssetChange[], allowances: Allowance[] }
 *   | { status: 'reverts', callIndex: number, reason: string }
 *   | { status: 'unavailable', reason: string }} Simulation
 */
