// The "foyer/siwx/server" entry: checking sign-in messages in a host's own backend (Node 20+, no React, no DOM).
// The reference verifier (services/api, `/v1/sessions`) runs the same code.
export { verifySignIn, parseSignInMessage, originMatches, SignInRefusedError } from './verifySignIn.mjs'
export type { SignInMessageFields, SignInRefusal, VerifySignInParameters } from './verifySignIn.mjs'
