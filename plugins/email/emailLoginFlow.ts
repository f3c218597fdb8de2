// The EmailLogin view's flow as one reducer: where the login is, the code form's error, and which code it is for,
// changed only by the events below, so each step's rule reads in one place and is tested without React.

export type EmailLoginStep = 'sending' | 'code' | 'verifying' | 'device' | 'connecting' | 'failed'

export interface EmailLoginState {
  step: EmailLoginStep
  /** Why the login stopped (step 'failed'), or why the code was refused (step 'code'). */
  error?: string
  /** The codes asked for so far: a new one remounts the code form, so the old code goes with it. */
  codes: number
}

export type EmailLoginEvent =
  /** A code (or the device link) is being asked for: the old code and its error no longer apply. */
  | { type: 'sending' }
  /** Where the login is now: waiting for the code, checking it, waiting for the device link, connecting. */
  | { type: 'at'; step: 'code' | 'verifying' | 'device' | 'connecting' }
  /** The code was refused: the form again, with the reason. */
  | { type: 'codeRefused'; error: string }
  /** The visitor edits the code: its error no longer applies. */
  | { type: 'codeEdited' }
  /** The login failed: the reason, and a way to try again. */
  | { type: 'failed'; error: string }

export const initialEmailLogin: EmailLoginState = { step: 'sending', codes: 0 }

export function emailLoginFlow(state: EmailLoginState, event: EmailLoginEvent): EmailLoginState {
  switch (event.type) {
    case 'sending':
      return { step: 'sending', codes: state.codes + 1 }
    case 'at':
      // The code's error stays while its form shows; any other step has none.
      return { ...state, step: event.step, error: event.step === 'code' || event.step === 'verifying' ? state.error : undefined }
    case 'codeRefused':
      return { ...state, step: 'code', error: event.error }
    case 'codeEdited':
      return { ...state, error: undefined }
    case 'failed':
      return { ...state, step: 'failed', error: event.error }
  }
}
