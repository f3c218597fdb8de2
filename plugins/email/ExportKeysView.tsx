import { useEffect, useRef, useState } from 'react'
import { useKernel, useTranslate, useViewTitle } from 'foyer/react'
import { Button } from 'foyer/ui'
import { embeddedWalletOf } from './embeddedWallet.js'
import type { EmbeddedWalletError } from './frameClient.js'
import { loginErrorText } from './texts.js'
import { useFramePanel } from './useFramePanel.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** The height of the frame's export panel: its warning, the code field, then the two keys and the phrase. */
const PANEL_HEIGHT = 440

/** What ends the view without an error: the visitor closed the frame's panel (Hide and close, or Cancel). */
const CLOSED = new Set(['USER_REJECTED', 'ABORTED'])

/**
 * ExportKeys (services/wallet/KEYS.md, Export), from Account: the secure frame mails a fresh code, the visitor types it
 * in the frame, and the frame shows the EVM private key, the Solana secret key and the recovery phrase under its own
 * warning. Nothing of them reaches this page; the view only places the frame and goes back when its panel closes.
 */
export default function ExportKeysView() {
  const kernel = useKernel()
  const t = useTranslate()
  useViewTitle(t('export.title'))
  const [error, setError] = useState<string>()
  const [attempt, setAttempt] = useState(0)
  const slot = useRef<HTMLDivElement>(null)
  useFramePanel(kernel, slot)

  // biome-ignore lint/correctness/useExhaustiveDependencies: one export per attempt, not one per render.
  useEffect(() => {
    const wallet = embeddedWalletOf(kernel)
    let live = true
    let settled = false
    setError(undefined)
    wallet
      .exportKeys()
      .then(() => {
        settled = true
        if (live) kernel.router.back()
      })
      .catch((reason: unknown) => {
        settled = true
        if (!live) return
        if (CLOSED.has((reason as EmbeddedWalletError).frameCode)) kernel.router.back()
        else setError(loginErrorText(kernel, reason))
      })
    return () => {
      live = false
      // Left with the panel open: the frame hides the keys and closes it.
      if (!settled) wallet.abortKeysPanel()
    }
  }, [kernel, attempt])

  return (
    <div className="f-center">
      <p className="f-error-text">{t('export.warning')}</p>
      {error && (
        <>
          <p className="f-error-text" role="alert">
            {error}
          </p>
          <Button onClick={() => setAttempt((count) => count + 1)}>{t('email.tryAgain')}</Button>
        </>
      )}
      <div ref={slot} data-testid="export-frame-slot" style={{ width: '100%', height: error ? 0 : PANEL_HEIGHT }} />
    </div>
  )
}
