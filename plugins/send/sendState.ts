import type { Kernel } from '../../kernel/core/createKernel.js'
import type { SendAsset } from './validateSend.js'

/**
 * The send form (§3), in the store so it outlives the view: a visitor who opens Networks and comes
 * back finds what they typed.
 */
export interface SendState {
  /** The chosen token; absent until one is chosen. */
  token?: SendAsset
  /** Decimal text as typed. */
  sendTokenAmount: string
  receiverAddress: string
  /** The receiver's name and avatar, when the blockchain data service knows them (EVM only, §6). */
  receiverProfileName?: string
  receiverProfileImageUrl?: string
  /** The account's balances on this network, in USD, formatted; absent without a data service. */
  networkBalanceInUSD?: string
  /** True while a send is under way (§4). */
  loading: boolean
}

export const INITIAL_SEND_STATE: SendState = Object.freeze({ sendTokenAmount: '', receiverAddress: '', loading: false })

/** Changes part of the send form. Without the send plugin's slice it does nothing. */
export function updateSendState(kernel: Kernel, patch: Partial<SendState>): void {
  if (!('send' in kernel.store.getState())) return
  kernel.store.update('send', (state) => ({ ...state, ...patch }))
}

/** §4: after a send the form starts over; what the account holds stays. */
export function resetSendForm(kernel: Kernel): void {
  updateSendState(kernel, {
    token: undefined,
    sendTokenAmount: '',
    receiverAddress: '',
    receiverProfileName: undefined,
    receiverProfileImageUrl: undefined,
  })
}
