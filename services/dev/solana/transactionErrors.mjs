// litesvm's transaction errors → the JSON shape and message text of a real Solana RPC node.
// litesvm exposes its error enums as TypeScript `const enum`s (numbers at run time, no name table), so the
// names below follow the order of `TransactionErrorFieldless` / `InstructionErrorFieldless` in
// litesvm/dist/internal.d.ts. Messages are the Display strings of agave's TransactionError/InstructionError.

/** @typedef {string | { [variant: string]: unknown }} RpcTransactionError */

/** `TransactionErrorFieldless`, in enum order. */
const TRANSACTION_ERROR_NAMES = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]

/** `InstructionErrorFieldless`, in enum order. */
const INSTRUCTION_ERROR_NAMES = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

/** @type {Record<string, string>} */
const TRANSACTION_ERROR_MESSAGES = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  CallChainTooDeep: 'Loader call chain is too deep',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  ClusterMaintenance: 'Transactions are currently disabled due to cluster maintenance',
  AccountBorrowOutstanding: 'Transaction processing left an account with an outstanding borrowed reference',
  WouldExceedMaxBlockCostLimit: 'Transaction would exceed max Block Cost Limit',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  WouldExceedMaxAccountCostLimit: 'Transaction would exceed max account limit within the block',
  WouldExceedAccountDataBlockLimit: 'Transaction would exceed account data limit within the block',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidAddressLookupTableOwner: 'Transaction loads an address table account with an invalid owner',
  InvalidAddressLookupTableData: 'Transaction loads an address table account with invalid data',
  InvalidAddressLookupTableIndex: 'Transaction address table lookup uses an invalid index',
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
  WouldExceedMaxVoteCostLimit: 'Transaction would exceed max Vote Cost Limit',
  WouldExceedAccountDataTotalLimit: 'Transaction would exceed total account data limit',
  MaxLoadedAccountsDataSizeExceeded: 'Transaction exceeded max loaded accounts data size cap',
  InvalidLoadedAccountsDataSizeLimit: 'LoadedAccountsDataSizeLimit set for transaction must be greater than 0.',
  UnbalancedTransaction: 'Sum of account balances before and after transaction do not match',
  ProgramCacheHitMaxLimit: 'Program cache hit max limit',
}

/** @type {Record<string, string>} */
const INSTRUCTION_ERROR_MESSAGES = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ModifiedProgramId: 'instruction illegally modified the program id of an account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ExternalAccountDataModified: 'instruction modified data of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  DuplicateAccountIndex: 'instruction contains duplicate accounts',
  ExecutableModified: 'instruction changed executable bit of an account',
  RentEpochModified: 'instruction modified rent epoch of an account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountDataSizeChanged: "program other than the account's owner changed the size of the account data",
  AccountNotExecutable: 'instruction expected an executable account',
  AccountBorrowFailed: 'instruction tries to borrow reference for an account which is already borrowed',
  AccountBorrowOutstanding: 'instruction left account with an outstanding borrowed reference',
  DuplicateAccountOutOfSync: 'instruction modifications of multiply-passed account differ',
  InvalidError: 'program returned invalid error code',
  ExecutableDataModified: 'instruction changed executable accounts data',
  ExecutableLamportChange: 'instruction changed the balance of an executable account',
  ExecutableAccountNotRentExempt: 'executable accounts must be rent exempt',
  UnsupportedProgramId: 'Unsupported program id',
  CallDepth: 'Cross-program invocation call depth too deep',
  MissingAccount: 'An account required by the instruction is missing',
  ReentrancyNotAllowed: 'Cross-program invocation reentrancy not allowed for this instruction',
  MaxSeedLengthExceeded: 'Length of the seed is too long for address generation',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  InvalidRealloc: 'Failed to reallocate account data',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramEnvironmentSetupFailure: 'Failed to create program execution environment',
  ProgramFailedToComplete: 'Program failed to complete',
  ProgramFailedToCompile: 'Program failed to compile',
  Immutable: 'Account is immutable',
  IncorrectAuthority: 'Incorrect authority provided',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  UnsupportedSysvar: 'Unsupported sysvar',
  IllegalOwner: 'Provided owner is not allowed',
  MaxAccountsDataAllocationsExceeded: 'Accounts data allocations exceeded the maximum allowed per transaction',
  MaxAccountsExceeded: 'Max accounts exceeded',
  MaxInstructionTraceLengthExceeded: 'Max instruction trace length exceeded',
  BuiltinProgramsMustConsumeComputeUnits: 'Builtin programs must consume compute units',
  BorshIoError: 'Failed to serialize or deserialize account data',
}

/**
 * @param {unknown} error an `InstructionErrorFieldless` number or an `InstructionErrorCustom` / `InstructionErrorBorshIo`
 * @returns {unknown} `'InvalidArgument'`, `{ Custom: 1 }`, `{ BorshIoError: '…' }`
 */
function toRpcInstructionError(error) {
  if (typeof error === 'number') return INSTRUCTION_ERROR_NAMES[error] ?? 'GenericError'
  if (error && typeof error === 'object') {
    const fields = /** @type {{ code?: unknown, msg?: unknown }} */ (error)
    if (typeof fields.code === 'number') return { Custom: fields.code }
    if (typeof fields.msg === 'string') return { BorshIoError: fields.msg }
  }
  return 'GenericError'
}

/**
 * The RPC JSON form of a litesvm `FailedTransactionMetadata.err()`, as `getSignatureStatuses` and the
 * -32002 preflight error carry it: `'BlockhashNotFound'`, `{ InstructionError: [0, { Custom: 1 }] }`,
 * `{ InsufficientFundsForRent: { account_index: 1 } }`, `{ DuplicateInstruction: 0 }`.
 *
 * @param {unknown} error
 * @returns {RpcTransactionError}
 */
export function toRpcTransactionError(error) {
  if (typeof error === 'number') return TRANSACTION_ERROR_NAMES[error] ?? 'SanitizeFailure'
  if (error && typeof error === 'object') {
    const name = error.constructor?.name ?? ''
    const fields = /** @type {{ index?: number, accountIndex?: number, err?: () => unknown }} */ (error)
    if (name === 'TransactionErrorInstructionError' && typeof fields.err === 'function') {
      return { InstructionError: [fields.index ?? 0, toRpcInstructionError(fields.err())] }
    }
    if (name === 'TransactionErrorDuplicateInstruction') return { DuplicateInstruction: fields.index ?? 0 }
    if (name === 'TransactionErrorInsufficientFundsForRent') {
      return { InsufficientFundsForRent: { account_index: fields.accountIndex ?? 0 } }
    }
    if (name === 'TransactionErrorProgramExecutionTemporarilyRestricted') {
      return { ProgramExecutionTemporarilyRestricted: { account_index: fields.accountIndex ?? 0 } }
    }
  }
  return 'SanitizeFailure'
}

/**
 * @param {unknown} error the instruction error in RPC JSON form
 * @returns {string}
 */
function describeInstructionError(error) {
  if (typeof error === 'string') return INSTRUCTION_ERROR_MESSAGES[error] ?? error
  if (error && typeof error === 'object') {
    if ('Custom' in error) return `custom program error: 0x${Number(error.Custom).toString(16)}`
    if ('BorshIoError' in error) return `${INSTRUCTION_ERROR_MESSAGES['BorshIoError']}: ${String(error.BorshIoError)}`
  }
  return 'generic instruction error'
}

/**
 * agave's Display text for a transaction error in RPC JSON form, e.g.
 * `'Error processing Instruction 0: custom program error: 0x1'`.
 *
 * @param {RpcTransactionError} error
 * @returns {string}
 */
export function describeTransactionError(error) {
  if (typeof error === 'string') return TRANSACTION_ERROR_MESSAGES[error] ?? error
  if ('InstructionError' in error && Array.isArray(error['InstructionError'])) {
    const [index, inner] = error['InstructionError']
    return `Error processing Instruction ${index}: ${describeInstructionError(inner)}`
  }
  if ('DuplicateInstruction' in error) {
    return `Transaction contains a duplicate instruction (${error['DuplicateInstruction']}) that is not allowed`
  }
  if ('InsufficientFundsForRent' in error) {
    const { account_index } = /** @type {{ account_index: number }} */ (error['InsufficientFundsForRent'])
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`
  }
  if ('ProgramExecutionTemporarilyRestricted' in error) {
    const { account_index } = /** @type {{ account_index: number }} */ (error['ProgramExecutionTemporarilyRestricted'])
    return `Execution of the program referenced by account at index ${account_index} is temporarily restricted.`
  }
  return JSON.stringify(error)
}
