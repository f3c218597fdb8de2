import type { Kernel } from 'foyer'
import type { SendAsset } from './validateSend.js'

/**
 * The send form (rules §3), in the store so it outlives the view: a visitor who opens Networks and comes
 * back finds what they typed.
 */
export interface SendState {
  /** The chosen token; absent until one is chosen. */
  token?: SendAsset
  /** Decimal text as typed. */
  sendTokenAmount: string
  receiverAddress: string
  /** The receiver's name and avatar, when the blockchain data service knows them (EVM only, rules §6). */
  receiverProfileName?: string
  receiverProfileImageUrl?: string
  /** The account's balances on this network, in USD, formatted; absent without a data service. */
  networkBalanceInUSD?: string
  /** True while a send is under way (rules §4). */
  loading: boolean
  /**
   * Where the Send view is: the form, its preview, or the result. In the store, not the view, so a
   * view shown over it meanwhile (the embedded wallet's ApproveTransaction) does not lose it; it
   * starts over once the Send view leaves the modal's history.
   */
  step: 'form' | 'preview' | 'done'
  /** The last send's hash, for the result step. */
  hash?: string
  /** Why the last send failed (rules §8 wording), shown on the preview until the next try. */
  error?: string
}

/** Changes part of the send form. Without the send plugin's slice it does nothing. */
export function updateSendState(kernel: Kernel, patch: Partial<SendState>): void {
  if (!('send' in kernel.store.getState())) return
  kernel.store.update('send', (state) => ({ ...state, ...patch }))
}

/** rules §4: after a send the form starts over; what the account holds stays. */
export function resetSendForm(kernel: Kernel): void {
  updateSendState(kernel, {
    token: undefined,
    sendTokenAmount: '',
    receiverAddress: '',
    receiverProfileName: undefined,
    receiverProfileImageUrl: undefined,
  })
}
