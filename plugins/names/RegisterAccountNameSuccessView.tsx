import { useAccount, useIdentity, useKernel, useTranslate, type ViewProps } from 'foyer/react'
import { Avatar, Button } from 'foyer/ui'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** RegisterAccountNameSuccess (rules §2): the name just registered, now the account's identity, and the way back. */
export default function RegisterAccountNameSuccessView({ params }: ViewProps<{ name: string }>) {
  const kernel = useKernel()
  const t = useTranslate()
  const { address } = useAccount()
  const identity = useIdentity()
  return (
    <div className="f-center">
      {address && <Avatar address={address} src={identity?.avatar} />}
      <p className="f-address" data-testid="registered-name">
        {params.name}
      </p>
      <p className="f-muted">{t('names.success')}</p>
      <Button onClick={() => kernel.router.reset({ view: 'Account', params: undefined })}>{t('names.done')}</Button>
    </div>
  )
}
