// The logins that leave the page (Telegram, rules §1): the whole page goes to the login page, and comes back to where it
// was with \`result_uri\`, which the modal takes out of the address at start (rules §2) and finishes here.
import {
  connect,
  ConnectionFailedError,
  createToken,
  isFoyerError,
  openModal,
  pluginApi,
  visibleMessage,
  type Kernel,
  type Token,
} from 'foyer'
import { AUTH_CONNECTOR_ID } from './constants.js'
import { initiationError, NoAuthConnectorError } from './errors.js'
import type { SocialLoginStep } from './socialsState.js'

/** Sends the whole page to a URL; stories and tests replace it. */
export const NavigateToken: Token<(url: string) => void> = createToken('socials:navigate')

const show = (kernel: Kernel, login: SocialLoginStep) => kernel.store.update('socials', (state) => ({ ...state, login }))

/**
 * Telegram: asks the wallet for its login page and sends the whole page there; it comes back to this page's
 * address with \`result_uri\`. 'Failed to initiate social connection' when the wallet gives no page.
 */
export async function startRedirectLogin(kernel: Kernel, provider: 'telegram'): Promise<void> {
  show(kernel, { step: 'opening', provider })
  try {
    const wallet = await pluginApi(kernel, 'email').embeddedWallet(kernel)
    const uri = await wallet.socialRedirectUri(provider, location.href).catch((cause: unknown) => {
      throw initiationError(cause)
    })
    kernel.container.ensure(NavigateToken, () => (url: string) => location.assign(url))(uri)
  } catch (error) {
    show(kernel, { step: 'failed', provider, error: visibleMessage(error, 'Failed to initiate social connection') })
    throw error
  }
}

/**
 * Finishes a login that came back with \`result_uri\`: the frame checks the result and the embedded wallet connects.
 * A failure opens the modal on ConnectingSocial with rules §8's message.
 */
export async function finishRedirectLogin(kernel: Kernel, resultUri: string): Promise<void> {
  const provider = 'telegram'
  show(kernel, { step: 'connecting', provider })
  try {
    const wallet = await pluginApi(kernel, 'email').embeddedWallet(kernel)
    const { userName } = await wallet.connectSocial(provider, resultUri).catch((cause: unknown) => {
      throw new ConnectionFailedError({ cause })
    })
    if (!kernel.connectors.get(AUTH_CONNECTOR_ID)) throw new NoAuthConnectorError()
    await connect(kernel, { connectorId: AUTH_CONNECTOR_ID })
    kernel.store.update('socials', () => (userName === undefined ? { socialProvider: provider } : { socialProvider: provider, userName }))
  } catch (error) {
    const failure = isFoyerError(error) ? error : new ConnectionFailedError({ cause: error })
    show(kernel, { step: 'failed', provider, error: visibleMessage(failure, 'Failed to connect') })
    kernel.logger.warn('The social login did not finish.', error)
    openModal(kernel, { view: 'ConnectingSocial', params: { provider } })
  }
}
