import { BaseError, type BaseErrorOptions } from 'foyer'
import type { ViewTexts } from './texts.js'

/** The token a send moves: a contract or mint `address`, absent for the native coin. */
export interface SendAsset {
  symbol: string
  decimals: number
  address?: string
}

/** What the Send form holds (rules §3). */
export interface SendForm {
  token?: SendAsset
  /** Decimal text as typed. */
  sendTokenAmount: string
  receiverAddress: string
}

/** The key of a form error's English text. */
export type SendErrorKey = Extract<keyof ViewTexts, `send.error.${string}`>

/** A send the form or `sendToken` refused before anything was signed; `message` is the rules §5 wording. */
export class SendValidationError extends BaseError {
  override name = 'SendValidationError'
  readonly key: SendErrorKey
  constructor(key: SendErrorKey, message: string, options?: BaseErrorOptions) {
    super(message, options)
    this.key = key
  }
}

/**
 * Decimal text in the smallest unit, or undefined when it is not a plain non-negative decimal
 * with at most `decimals` fraction digits.
 *
 * @example
 * parseAmount('1.5', 6) // 1_500_000n
 */
export function parseAmount(text: string, decimals: number): bigint | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim())
  if (!match || text.trim() === '' || text.trim() === '.') return undefined
  const [, integer = '', fraction = ''] = match
  if (fraction.length > decimals) return undefined
  return BigInt(integer || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
}

/**
 * Checks a send before anything is signed (rules §5): amount and receiver present, a token chosen, the
 * address valid by `isAddress` (the chain's rules: `isValidAddress`), the amount a positive number
 * within `balance` when known. Returns the amount in the smallest unit, or the key of the first problem.
 */
export function validateSend(
  form: SendForm,
  { isAddress, balance }: { isAddress: (address: string) => boolean; balance?: bigint },
): { amount: bigint; token: SendAsset } | { error: SendErrorKey } {
  if (!form.sendTokenAmount.trim() || !form.receiverAddress.trim()) return { error: 'send.error.required' }
  const token = form.token
  if (!token) return { error: 'send.error.token' }
  if (!isAddress(form.receiverAddress.trim())) return { error: 'send.error.address' }
  const amount = parseAmount(form.sendTokenAmount, token.decimals)
  if (amount === undefined || amount <= 0n) return { error: 'send.error.amount' }
  if (balance !== undefined && amount > balance) return { error: 'send.error.balance' }
  return { amount, token }
}
