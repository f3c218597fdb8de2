// The local identity provider: one OpenID Connect provider standing in for every social login.
// Types: index.d.mts (import from this file, not from the modules behind it).
export { DEFAULT_IDENTITY_PORT, DEV_TELEGRAM_BOT_TOKEN, OIDC_SOCIAL_PROVIDERS, devClientOf, startIdentityProvider } from './startIdentityProvider.mjs';
