// The siwx plugin's manifest: sign in with X (rules §1, §3, rules §4). After a wallet connects, the SignIn view asks for a signed
// message (EIP-4361 on eip155, Sign In With Solana on solana) and a verifier keeps the session. The view, the message
// code and the verifier client load on demand.
import {
  ConflictingSignInOptionsError,
  InvalidOptionsError,
  createToken,
  definePlugin,
  type FoyerState,
  type Kernel,
  type Plugin,
  type Token,
} from 'foyer'
import { en, type SiwxMessages } from './locales.js'
import type { SiweConfig, SiwxConfig } from './types.js'

declare module 'foyer' {
  interface ViewParams {
    /** Sign in with the account connected on `namespace`. */
    SignIn: { namespace: string }
  }
}

declare module 'foyer' {
  interface ViewResults {
    /** True once signed in; false when the visitor declined. */
    SignIn: boolean
  }
}

declare module 'foyer' {
  interface FoyerState {
    siwx: SiwxState
  }
}

declare module 'foyer' {
  interface FoyerEvents {
    /** The account signed in on `chainId` (CAIP-2) and the verifier kept the session. */
    'siwx:signed-in': { namespace: string; chainId: string; address: string }
    /** The account's sessions on `chainId` were revoked (disconnect, rules §4). */
    'siwx:signed-out': { namespace: string; chainId: string; address: string }
  }
}

declare module 'foyer' {
  interface Messages extends SiwxMessages {}
}

export type { SignInFields, SignInMessage, SignInMessageInput, SiweConfig, SiweMessageArgs, SiwxConfig, SiwxSession } from './types.js'

/** The plugin's slice: its options as the lazy code needs them, and the accounts that skipped signing in. */
export interface SiwxState {
  required: boolean
  statement?: string
  resources?: readonly string[]
  expiresInMs: number
  /** CAIP-10 ids (`eip155:1:0x…`) whose visitor chose 'Not now' in this connection. */
  skipped: readonly string[]
}

export interface SiwxOptions {
  /** The host's own verifier. Not with `siweConfig` (rules §1). @default the reference verifier at `services.api` */
  siwx?: SiwxConfig
  /** A verifier in the SIWE shape (EVM only). Not with `siwx` (rules §1). */
  siweConfig?: SiweConfig
  /** Declining disconnects the wallet; otherwise the visitor may go on without signing in. @default false */
  required?: boolean
  /** Disconnecting revokes the account's sessions (rules §4). @default true */
  signOutOnDisconnect?: boolean
  /** The sentence the wallet shows above the message's fields. @default 'Sign in to {metadata.name or host}.' */
  statement?: string
  /** URIs the session covers (EIP-4361 resources). */
  resources?: readonly string[]
  /** How long a signed message (and so its session) lasts. @default 86_400_000 (one day) */
  expiresInMs?: number
}

/** The verifier the lazy code uses: the host's own (`siwx`), else made on first use from `siweConfig` or `services.api`. */
export const SiwxConfigToken: Token<SiwxConfig> = createToken('siwx:config')
/** The host's `siweConfig`, adapted on first use. */
export const SiweConfigToken: Token<SiweConfig> = createToken('siwx:siwe-config')

/**
 * Sign in with X: after a wallet connects (and when it switches to a network or account with no session), the SignIn
 * view asks the visitor to sign a message; the verifier checks it and keeps the session, which survives a reload.
 * `required` disconnects a visitor who declines. Disconnecting revokes the sessions (rules §4, `signOutOnDisconnect`).
 *
 * @example
 * createKernel({ projectId, services: { api: 'https://api.example.com' }, plugins: [evm({ networks }), siwx({ required: true })] })
 */
export function siwx(options: SiwxOptions = {}): Plugin {
  // rules §1: exactly this error, before anything else.
  if (options.siwx && options.siweConfig) throw new ConflictingSignInOptionsError()
  const { required = false, signOutOnDisconnect = true, statement, resources, expiresInMs = 86_400_000 } = options
  if (!Number.isFinite(expiresInMs) || expiresInMs <= 0) {
    throw new InvalidOptionsError(`siwx({ expiresInMs }) must be a positive number of milliseconds, got ${String(expiresInMs)}`)
  }
  if (statement?.includes('\n')) throw new InvalidOptionsError('siwx({ statement }) must be one line (EIP-4361)')
  const load = () => import('./signIn.js')
  // Signing in needs a verifier: the host's own, or the reference one at `services.api`.
  const available = (kernel: Kernel) => Boolean(options.siwx || options.siweConfig || kernel.options.services.api)
  return definePlugin({
    name: 'siwx',
    views: { SignIn: { title: 'siwx.title', available, load: () => import('./SignInView.js') } },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    hooks: {
      afterConnect: async (kernel, { namespace }) => {
        if (kernel.store.getState().siwx) await (await load()).ensureSignedIn(kernel, namespace)
      },
    },
    setup(kernel) {
      if (!available(kernel)) {
        kernel.logger.warn('siwx() needs `siwx`, `siweConfig` or `services.api` (the reference verifier): sign-in is off.')
        return
      }
      kernel.store.addSlice('siwx', { required, statement, resources, expiresInMs, skipped: [] })
      if (options.siwx) kernel.container.provide(SiwxConfigToken, options.siwx)
      if (options.siweConfig) kernel.container.provide(SiweConfigToken, options.siweConfig)
      // Which account each connected namespace shows on which network; the sign-in code loads only when one changes.
      const accounts = (state: FoyerState) =>
        Object.entries(state.connection.namespaces)
          .map(([namespace, { status, networkId, address }]) => (status === 'connected' ? `${namespace}|${networkId}|${address}` : ''))
          .join(',')
      const stopWatching = kernel.store.select(accounts, (now, before) => {
        void load()
          .then((module) => module.accountsChanged(kernel, now, before, { signOutOnDisconnect }))
          .catch((error: unknown) => kernel.logger.error('siwx: after an account change, signing in failed.', error))
      })
      return () => {
        stopWatching()
        kernel.store.removeSlice('siwx')
      }
    },
  })
}
