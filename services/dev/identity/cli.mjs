#!/usr/bin/env node
// Starts the local identity provider alone: an OpenID Connect issuer on 127.0.0.1:8792 (FOYER_IDENTITY_PORT) with
// the clients foyer-google, foyer-x, foyer-discord, foyer-apple, foyer-github and foyer-facebook, whose users come
// back to FOYER_SOCIAL_REDIRECT_URIS (comma-separated; default the local wallet's
// http://localhost:8790/social/callback). Runs until SIGINT/SIGTERM. Development only.
import { readPort, stopOnSignals } from '../../serviceCli.mjs'
import { DEFAULT_IDENTITY_PORT, startIdentityProvider } from './startIdentityProvider.mjs'

/** @type {import('./index.mjs').IdentityProvider} */
let idp
try {
  idp = await startIdentityProvider({
    port: readPort('FOYER_IDENTITY_PORT', DEFAULT_IDENTITY_PORT),
    redirectUris: (process.env['FOYER_SOCIAL_REDIRECT_URIS'] || 'http://localhost:8790/social/callback').split(',').filter(Boolean),
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
stopOnSignals('Identity provider', idp.stop)
console.log(`Identity provider on ${idp.url} (clients foyer-google, foyer-x, foyer-discord, foyer-apple, foyer-github, foyer-facebook)`)
