import { useEffect, useRef, useState } from 'react'
import { closeModal, connect, showToast } from 'foyer'
import { useKernel, useTranslate, useViewTitle, type ViewProps } from 'foyer/react'
import { Button, Spinner } from 'foyer/ui'
import { EMAIL_CONNECTOR_ID } from './constants.js'
import { embeddedWalletOf } from './embeddedWallet.js'
import type { EmbeddedWalletError } from './frameClient.js'
import { loginErrorText } from './texts.js'
import { useFramePanel } from './useFramePanel.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** The height of the frame's passkey panel. */
const PANEL_HEIGHT = 200

type Step = { kind: 'waiting' } | { kind: 'connecting' } | { kind: 'failed'; message: string }

/**
 * Passkey (docs/wallets.md#passkeys): the secure frame shows its own passkey button here; the visitor's click in the
 * frame starts the ceremony, on the wallet's origin. `login` then connects the wallet as a code login does;
 * `register` adds the passkey to the signed-in user and goes back.
 */
export default function PasskeyView({ params }: ViewProps<{ ceremony: 'login' | 'register' }>) {
  const kernel = useKernel()
  const t = useTranslate()
  useViewTitle(t(params.ceremony === 'login' ? 'passkey.title' : 'passkey.addTitle'))
  const [step, setStep] = useState<Step>({ kind: 'waiting' })
  const [attempt, setAttempt] = useState(0)
  const slot = useRef<HTMLDivElement>(null)
  useFramePanel(kernel, slot)

  // biome-ignore lint/correctness/useExhaustiveDependencies: one ceremony per attempt, not one per render.
  useEffect(() => {
    const wallet = embeddedWalletOf(kernel)
    let live = true
    let settled = false
    setStep({ kind: 'waiting' })
    wallet
      .passkey(params.ceremony)
      .then(async () => {
        settled = true
        if (params.ceremony === 'register') {
          showToast(kernel, { message: t('passkey.added'), variant: 'success' })
          if (live) kernel.router.back()
          return
        }
        if (live) setStep({ kind: 'connecting' })
        await connect(kernel, { connectorId: EMAIL_CONNECTOR_ID })
        if (live) closeModal(kernel)
      })
      .catch((error: unknown) => {
        settled = true
        if (live && (error as EmbeddedWalletError).frameCode !== 'ABORTED')
          setStep({ kind: 'failed', message: loginErrorText(kernel, error) })
      })
    return () => {
      live = false
      // Left before the visitor used the frame's button: the frame takes its button away.
      if (!settled) wallet.abortPasskey()
    }
  }, [kernel, params.ceremony, attempt])

  return (
    <div className="f-center">
      {step.kind === 'waiting' && <p className="f-muted">{t(params.ceremony === 'login' ? 'passkey.hint' : 'passkey.addHint')}</p>}
      {step.kind === 'connecting' && (
        <>
          <p className="f-muted" role="status">
            {t('email.connecting')}
          </p>
          <Spinner />
        </>
      )}
      {step.kind === 'failed' && (
        <>
          <p className="f-error-text" role="alert">
            {step.message}
          </p>
          <Button onClick={() => setAttempt((count) => count + 1)}>{t('email.tryAgain')}</Button>
        </>
      )}
      <div ref={slot} data-testid="passkey-frame-slot" style={{ width: '100%', height: step.kind === 'waiting' ? PANEL_HEIGHT : 0 }} />
    </div>
  )
}
