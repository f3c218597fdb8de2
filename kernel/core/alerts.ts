import type { Kernel } from './createKernel.js'
import { isFoyerError } from './errors/BaseError.js'
import type { HttpStatusError } from './errors/catalogue.js'
import type { MessageKey } from './i18n.js'

/**
 * The alert errors of rules §8. Each has a short and a long message, shown at the top of the modal.
 */
export const ALERTS = {
  /** Also rules §8's switch-network-not-found alert: a switch to a network no chain declares. */
  NETWORK_NOT_FOUND: 'networkNotFound',
  INVALID_APP_CONFIGURATION: 'invalidAppConfiguration',
  EMBEDDED_WALLET_LOAD_FAILED: 'embeddedWalletLoadFailed',
  EMBEDDED_WALLET_TIMEOUT: 'embeddedWalletTimeout',
  SESSION_EXPIRED: 'sessionExpired',
  INVALID_PROJECT_ID: 'invalidProjectId',
  PROJECT_ID_NOT_CONFIGURED: 'projectIdNotConfigured',
  SERVER_ERROR: 'serverError',
  RATE_LIMITED: 'rateLimited',
} as const

export type AlertCode = keyof typeof ALERTS

export interface AlertsState {
  /** The alert on screen. */
  current?: AlertCode
  /** Every kind raised so far: each shows once (rules §4). */
  raised: readonly AlertCode[]
}

export const INITIAL_ALERTS: AlertsState = { raised: [] }

/** The i18n keys of an alert's two messages. */
export function alertMessages(code: AlertCode): { short: MessageKey; long: MessageKey } {
  const key = ALERTS[code]
  return { short: `alert.${key}.short`, long: `alert.${key}.long` }
}

/** Raises an alert once per kind (rules §4); it is also logged, for the host's developers. */
export function raiseAlert(kernel: Kernel, code: AlertCode): void {
  const { raised } = kernel.store.getState().alerts
  if (raised.includes(code)) return
  kernel.logger.error(`${kernel.i18n.t(alertMessages(code).short)}: ${kernel.i18n.t(alertMessages(code).long)}`)
  kernel.store.update('alerts', () => ({ current: code, raised: [...raised, code] }))
}

export function dismissAlert(kernel: Kernel): void {
  kernel.store.update('alerts', (alerts) => (alerts.current ? { ...alerts, current: undefined } : alerts))
}

/** rules §8: a service answering 429 raises Rate Limited, 5xx a Server Error, 401/403 Invalid Project ID. */
export function raiseAlertForHttpError(kernel: Kernel, error: unknown): void {
  if (!isFoyerError<HttpStatusError>(error, 'HttpStatusError')) return
  if (error.status === 429) raiseAlert(kernel, 'RATE_LIMITED')
  else if (error.status >= 500) raiseAlert(kernel, 'SERVER_ERROR')
  else if (error.status === 401 || error.status === 403) raiseAlert(kernel, 'INVALID_PROJECT_ID')
}
