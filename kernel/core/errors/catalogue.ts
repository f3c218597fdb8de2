import { BaseError, type BaseErrorOptions } from './BaseError.js'

// The thrown messages of rules §5, §7 and rules §8, word for word. Plugins own the errors only they raise
// (the swaps plugin its 'Network not supported for Swaps', …); the kernel owns those below.

/** rules §1: both sign-in options were given. */
export class ConflictingSignInOptionsError extends BaseError {
  override name = 'ConflictingSignInOptionsError'
  constructor(options?: BaseErrorOptions) {
    super('Cannot set both `siweConfig` and `siwx` options', options)
  }
}

/** Host options failed validation; `details` says which option and how to fix it. */
export class InvalidOptionsError extends BaseError {
  override name = 'InvalidOptionsError'
  constructor(details: string, options?: Omit<BaseErrorOptions, 'details'>) {
    super('Invalid Foyer options', { ...options, details })
  }
}

// rules §5's CAIP errors are thrown by the protocol layer's parsers, which the services share.
export { InvalidCaip10AddressError, InvalidCaip2NetworkIdError, InvalidCaipAddressError } from 'foyer/protocol'

/** rules §7: any non-OK HTTP response. */
export class HttpStatusError extends BaseError {
  override name = 'HttpStatusError'
  readonly status: number
  constructor(status: number, options?: BaseErrorOptions) {
    super(`HTTP status code: ${status}`, options)
    this.status = status
  }
}

/** rules §8: an action asked for a namespace no chain plugin serves. */
export class UnsupportedChainError extends BaseError {
  override name = 'UnsupportedChainError'
  constructor(options?: BaseErrorOptions) {
    super('Unsupported chain', options)
  }
}

/** rules §8: a network id that no chain plugin declares. */
export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError'
  constructor(options?: BaseErrorOptions) {
    super('Network not found', options)
  }
}

/** rules §8: no chain plugin (adapter) is registered for a namespace. */
export class AdapterNotFoundError extends BaseError {
  override name = 'AdapterNotFoundError'
  constructor(options?: BaseErrorOptions) {
    super('Adapter not found', options)
  }
}

/** rules §8: an action needed a connected address or auth connector and found none. */
export class AddressOrAuthConnectorNotFoundError extends BaseError {
  override name = 'AddressOrAuthConnectorNotFoundError'
  constructor(options?: BaseErrorOptions) {
    super('Address or auth connector not found', options)
  }
}

/** rules §8: the wallet could not add the requested chain. */
export class ChainNotSupportedError extends BaseError {
  override name = 'ChainNotSupportedError'
  constructor(options?: BaseErrorOptions) {
    super('Chain is not supported', options)
  }
}

/** rules §8: the visitor or the wallet turned the connection down. */
export class ConnectionRejectedError extends BaseError {
  override name = 'ConnectionRejectedError'
  constructor(options?: BaseErrorOptions) {
    super('Connection rejected', options)
  }
}

/** rules §8: connecting failed for any other reason. */
export class ConnectionFailedError extends BaseError {
  override name = 'ConnectionFailedError'
  constructor(options?: BaseErrorOptions) {
    super('Failed to connect', options)
  }
}

/** rules §8: disconnecting one or more namespaces failed. */
export class DisconnectFailedError extends BaseError {
  override name = 'DisconnectFailedError'
  constructor(namespaces?: readonly string[], options?: BaseErrorOptions) {
    super(namespaces?.length ? `Failed to disconnect chains: ${namespaces.join(', ')}` : 'Failed to disconnect', options)
  }
}

/** Something went wrong inside a plugin's hook; the message names the plugin (style 11). */
export class PluginError extends BaseError {
  override name = 'PluginError'
  readonly plugin: string
  constructor(plugin: string, shortMessage: string, options?: BaseErrorOptions) {
    super(`[${plugin}] ${shortMessage}`, options)
    this.plugin = plugin
  }
}

/** rules §8: the modal closed while a view's answer was awaited (`router.request`). */
export class ModalClosedError extends BaseError {
  override name = 'ModalClosedError'
  constructor(options?: BaseErrorOptions) {
    super('Modal closed', options)
  }
}

/** The visitor went back from a view whose answer was awaited (`router.request`), or another request replaced it. */
export class ViewLeftError extends BaseError {
  override name = 'ViewLeftError'
  constructor(view: string, options?: BaseErrorOptions) {
    super(`The visitor left the ${view} view without an answer`, options)
  }
}
