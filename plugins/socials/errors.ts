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
