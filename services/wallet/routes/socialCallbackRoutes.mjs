// Where the social providers send the user back (in the popup, or the whole page). The page hands the result URI to
// the embedding origin that started the sign-in, and to no other: the URI carries the code.
import { readFileSync } from 'node:fs'

import { Hono } from 'hono'
import * as v from 'valibot'

import { queryString } from '../../http/index.mjs'
import { walletQuery } from '../errors.mjs'
import { socialCallbackPage } from '../pages.mjs'
import { SOCIAL_CALLBACK_PATH } from '../social.mjs'
import { SCRIPT_HEADERS } from './framePageRoutes.mjs'

const CALLBACK_SCRIPT = readFileSync(new URL('../frame/socialCallback.js', import.meta.url), 'utf8')
const CallbackQuery = v.looseObject({ state: queryString('state') })

/** @param {import('./frameCall.mjs').WalletRoutes} wallet */
export function createSocialCallbackRoutes({ deps, ownOrigin }) {
  const app = new Hono()
  app.get(SOCIAL_CALLBACK_PATH, walletQuery(CallbackQuery), async (c) => {
    const target = await deps.social.callbackTarget(c.req.valid('query').state ?? null)
    if (target?.returnTo) {
      // Telegram: back to the host page that started it, which finishes the login at start (rules §2 `result_uri`).
      const back = new URL(target.returnTo)
      back.searchParams.set('result_uri', `${ownOrigin(c)}${SOCIAL_CALLBACK_PATH}${new URL(c.req.url).search}`)
      c.header('cache-control', 'no-store')
      c.header('referrer-policy', 'no-referrer')
      return c.redirect(back.href, 303)
    }
    const hostOrigin = target?.hostOrigin
    return c.html(socialCallbackPage(hostOrigin), hostOrigin ? 200 : 400, {
      'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    })
  })
  app.get(`${SOCIAL_CALLBACK_PATH}.js`, (c) => c.body(CALLBACK_SCRIPT, 200, SCRIPT_HEADERS))
  return app
}
