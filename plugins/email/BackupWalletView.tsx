import { useEffect, useRef, useState } from 'react'
import { closeModal, StorageToken, type Kernel } from 'foyer'
import { useKernel, useTranslate, useViewTitle } from 'foyer/react'
import { Button } from 'foyer/ui'
import { BACKUP_SKIPPED_KEY } from './constants.js'
import { embeddedWalletOf } from './embeddedWallet.js'
import type { EmbeddedWalletError } from './frameClient.js'
import { addEmailTexts, loginErrorText } from './texts.js'
import { useFramePanel } from './useFramePanel.js'

/** The frame's panel: the twelve words and their warning, or the passkey button. */
const PANEL_HEIGHT = { phrase: 400, passkey: 200 }

type Step = { kind: 'choose' } | { kind: 'phrase' | 'passkey'; error?: string }

/**
 * BackupWallet (docs/wallets.md#backup), right after a sign-up made the visitor's wallet: save the recovery phrase,
 * which the secure frame shows (never this page), or add a passkey, in the frame too; or skip, which this browser
 * remembers. Answers when the visitor is done, and the login goes on.
 */
export default function BackupWalletView() {
  const kernel = useKernel()
  addEmailTexts(kernel)
  const t = useTranslate()
  useViewTitle(t('backup.title'))
  const [step, setStep] = useState<Step>({ kind: 'choose' })

  const skip = () => {
    kernel.container.resolve(StorageToken).write(BACKUP_SKIPPED_KEY, true)
    done(kernel)
  }

  if (step.kind === 'choose') {
    return (
      <div className="f-center">
        <p>{t('backup.intro')}</p>
        <Button onClick={() => setStep({ kind: 'phrase' })}>{t('backup.phrase')}</Button>
        <Button variant="secondary" onClick={() => setStep({ kind: 'passkey' })}>
          {t('passkey.add')}
        </Button>
        <Button variant="secondary" onClick={skip}>
          {t('backup.skip')}
        </Button>
      </div>
    )
  }
  return <BackupInFrame kind={step.kind} onBack={() => setStep({ kind: 'choose' })} />
}

/** The visitor is done: the login's request is answered (or, shown by itself, the view leaves). */
function done(kernel: Kernel) {
  if (!kernel.router.finish() && !kernel.router.back()) closeModal(kernel)
}

/** One way to back up, in the secure frame: its panel over this view's slot until the visitor is done with it. */
function BackupInFrame({ kind, onBack }: { kind: 'phrase' | 'passkey'; onBack(): void }) {
  const kernel = useKernel()
  const t = useTranslate()
  const [error, setError] = useState<string>()
  const slot = useRef<HTMLDivElement>(null)
  useFramePanel(kernel, slot)

  // biome-ignore lint/correctness/useExhaustiveDependencies: one panel per way chosen; `onBack` is new each render of the parent.
  useEffect(() => {
    const wallet = embeddedWalletOf(kernel)
    let live = true
    let settled = false
    const panel = kind === 'phrase' ? wallet.showRecoveryPhrase() : wallet.passkey('register')
    panel
      .then(() => {
        settled = true
        if (live) done(kernel)
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
