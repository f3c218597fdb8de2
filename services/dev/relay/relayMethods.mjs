// The relay's JSON-RPC methods, as @walletconnect/core 2.25 calls them (names from
// @walletconnect/relay-api's `irn` table; params from core's Subscriber and Publisher and from
// sign-client's sendProposeSession / sendApproveSession). Parameter checks here, state in the hub.
import { JSON_RPC_INVALID_PARAMS, JsonRpcError } from '../../jsonRpc.mjs'
import { isPlainObject } from './relayJsonRpc.mjs'

/** Largest `message` accepted in a publish: 1 MiB of (base64) text. */
export const MAX_MESSAGE_BYTES = 1024 * 1024
/** Longest topic accepted. The SDK's topics are 64 hex characters; raw test clients may use any string. */
const MAX_TOPIC_LENGTH = 256
/** Most topics in one batch call (the SDK sends at most 500). */
const MAX_BATCH_TOPICS = 1000
/** TTL the relay gives a publish that names none, and the two messages of wc_proposeSession / wc_approveSession. */
const DEFAULT_TTL_SECONDS = 300

/**
 * The tags the relay stamps on the messages it publishes itself (sign-client's ENGINE_RPC_OPTS; the SDK
 * leaves tagging these to the relay: "ttl and tag are assigned relay-side").
 */
export const TAG_SESSION_PROPOSE = 1100
export const TAG_SESSION_PROPOSE_RESPONSE = 1101
export const TAG_SESSION_SETTLE = 1102

/**
 * @param {string} message
 * @returns {JsonRpcError}
 */
function invalidParams(message) {
  return new JsonRpcError(JSON_RPC_INVALID_PARAMS, `Invalid params: ${message}`)
}

/**
 * @param {unknown} params
 * @param {string} method
 * @returns {Record<string, unknown>}
 */
function objectParams(params, method) {
  if (!isPlainObject(params)) throw invalidParams(`${method} takes an object of named parameters`)
  return params
}

/**
 * @param {unknown} value
 * @param {string} name
 * @returns {string}
 */
function topicParam(value, name = 'topic') {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TOPIC_LENGTH) {
    throw invalidParams(`${name} must be a non-empty string of at most ${MAX_TOPIC_LENGTH} characters`)
  }
  return value
}

/**
 * @param {unknown} value
 * @param {string} name
 * @returns {string[]}
 */
function topicsParam(value, name = 'topics') {
  if (!Array.isArray(value)) throw invalidParams(`${name} must be an array of topics`)
  if (value.length > MAX_BATCH_TOPICS) throw invalidParams(`${name} holds at most ${MAX_BATCH_TOPICS} topics`)
  return value.map((topic, index) => topicParam(topic, `${name}[${index}]`))
}

/**
 * @param {unknown} value
 * @param {string} name
 * @returns {string}
 */
function messageParam(value, name = 'message') {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams(`${name} must be a non-empty string`)
  if (Buffer.byteLength(value, 'utf8') > MAX_MESSAGE_BYTES) {
    throw invalidParams(`${name} exceeds ${MAX_MESSAGE_BYTES} bytes`)
  }
  return value
}

/**
 * @param {unknown} value
 * @returns {number}
 */
function ttlParam(value) {
  if (value === undefined || value === null) return DEFAULT_TTL_SECONDS
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalidParams('ttl must be a non-negative integer (seconds)')
  }
  return value
}

/**
 * @param {unknown} value
 * @param {number} fallback
 * @returns {number}
 */
function tagParam(value, fallback) {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw invalidParams('tag must be a non-negative integer')
  return value
}

/**
 * @param {unknown} value
 * @returns {string | undefined}
 */
function attestationParam(value) {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw invalidParams('attestation must be a string')
  return value
}

/**
 * `irn_publish` params: `{ topic, message, ttl, tag?, prompt?, attestation?, …tvf }`. TVF fields
 * (correlationId, rpcMethods, chainId, txHashes…) are for WalletConnect's analytics and ignored here.
 *
 * @param {unknown} params
 * @param {string} where
 * @returns {import('./createRelayHub.mjs').PublishInput}
 */
function publishInput(params, where) {
  const input = objectParams(params, where)
  return {
    topic: topicParam(input.topic),
    message: messageParam(input.message),
    ttl: ttlParam(input.ttl),
    tag: tagParam(input.tag, 0),
    attestation: attestationParam(input.attestation),
  }
}

/**
 * @param {import('./createRelayHub.mjs').RelayHub} hub
 * @param {(error: unknown, where: string) => void} onInternalError told about a failed deferred delivery
 * @returns {Record<string, import('./relayJsonRpc.mjs').RelayMethod<import('./createRelayHub.mjs').RelayPeer>>}
 */
export function createRelayMethods(hub, onInternalError) {
  /**
   * Delivers the mailbox of freshly subscribed topics once the current frame is answered, so the client
   * holds its subscription id before the first irn_subscription (the answer is written synchronously by
   * the frame handler; this runs as a microtask right after).
   *
   * @param {import('./createRelayHub.mjs').RelayPeer} peer
   * @param {string[]} topics
   */
  function deliverAfterAnswer(peer, topics) {
    queueMicrotask(() => {
      try {
        hub.deliverPending(peer, topics)
      } catch (error) {
        onInternalError(error, 'mailbox delivery')
      }
    })
  }

  return {
    // { topic } → the subscription id. The mailbox for the topic follows right after the answer.
    irn_subscribe(params, peer) {
      const topic = topicParam(objectParams(params, 'irn_subscribe').topic)
      const id = hub.subscribe(peer, topic, { deliver: false })
      deliverAfterAnswer(peer, [topic])
      return id
    },

    // { topics } → one subscription id per topic. The SDK sends this when it reconnects.
    irn_batchSubscribe(params, peer) {
      const topics = topicsParam(objectParams(params, 'irn_batchSubscribe').topics)
      const ids = topics.map((topic) => hub.subscribe(peer, topic, { deliver: false }))
      deliverAfterAnswer(peer, topics)
      return ids
    },

    // { topic, id } → true. Unsubscribing a topic the connection never subscribed is not an error.
    irn_unsubscribe(params, peer) {
      const topic = topicParam(objectParams(params, 'irn_unsubscribe').topic)
      hub.unsubscribe(peer, topic)
      return true
    },

    // { subscriptions: [{ topic, id }] } → true
    irn_batchUnsubscribe(params, peer) {
      const { subscriptions } = objectParams(params, 'irn_batchUnsubscribe')
      if (!Array.isArray(subscriptions)) throw invalidParams('subscriptions must be an array of { topic, id }')
      const topics = subscriptions.map((subscription, index) =>
        topicParam(isPlainObject(subscription) ? subscription.topic : undefined, `subscriptions[${index}].topic`),
      )
      for (const topic of topics) hub.unsubscribe(peer, topic)
      return true
    },

    // { topic, message, ttl, tag?, prompt?, attestation? } → true
    irn_publish(params, peer) {
      hub.publish(peer, publishInput(params, 'irn_publish'))
      return true
    },

    // { messages: PublishParams[] } → true; all or nothing: one bad message refuses the batch.
    irn_batchPublish(params, peer) {
      const { messages } = objectParams(params, 'irn_batchPublish')
      if (!Array.isArray(messages) || messages.length > MAX_BATCH_TOPICS) {
        throw invalidParams(`messages must be an array of at most ${MAX_BATCH_TOPICS} publish params`)
      }
      const inputs = messages.map((message, index) => publishInput(message, `messages[${index}]`))
      for (const input of inputs) hub.publish(peer, input)
      return true
    },

    // { topics } → { messages: [{ topic, message, publishedAt, tag, attestation? }], hasMore }
    irn_batchFetchMessages(params, peer) {
      return hub.fetchMessages(peer, topicsParam(objectParams(params, 'irn_batchFetchMessages').topics))
    },

    // Sign 2.5 (dapp, connect()): { pairingTopic, sessionProposal, ttl, attestation?, correlationId? } → true.
    // The dapp created the pairing with `skipSubscribe`: the relay subscribes it to the pairing topic
    // here, then stores the proposal there for the wallet, which subscribes when it pairs.
    wc_proposeSession(params, peer) {
      const input = objectParams(params, 'wc_proposeSession')
      const pairingTopic = topicParam(input.pairingTopic, 'pairingTopic')
      const proposal = {
        topic: pairingTopic,
        message: messageParam(input.sessionProposal, 'sessionProposal'),
        ttl: ttlParam(input.ttl),
        tag: TAG_SESSION_PROPOSE,
        attestation: attestationParam(input.attestation),
      }
      hub.subscribe(peer, pairingTopic)
      hub.publish(peer, proposal)
      return true
    },

    // Sign 2.5 (wallet, approve()): { sessionTopic, pairingTopic, sessionProposalResponse,
    // sessionSettlementRequest, ttl, correlationId?, …tvf } → true. The wallet subscribed to the session
    // topic with `skipSubscribe`: the relay subscribes it here. The proposal response goes to the pairing
    // topic (the dapp then subscribes to the session topic) and the settlement waits on the session topic.
    wc_approveSession(params, peer) {
      const input = objectParams(params, 'wc_approveSession')
      const sessionTopic = topicParam(input.sessionTopic, 'sessionTopic')
      const pairingTopic = topicParam(input.pairingTopic, 'pairingTopic')
      const ttl = ttlParam(input.ttl)
      const response = messageParam(input.sessionProposalResponse, 'sessionProposalResponse')
      const settlement = messageParam(input.sessionSettlementRequest, 'sessionSettlementRequest')
      hub.subscribe(peer, sessionTopic)
      hub.publish(peer, { topic: pairingTopic, message: response, ttl, tag: TAG_SESSION_PROPOSE_RESPONSE })
      hub.publish(peer, { topic: sessionTopic, message: settlement, ttl, tag: TAG_SESSION_SETTLE })
      return true
    },
  }
}
