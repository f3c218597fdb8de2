// The socials plugin's manifest: social login (rules §1, §4) ending in the email plugin's embedded wallet. The social
// row(s) on Connect, the ConnectingSocial view and the popup flow load on demand.
import * as v from 'valibot'
import { afterFirstPaint, definePlugin, InvalidOptionsError, StorageToken, type Kernel, type Plugin } from 'foyer'
import { en, type SocialsMessages } from './locales.js'
import type { SocialsState } from './socialsState.js'

// constants.ts's lists, written out: the manifest imports no module the lazy ones import (a test keeps them equal).
const SOCIAL_NAMES = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook', 'telegram']
/** rules §9: the default socials and their order. */
const DEFAULT_SOCIALS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']
/** rules §2: the parameter a redirect login (Telegram) comes back with. */
const RESULT_URI_PARAM = 'result_uri'
// The email plugin's storage keys for the social login it keeps (cleared at sign-out with the rest).
const SOCIAL_PROVIDER_KEY = 'email:socialProvider'
const SOCIAL_USERNAME_KEY = 'email:socialUsername'

declare module 'foyer' {
  interface ViewParams {
    /** rules §4: a social login in its popup: waiting, connecting, or its rules §8 error with Try again. */
    ConnectingSocial: { provider: string }
    /** rules §2: the Farcaster sign-in link as a QR code (and a link), while the visitor approves in their app. */
    ConnectingFarcaster: undefined
  }
}

declare module 'foyer' {
  interface FoyerState {
    socials: SocialsState
  }
}

declare module 'foyer' {
  interface Features {
    /**
     * The social logins offered on Connect, in this order (rules §9). Each is one of google, x, farcaster, discord,
     * apple, github, facebook, telegram (a popup; farcaster by a QR code; telegram by a full-page redirect that comes
     * back with `result_uri`). @default ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']; the remote
     * project configuration may set it
     */
    socials: readonly string[]
  }
}

declare module 'foyer' {
  interface Messages extends SocialsMessages {}
}

export type { SocialsState, SocialLoginStep } from './socialsState.js'
export type { SocialName, SocialProvider } from './constants.js'

/**
 * rules §3: the social login of the connected embedded wallet (`socialProvider` and the user's name), or undefined when
 * the active connection is not a social login.
 */
export function socialAccount(kernel: Kernel): { socialProvider: string; userName?: string } | undefined {
  const { socials, connection } = kernel.store.getState()
  const active = connection.activeNamespace ? connection.namespaces[connection.activeNamespace] : undefined
  if (!socials.socialProvider || active?.status !== 'connected' || active.connectorId !== 'email') return undefined
  return { socialProvider: socials.socialProvider, userName: socials.userName }
}

/**
 * Social login with the embedded wallet: the providers of the `socials` feature on Connect (rules §2: after email, before
 * the wallets), each signing in through a 600×800 popup on the provider's page that the wallet service
 * (`services.wallet`) answers; the visitor comes back to the same wallet every time. Needs `email()`.
 *
 * @example
 * createKernel({ projectId, services: { wallet }, plugins: [evm({ networks }), email(), socials()], features: { socials: ['google', 'github'] } })
 */
export function socials(): Plugin {
  return definePlugin({
    name: 'socials',
    requires: ['email'],
    flags: { socials: { default: DEFAULT_SOCIALS, remote: true } },
    feature: 'socials',
    views: {
      ConnectingSocial: { title: 'socials.title', load: () => import('./ConnectingSocialView.js') },
      ConnectingFarcaster: { title: 'socials.farcasterTitle', load: () => import('./ConnectingFarcasterView.js') },
    },
    slots: {
      'connect-methods': [{ id: 'socials', method: 'social', label: 'socials.title', load: () => import('./SocialButtons.js') }],
      'account-details': [{ id: 'socials', connectorId: 'email', label: 'socials.title', load: () => import('./SocialAccountRow.js') }],
    },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    setup(kernel) {
      // rules §5: the host's list names known logins only; a remote list is filtered where it is shown instead.
      const unknown = (kernel.options.features?.socials ?? []).filter((name) => !SOCIAL_NAMES.includes(name))
      if (unknown.length > 0) {
        throw new InvalidOptionsError(
          `\`features.socials\` lists ${unknown.map((name) => `'${name}'`).join(', ')}; each must be one of ${SOCIAL_NAMES.join(', ')}.`,
        )
      }
      // The last social login of this browser, restored with the embedded wallet's session.
      const storage = kernel.container.resolve(StorageToken)
      const socialProvider = storage.read(SOCIAL_PROVIDER_KEY, v.string())
      const userName = storage.read(SOCIAL_USERNAME_KEY, v.string())
      kernel.store.addSlice('socials', socialProvider ? { socialProvider, ...(userName !== undefined && { userName }) } : {})
      // rules §4: sign-out forgets the social login (the email plugin clears its storage keys).
      // rules §2: back from a redirect login (Telegram): the result leaves the address at once, and is finished after the
      // first paint.
      const here = typeof location === 'undefined' ? undefined : new URL(location.href)
      const resultUri = here?.searchParams.get(RESULT_URI_PARAM)
      if (here && resultUri && kernel.options.services.wallet) {
        here.searchParams.delete(RESULT_URI_PARAM)
        history.replaceState(history.state, '', here)
        void afterFirstPaint()
          .then(() => import('./redirectLogin.js'))
          .then(({ finishRedirectLogin }) => (kernel.isDestroyed() ? undefined : finishRedirectLogin(kernel, resultUri)))
      }
      const stop = kernel.store.select(
        (state) =>
          Object.values(state.connection.namespaces).some((entry) => entry.status === 'connected' && entry.connectorId === 'email'),
        (connected, before) => {
          if (before && !connected) kernel.store.update('socials', ({ login }) => (login ? { login } : {}))
        },
      )
      return () => {
        stop()
        kernel.store.removeSlice('socials')
      }
    },
  })
}
