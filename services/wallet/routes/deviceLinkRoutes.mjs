// The device link a known user's new browser is mailed (rules §4 VERIFY_DEVICE): the page it opens, and its form's
// POST, which confirms the browser. Pages, not JSON: a person reads every answer.
import { Hono } from 'hono'
import * as v from 'valibot'

import { queryString } from '../../http/index.mjs'
import { confirmDeviceToken } from '../codes.mjs'
import { walletQuery } from '../errors.mjs'
import { deviceConfirmPage, deviceResultPage } from '../pages.mjs'

const PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  // The page keeps its origin on its own form's POST (with `no-referrer` a browser sends `Origin: null` and the check
  // below refused every real click), and sends its URL, which carries the token, to no other origin.
  'referrer-policy': 'same-origin',
}
const LinkQuery = v.looseObject({ token: queryString('token') })
/** A token as the wallet mails them; anything else is a link that no longer works. */
const Token = v.pipe(v.string(), v.maxLength(99))

/** @param {import('./frameCall.mjs').WalletRoutes} wallet */
export function createDeviceLinkRoutes({ deps, spend, ownOrigin }) {
  const app = new Hono()
  app.get('/device/confirm', walletQuery(LinkQuery), (c) => c.html(deviceConfirmPage(c.req.valid('query').token ?? ''), 200, PAGE_HEADERS))
  app.post('/device/confirm', async (c) => {
    // The wallet's own page only: a page of another site that posts a token it saw must not confirm a device.
    if (!fromOwnPage(c, ownOrigin(c))) return c.html(deviceResultPage('refused'), 403, PAGE_HEADERS)
    try {
      await spend(c, 'device-confirm')
    } catch (error) {
      const { retryAfter } = /** @type {import('../errors.mjs').WalletError} */ (error).details
      return c.html(deviceResultPage('rate-limited', Number(retryAfter)), 429, PAGE_HEADERS)
    }
    const token = (await c.req.parseBody())['token']
    const confirmed = v.is(Token, token) && (await confirmDeviceToken(deps, token))
    return c.html(deviceResultPage(confirmed ? 'confirmed' : 'expired'), confirmed ? 200 : 400, PAGE_HEADERS)
  })
  return app
}

/**
 * A form POST that the wallet's own page sent: its `Origin` is the wallet's, or, where a browser sends `Origin: null`
 * or none, `Sec-Fetch-Site` says the request came from the same origin (a header no page can set or forge). Anything
 * else, a page of another site included, is refused (CSRF).
 *
 * @param {import('hono').Context} c @param {string} ownOrigin
 */
export function fromOwnPage(c, ownOrigin) {
  const origin = c.req.header('origin')
  if (origin === ownOrigin) return true
  return (origin === undefined || origin === 'null') && c.req.header('sec-fetch-site') === 'same-origin'
}
