// Sign In With Farcaster (rules §2 ConnectingFarcaster): the wallet opens a relay channel, its link shows as a QR code
// (\`farcasterUrl\`, rules §3), the visitor approves in their Farcaster app, the frame checks the signed message and the
// embedded wallet connects, the same wallet for the same fid every time.
import { connect, isFoyerError, ModalClosedError, pluginApi, visibleMessage, type ConnectReturnType, type Kernel } from 'foyer'
import { AUTH_CONNECTOR_ID } from './constants.js'
import { FarcasterConnectionError, NoAuthConnectorError } from './errors.js'
import type { SocialLoginStep } from './socialsState.js'

/**
 * Signs in with Farcaster and connects the embedded wallet. While the app has not approved, the slice's
 * \`farcasterUrl\` is the link to show; closing the modal gives 'Modal closed'.
 *
 * @throws 'Failed to connect to farcaster', 'Modal closed' or 'No auth connector found' (rules §8)
 */
export async function connectFarcaster(kernel: Kernel): Promise<ConnectReturnType> {
  const provider = 'farcaster'
  const show = (login: SocialLoginStep, farcasterUrl?: string) =>
    kernel.store.update('socials', ({ farcasterUrl: _, ...state }) => ({
      ...state,
      login,
      ...(farcasterUrl !== undefined && { farcasterUrl }),
    }))
  let stopWatching = () => {}
  const closed = new Promise<never>((_, reject) => {
    stopWatching = kernel.bus.on('modal:closed', () => reject(new ModalClosedError()))
  })
  closed.catch(() => {})
  try {
    show({ step: 'opening', provider })
    const wallet = await pluginApi(kernel, 'email').embeddedWallet(kernel)
    const channel = await Promise.race([closed, wallet.farcasterUri()]).catch(fail)
    show({ step: 'waiting', provider }, channel.url)
    const { userName } = await Promise.race([closed, wallet.connectFarcaster(channel.channelToken)]).catch(fail)
    show({ step: 'connecting', provider })
    if (!kernel.connectors.get(AUTH_CONNECTOR_ID)) throw new NoAuthConnectorError()
    const connection = await connect(kernel, { connectorId: AUTH_CONNECTOR_ID })
    kernel.store.update('socials', () => (userName === undefined ? { socialProvider: provider } : { socialProvider: provider, userName }))
    return connection
  } catch (error) {
    const failure = isFoyerError(error) ? error : new FarcasterConnectionError({ cause: error })
    show({ step: 'failed', provider, error: visibleMessage(failure, 'Failed to connect to farcaster') })
    throw failure
  } finally {
    stopWatching()
  }
}

function fail(cause: unknown): never {
  throw isFoyerError(cause, 'ModalClosedError') ? cause : new FarcasterConnectionError({ cause })
}
