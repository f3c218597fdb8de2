// The passkey ceremonies (passkeys.mjs): the frame's own calls, after the visitor's click in it; no APP_ message
// reaches them, so the host page can neither start one nor finish one.
import { Hono } from 'hono'
import * as v from 'valibot'

import { sendJson } from '../../http/index.mjs'
import { walletBody } from '../errors.mjs'
import { finishLogin, finishRegistration, keepPasskeyWrap, passkeyOptions } from '../passkeys.mjs'
import { SITE, allowedSite, requestContext } from './frameCall.mjs'

const CeremonyBody = v.object({
  ...SITE,
  ceremony: v.picklist(['login', 'register'], "ceremony must be 'login' or 'register'"),
  credential: v.optional(v.unknown()),
})
/** The wrap's own fields are passkeys.mjs's to check. */
const WrapBody = v.looseObject(SITE)

/** @param {import('./frameCall.mjs').WalletRoutes} wallet */
export function createPasskeyRoutes(wallet) {
  const app = new Hono()
  app.post('/v1/frame/passkey/options', walletBody(CeremonyBody), allowedSite(wallet), async (c) => {
    const { projectId, origin, ceremony } = c.req.valid('json')
    await wallet.spend(c, 'passkey')
    return sendJson(c, 200, await passkeyOptions(wallet.deps, requestContext(wallet, c, { projectId, origin }, {}), ceremony))
  })
  app.post('/v1/frame/passkey/finish', walletBody(CeremonyBody), allowedSite(wallet), async (c) => {
    const { projectId, origin, ceremony, credential } = c.req.valid('json')
    await wallet.spend(c, 'passkey')
    const ctx = requestContext(wallet, c, { projectId, origin }, { credential })
    return sendJson(c, 200, await (ceremony === 'login' ? finishLogin(wallet.deps, ctx) : finishRegistration(wallet.deps, ctx)))
  })
  app.post('/v1/frame/passkey/wrap', walletBody(WrapBody), allowedSite(wallet), async (c) => {
    const { projectId, origin, ...payload } = c.req.valid('json')
    return sendJson(c, 200, await keepPasskeyWrap(wallet.deps, requestContext(wallet, c, { projectId, origin }, payload)))
  })
  return app
}
