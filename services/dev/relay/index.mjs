// The local WalletConnect relay (development and tests only), for `npm start` and the tests.
// Import from this file, not from the modules behind it; their JSDoc is the types.
// RelayPortInUseError: the stack's one PortInUseError, under the name this module has always exported.
export { PortInUseError as RelayPortInUseError } from '../../listen.mjs'
export {
  MAX_FETCHED_MESSAGES,
  MAX_MAILBOX_BYTES,
  MAX_MAILBOX_MESSAGES,
  MAX_MAILBOX_MESSAGES_PER_TOPIC,
  MAX_TTL_SECONDS,
} from './createRelayHub.mjs'
export { TAG_SESSION_PROPOSE, TAG_SESSION_PROPOSE_RESPONSE, TAG_SESSION_SETTLE } from './relayMethods.mjs'
export {
  DEFAULT_PING_INTERVAL_MS,
  DEFAULT_RELAY_PORT,
  MAX_FRAME_BYTES,
  MAX_MESSAGE_BYTES,
  startRelay,
} from './startRelay.mjs'

/**
 * @typedef {import('./startRelay.mjs').LocalRelay} LocalRelay
 * @typedef {import('./startRelay.mjs').StartRelayOptions} StartRelayOptions
 */
