// The UpdateEmailWallet view's flow as one reducer: what the visitor typed, which code is asked for, and what went
// wrong, changed only by the events below, so each step's rule reads in one place and is tested without React.
import type { EmailUpdateAction } from './embeddedWallet.js'

export type UpdateEmailStep = 'form' | 'sending' | 'primary' | 'secondary'

export interface UpdateEmailState {
  step: UpdateEmailStep
  /** The new address, as typed. */
  newEmail: string
  /** What the visitor reads under the field or the code. */
  error?: string
  /** A code is being checked. */
  verifying: boolean
  /** The codes asked for so far: a new one remounts the code form, so the old code goes with it. */
  codes: number
}

export type UpdateEmailEvent =
  /** The visitor typed a new address (or edited a code): the error no longer applies. */
  | { type: 'typed'; newEmail?: string }
  /** A check or a call failed, with the words to show; a failed mailing goes back to the form. */
  | { type: 'failed'; error: string }
  /** A code is being mailed: to the current address first, or again on request. */
  | { type: 'sending' }
  /** The service mailed a code and says which address it went to. */
  | { type: 'mailed'; action: EmailUpdateAction }
  | { type: 'verifying' }
  /** The first code was right: the second goes to the new address. */
  | { type: 'primaryVerified'; action: EmailUpdateAction }
  | { type: 'verified' }

const STEP_OF: Record<EmailUpdateAction, UpdateEmailStep> = { VERIFY_PRIMARY_OTP: 'primary', VERIFY_SECONDARY_OTP: 'secondary' }

export const initialUpdateEmail: UpdateEmailState = { step: 'form', newEmail: '', verifying: false, codes: 0 }

export function updateEmailFlow(state: UpdateEmailState, event: UpdateEmailEvent): UpdateEmailState {
  switch (event.type) {
    case 'typed':
      return { ...state, newEmail: event.newEmail ?? state.newEmail, error: undefined }
    case 'failed':
      return { ...state, error: event.error, verifying: false, step: state.step === 'sending' ? 'form' : state.step }
    case 'sending':
      return { ...state, step: 'sending', error: undefined, codes: state.codes + 1 }
    case 'mailed':
      return { ...state, step: STEP_OF[event.action] }
    case 'verifying':
      return { ...state, verifying: true, error: undefined }
    case 'primaryVerified':
      return { ...state, verifying: false, step: STEP_OF[event.action], codes: state.codes + 1 }
    case 'verified':
      return { ...state, verifying: false }
  }
}
