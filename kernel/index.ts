export { BaseError, isFoyerError, visibleMessage } from './errors/BaseError.js'
export type { BaseErrorOptions } from './errors/BaseError.js'
export * from './errors/catalogue.js'
