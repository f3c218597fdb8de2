import { BaseError, type BaseErrorOptions } from 'foyer'

/** rules §8: the visitor closed the sign-in popup before the provider sent them back. */
export class PopupClosedError extends BaseError {
  override name = 'PopupClosedError'
  constructor(options?: BaseErrorOptions) {
    super('Popup closed', options)
  }
}

/** rules §8: the popup could not be opened, or the wallet gave no authorization URL. */
export class SocialInitiationError extends BaseError {
  override name = 'SocialInitiationError'
  constructor(options?: BaseErrorOptions) {
    super('Failed to initiate social connection', options)
  }
}

/**
 * Why a social login could not start: 'Failed to initiate social connection', unless the wallet said this browser
 * cannot keep a wallet at all (its `STORAGE_UNAVAILABLE`), whose own words tell the visitor what to do.
 */
export function initiationError(cause: unknown): BaseError {
  return isStorageRefusal(cause) ? (cause as BaseError) : new SocialInitiationError({ cause })
}

/** The embedded wallet refused to start a login: this browser keeps no storage for it (docs/wallets.md#browsers-that-block-storage). */
export function isStorageRefusal(error: unknown): boolean {
  return error instanceof Error && (error as { frameCode?: unknown }).frameCode === 'STORAGE_UNAVAILABLE'
}

/** rules §8: the embedded wallet's connector is not registered. */
export class NoAuthConnectorError extends BaseError {
  override name = 'NoAuthConnectorError'
  constructor(options?: BaseErrorOptions) {
    super('No auth connector found', options)
  }
}

/** rules §8: the Farcaster channel could not be opened, or the app's approval did not check out. */
export class FarcasterConnectionError extends BaseError {
  override name = 'FarcasterConnectionError'
  constructor(options?: BaseErrorOptions) {
    super('Failed to connect to farcaster', options)
  }
}
