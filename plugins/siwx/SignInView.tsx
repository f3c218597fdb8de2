import { useState } from 'react'
import { isUserRejection, shortenAddress, visibleMessage } from 'foyer'
import { useFoyerState, useKernel, useTranslate, type ViewProps } from 'foyer/react'
import { Avatar, Button } from 'foyer/ui'
import { signIn } from './signIn.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

type Status =
  | { kind: 'ready' }
  | { kind: 'signing' }
  | { kind: 'rejected' }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; reason: string }

/**
 * SignIn: the account, why the site asks, and the two answers. 'Sign in' asks the wallet and the verifier; the view
 * answers true once the session is kept. The other button answers false: 'Not now' in optional mode, 'Disconnect' in
 * required mode (the plugin then disconnects). A refusal stays here, so the visitor can try again.
 */
export default function SignInView({ params }: ViewProps<{ namespace: string }>) {
  const kernel = useKernel()
  const t = useTranslate()
  const connection = useFoyerState((state) => state.connection.namespaces[params.namespace])
  const required = useFoyerState((state) => state.siwx?.required ?? false)
  const [status, setStatus] = useState<Status>({ kind: 'ready' })
  const app = kernel.options.metadata?.name ?? location.host

  const start = async () => {
    setStatus({ kind: 'signing' })
    try {
      await signIn(kernel, { namespace: params.namespace })
      kernel.router.finish(true)
    } catch (error) {
      if (isUserRejection(error)) setStatus({ kind: 'rejected' })
      else if (error instanceof Error && error.name === 'SignInRefusedError')
        setStatus({ kind: 'refused', reason: visibleMessage(error, error.message) })
      else setStatus({ kind: 'failed', reason: visibleMessage(error, error instanceof Error ? error.message : String(error)) })
    }
  }

  return (
    <div className="f-center" data-testid="siwx-view" data-status={status.kind}>
      {connection?.address && <Avatar address={connection.address} />}
      {connection?.address && (
        <p className="f-address" title={connection.address}>
          {shortenAddress(connection.address)}
        </p>
      )}
      <p className="f-muted">{t('siwx.explain', { app })}</p>
      {required && <p className="f-muted">{t('siwx.requiredNote')}</p>}
      {status.kind === 'signing' && (
        <p className="f-muted" role="status">
          {t('siwx.signing')}
        </p>
      )}
      {status.kind === 'rejected' && (
        <p className="f-error-text" role="alert">
          {t('siwx.rejected')}
        </p>
      )}
      {(status.kind === 'refused' || status.kind === 'failed') && (
        <p className="f-error-text" role="alert">
          {t(status.kind === 'refused' ? 'siwx.refused' : 'siwx.failed', { reason: status.reason })}
        </p>
      )}
      <Button onClick={() => void start()} loading={status.kind === 'signing'} disabled={status.kind === 'signing'}>
        {t('siwx.sign')}
      </Button>
      <Button variant="secondary" onClick={() => kernel.router.finish(false)} disabled={status.kind === 'signing'}>
        {t(required ? 'siwx.disconnect' : 'siwx.skip')}
      </Button>
    </div>
  )
}
