// The relay's state, free of sockets: who is subscribed to which topic, the mailbox of messages kept for
// their TTL, and delivery as `irn_subscription` requests that the clients ack.
//
// A peer is one WebSocket connection; its `key` names the client behind it (the `iss` of the SDK's relay
// JWT, stable across reconnects). A message is never delivered back to the client that published it,
// is sent at most once per connection, and once a client has acked it (or fetched it) that client never
// gets it again — but the message stays for the other clients until its TTL runs out, so a wallet that
// pairs late still finds the dapp's proposal waiting.
import { createHash } from 'node:crypto'

/** Mailbox limits: beyond them the oldest messages are dropped first. */
export const MAX_MAILBOX_MESSAGES = 10_000
export const MAX_MAILBOX_MESSAGES_PER_TOPIC = 1_000
/** 64 MiB of message text in all. */
export const MAX_MAILBOX_BYTES = 64 * 1024 * 1024
/** Longest a message is kept: 30 days, the SDK's longest subscription TTL. */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
/** Deliveries a connection may leave unacked; beyond this the oldest are forgotten (and redelivered on resubscribe). */
const MAX_UNACKED_PER_PEER = 10_000
/** Most messages one `irn_batchFetchMessages` answer carries. */
export const MAX_FETCHED_MESSAGES = 500

/**
 * @typedef {object} RelayPeer one connection, as the hub sees it
 * @property {string} key the client behind the connection
 * @property {(payload: Record<string, unknown>) => void} send writes one JSON-RPC payload to the socket
 */

/**
 * @typedef {object} PublishInput
 * @property {string} topic
 * @property {string} message
 * @property {number} ttl seconds; 0 delivers to current subscribers only
 * @property {number} tag
 * @property {string} [attestation]
 */

/**
 * @typedef {object} StoredMessage
 * @property {string} topic
 * @property {string} message
 * @property {number} publishedAt ms
 * @property {number} expiresAt ms
 * @property {number} tag
 * @property {string | undefined} attestation
 * @property {string} publisher the publishing client's key
 * @property {Set<string>} ackedBy client keys that have acked or fetched it
 * @property {WeakSet<RelayPeer>} sentTo connections it was written to
 */

/**
 * @typedef {object} PeerState
 * @property {Map<string, string>} subscriptions topic → subscription id
 * @property {Map<string, StoredMessage>} unacked String(irn_subscription id) → message
 */

/**
 * The subscription id the SDK computes for itself: sha256(topic + clientId), hex. The relay hands out the
 * same one, so ids agree with the SDK's own bookkeeping.
 *
 * @param {string} topic
 * @param {string} clientKey
 * @returns {string}
 */
export function subscriptionIdFor(topic, clientKey) {
  return createHash('sha256')
    .update(topic + clientKey, 'utf8')
    .digest('hex')
}

/**
 * @param {object} [options]
 * @param {number} [options.maxMessages=MAX_MAILBOX_MESSAGES]
 * @param {number} [options.maxMessagesPerTopic=MAX_MAILBOX_MESSAGES_PER_TOPIC]
 * @param {number} [options.maxBytes=MAX_MAILBOX_BYTES]
 * @param {() => number} [options.now=() => Date.now()] the clock, in ms.
 */
export function createRelayHub({
  maxMessages = MAX_MAILBOX_MESSAGES,
  maxMessagesPerTopic = MAX_MAILBOX_MESSAGES_PER_TOPIC,
  maxBytes = MAX_MAILBOX_BYTES,
  // Read through a closure so a faked Date (vi.useFakeTimers({ toFake: ['Date'] })) moves TTLs too.
  now = () => Date.now(),
} = {}) {
  /** @type {Map<RelayPeer, PeerState>} */
  const peers = new Map()
  /** @type {Map<string, Set<RelayPeer>>} topic → subscribed connections */
  const subscribers = new Map()
  /** @type {Map<string, StoredMessage[]>} topic → messages, oldest first */
  const mailbox = new Map()
  /** Every stored message in insertion order, for dropping the oldest across topics. */
  /** @type {Set<StoredMessage>} */
  const stored = new Set()
  let storedBytes = 0
  // Ids of the relay's own irn_subscription requests; the SDK acks each by id.
  let nextRpcId = Date.now() * 1000

  /** @param {RelayPeer} peer */
  function stateOf(peer) {
    const state = peers.get(peer)
    if (!state) throw new Error('unknown peer (not added, or already removed)')
    return state
  }

  /** @param {StoredMessage} entry */
  function drop(entry) {
    if (!stored.delete(entry)) return
    storedBytes -= entry.message.length
    const list = mailbox.get(entry.topic)
    if (!list) return
    const index = list.indexOf(entry)
    if (index !== -1) list.splice(index, 1)
    if (list.length === 0) mailbox.delete(entry.topic)
  }

  /** @param {string} topic */
  function liveMessages(topic) {
    const list = mailbox.get(topic)
    if (!list) return []
    const time = now()
    for (const entry of list.filter((candidate) => candidate.expiresAt <= time)) drop(entry)
    return mailbox.get(topic) ?? []
  }

  /**
   * Writes one message to one connection unless that client published it, has it already, or acked it.
   *
   * @param {RelayPeer} peer
   * @param {StoredMessage} entry
   */
  function deliver(peer, entry) {
    const state = peers.get(peer)
    const subscriptionId = state?.subscriptions.get(entry.topic)
    if (!state || subscriptionId === undefined) return
    if (entry.publisher === peer.key || entry.ackedBy.has(peer.key) || entry.sentTo.has(peer)) return
    entry.sentTo.add(peer)
    const id = nextRpcId++
    state.unacked.set(String(id), entry)
    if (state.unacked.size > MAX_UNACKED_PER_PEER) {
      const [oldest] = state.unacked.keys()
      if (oldest !== undefined) state.unacked.delete(oldest)
    }
    peer.send({
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId,
        data: {
          topic: entry.topic,
          message: entry.message,
          publishedAt: entry.publishedAt,
          tag: entry.tag,
          attestation: entry.attestation,
        },
      },
    })
  }

  return {
    /** @param {RelayPeer} peer */
    addPeer(peer) {
      if (!peers.has(peer)) peers.set(peer, { subscriptions: new Map(), unacked: new Map() })
    },

    /**
     * Forgets a closed connection. Messages it received but did not ack stay deliverable to its client.
     *
     * @param {RelayPeer} peer
     */
    removePeer(peer) {
      const state = peers.get(peer)
      if (!state) return
      for (const topic of state.subscriptions.keys()) {
        const set = subscribers.get(topic)
        set?.delete(peer)
        if (set?.size === 0) subscribers.delete(topic)
      }
      peers.delete(peer)
    },

    /**
     * Subscribes the connection to a topic and delivers what the mailbox holds for it.
     *
     * @param {RelayPeer} peer
     * @param {string} topic
     * @param {{ deliver?: boolean }} [options] `deliver: false` defers the mailbox (call `deliverPending`)
     * @returns {string} the subscription id
     */
    subscribe(peer, topic, { deliver: deliverNow = true } = {}) {
      const state = stateOf(peer)
      let id = state.subscriptions.get(topic)
      if (id === undefined) {
        id = subscriptionIdFor(topic, peer.key)
        state.subscriptions.set(topic, id)
        let set = subscribers.get(topic)
        if (!set) {
          set = new Set()
          subscribers.set(topic, set)
        }
        set.add(peer)
      }
      if (deliverNow) this.deliverPending(peer, [topic])
      return id
    },

    /**
     * Delivers the mailbox of the given topics to a connection subscribed to them, oldest first.
     *
     * @param {RelayPeer} peer
     * @param {string[]} topics
     */
    deliverPending(peer, topics) {
      for (const topic of topics) {
        for (const entry of [...liveMessages(topic)]) deliver(peer, entry)
      }
    },

    /**
     * @param {RelayPeer} peer
     * @param {string} topic
     * @returns {boolean} whether the connection was subscribed
     */
    unsubscribe(peer, topic) {
      const state = stateOf(peer)
      if (!state.subscriptions.delete(topic)) return false
      const set = subscribers.get(topic)
      set?.delete(peer)
      if (set?.size === 0) subscribers.delete(topic)
      return true
    },

    /**
     * Stores the message for its TTL and delivers it to every other client subscribed to the topic.
     *
     * @param {RelayPeer} peer the publishing connection
     * @param {PublishInput} input
     */
    publish(peer, { topic, message, ttl, tag, attestation }) {
      stateOf(peer)
      const publishedAt = now()
      /** @type {StoredMessage} */
      const entry = {
        topic,
        message,
        publishedAt,
        expiresAt: publishedAt + Math.min(ttl, MAX_TTL_SECONDS) * 1000,
        tag,
        attestation,
        publisher: peer.key,
        ackedBy: new Set(),
        sentTo: new WeakSet(),
      }
      if (ttl > 0) {
        let list = mailbox.get(topic)
        if (!list) {
          list = []
          mailbox.set(topic, list)
        }
        list.push(entry)
        stored.add(entry)
        storedBytes += message.length
        while (list.length > maxMessagesPerTopic) drop(/** @type {StoredMessage} */ (list[0]))
        for (const oldest of stored) {
          if (stored.size <= maxMessages && storedBytes <= maxBytes) break
          drop(oldest)
        }
      }
      for (const subscriber of subscribers.get(topic) ?? []) deliver(subscriber, entry)
    },

    /**
     * `irn_batchFetchMessages`: what the mailbox holds for the topics, handed over (and counted as acked).
     *
     * @param {RelayPeer} peer
     * @param {string[]} topics
     * @returns {{ messages: Array<{ topic: string, message: string, publishedAt: number, tag: number, attestation?: string }>, hasMore: boolean }}
     */
    fetchMessages(peer, topics) {
      stateOf(peer)
      /** @type {StoredMessage[]} */
      const pending = []
      for (const topic of new Set(topics)) {
        for (const entry of liveMessages(topic)) {
          if (entry.publisher !== peer.key && !entry.ackedBy.has(peer.key)) pending.push(entry)
        }
      }
      pending.sort((a, b) => a.publishedAt - b.publishedAt)
      const batch = pending.slice(0, MAX_FETCHED_MESSAGES)
      for (const entry of batch) entry.ackedBy.add(peer.key)
      return {
        messages: batch.map(({ topic, message, publishedAt, tag, attestation }) => ({
          topic,
          message,
          publishedAt,
          tag,
          attestation,
        })),
        hasMore: pending.length > batch.length,
      }
    },

    /**
     * The client's answer to an `irn_subscription`: from now on that client does not get the message again.
     *
     * @param {RelayPeer} peer
     * @param {string | number | bigint} rpcId
     */
    acknowledge(peer, rpcId) {
      const state = peers.get(peer)
      const entry = state?.unacked.get(String(rpcId))
      if (!state || !entry) return
      state.unacked.delete(String(rpcId))
      entry.ackedBy.add(peer.key)
    },

    /** Drops expired messages. */
    sweep() {
      const time = now()
      for (const entry of [...stored]) if (entry.expiresAt <= time) drop(entry)
    },

    /** Counts, for the health endpoint and tests. */
    stats() {
      let subscriptions = 0
      for (const state of peers.values()) subscriptions += state.subscriptions.size
      return {
        connections: peers.size,
        topics: subscribers.size,
        subscriptions,
        mailboxMessages: stored.size,
        mailboxBytes: storedBytes,
      }
    },
  }
}

/** @typedef {ReturnType<typeof createRelayHub>} RelayHub */
