/** English for the email plugin (the embedded wallet); `{n}` and `{email}` are filled in at run time. */
export const en = {
  /** The connect method on Connect. */
  'email.field': 'Email address',
  'email.continue': 'Continue with email',
  'email.title': 'Sign in with email',
  'email.sending': 'Sending a code…',
  'email.codeSent': 'We sent a 6-digit code to {email}.',
  'email.codeField': 'Code',
  'email.verify': 'Verify',
  'email.verifying': 'Checking the code…',
  'email.resend': 'Send a new code',
  'email.device': 'This browser is new to your wallet. Open the link we sent to {email} to approve it.',
  'email.deviceWaiting': 'Waiting for you to approve this browser…',
  'email.connecting': 'Opening your wallet…',
  /** §5: the email field holds no valid address. */
  'email.invalid': 'Enter a valid email address',
  /** §5: the one-time code is 6 digits. */
  'email.invalidCode': 'Enter the 6-digit code',
  /** §5, word for word: a second code within 30 s. */
  'email.cooldown': 'Please try again after {n} seconds',
  'email.failed': 'An error occurred',
  'email.tryAgain': 'Try again',
  'approve.title': 'Approve request',
  'approve.hint': 'Approve or reject in the secure panel below; this site cannot approve for you.',
  /** §6: a method the embedded wallet does not offer. */
  'approve.notAllowed': 'Action not allowed',
} as const
