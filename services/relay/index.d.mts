// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).

/** @default 8787 */
export declare const DEFAULT_RELAY_PORT: number;
/** WebSocket ping period: 15 s, well below the 35 s after which the SDK (in Node) drops a silent socket. */
export declare const DEFAULT_PING_INTERVAL_MS: number;
/** Largest `message` in a publish (1 MiB); a larger one gets -32602 and the socket stays open. */
export declare const MAX_MESSAGE_BYTES: number;
/** Largest WebSocket frame (4 MiB); a larger one closes the socket with 1009. */
export declare const MAX_FRAME_BYTES: number;
/** Mailbox caps; beyond them the oldest messages are dropped first. */
export declare const MAX_MAILBOX_MESSAGES: number;
export declare const MAX_MAILBOX_MESSAGES_PER_TOPIC: number;
export declare const MAX_MAILBOX_BYTES: number;
/** Longest a message is kept, whatever TTL it was published with: 30 days. */
export declare const MAX_TTL_SECONDS: number;
/** Most messages in one `irn_batchFetchMessages` answer (`hasMore` says when more wait). */
export declare const MAX_FETCHED_MESSAGES: number;
/** Tags the relay gives the messages carried by wc_proposeSession (1100) and wc_approveSession (1101, 1102). */
export declare const TAG_SESSION_PROPOSE: 1100;
export declare const TAG_SESSION_PROPOSE_RESPONSE: 1101;
export declare const TAG_SESSION_SETTLE: 1102;

/** Thrown by {@link startRelay} when the port is taken: the stack's one PortInUseError, under this module's name. */
export { PortInUseError as RelayPortInUseError } from '../listen.mjs';

export type StartRelayOptions = {
  /** 0 picks a free port. @default 8787 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** Named in {@link RelayPortInUseError}. @default 'FOYER_RELAY_PORT' */
  portEnv?: string;
  /** @default 15000 */
  pingIntervalMs?: number;
  /** Mailbox caps. @default { maxMessages: 10000, maxMessagesPerTopic: 1000, maxBytes: 64 MiB } */
  mailbox?: { maxMessages?: number; maxMessagesPerTopic?: number; maxBytes?: number };
  /** Told about internal errors. @default console.error */
  log?: (message: string) => void;
};

export type RelayStats = {
  connections: number;
  /** Topics with at least one subscribed connection. */
  topics: number;
  subscriptions: number;
  mailboxMessages: number;
  mailboxBytes: number;
};

export type LocalRelay = {
  /** `ws://127.0.0.1:<port>`: the sign-client's `relayUrl`. */
  readonly url: string;
  /** `http://127.0.0.1:<port>`: GET answers a JSON summary, GET /health answers `ok`. */
  readonly httpUrl: string;
  readonly port: number;
  stats(): RelayStats;
  /**
   * Cuts every socket at once, with no close handshake (a network that drops); the relay keeps listening and keeps
   * its mailbox. For tests. Returns how many sockets were cut.
   */
  dropAll(): number;
  /** Closes every socket, stops listening and resolves once closed. Idempotent. */
  stop(): Promise<void>;
};

/**
 * Starts the local WalletConnect relay (development only: it verifies no JWT and no project id) and
 * resolves once it listens.
 *
 * @example
 * const relay = await startRelay({ port: 0 });
 * const client = await SignClient.init({ projectId: 'foyer-dev', relayUrl: relay.url, metadata });
 */
export declare function startRelay(options?: StartRelayOptions): Promise<LocalRelay>;
