// The Solana JSON-RPC methods (https://solana.com/docs/rpc/http) over a local ledger: parameter checks,
// encodings and the `{ context, value }` wrappers. Shapes follow @solana/rpc-api, so the unmodified
// `createSolanaRpc(url)` client reads them.
import {
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionVersionDecoder,
  isAddress,
  isSignature,
} from '@solana/kit'

import { feeForMessage } from './createLocalLedger.mjs'
import { JSON_RPC_INTERNAL_ERROR, JSON_RPC_INVALID_PARAMS, JSON_RPC_INVALID_REQUEST, JsonRpcError } from '../../jsonRpc.mjs'
import { LOCAL_GENESIS_HASH } from './localNetwork.mjs'
import { decodeMint, decodeTokenAccount, isTokenProgram, parseTokenAccountData, tokenAccountKind, tokenAmount } from './tokenAccounts.mjs'
import { describeTransactionError } from './transactionErrors.mjs'

/** Solana's server error for a transaction refused by preflight; @solana/kit reads `data` as the simulation. */
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002
const TRANSACTION_SIGNATURE_VERIFICATION_FAILURE = -32003
const MIN_CONTEXT_SLOT_NOT_REACHED = -32016

/** What `getVersion` reports. solana-core follows the agave crates litesvm 1.5 is built on. */
export const LOCAL_SOLANA_CORE_VERSION = '4.3.0'
/** `getVersion`'s feature-set id: real nodes hash their active features; this node reports a fixed value. */
export const LOCAL_FEATURE_SET = 3_271_415_109

/** A rent epoch of u64::MAX: what agave reports for every rent-exempt account. */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n
/** agave refuses base58 account data above this size and asks for base64. */
const MAX_BASE58_BYTES = 128
/** Largest wire transaction (PACKET_DATA_SIZE) and its encoded lengths, as agave checks them. */
const MAX_TRANSACTION_BYTES = 1232
const MAX_BASE58_TRANSACTION_LENGTH = 1683
const MAX_BASE64_TRANSACTION_LENGTH = 1644
const MAX_SIGNATURE_STATUSES = 256
const MAX_MULTIPLE_ACCOUNTS = 100
const MINIMUM_SLOTS_PER_EPOCH = 32n
const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])

const base58Decoder = getBase58Decoder()
const base58Encoder = getBase58Encoder()

/**
 * @param {string} message
 * @returns {JsonRpcError}
 */
function invalidParams(message) {
  return new JsonRpcError(JSON_RPC_INVALID_PARAMS, `Invalid params: ${message}`)
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * @param {unknown} value
 * @param {string} name
 * @returns {import('@solana/kit').Address}
 */
function addressParam(value, name) {
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams(`${name} must be a base58 address`)
  return value
}

/**
 * @param {unknown} value
 * @param {string} name
 * @returns {bigint}
 */
function u64Param(value, name) {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`${name} must be a non-negative integer`)
  }
  return BigInt(value)
}

/**
 * @param {unknown} value
 * @param {string} name
 * @returns {string}
 */
function stringParam(value, name) {
  if (typeof value !== 'string') throw invalidParams(`${name} must be a string`)
  return value
}

/**
 * @param {unknown[]} params
 * @param {number} max
 */
function assertArity(params, max) {
  if (params.length > max) throw invalidParams(`expected at most ${max} parameters, got ${params.length}`)
}

/**
 * The config object a method takes last: checks its shared members (commitment, minContextSlot).
 *
 * @param {unknown} value
 * @param {bigint} slot the current slot
 * @returns {Record<string, unknown>}
 */
function configParam(value, slot) {
  if (value === undefined || value === null) return {}
  if (!isPlainObject(value)) throw invalidParams('the configuration must be an object')
  const { commitment, preflightCommitment, minContextSlot } = value
  for (const [name, level] of /** @type {const} */ ([
    ['commitment', commitment],
    ['preflightCommitment', preflightCommitment],
  ])) {
    if (level !== undefined && (typeof level !== 'string' || !COMMITMENTS.has(level))) {
      throw invalidParams(`unknown ${name} ${JSON.stringify(level)}`)
    }
  }
  if (minContextSlot !== undefined && minContextSlot !== null) {
    if (u64Param(minContextSlot, 'minContextSlot') > slot) {
      throw new JsonRpcError(MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', {
        contextSlot: slot,
      })
    }
  }
  return value
}

/**
 * @param {unknown} value
 * @param {string} name
 * @param {boolean} [fallback]
 * @returns {boolean}
 */
function booleanOption(value, name, fallback = false) {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'boolean') throw invalidParams(`${name} must be a boolean`)
  return value
}

/**
 * Decodes a wire transaction sent as base58 or base64 (agave's size limits and messages).
 *
 * @param {unknown} encoded
 * @param {unknown} encoding
 * @returns {import('./createLocalLedger.mjs').WireTransaction}
 */
function transactionParam(encoded, encoding = 'base58') {
  const text = stringParam(encoded, 'the transaction')
  /** @type {Uint8Array} */
  let bytes
  if (encoding === 'base58') {
    if (text.length > MAX_BASE58_TRANSACTION_LENGTH) {
      throw invalidParams(
        `base58 encoded transaction too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE58_TRANSACTION_LENGTH}/${MAX_TRANSACTION_BYTES})`,
      )
    }
    try {
      bytes = new Uint8Array(base58Encoder.encode(text))
    } catch {
      throw invalidParams('invalid base58 encoding')
    }
  } else if (encoding === 'base64') {
    if (text.length > MAX_BASE64_TRANSACTION_LENGTH) {
      throw invalidParams(
        `base64 encoded transaction too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE64_TRANSACTION_LENGTH}/${MAX_TRANSACTION_BYTES})`,
      )
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw invalidParams('invalid base64 encoding')
    bytes = new Uint8Array(Buffer.from(text, 'base64'))
  } else {
    throw invalidParams(`unsupported encoding: ${JSON.stringify(encoding)}. Supported encodings: base58, base64`)
  }
  try {
    const transaction = getTransactionDecoder().decode(bytes)
    const version = getTransactionVersionDecoder().decode(transaction.messageBytes)
    if (version !== 'legacy' && version !== 0) throw new Error(`unsupported transaction version ${version}`)
    // Reading the message here keeps malformed messages out of litesvm and gives a params error instead.
    getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    return /** @type {any} */ (transaction)
  } catch (error) {
    throw invalidParams(`failed to deserialize the transaction: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * @param {bigint} slot
 * @param {import('litesvm').EpochSchedule} schedule
 */
function epochInfoAt(slot, schedule) {
  if (schedule.warmup && slot < schedule.firstNormalSlot) {
    // agave's EpochSchedule::get_epoch_and_slot_index for the warm-up epochs (lengths 32, 64, 128, …).
    let epoch = 0n
    let length = MINIMUM_SLOTS_PER_EPOCH
    let start = 0n
    while (slot >= start + length) {
      start += length
      length *= 2n
      epoch += 1n
    }
    return { epoch, slotIndex: slot - start, slotsInEpoch: length }
  }
  const normalIndex = slot - schedule.firstNormalSlot
  return {
    epoch: schedule.firstNormalEpoch + normalIndex / schedule.slotsPerEpoch,
    slotIndex: normalIndex % schedule.slotsPerEpoch,
    slotsInEpoch: schedule.slotsPerEpoch,
  }
}

/**
 * The Solana JSON-RPC method table for `handleJsonRpcBody`.
 *
 * @param {import('./createLocalLedger.mjs').LocalLedger} ledger
 * @returns {Record<string, import('./jsonRpc.mjs').JsonRpcMethod>}
 */
export function createSolanaRpcMethods(ledger) {
  const { svm } = ledger

  /**
   * @template T
   * @param {T} value
   */
  const withContext = (value) => ({ context: { apiVersion: LOCAL_SOLANA_CORE_VERSION, slot: ledger.slot }, value })

  /**
   * @param {string} address
   * @returns {import('@solana/kit').EncodedAccount | undefined} undefined for missing and emptied accounts
   */
  function readAccount(address) {
    const account = svm.getAccount(/** @type {import('@solana/kit').Address} */ (address))
    if (!account.exists || account.lamports === 0n) return undefined
    return account
  }

  /** @param {string} mint */
  const readMint = (mint) => /** @type {Uint8Array | undefined} */ (readAccount(mint)?.data)

  /**
   * An account in the shape of getAccountInfo's `value`.
   *
   * @param {import('@solana/kit').EncodedAccount} account
   * @param {Record<string, unknown>} config encoding and dataSlice
   */
  function renderAccount(account, config) {
    const encoding = config['encoding'] ?? 'binary'
    let data = /** @type {Uint8Array} */ (account.data)
    /** @type {unknown} */
    let rendered
    if (encoding === 'jsonParsed') {
      rendered = parseTokenAccountData(account.programAddress, data, readMint)
    }
    if (rendered === undefined) {
      const dataSlice = config['dataSlice']
      if (dataSlice !== undefined && dataSlice !== null && encoding !== 'jsonParsed') {
        if (!isPlainObject(dataSlice)) throw invalidParams('dataSlice must be an object with offset and length')
        const offset = Number(u64Param(dataSlice['offset'], 'dataSlice.offset'))
        const length = Number(u64Param(dataSlice['length'], 'dataSlice.length'))
        data = data.subarray(offset, offset + length)
      }
      if (encoding === 'base64' || encoding === 'jsonParsed') {
        rendered = [Buffer.from(data).toString('base64'), 'base64']
      } else if (encoding === 'base58' || encoding === 'binary') {
        if (data.length > MAX_BASE58_BYTES) {
          throw new JsonRpcError(
            JSON_RPC_INVALID_REQUEST,
            `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
          )
        }
        const text = base58Decoder.decode(data)
        rendered = encoding === 'binary' ? text : [text, 'base58']
      } else {
        throw invalidParams(`unsupported encoding: ${JSON.stringify(encoding)}. Supported encodings: base58, base64, jsonParsed`)
      }
    }
    return {
      data: rendered,
      executable: account.executable,
      lamports: account.lamports,
      owner: account.programAddress,
      rentEpoch: RENT_EXEMPT_EPOCH,
      space: BigInt(/** @type {Uint8Array} */ (account.data).length),
    }
  }

  /**
   * A simulation in the shape of simulateTransaction's `value` (also the -32002 error's `data`).
   *
   * @param {import('./createLocalLedger.mjs').ExecutionResult} result
   * @param {{ fee?: bigint | null, accounts?: unknown[] | null, innerInstructions?: boolean, replacementBlockhash?: unknown }} [extra]
   */
  function renderSimulation(result, extra = {}) {
    return {
      accounts: extra.accounts ?? null,
      err: result.err,
      fee: extra.fee ?? null,
      innerInstructions: extra.innerInstructions ? result.innerInstructions : null,
      loadedAddresses: null,
      logs: result.logs,
      postBalances: null,
      postTokenBalances: null,
      preBalances: null,
      preTokenBalances: null,
      replacementBlockhash: extra.replacementBlockhash ?? null,
      returnData: result.returnData
        ? { data: [Buffer.from(result.returnData.data).toString('base64'), 'base64'], programId: result.returnData.programId }
        : null,
      unitsConsumed: result.unitsConsumed,
    }
  }

  /**
   * Token accounts owned by `owner`, optionally of one mint, across the given token programs.
   *
   * @param {string} owner
   * @param {string[]} programs
   * @param {string | undefined} mint
   */
  function tokenAccountsOf(owner, programs, mint) {
    const found = []
    for (const program of programs) {
      for (const account of svm.getProgramAccounts(/** @type {import('@solana/kit').Address} */ (program))) {
        const decoded = decodeTokenAccount(/** @type {Uint8Array} */ (account.data))
        if (!decoded || decoded.owner !== owner || (mint !== undefined && decoded.mint !== mint)) continue
        if (account.lamports === 0n) continue
        found.push(account)
      }
    }
    return found
  }

  return {
    getHealth(params) {
      assertArity(params, 0)
      return 'ok'
    },

    getVersion(params) {
      assertArity(params, 0)
      return { 'feature-set': LOCAL_FEATURE_SET, 'solana-core': LOCAL_SOLANA_CORE_VERSION }
    },

    getGenesisHash(params) {
      assertArity(params, 0)
      return LOCAL_GENESIS_HASH
    },

    getSlot(params) {
      assertArity(params, 1)
      configParam(params[0], ledger.slot)
      return ledger.slot
    },

    getBlockHeight(params) {
      assertArity(params, 1)
      configParam(params[0], ledger.slot)
      return ledger.blockHeight
    },

    getTransactionCount(params) {
      assertArity(params, 1)
      configParam(params[0], ledger.slot)
      return ledger.transactionCount
    },

    getEpochInfo(params) {
      assertArity(params, 1)
      configParam(params[0], ledger.slot)
      const slot = ledger.slot
      return {
        absoluteSlot: slot,
        blockHeight: ledger.blockHeight,
        ...epochInfoAt(slot, svm.getEpochSchedule()),
        transactionCount: ledger.transactionCount,
      }
    },

    getEpochSchedule(params) {
      assertArity(params, 0)
      const schedule = svm.getEpochSchedule()
      return {
        firstNormalEpoch: schedule.firstNormalEpoch,
        firstNormalSlot: schedule.firstNormalSlot,
        leaderScheduleSlotOffset: schedule.leaderScheduleSlotOffset,
        slotsPerEpoch: schedule.slotsPerEpoch,
        warmup: schedule.warmup,
      }
    },

    getLatestBlockhash(params) {
      assertArity(params, 1)
      configParam(params[0], ledger.slot)
      return withContext(ledger.latestBlockhash())
    },

    isBlockhashValid(params) {
      assertArity(params, 2)
      const blockhash = stringParam(params[0], 'the blockhash')
      configParam(params[1], ledger.slot)
      return withContext(ledger.isBlockhashValid(blockhash))
    },

    getBalance(params) {
      assertArity(params, 2)
      const address = addressParam(params[0], 'the address')
      configParam(params[1], ledger.slot)
      return withContext(readAccount(address)?.lamports ?? 0n)
    },

    getAccountInfo(params) {
      assertArity(params, 2)
      const address = addressParam(params[0], 'the address')
      const config = configParam(params[1], ledger.slot)
      const account = readAccount(address)
      return withContext(account ? renderAccount(account, config) : null)
    },

    getMultipleAccounts(params) {
      assertArity(params, 2)
      if (!Array.isArray(params[0])) throw invalidParams('expected an array of addresses')
      if (params[0].length > MAX_MULTIPLE_ACCOUNTS) {
        throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
      }
      const addresses = params[0].map((address, index) => addressParam(address, `address ${index}`))
      const config = configParam(params[1], ledger.slot)
      return withContext(
        addresses.map((address) => {
          const account = readAccount(address)
          return account ? renderAccount(account, config) : null
        }),
      )
    },

    getMinimumBalanceForRentExemption(params) {
      assertArity(params, 2)
      const size = params[0] === undefined ? 0n : u64Param(params[0], 'the data length')
      configParam(params[1], ledger.slot)
      return svm.minimumBalanceForRentExemption(size)
    },

    getFeeForMessage(params) {
      assertArity(params, 2)
      const text = stringParam(params[0], 'the message')
      configParam(params[1], ledger.slot)
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw invalidParams('the message must be base64')
      const messageBytes = new Uint8Array(Buffer.from(text, 'base64'))
      let blockhash
      try {
        blockhash = getCompiledTransactionMessageDecoder().decode(messageBytes).lifetimeToken
      } catch {
        throw invalidParams('failed to deserialize the message')
      }
      // Real nodes answer null for a message whose blockhash has expired.
      return withContext(ledger.isBlockhashValid(blockhash) ? feeForMessage(messageBytes) : null)
    },

    getRecentPrioritizationFees(params) {
      assertArity(params, 1)
      if (params[0] !== undefined && params[0] !== null) {
        if (!Array.isArray(params[0])) throw invalidParams('expected an array of addresses')
        for (const [index, address] of params[0].entries()) addressParam(address, `address ${index}`)
      }
      return []
    },

    getSignatureStatuses(params) {
      assertArity(params, 2)
      if (!Array.isArray(params[0])) throw invalidParams('expected an array of signatures')
      if (params[0].length > MAX_SIGNATURE_STATUSES) {
        throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`)
      }
      const signatures = params[0].map((signature, index) => {
        if (typeof signature !== 'string' || !isSignature(signature)) {
          throw invalidParams(`signature ${index} must be a base58 signature`)
        }
        return signature
      })
      const config = configParam(params[1], ledger.slot)
      booleanOption(config['searchTransactionHistory'], 'searchTransactionHistory')
      return withContext(
        signatures.map((signature) => {
          const status = ledger.signatureStatus(signature)
          if (!status) return null
          return {
            confirmationStatus: 'finalized',
            // Finalized transactions report null confirmations, as on a real node.
            confirmations: null,
            err: status.err,
            slot: status.slot,
            status: status.err === null ? { Ok: null } : { Err: status.err },
          }
        }),
      )
    },

    requestAirdrop(params) {
      assertArity(params, 3)
      const address = addressParam(params[0], 'the address')
      const lamports = u64Param(params[1], 'lamports')
      configParam(params[2], ledger.slot)
      const outcome = ledger.airdrop(address, lamports)
      if ('error' in outcome) {
        throw new JsonRpcError(JSON_RPC_INTERNAL_ERROR, `Internal error: airdrop failed: ${describeTransactionError(outcome.error)}`, {
          err: outcome.error,
          logs: outcome.logs,
        })
      }
      return outcome.signature
    },

    sendTransaction(params) {
      assertArity(params, 2)
      const config = configParam(params[1], ledger.slot)
      const transaction = transactionParam(params[0], config['encoding'] ?? 'base58')
      const skipPreflight = booleanOption(config['skipPreflight'], 'skipPreflight')
      if (config['maxRetries'] !== undefined && config['maxRetries'] !== null) u64Param(config['maxRetries'], 'maxRetries')
      const outcome = ledger.sendTransaction(transaction, { preflight: !skipPreflight })
      if (outcome.committed) return outcome.signature
      const { result } = outcome
      if (result.err === 'SignatureFailure') {
        throw new JsonRpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
      }
      throw new JsonRpcError(
        SEND_TRANSACTION_PREFLIGHT_FAILURE,
        `Transaction simulation failed: ${describeTransactionError(/** @type {any} */ (result.err))}`,
        renderSimulation(result, { fee: null }),
      )
    },

    simulateTransaction(params) {
      assertArity(params, 2)
      const config = configParam(params[1], ledger.slot)
      let transaction = transactionParam(params[0], config['encoding'] ?? 'base58')
      const sigVerify = booleanOption(config['sigVerify'], 'sigVerify')
      const replaceRecentBlockhash = booleanOption(config['replaceRecentBlockhash'], 'replaceRecentBlockhash')
      const innerInstructions = booleanOption(config['innerInstructions'], 'innerInstructions')
      if (sigVerify && replaceRecentBlockhash) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      }
      /** @type {{ blockhash: string, lastValidBlockHeight: bigint } | null} */
      let replacementBlockhash = null
      if (replaceRecentBlockhash) {
        replacementBlockhash = ledger.latestBlockhash()
        const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
        const messageBytes = getCompiledTransactionMessageEncoder().encode({
          ...message,
          lifetimeToken: replacementBlockhash.blockhash,
        })
        transaction = { ...transaction, messageBytes: new Uint8Array(messageBytes) }
      }
      /** @type {string[] | undefined} */
      let accountAddresses
      /** @type {Record<string, unknown>} */
      let accountsConfig = {}
      if (config['accounts'] !== undefined && config['accounts'] !== null) {
        if (!isPlainObject(config['accounts']) || !Array.isArray(config['accounts']['addresses'])) {
          throw invalidParams('accounts must be an object with an array of addresses')
        }
        accountsConfig = { encoding: config['accounts']['encoding'] ?? 'base64' }
        if (accountsConfig['encoding'] !== 'base64' && accountsConfig['encoding'] !== 'jsonParsed') {
          throw invalidParams('accounts.encoding must be base64 or jsonParsed')
        }
        accountAddresses = config['accounts']['addresses'].map((address, index) => addressParam(address, `accounts.addresses ${index}`))
      }
      const result = ledger.simulateTransaction(transaction, { sigVerify, replaceRecentBlockhash })
      const accounts = accountAddresses?.map((address) => {
        const account = result.postAccounts.find((candidate) => candidate.address === address) ?? readAccount(address)
        return account && account.lamports > 0n ? renderAccount(account, accountsConfig) : null
      })
      return withContext(
        renderSimulation(result, {
          accounts: accounts ?? null,
          fee: result.err === null ? feeForMessage(transaction.messageBytes) : null,
          innerInstructions,
          replacementBlockhash,
        }),
      )
    },

    getTokenAccountsByOwner(params) {
      assertArity(params, 3)
      const owner = addressParam(params[0], 'the owner')
      const filter = params[1]
      if (!isPlainObject(filter) || (filter['mint'] === undefined) === (filter['programId'] === undefined)) {
        throw invalidParams('the filter must be { mint } or { programId }')
      }
      const config = configParam(params[2], ledger.slot)
      /** @type {string[]} */
      let programs
      /** @type {string | undefined} */
      let mint
      if (filter['mint'] !== undefined) {
        mint = addressParam(filter['mint'], 'mint')
        const mintAccount = readAccount(mint)
        if (!mintAccount || !isTokenProgram(mintAccount.programAddress)) {
          throw invalidParams('could not find mint')
        }
        programs = [mintAccount.programAddress]
      } else {
        const programId = addressParam(filter['programId'], 'programId')
        if (!isTokenProgram(programId)) throw invalidParams('unrecognized Token program id')
        programs = [programId]
      }
      return withContext(
        tokenAccountsOf(owner, programs, mint).map((account) => ({
          account: renderAccount(account, config),
          pubkey: account.address,
        })),
      )
    },

    getTokenAccountBalance(params) {
      assertArity(params, 2)
      const address = addressParam(params[0], 'the token account')
      configParam(params[1], ledger.slot)
      const account = readAccount(address)
      const decoded =
        account && isTokenProgram(account.programAddress) ? decodeTokenAccount(/** @type {Uint8Array} */ (account.data)) : undefined
      if (!decoded) throw invalidParams('not a Token account')
      const mint = readMint(decoded.mint)
      const decimals = mint ? decodeMint(mint)?.decimals : undefined
      if (decimals === undefined) throw invalidParams('could not find mint')
      return withContext(tokenAmount(decoded.amount, decimals))
    },

    getTokenSupply(params) {
      assertArity(params, 2)
      const address = addressParam(params[0], 'the mint')
      configParam(params[1], ledger.slot)
      const account = readAccount(address)
      const mint =
        account && isTokenProgram(account.programAddress) && tokenAccountKind(/** @type {Uint8Array} */ (account.data)) === 'mint'
          ? decodeMint(/** @type {Uint8Array} */ (account.data))
          : undefined
      if (!mint) throw invalidParams('not a Token mint')
      return withContext(tokenAmount(mint.supply, mint.decimals))
    },
  }
}
