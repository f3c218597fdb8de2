// rules §7 `POST /e`, the analytics receiver: one event `{ eventId, url, domain, timestamp, props }` or a batch of them,
// kept for the project. A Hono sub-app the directory mounts when analytics is on.
import { Hono } from 'hono'
import * as v from 'valibot'

import { JsonObject, ORIGIN_NOT_ALLOWED, ServiceError, check, sendJson, validBody } from '../http/index.mjs'

/** Events one `POST /e` may carry. */
export const MAX_EVENTS_PER_BATCH = 100
const EVENT_ID_PATTERN = /^[\w-]{8,64}$/
const DOMAIN_PATTERN = /^[a-z0-9.-]{1,253}$/i
const MAX_URL_LENGTH = 2048
const MAX_PROPS_BYTES = 4096

/**
 * One event; its refusals name where it is in the batch.
 *
 * @param {string} at `events[0]`
 */
function Event(at) {
  const eventId = `${at}.eventId must be 8 to 64 letters, digits, "-" or "_"`
  const url = `${at}.url must be an http(s) URL of at most ${MAX_URL_LENGTH} characters`
  const timestamp = `${at}.timestamp must be milliseconds since 1970`
  const props = `${at}.props must be an object with an event name ({ type, event, properties })`
  return JsonObject(
    {
      eventId: v.pipe(v.string(eventId), v.regex(EVENT_ID_PATTERN, eventId)),
      url: v.pipe(v.string(url), v.maxLength(MAX_URL_LENGTH, url), v.regex(/^https?:\/\//, url)),
      domain: v.pipe(v.string(`${at}.domain must be a host name`), v.regex(DOMAIN_PATTERN, `${at}.domain must be a host name`)),
      timestamp: v.pipe(v.number(timestamp), v.safeInteger(timestamp), v.minValue(0, timestamp)),
      props: v.pipe(
        JsonObject({ event: v.string(props) }, props),
        v.check((value) => JSON.stringify(value).length <= MAX_PROPS_BYTES, `${at}.props exceeds ${MAX_PROPS_BYTES} bytes`),
      ),
    },
    `${at} must be an object`,
  )
}

/** One event or a list of them, read as a list; each event is checked with its place in the batch. */
const Events = v.pipe(
  v.unknown(),
  v.transform((body) => (Array.isArray(body) ? body : [body])),
  v.array(v.unknown()),
  v.minLength(1, `A batch holds 1 to ${MAX_EVENTS_PER_BATCH} events`),
  v.maxLength(MAX_EVENTS_PER_BATCH, `A batch holds 1 to ${MAX_EVENTS_PER_BATCH} events`),
  v.transform((events) =>
    events.map((event, index) => {
      // Only the event's own fields are kept.
      const { eventId, url, domain, timestamp, props } = check(Event(`events[${index}]`), event)
      return { eventId, url, domain, timestamp, props }
    }),
  ),
)

/**
 * @param {object} options
 * @param {import('hono').MiddlewareHandler} options.client the check of the query's project and client
 * @param {Awaited<ReturnType<typeof import('./analyticsStore.mjs').createAnalyticsStore>>} options.events where events are kept
 * @returns {Hono}
 */
export function createAnalyticsRoutes({ client, events }) {
  const app = new Hono()
  // Sent as text (`text/plain` needs no preflight, so a keepalive request on page close goes out at once), read as JSON.
  app.post('/e', client, fromPage, validBody(Events, { notJson: 'The body must be JSON: an event or a list of events' }), async (c) => {
    const batch = c.req.valid('json')
    const added = await events.add(/** @type {string} */ (c.req.query('projectId')), batch)
    return sendJson(c, 202, { received: batch.length, added })
  })
  return app
}

/**
 * Events come from a page, which names its origin; any origin but the project's is refused by the shared CORS check.
 *
 * @type {import('hono').MiddlewareHandler}
 */
async function fromPage(c, next) {
  if (!c.req.header('origin')) throw new ServiceError(403, null, ORIGIN_NOT_ALLOWED)
  await next()
}
