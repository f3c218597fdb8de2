// The local node's fixture SPL token: a classic SPL Token mint 'USDC' (6 decimals) at a fixed address, minted to
// the dev keys so SPL transfers can be tried and tested end to end. Everything goes through the node's HTTP
// JSON-RPC with signed transactions, as a real client would send them, so it works on any node that has the
// dev wallet funded (litesvm here, a test validator as well).
import { setTimeout as sleep } from 'node:timers/promises'

import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
} from '@solana-program/token'

import { DEV_WALLET_KEYPAIR, LOCAL_USDC_MINT, LOCAL_USDC_MINT_KEYPAIR } from './devKeys.mjs'

/** The fixture USDC's decimals. */
export const LOCAL_USDC_DECIMALS = 6
/** What {@link mintFixtureTokens} gives each holder unless told otherwise: 1000 USDC, in base units. */
export const FIXTURE_TOKEN_AMOUNT = 1_000_000_000n

// Two instructions and two accounts per holder: four holders keep a transaction far below 1232 bytes.
const HOLDERS_PER_TRANSACTION = 4
const CONFIRMATION_TIMEOUT_MS = 30_000

/**
 * @typedef {object} MintFixtureTokensOptions
 * @property {readonly string[]} holders base58 owners; each gets its associated token account (created if missing)
 * @property {bigint | number} [amount] base units minted to each holder. Defaults to FIXTURE_TOKEN_AMOUNT (1000 USDC).
 */

/**
 * @typedef {object} FixtureTokens
 * @property {string} mint {@link LOCAL_USDC_MINT}
 * @property {number} decimals {@link LOCAL_USDC_DECIMALS}
 * @property {Record<string, string>} tokenAccounts each holder's associated token account, by holder
 * @property {import('@solana/kit').Signature[]} signatures the confirmed transactions, in order
 */

/**
 * Creates the fixture USDC mint at {@link LOCAL_USDC_MINT} (unless it exists already) with the dev wallet as mint
 * authority and fee payer, then mints `amount` to each holder's associated token account. Resolves once every
 * transaction is confirmed; rejects with an Error naming the step when one is refused or fails.
 *
 * The dev wallet (DEV_WALLET_ADDRESS) must hold SOL for fees and rent (about 0.004 SOL per holder).
 * Calling it again on the same node mints again, to the same accounts.
 *
 * @example
 * const node = await startSolanaRpc({ port: 0, fund: [{ address: DEV_WALLET_ADDRESS, lamports: DEV_FUNDING_LAMPORTS }] });
 * await mintFixtureTokens(node.url, { holders: [DEV_WALLET_ADDRESS, TEST_WALLET_ADDRESS] });
 *
 * @param {string} rpcUrl the node's http(s) JSON-RPC URL
 * @param {MintFixtureTokensOptions} options
 * @returns {Promise<FixtureTokens>}
 */
export async function mintFixtureTokens(rpcUrl, { holders, amount = FIXTURE_TOKEN_AMOUNT }) {
  if (!Array.isArray(holders)) throw new TypeError('mintFixtureTokens: holders must be an array of base58 addresses')
  const owners = [...new Set(holders)].map((holder) => {
    try {
      return address(holder)
    } catch {
      throw new TypeError(`mintFixtureTokens: holders must be base58 addresses, got ${JSON.stringify(holder)}`)
    }
  })
  const units = typeof amount === 'number' && Number.isSafeInteger(amount) ? BigInt(amount) : amount
  if (typeof units !== 'bigint' || units <= 0n || units >= 2n ** 64n) {
    throw new TypeError('mintFixtureTokens: amount must be a whole number of base units, above 0 and below 2^64')
  }

  const rpc = createSolanaRpc(rpcUrl)
  const [payer, mint] = await Promise.all([
    createKeyPairSignerFromBytes(new Uint8Array(DEV_WALLET_KEYPAIR)),
    createKeyPairSignerFromBytes(new Uint8Array(LOCAL_USDC_MINT_KEYPAIR)),
  ])
  const space = getMintSize()
  const [existing, rent, tokenAccounts] = await Promise.all([
    call(rpcUrl, 'getAccountInfo', () => rpc.getAccountInfo(mint.address, { encoding: 'base64' }).send()),
    call(rpcUrl, 'getMinimumBalanceForRentExemption', () => rpc.getMinimumBalanceForRentExemption(BigInt(space)).send()),
    Promise.all(
      owners.map(async (owner) => (await findAssociatedTokenPda({ mint: mint.address, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]),
    ),
  ])
  if (existing.value && existing.value.owner !== TOKEN_PROGRAM_ADDRESS) {
    throw new Error(`Fixture USDC: ${LOCAL_USDC_MINT} exists but is owned by ${existing.value.owner}, not the SPL Token program`)
  }

  /** @type {Array<{ step: string, instructions: import('@solana/kit').Instruction[] }>} */
  const transactions = []
  if (!existing.value) {
    transactions.push({
      step: `creating the USDC mint ${LOCAL_USDC_MINT}`,
      instructions: [
        getCreateAccountInstruction({ payer, newAccount: mint, lamports: rent, space, programAddress: TOKEN_PROGRAM_ADDRESS }),
        getInitializeMint2Instruction({
          mint: mint.address,
          decimals: LOCAL_USDC_DECIMALS,
          mintAuthority: payer.address,
          freezeAuthority: null,
        }),
      ],
    })
  }
  for (let start = 0; start < owners.length; start += HOLDERS_PER_TRANSACTION) {
    const chunk = owners.slice(start, start + HOLDERS_PER_TRANSACTION)
    const instructions = chunk.flatMap((owner, index) => {
      const ata = /** @type {import('@solana/kit').Address} */ (tokenAccounts[start + index])
      return [
        getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner, mint: mint.address }),
        getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: payer, amount: units }),
      ]
    })
    // The first holders ride along with the mint's creation: one transaction fewer to wait for at start.
    const first = transactions[0]
    if (start === 0 && first) {
      first.step += ` and minting to ${chunk.join(', ')}`
      first.instructions.push(...instructions)
    } else {
      transactions.push({ step: `minting USDC to ${chunk.join(', ')}`, instructions })
    }
  }

  /** @type {import('@solana/kit').Signature[]} */
  const signatures = []
  // One after the other: each depends on the mint the first one creates.
  for (const { step, instructions } of transactions) {
    signatures.push(await sendAndConfirm(rpcUrl, rpc, payer, instructions, step))
  }
  return {
    mint: LOCAL_USDC_MINT,
    decimals: LOCAL_USDC_DECIMALS,
    tokenAccounts: Object.fromEntries(owners.map((owner, index) => [owner, /** @type {string} */ (tokenAccounts[index])])),
    signatures,
  }
}

/**
 * Signs, sends and waits until `getSignatureStatuses` reports the transaction confirmed.
 *
 * @param {string} rpcUrl
 * @param {import('@solana/kit').Rpc<import('@solana/kit').SolanaRpcApi>} rpc
 * @param {import('@solana/kit').KeyPairSigner} payer
 * @param {import('@solana/kit').Instruction[]} instructions
 * @param {string} step named in errors
 * @returns {Promise<import('@solana/kit').Signature>}
 */
async function sendAndConfirm(rpcUrl, rpc, payer, instructions, step) {
  const { value: lifetime } = await call(rpcUrl, 'getLatestBlockhash', () => rpc.getLatestBlockhash().send())
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(payer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  )
  const signature = getSignatureFromTransaction(transaction)
  try {
    await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send()
  } catch (error) {
    throw new Error(`Fixture USDC: ${step} was refused by ${rpcUrl}: ${describe(error)}`, { cause: error })
  }
  const deadline = Date.now() + CONFIRMATION_TIMEOUT_MS
  for (;;) {
    const { value } = await call(rpcUrl, 'getSignatureStatuses', () => rpc.getSignatureStatuses([signature]).send())
    const status = value[0]
    if (status?.err) throw new Error(`Fixture USDC: ${step} failed in ${signature}: ${stringify(status.err)}`)
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return signature
    if (Date.now() > deadline)
      throw new Error(`Fixture USDC: ${step} was not confirmed within ${CONFIRMATION_TIMEOUT_MS / 1000} s (${signature})`)
    await sleep(20)
  }
}

/**
 * Runs one RPC read, naming the node and the method when it fails.
 *
 * @template T
 * @param {string} rpcUrl
 * @param {string} method
 * @param {() => Promise<T>} read
 * @returns {Promise<T>}
 */
async function call(rpcUrl, method, read) {
  try {
    return await read()
  } catch (error) {
    throw new Error(`Fixture USDC: ${method} on ${rpcUrl} failed: ${describe(error)}`, { cause: error })
  }
}

/**
 * The message of an error, with the program logs of a refused preflight (they say which instruction failed).
 *
 * @param {unknown} error
 */
function describe(error) {
  let message = error instanceof Error ? error.message : String(error)
  // A refused preflight says only 'Transaction simulation failed'; its cause says why ('… no record of a prior credit').
  if (error instanceof Error && error.cause instanceof Error) message += `: ${error.cause.message}`
  const logs = isSolanaError(error) ? /** @type {{ logs?: unknown }} */ (error.context).logs : undefined
  return Array.isArray(logs) && logs.length > 0 ? `${message}\n  ${logs.join('\n  ')}` : message
}

/** @param {unknown} value JSON with bigints */
const stringify = (value) => JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item))
