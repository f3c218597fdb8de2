// The "foyer/siwx/server" entry: checking sign-in messages in a host's own backend (Node 20+, no React, no DOM).
// The reference verifier (services/api, `/v1/sessions`) runs the same code.
// The verifier is the protocol layer's ("foyer/protocol/evm"), which it re-exports unchanged for the hosts that import
// it from here.
export { verifySignIn, parseSignInMessage, SignInRefusedError } from 'foyer/protocol/evm'
// The check the verifier matches a message's domain with, for a host's own uses of its allowed origins.
export { originMatches } from 'foyer/protocol'
export type { SignInMessageFields, SignInRefusal, VerifySignInParameters } from 'foyer/protocol/evm'
