import { useEffect, useRef, useState } from 'react'
import { closeModal, type Kernel, type RouteArgs, type RouteEntry, type ViewId } from 'foyer'
import { useKernel, useTranslate, useViewTitle, type ViewProps } from 'foyer/react'
import { Button } from 'foyer/ui'
import { skip } from './backupReminders.js'
import type { BackupMoment } from './constants.js'
import { embeddedWalletOf } from './embeddedWallet.js'
import type { EmbeddedWalletError } from './frameClient.js'
import { loginErrorText } from './texts.js'
import { useFramePanel } from './useFramePanel.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** The frame's panel: the twelve words and their warning, or the passkey button. */
const PANEL_HEIGHT = { phrase: 400, passkey: 200 }

type Step = { kind: 'choose' } | { kind: 'warning' } | { kind: 'phrase' | 'passkey' }

const INTROS = {
  signup: 'backup.intro',
  funds: 'backup.introFunds',
  transaction: 'backup.introTransaction',
  account: 'backup.introAccount',
} as const

/**
 * BackupWallet (docs/wallets.md#backup): after the sign-up that made the visitor's wallet, before it first holds value,
 * or from Account. A passkey first (one tap, synced by the platform), the recovery phrase second, each in the secure
 * frame (never this page); skipping goes through a warning that says what is lost, and this browser remembers the skip
 * for that moment. Answers when the visitor is done, and what it stood in for goes on.
 */
export default function BackupWalletView({ params }: ViewProps<{ moment: BackupMoment; next?: RouteEntry }>) {
  const kernel = useKernel()
  const t = useTranslate()
  useViewTitle(t('backup.title'))
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const moment = params?.moment ?? 'signup'
  const finish = () => done(kernel, params?.next)

  if (step.kind === 'choose') {
    return (
      <div className="f-center">
        <p>{t(INTROS[moment])}</p>
        <Button onClick={() => setStep({ kind: 'passkey' })}>{t('passkey.add')}</Button>
        <Button variant="secondary" onClick={() => setStep({ kind: 'phrase' })}>
          {t('backup.phrase')}
        </Button>
        {moment !== 'account' && (
          <Button variant="secondary" onClick={() => setStep({ kind: 'warning' })}>
            {t('backup.skip')}
          </Button>
        )}
      </div>
    )
  }
  if (step.kind === 'warning') {
    return (
      <div className="f-center">
        <p className="f-error-text" role="alert">
          {t('backup.warning')}
        </p>
        <Button onClick={() => setStep({ kind: 'choose' })}>{t('backup.backUpNow')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            skip(kernel, moment)
            finish()
          }}
        >
          {t('backup.skipAnyway')}
        </Button>
      </div>
    )
  }
  return <BackupInFrame kind={step.kind} onBack={() => setStep({ kind: 'choose' })} onDone={finish} />
}

/** The visitor is done: the request is answered, or the view it stood in for shows (else the view leaves). */
function done(kernel: Kernel, next: RouteEntry | undefined) {
  if (next) return kernel.router.replace(...([next.view, next.params] as RouteArgs<ViewId>))
  if (!kernel.router.finish() && !kernel.router.back()) closeModal(kernel)
}

/** One way to back up, in the secure frame: its panel over this view's slot until the visitor is done with it. */
function BackupInFrame({ kind, onBack, onDone }: { kind: 'phrase' | 'passkey'; onBack(): void; onDone(): void }) {
  const kernel = useKernel()
  const t = useTranslate()
  const [error, setError] = useState<string>()
  const slot = useRef<HTMLDivElement>(null)
  useFramePanel(kernel, slot)

  // biome-ignore lint/correctness/useExhaustiveDependencies: one panel per way chosen; `onBack` and `onDone` are new each render of the parent.
  useEffect(() => {
    const wallet = embeddedWalletOf(kernel)
    let live = true
    let settled = false
    const panel = kind === 'phrase' ? wallet.showRecoveryPhrase() : wallet.passkey('register')
    panel
      .then(() => {
        settled = true
        if (live) onDone()
      })
      .catch((reason: unknown) => {
        settled = true
        if (!live) return
        const code = (reason as EmbeddedWalletError).frameCode
        if (code === 'USER_REJECTED' || code === 'ABORTED') onBack()
        else setError(loginErrorText(kernel, reason))
      })
    return () => {
      live = false
      if (settled) return
      if (kind === 'phrase') wallet.abortKeysPanel()
      else wallet.abortPasskey()
    }
  }, [kernel, kind])

  return (
    <div className="f-center">
      {error && (
        <p className="f-error-text" role="alert">
          {error}
        </p>
      )}
      <div ref={slot} data-testid="backup-frame-slot" style={{ width: '100%', height: error ? 0 : PANEL_HEIGHT[kind] }} />
      <Button variant="secondary" onClick={onBack}>
        {t('backup.back')}
      </Button>
    </div>
  )
}
