// The "foyer/siwx/server" entry: checking sign-in messages in a host's own backend (Node 20+, no React, no DOM).
// The reference verifier (services/api, `/v1/sessions`) runs the same code.
export { verifySignIn, parseSignInMessage, SignInRefusedError } from './verifySignIn.mjs'
// The check the verifier matches a message's domain with, for a host's own uses of its allowed origins.
export { originMatches } from '../../kernel/model/originMatches.mjs'
export type { SignInMessageFields, SignInRefusal, VerifySignInParameters } from './verifySignIn.mjs'
