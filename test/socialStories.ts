// What the socials plugin's stories share: a kernel with a test chain whose connectors include the embedded
// wallet's ('email', so a finished login connects), email() and socials() with a wallet service that is never
// called, a fake embedded wallet (embeddedWalletStories.ts), and a stand-in popup: a same-origin iframe's window,
// so that messages can come "out of it" (`event.source`) as they would out of the real popup.
import type { FoyerOptions, Kernel, ViewId } from '../kernel/index.js'
import { EmbeddedWalletToken } from '../plugins/email/embeddedWallet.js'
import { email } from '../plugins/email/index.js'
import { OpenPopupToken } from '../plugins/socials/connectSocial.js'
import { socials } from '../plugins/socials/index.js'
import { NavigateToken } from '../plugins/socials/redirectLogin.js'
import { fakeEmbeddedWallet, type FakeEmbeddedWallet, type FakeEmbeddedWalletOptions } from './embeddedWalletStories.js'
import { testChain, testConnector, type TestChainOptions } from './fixtures.js'
import { connectedStory } from './stories.js'

/** The wallet service's origin in these stories: a result message must come from it. */
export const STORY_WALLET_ORIGIN = 'http://127.0.0.1:9'

export interface SocialStoryOptions extends FakeEmbeddedWalletOptions {
  /** `features.socials`. @default rules §9's default list */
  socials?: readonly string[]
  /** The browser blocks the popup. @default false */
  blocked?: boolean
  /** The test chain's options besides the embedded wallet's connector. @default one installed test wallet */
  chain?: TestChainOptions
}

/** The running story's kernel, wallet and popup (an iframe: remove it to "close" the popup). */
export interface SocialStory {
  kernel: Kernel
  wallet: FakeEmbeddedWallet
  popup?: HTMLIFrameElement
  opened: number
  /** Where a redirect login sent the whole page (Telegram). */
  navigatedTo: string[]
}

let current: SocialStory | undefined

/** The running story's parts. */
export const socialStory = (): SocialStory => current!

/** Posts a result message as the wallet's callback page would, out of the popup, from `origin`. */
export function postResult(
  origin = STORY_WALLET_ORIGIN,
  data: unknown = { type: 'FOYER_SOCIAL_RESULT', resultUri: `${STORY_WALLET_ORIGIN}/social/callback?code=c&state=s` },
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: current!.popup!.contentWindow }))
}

/** `parameters.foyer` for a story at `view` (or connected by a social login, on Account). */
export function socialStoryParameters(route: { view: ViewId; params?: unknown } | 'connected', options: SocialStoryOptions = {}) {
  const kernelOptions = (): FoyerOptions => ({
    plugins: [
      testChain({
        ...options.chain,
        connectors: [
          ...(options.chain?.connectors ?? [testConnector()]),
          testConnector({ id: 'email', name: 'Email', type: 'auth', namespaces: ['eip155'] }),
        ],
      }),
      email(),
      socials(),
    ],
    services: { wallet: STORY_WALLET_ORIGIN },
    ...(options.socials && { features: { socials: options.socials } }),
  })
  const setup = (kernel: Kernel) => {
    current?.popup?.remove()
    const story: SocialStory = {
      kernel,
      // A social user has no email.
      wallet: fakeEmbeddedWallet({ socialRedirectUri: 'about:blank#authorize', email: '', ...options }),
      opened: 0,
      navigatedTo: [],
    }
    current = story
    kernel.container.provide(EmbeddedWalletToken, story.wallet)
    kernel.container.provide(NavigateToken, (url) => void story.navigatedTo.push(url))
    kernel.container.provide(OpenPopupToken, () => {
      story.opened += 1
      if (options.blocked) return null
      story.popup?.remove()
      const frame = document.createElement('iframe')
      frame.title = 'Sign-in popup (story stand-in)'
      frame.style.cssText = 'position:fixed;bottom:0;left:0;width:120px;height:60px;border:0;opacity:0'
      document.body.append(frame)
      story.popup = frame
      return frame.contentWindow
    })
    if (route === 'connected') {
      kernel.store.update('socials', () => ({ socialProvider: 'google', userName: 'Alice' }))
    }
  }
  return {
    foyer:
      route === 'connected'
        ? connectedStory({ options: kernelOptions, setup, connectorIds: ['email'] })
        : { options: kernelOptions, setup, ...route },
  }
}
