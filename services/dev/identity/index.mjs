// The local identity provider: one OpenID Connect provider standing in for every social login.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export {
  DEFAULT_IDENTITY_PORT,
  DEV_TELEGRAM_BOT_TOKEN,
  OIDC_SOCIAL_PROVIDERS,
  devClientOf,
  startIdentityProvider,
} from './startIdentityProvider.mjs'

/**
 * @typedef {import('./startIdentityProvider.mjs').IdentityProvider} IdentityProvider
 * @typedef {import('./startIdentityProvider.mjs').OidcSocialProvider} OidcSocialProvider
 */
