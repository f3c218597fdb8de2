import { useKernel, useTranslate } from 'foyer/react'
import { ListItem, PasskeyIcon } from 'foyer/ui'
import { addEmailTexts } from './texts.js'

/** 'Continue with passkey' on Connect: the frame's passkey login (Passkey view), in the list of connect methods. */
export default function PasskeyMethod() {
  const kernel = useKernel()
  addEmailTexts(kernel)
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
