import { useKernel, useTranslate } from 'foyer/react'
import { ListItem, PasskeyIcon } from 'foyer/ui'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** 'Continue with passkey' on Connect: the frame's passkey login (Passkey view), in the list of connect methods. */
export default function PasskeyMethod() {
  const kernel = useKernel()
  const t = useTranslate()
  return (
    <ListItem
      label={t('passkey.continue')}
      image={
        <span className="f-brand-tile f-method-icon" aria-hidden="true">
          <PasskeyIcon />
        </span>
      }
      onClick={() => kernel.router.push('Passkey', { ceremony: 'login' })}
    />
  )
}
