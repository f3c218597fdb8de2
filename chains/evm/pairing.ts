// The WalletConnect pairing lifecycle (style 7): a reducer over typed actions for the store's
// 'pairing' slice, and the controller that drives it with rules §9's timings. No SDK here: the controller
// is handed a function that proposes a session, so its timings are tested with fake timers and a
// fake proposal, and the real one (walletConnect.ts) plugs in Foyer's own WalletConnect client.
import { createToken } from 'foyer'
import type { Kernel } from 'foyer'

/** rules §4, §9: a pairing URI lives 4 minutes. */
export const PAIRING_EXPIRY_MS = 4 * 60_000

/** rules §9: a URI within 10 s of its expiry counts as expired, so a wallet never scans one that dies mid-way. */
export const PAIRING_EXPIRED_CHECK_MS = 10_000

/** rules §9: after a rejection or a failure, a retry is allowed 1 s later. */
export const PAIRING_RETRY_MS = 1000

/**
 * Where a pairing is: idle → creating → ready {uri, expiresAt} → expired → (creating again) …;
 * from ready the wallet's answer leads to connecting → connected, or to rejected | failed, from
 * which a retry is allowed at `retryAt`.
 */
export type PairingState =
  | { status: 'idle' }
  /** `afterExpiry`: this URI replaces one that expired, which the view says. */
  | { status: 'creating'; afterExpiry?: boolean }
  | { status: 'ready'; uri: string; expiresAt: number }
  | { status: 'expired' }
  | { status: 'connecting' }
  | { status: 'connected' }
  | { status: 'rejected'; retryAt: number }
  | { status: 'failed'; retryAt: number }

/** Every change to the pairing slice is one of these. Times are epoch milliseconds. */
export type PairingAction =
  | { type: 'create-started'; at: number }
  | { type: 'uri-created'; uri: string; expiresAt: number }
  | { type: 'expired' }
  | { type: 'approved' }
  | { type: 'connected' }
  | { type: 'rejected'; at: number }
  | { type: 'failed'; at: number }
  | { type: 'reset' }

export const INITIAL_PAIRING: PairingState = { status: 'idle' }

export function pairingReducer(state: PairingState, action: PairingAction): PairingState {
  switch (action.type) {
    case 'create-started':
      if (state.status === 'expired') return { status: 'creating', afterExpiry: true }
      if (state.status === 'idle' || state.status === 'connected') return { status: 'creating' }
      // rules §9: a retry only once the second after the failure has passed.
      if ((state.status === 'rejected' || state.status === 'failed') && action.at >= state.retryAt) return { status: 'creating' }
      return state
    case 'uri-created':
      return state.status === 'creating' ? { status: 'ready', uri: action.uri, expiresAt: action.expiresAt } : state
    case 'expired':
      return state.status === 'ready' ? { status: 'expired' } : state
    case 'approved':
      return state.status === 'ready' ? { status: 'connecting' } : state
    case 'connected':
      return state.status === 'connecting' ? { status: 'connected' } : state
    case 'rejected':
    case 'failed':
      return state.status === 'creating' || state.status === 'ready' || state.status === 'connecting'
        ? { status: action.type, retryAt: action.at + PAIRING_RETRY_MS }
        : state
    case 'reset':
      return state.status === 'idle' ? state : INITIAL_PAIRING
  }
}

/** True for a URI that is within {@link PAIRING_EXPIRED_CHECK_MS} of its expiry, or past it. */
export function isPairingExpired(state: PairingState, now: number): boolean {
  return state.status === 'ready' && now >= state.expiresAt - PAIRING_EXPIRED_CHECK_MS
}

/** True when the pairing failed or was rejected and its retry is allowed now. */
export function canRetryPairing(state: PairingState, now: number): boolean {
  return (state.status === 'rejected' || state.status === 'failed') && now >= state.retryAt
}

/** Applies a pairing action to a kernel's 'pairing' slice (added by `evm({ walletConnect })`). */
export function dispatchPairing(kernel: Kernel, action: PairingAction): void {
  kernel.store.update('pairing', (state) => pairingReducer(state, action))
}

/** A proposal the relay carries to whichever wallet opens `uri`. */
export interface PairingProposal<S> {
  uri: string
  /** Settles when the wallet answers: the session it approved, or its refusal. */
  approval: () => Promise<S>
}

export interface PairingControllerOptions<S> {
  getState(): PairingState
  dispatch(action: PairingAction): void
  now(): number
  /** A timer; returns its cancel function. */
  schedule(callback: () => void, ms: number): () => void
  /** Makes a fresh URI. */
  propose(): Promise<PairingProposal<S>>
  /** Turns an approved session into the kernel's connection; throws when that fails. */
  connect(session: S): Promise<void>
  /** A session approved for a URI that is no longer shown (expired, or the visitor left): let it go. */
  discard(session: S): void
  /** True when an error means the visitor said no, in the wallet or in Foyer. */
  isRejection(error: unknown): boolean
}

/** Drives one kernel's pairing: what the WalletConnect views start, retry and stop. */
export interface PairingController {
  /** Makes a URI unless one is being made or shown; keeps it fresh until {@link stop} (rules §9). */
  start(): void
  /** After a rejection or a failure: a new URI, once the retry is allowed (rules §9); before that, nothing. */
  retry(): void
  /** The visitor left: timers stop, the state goes back to idle, and a late answer is let go. */
  stop(): void
}

/**
 * Creates the controller. Each URI is one attempt; only the newest attempt may change the state,
 * so the answer to an expired URI never overrides the one on screen.
 */
export function createPairingController<S>(options: PairingControllerOptions<S>): PairingController {
  const { getState, dispatch, now, schedule } = options
  let attempt = 0
  let cancelExpiry = () => {}

  const fail = (id: number, error: unknown) => {
    if (id !== attempt) return
    cancelExpiry()
    dispatch({ type: options.isRejection(error) ? 'rejected' : 'failed', at: now() })
  }

  const create = () => {
    const id = ++attempt
    cancelExpiry()
    dispatch({ type: 'create-started', at: now() })
    options.propose().then(
      ({ uri, approval }) => {
        const answer = approval()
        if (id !== attempt) {
          answer.then(options.discard, () => {})
          return
        }
        const expiresAt = now() + PAIRING_EXPIRY_MS
        dispatch({ type: 'uri-created', uri, expiresAt })
        // rules §9: within 10 s of its expiry the URI is replaced by a fresh one.
        cancelExpiry = schedule(
          () => {
            if (id !== attempt) return
            dispatch({ type: 'expired' })
            create()
          },
          Math.max(0, expiresAt - PAIRING_EXPIRED_CHECK_MS - now()),
        )
        answer.then(
          async (session) => {
            if (id !== attempt) return options.discard(session)
            cancelExpiry()
            dispatch({ type: 'approved' })
            try {
              await options.connect(session)
              if (id === attempt) dispatch({ type: 'connected' })
            } catch (error) {
              fail(id, error)
            }
          },
          (error: unknown) => fail(id, error),
        )
      },
      (error: unknown) => fail(id, error),
    )
  }

  return {
    start() {
      if (getState().status === 'idle') create()
    },
    retry() {
      if (canRetryPairing(getState(), now())) create()
    },
    stop() {
      attempt++
      cancelExpiry()
      dispatch({ type: 'reset' })
    },
  }
}

/** Where the WalletConnect views get their pairing from. */
export interface WalletConnectService {
  /** The kernel's pairing, loading the WalletConnect client the first time. */
  pairing(kernel: Kernel): Promise<PairingController>
}

/**
 * Replaces the chain's `walletConnect` capability for the WalletConnect views: stories provide a
 * fake pairing here (a story cannot run a relay) and drive the views by dispatching pairing actions.
 *
 * @example
 * kernel.container.provide(WalletConnectToken, { pairing: async () => ({ start() {}, retry() {}, stop() {} }) })
 */
export const WalletConnectToken = createToken<WalletConnectService>('evm:WalletConnect')

/** The pairing service of a kernel: the one provided under {@link WalletConnectToken}, else the EVM chain's. */
export function walletConnectServiceOf(kernel: Kernel): WalletConnectService | undefined {
  if (kernel.container.has(WalletConnectToken)) return kernel.container.resolve(WalletConnectToken)
  return kernel.chains.get('eip155')?.capabilities?.walletConnect
}
