import { closeModal, type Kernel } from '../../kernel/index.js'
import { connectSocial, openSocialPopup } from './connectSocial.js'
import type { SocialProvider } from './constants.js'

/**
 * What a click on a provider does (on Connect, or Try again): the popup opens at once, inside the click, then
 * ConnectingSocial follows the login; connected, the modal closes. A failure stays on ConnectingSocial with §8's
 * message (the slice's `login.error`).
 */
export function startSocialLogin(kernel: Kernel, provider: SocialProvider): void {
  const popup = openSocialPopup(kernel)
  const { view } = kernel.router.current()
  if (view !== 'ConnectingSocial') kernel.router.push('ConnectingSocial', { provider })
  connectSocial(kernel, { provider, popup }).then(
    () => {
      if (kernel.store.getState().modal.open && kernel.router.current().view === 'ConnectingSocial') closeModal(kernel)
    },
    (error: unknown) => kernel.logger.warn('Social login failed.', error),
  )
}
