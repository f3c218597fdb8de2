import { alertMessages, dismissAlert } from '../../core/alerts.js'
import { hideToast } from '../../core/toast.js'
import { IconButton } from '../../ui/Button.js'
import { CheckIcon, CloseIcon, WarningIcon } from '../../ui/icons.js'
import { Spinner } from '../../ui/Spinner.js'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'

/** The toast (rules §3, §4), announced politely; errors assertively. */
export function Toast() {
  const kernel = useKernel()
  const t = useTranslate()
  const toast = useFoyerState((state) => state.toast)
  return (
    <div role={toast.variant === 'error' ? 'alert' : 'status'} aria-live={toast.variant === 'error' ? 'assertive' : 'polite'}>
      {toast.open && (
        <div className={`f-toast f-toast-${toast.variant}`}>
          {toast.variant === 'loading' ? <Spinner size={16} /> : toast.variant === 'success' ? <CheckIcon /> : <WarningIcon />}
          <span>{toast.message}</span>
          <IconButton label={t('toast.close')} onClick={() => hideToast(kernel)}>
            <CloseIcon />
          </IconButton>
        </div>
      )}
    </div>
  )
}

/** The rules §8 alert at the top of the modal, with its short and long message. */
export function AlertBanner() {
  const kernel = useKernel()
  const t = useTranslate()
  const code = useFoyerState((state) => state.alerts.current)
  if (!code) return null
  const { short, long } = alertMessages(code)
  return (
    <div className="f-alert" role="alert">
      <WarningIcon />
      <p className="f-alert-text">
        <strong>{t(short)}</strong>
        {t(long)}
      </p>
      <IconButton label={t('alert.dismiss')} onClick={() => dismissAlert(kernel)}>
        <CloseIcon />
      </IconButton>
    </div>
  )
}
