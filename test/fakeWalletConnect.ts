// A WalletConnect pairing for stories: a story cannot run a relay, so the WalletConnect views get
// this stand-in through WalletConnectToken and the story sets the pairing state by dispatching the
// real pairing actions into the store (the real reducer runs). walletConnect.integration.test.ts and the
// end-to-end suite pair for real. Browser-safe. Lives only in test/.
import type { Kernel } from '../kernel/core/createKernel.js'
import { dispatchPairing, PAIRING_EXPIRY_MS, WalletConnectToken, type PairingAction } from '../chains/evm/pairing.js'

/** A pairing URI as the SDK makes them (it reaches no relay). */
export const STORY_PAIRING_URI =
  'wc:7f6e504bfad60b485450578e05678441fa7a8b7f7ae1b2b1b8e8a0c8b1e1f2a3@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000300'

/** What the views asked the pairing to do. */
export interface FakePairingCalls {
  start: number
  retry: number
  stop: number
}

/** Gives the kernel a pairing that records calls and leaves the state to `actions` (applied now). */
export function fakePairing(kernel: Kernel, actions: PairingAction[] = []): FakePairingCalls {
  const calls: FakePairingCalls = { start: 0, retry: 0, stop: 0 }
  kernel.container.provide(WalletConnectToken, {
    pairing: async () => ({
      start: () => void calls.start++,
      retry: () => void calls.retry++,
      stop: () => void calls.stop++,
    }),
  })
  for (const action of actions) dispatchPairing(kernel, action)
  return calls
}

/** The actions that bring a pairing to each state, as the real controller dispatches them. */
export const pairingActions = {
  creating: (): PairingAction[] => [{ type: 'create-started', at: Date.now() }],
  ready: (uri = STORY_PAIRING_URI): PairingAction[] => [
    { type: 'create-started', at: Date.now() },
    { type: 'uri-created', uri, expiresAt: Date.now() + PAIRING_EXPIRY_MS },
  ],
  expired: (): PairingAction[] => [...pairingActions.ready(), { type: 'expired' }, { type: 'create-started', at: Date.now() }],
  connecting: (): PairingAction[] => [...pairingActions.ready(), { type: 'approved' }],
  connected: (): PairingAction[] => [...pairingActions.connecting(), { type: 'connected' }],
  rejected: (): PairingAction[] => [...pairingActions.ready(), { type: 'rejected', at: Date.now() }],
  failed: (): PairingAction[] => [
    { type: 'create-started', at: Date.now() },
    { type: 'failed', at: Date.now() },
  ],
}
