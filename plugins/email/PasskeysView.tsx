import { useEffect, useState } from 'react'
import { useKernel, useTranslate, useViewTitle } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { embeddedWalletOf, type Passkey } from './embeddedWallet.js'
import { loginErrorText } from './texts.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/**
 * Passkeys (docs/wallets.md#passkeys), from Account: the embedded wallet's passkeys with when each was added and last
 * used, a Remove button for each (it signs in no more), and 'Add a passkey' (the frame's ceremony, Passkey view).
 */
export default function PasskeysView() {
  const kernel = useKernel()
  const t = useTranslate()
  useViewTitle(t('passkey.listTitle'))
  const [passkeys, setPasskeys] = useState<Passkey[]>()
  const [error, setError] = useState<string>()
  const [removing, setRemoving] = useState<string>()
  const wallet = embeddedWalletOf(kernel)
  const date = new Intl.DateTimeFormat(kernel.i18n.locale, { dateStyle: 'medium' })

  useEffect(() => {
    let live = true
    wallet
      .passkeys()
      .then((list) => live && setPasskeys(list))
      .catch((reason: unknown) => live && setError(loginErrorText(kernel, reason)))
    return () => {
      live = false
    }
  }, [kernel, wallet])

  const remove = (id: string) => {
    setRemoving(id)
    setError(undefined)
    wallet
      .revokePasskey(id)
      .then(setPasskeys)
      .catch((reason: unknown) => setError(loginErrorText(kernel, reason)))
      .finally(() => setRemoving(undefined))
  }

  return (
    <div className="f-center">
      <p className="f-muted">{t('passkey.listIntro')}</p>
      {error && (
        <p className="f-error-text" role="alert">
          {error}
        </p>
      )}
      {!passkeys && !error && <Spinner />}
      {passkeys?.length === 0 && <p>{t('passkey.none')}</p>}
      {passkeys && passkeys.length > 0 && (
        <ul className="f-list" aria-label={t('passkey.listTitle')}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="f-list-item" data-testid="passkey-row">
              <span className="f-list-item-label">
                {t('passkey.addedOn', { date: date.format(new Date(passkey.createdAt)) })}
                <br />
                <span className="f-muted">
                  {passkey.lastUsedAt ? t('passkey.lastUsed', { date: date.format(new Date(passkey.lastUsedAt)) }) : t('passkey.neverUsed')}
                </span>
              </span>
              {passkey.synced && <span className="f-tag">{t('passkey.synced')}</span>}
              <Button variant="secondary" loading={removing === passkey.id} onClick={() => remove(passkey.id)}>
                {t('passkey.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button onClick={() => kernel.router.push('Passkey', { ceremony: 'register' })}>{t('passkey.add')}</Button>
    </div>
  )
}
