import type { BaseError } from 'foyer/protocol'

// One BaseError for the client and the services: it lives in the protocol layer, which both import.
export { BaseError, type BaseErrorOptions } from 'foyer/protocol'

/** True when `error` is a Foyer error, optionally of the given `name`. Works across lazy chunks. */
export function isFoyerError<T extends BaseError = BaseError>(error: unknown, name?: string): error is T {
  if (typeof error !== 'object' || error === null || !('shortMessage' in error)) return false
  return name === undefined || (error as { name?: unknown }).name === name
}

/** The message a visitor may see for any thrown value: a Foyer error's short message, else the fallback. */
export function visibleMessage(error: unknown, fallback: string): string {
  return isFoyerError(error) ? error.shortMessage : fallback
}
