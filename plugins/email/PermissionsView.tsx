import { useCallback, useEffect, useState } from 'react'
import { useKernel, useTranslate, useViewTitle } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { EMAIL_CONNECTOR_ID } from './constants.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> }
/** One entry of wallet_getPermissions (services/wallet/PROTOCOL.md): ERC-7715's grant, its words and where it stands. */
interface Permission {
  context: string
  summary?: string
  status: 'active' | 'revoked' | 'expired'
}

/**
 * Permissions (docs/permissions.md), from Account: what sites may do from the embedded wallet's account without
 * asking, each in the wallet's plain words with whether it is active, and a Revoke button for the active ones. Revoking
 * disables the permission on chain, after the visitor's approval in the secure frame.
 */
export default function PermissionsView() {
  const kernel = useKernel()
  const t = useTranslate()
  useViewTitle(t('permissions.title'))
  const [permissions, setPermissions] = useState<Permission[]>()
  const [error, setError] = useState<string>()
  const [revoking, setRevoking] = useState<string>()
  const provider = kernel.connectors.provider(EMAIL_CONNECTOR_ID, 'eip155') as Provider | undefined

  const load = useCallback(async () => {
    if (!provider) return
    setPermissions((await provider.request({ method: 'wallet_getPermissions' })) as Permission[])
  }, [provider])

  useEffect(() => {
    load().catch((reason: unknown) => setError(messageOf(reason)))
  }, [load])

  const revoke = (context: string) => {
    setRevoking(context)
    setError(undefined)
    provider
      ?.request({ method: 'wallet_revokePermissions', params: [{ permissionsContext: context }] })
      .then(load)
      .catch((reason: unknown) => setError(messageOf(reason)))
      .finally(() => setRevoking(undefined))
  }

  return (
    <div className="f-center">
      <p className="f-muted">{t('permissions.intro')}</p>
      {error && (
        <p className="f-error-text" role="alert">
          {error}
        </p>
      )}
      {!permissions && !error && <Spinner />}
      {permissions?.length === 0 && <p>{t('permissions.none')}</p>}
      {permissions && permissions.length > 0 && (
        <ul className="f-list" aria-label={t('permissions.title')}>
          {permissions.map((permission) => (
            <li key={permission.context} className="f-list-item" data-testid="permission-row">
              <span className="f-list-item-label">{permission.summary}</span>
              {permission.status === 'active' ? (
                <Button variant="secondary" loading={revoking === permission.context} onClick={() => revoke(permission.context)}>
                  {t('permissions.revoke')}
                </Button>
              ) : (
                <span className="f-tag">{t(permission.status === 'revoked' ? 'permissions.revoked' : 'permissions.expired')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

const messageOf = (reason: unknown) => (reason instanceof Error ? reason.message : String(reason))
