// The root of every error Foyer throws, on either side: the kernel's rules §8 errors, the protocol's parse errors
// (CAIP ids) and the services' ServiceError all extend it. Plain JavaScript, so the services run it on Node as it is.

/**
 * Options accepted by every Foyer error.
 *
 * @typedef {object} BaseErrorOptions
 * @property {string} [details] Extra detail for developers; never shown to visitors.
 * @property {unknown} [cause] The error that caused this one.
 */

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
  /** @override @type {string} */
  name = 'FoyerError'
  /** The exact wording a visitor or a client may see. @readonly @type {string} */
  shortMessage
  /** Extra detail for developers. @readonly @type {string | undefined} */
  details

  /**
   * @param {string} shortMessage
   * @param {BaseErrorOptions} [options]
   */
  constructor(shortMessage, options = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, { cause: options.cause })
    this.shortMessage = shortMessage
    this.details = options.details
  }
}
