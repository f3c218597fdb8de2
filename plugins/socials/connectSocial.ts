// A social login through the popup (rules §4): the wallet service's authorization URL in a 600×800 popup, polled every
// second for closure, finished only by a message from the wallet service's origin, out of that popup, carrying
// the result URI; the frame exchanges it and the embedded wallet connects, the same wallet every time.
import * as v from 'valibot'
import {
  connect,
  ConnectionFailedError,
  createToken,
  isFoyerError,
  ModalClosedError,
  pluginApi,
  visibleMessage,
  type ConnectReturnType,
  type Kernel,
  type Token,
} from 'foyer'
import {
  AUTH_CONNECTOR_ID,
  CALLBACK_PATH,
  POPUP_HEIGHT,
  POPUP_POLL_MS,
  POPUP_PROVIDERS,
  POPUP_WIDTH,
  RESULT_MESSAGE_TYPE,
  type SocialProvider,
} from './constants.js'
import { initiationError, isStorageRefusal, NoAuthConnectorError, PopupClosedError, SocialInitiationError } from './errors.js'
import type { SocialLoginStep } from './socialsState.js'

/** What a social login needs of its popup: a window this page opened. */
export type SocialPopup = Pick<Window, 'closed' | 'close' | 'location'>

/**
 * Opens the blank popup, synchronously, inside the visitor's click (browsers block a popup opened later);
 * null when it was blocked. Stories and tests replace it.
 */
export const OpenPopupToken: Token<() => SocialPopup | null> = createToken('socials:openPopup')

/** rules §9: a 600×800 window, centred on this one. */
function openCentredPopup(): SocialPopup | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2))
  return window.open('about:blank', 'foyer-social', `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`)
}

/** Opens the sign-in popup; call it in the click handler, before anything asynchronous. */
export function openSocialPopup(kernel: Kernel): SocialPopup | null {
  return kernel.container.ensure(OpenPopupToken, () => openCentredPopup)()
}

export interface ConnectSocialParameters {
  /** rules §5: google, github, apple, facebook, x or discord. */
  provider: SocialProvider
  /** The popup `openSocialPopup` opened in the visitor's click; null when the browser blocked it. */
  popup: SocialPopup | null
}

export type ConnectSocialErrorType =
  | PopupClosedError
  | ModalClosedError
  | SocialInitiationError
  | ConnectionFailedError
  | NoAuthConnectorError

/**
 * Signs in with a social provider and connects the embedded wallet on every namespace it serves. Each step is the
 * socials slice's `login` (ConnectingSocial shows it); afterwards `socialProvider` and `userName` are set.
 *
 * @throws 'Popup closed', 'Modal closed', 'Failed to initiate social connection', 'Failed to connect' or
 *   'No auth connector found' (rules §8), also kept as `login.error`.
 * @example
 * button.onclick = () => connectSocial(kernel, { provider: 'google', popup: openSocialPopup(kernel) })
 */
export async function connectSocial(kernel: Kernel, { provider, popup }: ConnectSocialParameters): Promise<ConnectReturnType> {
  const show = (login: SocialLoginStep) => kernel.store.update('socials', (state) => ({ ...state, login }))
  try {
    // rules §5: checked before anything opens.
    if (!(POPUP_PROVIDERS as readonly string[]).includes(provider))
      throw new SocialInitiationError({ details: `'${String(provider)}' is not one of ${POPUP_PROVIDERS.join(', ')}.` })
    if (!popup) throw new SocialInitiationError({ details: 'The browser blocked the sign-in popup.' })
    show({ step: 'opening', provider })
    const walletUrl = kernel.options.services.wallet
    if (!walletUrl) throw new SocialInitiationError({ details: 'Social login needs `services.wallet`, the embedded wallet service.' })
    const walletOrigin = new URL(walletUrl).origin
    const closed = watchModal(kernel)
    try {
      const wallet = await pluginApi(kernel, 'email').embeddedWallet(kernel)
      const uri = await Promise.race([closed.promise, wallet.socialRedirectUri(provider)]).catch((cause: unknown) => {
        throw isFoyerError(cause, 'ModalClosedError') ? cause : initiationError(cause)
      })
      popup.location.href = uri
      show({ step: 'waiting', provider })
      const resultUri = await Promise.race([closed.promise, resultFrom(kernel, popup, walletOrigin)])
      popup.close()
      show({ step: 'connecting', provider })
      const { userName } = await Promise.race([closed.promise, wallet.connectSocial(provider, resultUri)]).catch((cause: unknown) => {
        throw isFoyerError(cause, 'ModalClosedError') ? cause : new ConnectionFailedError({ cause })
      })
      if (!kernel.connectors.get(AUTH_CONNECTOR_ID)) throw new NoAuthConnectorError()
      const connection = await connect(kernel, { connectorId: AUTH_CONNECTOR_ID })
      kernel.store.update('socials', () => (userName === undefined ? { socialProvider: provider } : { socialProvider: provider, userName }))
      return connection
    } finally {
      closed.stop()
      if (!popup.closed) popup.close()
    }
  } catch (error) {
    const known = [
      'PopupClosedError',
      'ModalClosedError',
      'SocialInitiationError',
      'NoAuthConnectorError',
      'EmailLoadError',
      'ConnectionFailedError',
      'ConnectionRejectedError',
    ]
    const failure =
      known.some((name) => isFoyerError(error, name)) || isStorageRefusal(error) ? error : new ConnectionFailedError({ cause: error })
    show({ step: 'failed', provider, error: visibleMessage(failure, 'Failed to connect') })
    throw failure
  }
}

/** Rejects with 'Modal closed' when the modal closes (rules §8); `stop` stops listening. */
function watchModal(kernel: Kernel) {
  let stop = () => {}
  const promise = new Promise<never>((_, reject) => {
    stop = kernel.bus.on('modal:closed', () => reject(new ModalClosedError()))
  })
  // Raced, not always awaited: an unheard rejection must not count as unhandled.
  promise.catch(() => {})
  return { promise, stop }
}

const ResultSchema = v.object({ type: v.literal(RESULT_MESSAGE_TYPE), resultUri: v.pipe(v.string(), v.maxLength(4096)) })

/**
 * The result URI, from the first message that comes out of `popup` from the wallet's origin with the right shape
 * and a URI on the wallet's callback page; every other message is ignored. 'Popup closed' when the popup is found
 * closed (checked every second, rules §4).
 */
function resultFrom(kernel: Kernel, popup: SocialPopup, walletOrigin: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== walletOrigin || event.source !== popup) return
      const message = v.safeParse(ResultSchema, event.data)
      if (!message.success) return
      let uri: URL
      try {
        uri = new URL(message.output.resultUri)
      } catch {
        return
      }
      if (uri.origin !== walletOrigin || uri.pathname !== CALLBACK_PATH) return
      done()
      resolve(uri.href)
    }
    const poll = setInterval(() => {
      if (!popup.closed) return
      done()
      reject(new PopupClosedError())
    }, POPUP_POLL_MS)
    const stopOnDestroy = kernel.bus.on('modal:closed', () => done())
    function done() {
      clearInterval(poll)
      stopOnDestroy()
      window.removeEventListener('message', receive)
    }
    window.addEventListener('message', receive)
  })
}
