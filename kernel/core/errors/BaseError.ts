/** Options accepted by every Foyer error. */
export interface BaseErrorOptions {
  /** Extra detail for developers; never shown to visitors. */
  details?: string
  /** The error that caused this one. */
  cause?: unknown
}

/**
 * The root of every error Foyer throws. `shortMessage` is the exact wording of rules §8;
 * `message` adds the details for developers.
 *
 * Guards check `name`, never `instanceof`: a plugin loaded in a lazy chunk may carry
 * its own copy of a class (style 11).
 *
 * @example
 * throw new BaseError('Unsupported chain', { details: 'namespace bip122 has no transfer capability' })
 */
export class BaseError extends Error {
  override name = 'FoyerError'
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.details = options.details
  }
}

/** True when `error` is a Foyer error, optionally of the given `name`. Works across lazy chunks. */
export function isFoyerError<T extends BaseError = BaseError>(error: unknown, name?: string): error is T {
  if (typeof error !== 'object' || error === null || !('shortMessage' in error)) return false
  return name === undefined || (error as { name?: unknown }).name === name
}

/** The message a visitor may see for any thrown value: a Foyer error's short message, else the fallback. */
export function visibleMessage(error: unknown, fallback: string): string {
  return isFoyerError(error) ? error.shortMessage : fallback
}
