import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import type { DirectoryWallet } from 'foyer/query'
import { closeModal } from 'foyer'
import { useFoyerState, useKernel, useTranslate } from 'foyer/react'
import { Button, CopyIcon, copyWithToast, QrCode, Spinner, WalletImage } from 'foyer/ui'
import {
  canRetryPairing,
  dispatchPairing,
  isPairingExpired,
  PAIRING_EXPIRED_CHECK_MS,
  walletConnectServiceOf,
  type PairingController,
} from '../pairing.js'
import { walletConnectLink } from '../walletConnectLink.js'

const linkStyle = { textDecoration: 'none' }

/**
 * Starts the kernel's pairing while the view shows and stops it when the view goes. A SDK that
 * fails to load counts as a failed pairing, retried by loading again.
 */
function usePairing() {
  const kernel = useKernel()
  const controller = useRef<PairingController>(undefined)
  const [load, setLoad] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` counts the retries; bumping it loads the SDK again.
  useEffect(() => {
    let live = true
    let started: PairingController | undefined
    const service = walletConnectServiceOf(kernel)
    const loading = service
      ? service.pairing(kernel)
      : Promise.reject(new Error('No chain offers WalletConnect: set evm({ walletConnect }).'))
    loading.then(
      (pairing) => {
        if (!live) return
        started = controller.current = pairing
        pairing.start()
      },
      (error: unknown) => {
        kernel.logger.error('WalletConnect could not be loaded.', error)
        if (!live) return
        dispatchPairing(kernel, { type: 'create-started', at: Date.now() })
        dispatchPairing(kernel, { type: 'failed', at: Date.now() })
      },
    )
    return () => {
      live = false
      controller.current = undefined
      if (started) started.stop()
      else dispatchPairing(kernel, { type: 'reset' })
    }
  }, [kernel, load])

  return useCallback(() => {
    if (controller.current) controller.current.retry()
    else if (canRetryPairing(kernel.store.getState().pairing, Date.now())) setLoad((count) => count + 1)
  }, [kernel])
}

/** Re-renders at `time` (epoch ms), so that what depends on the clock shows when it changes. */
function useRenderAt(time: number | undefined) {
  const [, setTick] = useState(0)
  useEffect(() => {
    if (time === undefined || time <= Date.now()) return
    let timer: ReturnType<typeof setTimeout>
    // A timer may fire a little before the wall clock reaches `time`: wait again rather than render
    // a state (a disabled Retry) that no later timer would change.
    const wake = () => {
      const wait = time - Date.now()
      if (wait > 0) timer = setTimeout(wake, wait)
      else setTick((tick) => tick + 1)
    }
    wake()
    return () => clearTimeout(timer)
  }, [time])
}

/**
 * The pairing itself, for both WalletConnect views: a QR code of the URI, Copy link, and the
 * wallet's own links when a wallet was chosen — on mobile its app link comes first. A spinner while
 * the URI is made or replaced (rules §9: every 4 minutes, 10 s early), the rules §8 wording with a retry
 * (allowed after 1 s) when the wallet says no or the pairing fails. Success closes the modal.
 */
export function WalletConnectPairing({ wallet }: { wallet?: DirectoryWallet }) {
  const kernel = useKernel()
  const t = useTranslate()
  const pairing = useFoyerState((state) => state.pairing)
  const retry = usePairing()
  const retryAt = 'retryAt' in pairing ? pairing.retryAt : undefined
  useRenderAt(retryAt)
  // rules §9: a code within 10 s of its expiry is not shown, even if the timer that replaces it runs late
  // (a page in the background); the pairing makes a new one.
  useRenderAt(pairing.status === 'ready' ? pairing.expiresAt - PAIRING_EXPIRED_CHECK_MS : undefined)
  const expired = isPairingExpired(pairing, Date.now())
  const mobile = kernel.environment.isMobile()
  const name = wallet?.name

  useEffect(() => {
    if (pairing.status === 'connected') closeModal(kernel)
  }, [kernel, pairing.status])

  const uri = pairing.status === 'ready' && !expired ? pairing.uri : undefined
  const copy = async () => {
    if (uri) await copyWithToast(kernel, uri, { copied: t('evm.wc.copied'), failed: t('evm.wc.copyFailed') })
  }

  const links = wallet?.links ?? {}
  // A phone opens the wallet's app link; a desktop its desktop app, when it has one. Both may open the web app.
  const mobileLink = uri && links.mobile && name && mobile ? walletConnectLink(links.mobile, uri) : undefined
  const desktopLink = uri && links.desktop && name && !mobile ? walletConnectLink(links.desktop, uri) : undefined
  const webLink = uri && links.webapp && name ? walletConnectLink(links.webapp, uri) : undefined
  const qrLabel = name ? t('evm.wc.scanWith', { wallet: name }) : t('evm.wc.qr')

  let body: ReactNode
  switch (expired ? 'expired' : pairing.status) {
    case 'ready':
      body = uri && (
        <>
          <QrCode value={uri} label={qrLabel} />
          <p className="f-muted">{name ? t('evm.wc.scanWith', { wallet: name }) : t('evm.wc.scan')}</p>
        </>
      )
      break
    case 'rejected':
    case 'failed':
      body = (
        <>
          <p className="f-error-text" role="alert">
            {t(pairing.status === 'rejected' ? 'connecting.rejected' : 'connecting.failed')}
          </p>
          <Button onClick={retry} disabled={!canRetryPairing(pairing, Date.now())}>
            {t('connecting.retry')}
          </Button>
        </>
      )
      break
    case 'connecting':
    case 'connected':
      body = (
        <>
          <Spinner />
          <p role="status">{t('evm.wc.connecting', { wallet: name ?? t('evm.wc.title') })}</p>
        </>
      )
      break
    default:
      body = (
        <>
          <span aria-hidden="true" style={{ display: 'flex', width: 240, height: 240, alignItems: 'center', justifyContent: 'center' }}>
            <Spinner size={32} />
          </span>
          <p className="f-muted" role="status">
            {t(
              expired || pairing.status === 'expired' || (pairing.status === 'creating' && pairing.afterExpiry)
                ? 'evm.wc.expired'
                : 'evm.wc.creating',
            )}
          </p>
        </>
      )
  }

  return (
    <>
      {mobileLink && (
        <a className="f-button f-button-primary" style={linkStyle} href={mobileLink}>
          {t('evm.wc.openApp', { wallet: name! })}
        </a>
      )}
      <div className="f-center" aria-busy={pairing.status === 'idle' || pairing.status === 'creating' || undefined}>
        {wallet && <WalletImage src={wallet.imageUrl} name={wallet.name} mark={['wallet', wallet.name]} size={48} />}
        {body}
      </div>
      {uri && (
        <div className="f-list">
          <Button variant="secondary" onClick={() => void copy()}>
            <span className="f-row" style={{ alignItems: 'center' }}>
              <CopyIcon /> {t('evm.wc.copy')}
            </span>
          </Button>
          {desktopLink && (
            <a className="f-button f-button-secondary" style={linkStyle} href={desktopLink}>
              {t('evm.wc.openApp', { wallet: name! })}
            </a>
          )}
          {webLink && (
            <a className="f-button f-button-secondary" style={linkStyle} href={webLink} target="_blank" rel="noopener noreferrer">
              {t('evm.wc.openWeb', { wallet: name! })}
            </a>
          )}
        </div>
      )}
    </>
  )
}
