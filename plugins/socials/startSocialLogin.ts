import { closeModal, type Kernel } from 'foyer'
import { connectSocial, openSocialPopup } from './connectSocial.js'
import type { StartableProvider } from './constants.js'
import { startRedirectLogin } from './redirectLogin.js'
import { connectFarcaster } from './connectFarcaster.js'

/**
 * What a click on a provider does (on Connect, or Try again): the popup opens at once, inside the click, then
 * ConnectingSocial follows the login; connected, the modal closes. A failure stays on ConnectingSocial with rules §8's
 * message (the slice's `login.error`).
 */
export function startSocialLogin(kernel: Kernel, provider: StartableProvider): void {
  const { view } = kernel.router.current()
  if (provider === 'farcaster') {
    if (view !== 'ConnectingFarcaster') kernel.router.push('ConnectingFarcaster')
    connectFarcaster(kernel).then(
      () => {
        if (kernel.store.getState().modal.open && kernel.router.current().view === 'ConnectingFarcaster') closeModal(kernel)
      },
      (error: unknown) => kernel.logger.warn('Farcaster login failed.', error),
    )
    return
  }
  if (provider === 'telegram') {
    if (view !== 'ConnectingSocial') kernel.router.push('ConnectingSocial', { provider })
    startRedirectLogin(kernel, provider).catch((error: unknown) => kernel.logger.warn('Social login failed.', error))
    return
  }
  const popup = openSocialPopup(kernel)
  if (view !== 'ConnectingSocial') kernel.router.push('ConnectingSocial', { provider })
  connectSocial(kernel, { provider, popup }).then(
    () => {
      if (kernel.store.getState().modal.open && kernel.router.current().view === 'ConnectingSocial') closeModal(kernel)
    },
    (error: unknown) => kernel.logger.warn('Social login failed.', error),
  )
}
