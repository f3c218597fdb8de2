import * as v from 'valibot'

import { raiseAlert } from '../core/alerts.js'
import type { EventName } from '../core/bus.js'
import type { ConnectionState } from '../core/connection.js'
import type { Kernel } from '../core/createKernel.js'
import { isFoyerError } from '../core/errors/BaseError.js'
import type { HttpStatusError } from '../core/errors/catalogue.js'
import { FetchToken } from '../core/tokens.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'
import { createHttpClient } from './http.js'

// Analytics (rules §7): loaded lazily by the kernel, and only when the host named `services.analytics` — Foyer calls
// nobody home. Nothing is sent before `GET /getAnalyticsConfig` said yes.

/** A batch goes out this long after its first event, unless it fills up or the page hides first. */
export const ANALYTICS_FLUSH_MS = 2_000
/** Events one `POST /e` carries at most; a full batch goes out at once. */
export const ANALYTICS_BATCH_SIZE = 20

/** One event as `POST /e` takes it (rules §7). */
export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: { type: 'track'; event: string; properties?: Record<string, string | number | boolean> }
}

const AnalyticsConfigSchema = v.object({ isAnalyticsEnabled: v.boolean() })

/**
 * The bus events reported, by name, with the payload fields each may carry (addresses and hashes stay home).
 * Events of plugins the host did not add never fire; the names are the rules §4 tracking names where the rules give one.
 */
const TRACKED: Record<string, [string, ...string[]]> = {
  'modal:opened': ['MODAL_OPEN', 'view'],
  'modal:closed': ['MODAL_CLOSE'],
  'send:initiated': ['SEND_INITIATED', 'namespace', 'networkId', 'symbol', 'amount'],
  'send:succeeded': ['SEND_SUCCESS', 'namespace', 'networkId', 'symbol', 'amount'],
  'swaps:succeeded': ['SWAP_SUCCESS', 'networkId', 'fromAmount', 'toAmount'],
  'activity:fetch-failed': ['ERROR_FETCH_TRANSACTIONS', 'chainId', 'message'],
  'onramp:checkout-opened': ['ONRAMP_CHECKOUT_OPENED', 'provider', 'networkId'],
  'onramp:succeeded': ['ONRAMP_SUCCESS', 'provider', 'networkId', 'purchaseAmount', 'purchaseCurrency'],
  'onramp:failed': ['ONRAMP_ERROR', 'provider', 'reason'],
  'names:registered': ['REGISTER_NAME_SUCCESS'],
  'siwx:signed-in': ['SIWX_AUTH_SUCCESS', 'namespace', 'chainId'],
  'email:frame-failed': ['EMBEDDED_WALLET_ERROR', 'event'],
}

/**
 * Starts reporting the kernel's events to `services.analytics`: events are queued from now on, the
 * configuration is asked for, and then batches go out as `POST /e` with `keepalive` (a page that closes still
 * sends its last batch). `isAnalyticsEnabled` false or a failed lookup turns analytics off and drops the queue; a
 * 403 (the page's origin is not the project's) raises 'Invalid App Configuration' once and turns it off too.
 * Never throws.
 */
export async function startAnalytics(kernel: Kernel): Promise<void> {
  const base = kernel.options.services.analytics
  const projectId = kernel.options.projectId
  const page = globalThis.location as Location | undefined
  if (!base || !projectId || !page || kernel.isDestroyed()) return
  const fetchFn = kernel.container.resolve(FetchToken)
  const query = { projectId, st: SDK_TYPE, sv: SDK_VERSION }
  const endpoint = `${base.replace(/\/$/, '')}/e?${new URLSearchParams(query)}`
  let queue: AnalyticsEvent[] = []
  let state: 'asking' | 'on' | 'off' = 'asking'
  let cancelFlush: (() => void) | undefined

  const record = (event: string, properties?: Record<string, string | number | boolean>) => {
    if (state === 'off') return
    queue.push({
      eventId: crypto.randomUUID(),
      url: page.href,
      domain: page.hostname,
      timestamp: Date.now(),
      props: { type: 'track', event, ...(properties && { properties }) },
    })
    if (state === 'on') scheduleFlush()
  }
  const scheduleFlush = () => {
    if (queue.length >= ANALYTICS_BATCH_SIZE) flush()
    else cancelFlush ??= kernel.schedule(flush, ANALYTICS_FLUSH_MS)
  }
  const flush = () => {
    cancelFlush?.()
    cancelFlush = undefined
    while (state === 'on' && queue.length > 0) send(queue.splice(0, ANALYTICS_BATCH_SIZE))
  }
  const send = (batch: AnalyticsEvent[]) => {
    // text/plain needs no CORS preflight, so the request leaves at once even as the page unloads.
    fetchFn(endpoint, { method: 'POST', body: JSON.stringify(batch), headers: { 'content-type': 'text/plain' }, keepalive: true })
      .then((response) => {
        if (response.status === 403) turnOff(true)
        else if (!response.ok) kernel.logger.debug(`Analytics: ${batch.length} event(s) dropped (HTTP status code: ${response.status}).`)
      })
      .catch((error: unknown) => kernel.logger.debug('Analytics: a batch could not be sent.', error))
  }
  const turnOff = (forbidden: boolean) => {
    state = 'off'
    queue = []
    cancelFlush?.()
    stop()
    // rules §8: a 403 from analytics raises the invalid-configuration alert once.
    if (forbidden) raiseAlert(kernel, 'INVALID_APP_CONFIGURATION')
  }

  const offs = Object.entries(TRACKED).map(([busEvent, [event, ...fields]]) =>
    kernel.bus.on(busEvent as EventName, (payload: unknown) => record(event, pick(payload, fields))),
  )
  let previous = kernel.store.getState().connection
  offs.push(
    kernel.store.subscribe(() => {
      const current = kernel.store.getState().connection
      if (current !== previous) connectionEvents(previous, current, record)
      previous = current
    }),
  )
  // rules §4: the last batch goes out when the page hides (a tab closed, the app switched away) or the kernel ends.
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  const hasDocument = typeof document !== 'undefined'
  if (hasDocument) document.addEventListener('visibilitychange', onHide)
  if (hasDocument) addEventListener('pagehide', flush)
  offs.push(kernel.bus.on('kernel:destroyed', flush))
  function stop() {
    for (const off of offs) off()
    if (hasDocument) document.removeEventListener('visibilitychange', onHide)
    if (hasDocument) removeEventListener('pagehide', flush)
  }
  // The modal may have opened before this module loaded (it loads after the first paint).
  const { modal } = kernel.store.getState()
  if (modal.open) record('MODAL_OPEN', { view: kernel.router.current().view })

  const http = createHttpClient({ baseUrl: base, fetch: fetchFn, query })
  try {
    const config = await http.get('/getAnalyticsConfig', { schema: AnalyticsConfigSchema })
    if (kernel.isDestroyed()) return
    if (!config.isAnalyticsEnabled) return turnOff(false)
    state = 'on'
    if (queue.length > 0) scheduleFlush()
  } catch (error) {
    if (kernel.isDestroyed()) return
    kernel.logger.debug('Analytics is off: its configuration could not be read.', error)
    turnOff(isFoyerError<HttpStatusError>(error, 'HttpStatusError') && error.status === 403)
  }
}

/** rules §4's connection facts: started, succeeded, failed (with the rules §8 wording), and a disconnect. */
function connectionEvents(
  previous: ConnectionState,
  current: ConnectionState,
  record: (event: string, properties?: Record<string, string>) => void,
) {
  for (const [namespace, now] of Object.entries(current.namespaces)) {
    const before = previous.namespaces[namespace]
    if (!now || before?.status === now.status) continue
    const properties = { namespace, ...(now.connectorId && { connectorId: now.connectorId }) }
    if (now.status === 'connecting') record('CONNECT_STARTED', properties)
    else if (now.status === 'connected') record('CONNECT_SUCCESS', properties)
    else if (before?.status === 'connecting') record('CONNECT_ERROR', { ...properties, ...(now.error && { message: now.error }) })
    else if (before?.status === 'connected') record('DISCONNECT_SUCCESS', { namespace })
  }
}

function pick(payload: unknown, fields: readonly string[]): Record<string, string | number | boolean> | undefined {
  if (fields.length === 0 || typeof payload !== 'object' || payload === null) return undefined
  const entries = fields
    .map((field) => [field, (payload as Record<string, unknown>)[field]] as const)
    .filter((entry): entry is readonly [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1]))
  return Object.fromEntries(entries)
}
