// One LiteSVM instance plus the bookkeeping a JSON-RPC node needs and litesvm leaves out: slots, block
// height, a window of recent blockhashes, and the status of every processed signature.
//
// Blocks: every committed transaction (and every airdrop) is a block of its own, so the slot, the block
// height and the blockhash move on after it. A blockhash stays usable for BLOCKHASH_VALIDITY blocks, as on
// a real cluster, so a client may sign several transactions against one `getLatestBlockhash` answer, and
// re-fetching it after a transaction yields a fresh one (two identical transfers in a row then have
// distinct signatures). litesvm's own check only knows the single latest blockhash, so it is switched
// off and this window is checked instead.
import { Clock, LiteSVM } from 'litesvm'
import { getBase58Decoder, getCompiledTransactionMessageDecoder } from '@solana/kit'

import { toRpcTransactionError } from './transactionErrors.mjs'

/** How many blocks a blockhash stays valid for (agave's MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY = 150

/** litesvm's fee per signature. */
export const LAMPORTS_PER_SIGNATURE = 5000n

/** Statuses kept for getSignatureStatuses; the oldest are forgotten first. */
const MAX_REMEMBERED_SIGNATURES = 100_000

/** Lamports in litesvm's airdrop account: 1e9 SOL, so tests and the demo never run it dry. */
const AIRDROP_POOL_LAMPORTS = 10n ** 18n

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const DEFAULT_COMPUTE_UNITS_PER_INSTRUCTION = 200_000n
const MAX_COMPUTE_UNITS = 1_400_000n

const base58 = getBase58Decoder()

/**
 * @typedef {import('./transactionErrors.mjs').RpcTransactionError} RpcTransactionError
 * @typedef {{ slot: bigint, err: RpcTransactionError | null }} SignatureStatus
 * @typedef {{ messageBytes: Uint8Array, signatures: Record<string, Uint8Array | null> }} WireTransaction
 *   a decoded transaction, as @solana/kit's getTransactionDecoder returns it
 * @typedef {{
 *   err: RpcTransactionError | null,
 *   logs: string[],
 *   unitsConsumed: bigint,
 *   returnData: { programId: string, data: Uint8Array } | null,
 *   innerInstructions: Array<{ index: number, instructions: Array<{ programIdIndex: number, accounts: number[], data: string, stackHeight: number }> }>,
 *   postAccounts: import('@solana/kit').EncodedAccount[],
 * }} ExecutionResult
 */

/**
 * @param {Uint8Array} bytes
 * @returns {boolean}
 */
function isAllZero(bytes) {
  return bytes.every((byte) => byte === 0)
}

/**
 * @param {import('litesvm').TransactionMetadata} meta
 * @param {RpcTransactionError | null} err
 * @param {import('@solana/kit').EncodedAccount[]} postAccounts
 * @returns {ExecutionResult}
 */
function executionResult(meta, err, postAccounts) {
  const returnData = meta.returnData()
  const returnBytes = returnData.data()
  return {
    err,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData: returnBytes.length > 0 ? { programId: base58.decode(returnData.programId()), data: returnBytes } : null,
    innerInstructions: meta
      .innerInstructions()
      .map((instructions, index) => ({
        index,
        instructions: instructions.map((inner) => {
          const compiled = inner.instruction()
          return {
            programIdIndex: compiled.programIdIndex(),
            accounts: [...compiled.accounts()],
            data: base58.decode(compiled.data()),
            stackHeight: inner.stackHeight(),
          }
        }),
      }))
      .filter((entry) => entry.instructions.length > 0),
    postAccounts,
  }
}

/**
 * The fee litesvm charges for a message: 5000 lamports per signature plus the priority fee
 * (compute-unit price × compute-unit limit). Without a SetComputeUnitLimit instruction the limit is
 * estimated as 200k units per other instruction, as agave did before builtins got their own allowance.
 *
 * @param {Uint8Array} messageBytes
 * @returns {bigint}
 */
export function feeForMessage(messageBytes) {
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  let fee = BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE
  /** @type {bigint | undefined} */
  let unitLimit
  let unitPrice = 0n
  let otherInstructions = 0n
  // Version-1 messages keep their instructions elsewhere; they pay the signature fee only here.
  const instructions = 'instructions' in message ? message.instructions : []
  for (const instruction of instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex]
    const data = instruction.data
    if (program !== COMPUTE_BUDGET_PROGRAM || !data || data.length === 0) {
      otherInstructions += 1n
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(view.getUint32(1, true))
    if (data[0] === 3 && data.length >= 9) unitPrice = view.getBigUint64(1, true)
  }
  if (unitPrice > 0n) {
    const limit = unitLimit ?? otherInstructions * DEFAULT_COMPUTE_UNITS_PER_INSTRUCTION
    const units = limit < MAX_COMPUTE_UNITS ? limit : MAX_COMPUTE_UNITS
    fee += (unitPrice * units + 999_999n) / 1_000_000n
  }
  return fee
}

/**
 * The blockhash a message was signed against.
 *
 * @param {Uint8Array} messageBytes
 * @returns {string}
 */
export function messageBlockhash(messageBytes) {
  return getCompiledTransactionMessageDecoder().decode(messageBytes).lifetimeToken
}

/**
 * A fresh ledger over a new LiteSVM (standard builtins, sysvars, SPL Token / Token-2022 / ATA programs).
 */
export function createLocalLedger() {
  const svm = new LiteSVM().withBlockhashCheck(false).withLamports(AIRDROP_POOL_LAMPORTS)
  // litesvm starts its clock at a fixed slot with time 0; each block below stamps the wall-clock time.
  let blockHeight = svm.getClock().slot
  /** @type {Map<string, bigint>} blockhash → the block height it was produced at */
  const recentBlockhashes = new Map([[svm.latestBlockhash(), blockHeight]])
  /** @type {Map<string, SignatureStatus>} */
  const statuses = new Map()
  let transactionCount = 0n

  /** Closes the current block: next slot, new blockhash, wall-clock time. */
  function produceBlock() {
    const clock = svm.getClock()
    svm.setClock(
      new Clock(clock.slot + 1n, clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, BigInt(Math.floor(Date.now() / 1000))),
    )
    svm.expireBlockhash()
    blockHeight += 1n
    recentBlockhashes.set(svm.latestBlockhash(), blockHeight)
    for (const [blockhash, height] of recentBlockhashes) {
      if (height + BigInt(BLOCKHASH_VALIDITY) >= blockHeight) break
      recentBlockhashes.delete(blockhash)
    }
  }

  /**
   * @param {string} signature
   * @param {RpcTransactionError | null} err
   */
  function remember(signature, err) {
    statuses.set(signature, { slot: svm.getClock().slot, err })
    transactionCount += 1n
    if (statuses.size > MAX_REMEMBERED_SIGNATURES) {
      statuses.delete(/** @type {string} */ (statuses.keys().next().value))
    }
  }

  /**
   * @param {WireTransaction} transaction
   * @returns {string | undefined} the first signature, base58, when present
   */
  function firstSignature(transaction) {
    const [first] = Object.values(transaction.signatures)
    return first ? base58.decode(first) : undefined
  }

  /**
   * Checks that don't run the transaction: blockhash age and duplicates.
   *
   * @param {WireTransaction} transaction
   * @returns {RpcTransactionError | null}
   */
  function precheck(transaction) {
    if (!recentBlockhashes.has(messageBlockhash(transaction.messageBytes))) return 'BlockhashNotFound'
    const signature = firstSignature(transaction)
    if (signature && statuses.has(signature)) return 'AlreadyProcessed'
    return null
  }

  /**
   * @param {WireTransaction} transaction
   * @param {{ sigVerify: boolean }} options
   * @returns {ExecutionResult}
   */
  function simulate(transaction, { sigVerify }) {
    svm.withSigverify(sigVerify)
    try {
      if (sigVerify && Object.values(transaction.signatures).some((signature) => signature === null)) {
        return executionResultless('SignatureFailure')
      }
      const outcome = svm.simulateTransaction(/** @type {any} */ (transaction))
      if ('err' in outcome) return executionResult(outcome.meta(), toRpcTransactionError(outcome.err()), [])
      return executionResult(outcome.meta(), null, outcome.postAccounts())
    } finally {
      svm.withSigverify(true)
    }
  }

  /**
   * @param {RpcTransactionError} err
   * @returns {ExecutionResult}
   */
  function executionResultless(err) {
    return { err, logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: [], postAccounts: [] }
  }

  return {
    svm,

    /** The current slot. */
    get slot() {
      return svm.getClock().slot
    },

    /** The current block height (one block per slot: nothing is ever skipped here). */
    get blockHeight() {
      return blockHeight
    },

    /** Transactions processed so far, airdrops included. */
    get transactionCount() {
      return transactionCount
    },

    /** @returns {{ blockhash: string, lastValidBlockHeight: bigint }} */
    latestBlockhash() {
      const blockhash = svm.latestBlockhash()
      const height = recentBlockhashes.get(blockhash) ?? blockHeight
      return { blockhash, lastValidBlockHeight: height + BigInt(BLOCKHASH_VALIDITY) }
    },

    /**
     * @param {string} blockhash
     * @returns {boolean}
     */
    isBlockhashValid(blockhash) {
      return recentBlockhashes.has(blockhash)
    },

    /**
     * @param {string} signature base58
     * @returns {SignatureStatus | undefined}
     */
    signatureStatus(signature) {
      return statuses.get(signature)
    },

    /**
     * Runs a transaction without committing it, against the current state.
     *
     * @param {WireTransaction} transaction
     * @param {{ sigVerify?: boolean, replaceRecentBlockhash?: boolean }} [options]
     * @returns {ExecutionResult}
     */
    simulateTransaction(transaction, { sigVerify = false, replaceRecentBlockhash = false } = {}) {
      if (!replaceRecentBlockhash && !recentBlockhashes.has(messageBlockhash(transaction.messageBytes))) {
        return executionResultless('BlockhashNotFound')
      }
      return simulate(transaction, { sigVerify })
    },

    /**
     * Processes a transaction. With preflight, a transaction that would fail is refused without touching
     * the state (`committed: false`); without it, a transaction that fails while executing is committed
     * like on a real cluster (fee charged, status recorded with its error). Transactions that never get
     * to execute (bad blockhash, duplicate, bad signature) are always refused.
     *
     * @param {WireTransaction} transaction
     * @param {{ preflight?: boolean }} [options]
     * @returns {{ committed: true, signature: string, result: ExecutionResult } | { committed: false, result: ExecutionResult }}
     */
    sendTransaction(transaction, { preflight = true } = {}) {
      const refused = precheck(transaction)
      if (refused) return { committed: false, result: executionResultless(refused) }
      if (preflight) {
        const simulated = simulate(transaction, { sigVerify: true })
        if (simulated.err) return { committed: false, result: simulated }
      }
      if (Object.values(transaction.signatures).some((signature) => signature === null)) {
        return { committed: false, result: executionResultless('SignatureFailure') }
      }
      const outcome = svm.sendTransaction(/** @type {any} */ (transaction))
      const failed = 'err' in outcome
      const meta = failed ? outcome.meta() : outcome
      const err = failed ? toRpcTransactionError(outcome.err()) : null
      const result = executionResult(meta, err, [])
      // litesvm reports transactions it refused before execution with an all-zero signature.
      if (isAllZero(meta.signature())) return { committed: false, result }
      const signature = base58.decode(meta.signature())
      remember(signature, err)
      produceBlock()
      return { committed: true, signature, result }
    },

    /**
     * Credits `lamports` to `address` with a real transfer from litesvm's airdrop account.
     *
     * @param {import('@solana/kit').Address} address
     * @param {bigint} lamports
     * @returns {{ signature: string } | { error: RpcTransactionError, logs: string[] }}
     */
    airdrop(address, lamports) {
      const outcome = svm.airdrop(address, /** @type {import('@solana/kit').Lamports} */ (lamports))
      if (!outcome) return { error: 'AccountNotFound', logs: [] }
      if ('err' in outcome) {
        const meta = outcome.meta()
        if (!isAllZero(meta.signature())) {
          remember(base58.decode(meta.signature()), toRpcTransactionError(outcome.err()))
          produceBlock()
        }
        return { error: toRpcTransactionError(outcome.err()), logs: meta.logs() }
      }
      const signature = base58.decode(outcome.signature())
      remember(signature, null)
      // The airdrop transaction is signed against the latest blockhash: a new block lets the next airdrop
      // of the same amount to the same address have its own signature.
      produceBlock()
      return { signature }
    },
  }
}

/** @typedef {ReturnType<typeof createLocalLedger>} LocalLedger */
