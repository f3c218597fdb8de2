// The frame's first calls and its APP_ messages (PROTOCOL.md): whether the embedding origin is allowed, whether this
// browser keeps the wallet's cookies, and `/v1/frame/request`, which runs the message's handler (handlers.mjs) once
// its site, its budget and its payload are checked.
import { Hono } from 'hono'
import * as v from 'valibot'

import { sendJson } from '../../http/index.mjs'
import { checkPayload, invalidRequest, walletBody } from '../errors.mjs'
import { HANDLERS } from '../handlers.mjs'
import { hasDeviceCookie } from '../session.mjs'
import { SITE, allowedSite, requestContext } from './frameCall.mjs'

/** The messages a guesser would repeat: they send or check codes, or sign a user in. */
export const CODE_AND_LOGIN_TYPES = new Set([
  'APP_CONNECT_EMAIL',
  'APP_CONNECT_DEVICE',
  'APP_CONNECT_OTP',
  'APP_UPDATE_EMAIL',
  'APP_UPDATE_EMAIL_PRIMARY_OTP',
  'APP_UPDATE_EMAIL_SECONDARY_OTP',
  'APP_GET_SOCIAL_REDIRECT_URI',
  'APP_CONNECT_SOCIAL',
  'APP_GET_FARCASTER_URI',
  'APP_CONNECT_FARCASTER',
])

const OriginBody = v.object(SITE)
const RequestBody = v.object({ ...SITE, type: v.string('type must be a string'), payload: v.optional(v.unknown()) })

/** @param {import('./frameCall.mjs').WalletRoutes} wallet */
export function createRequestRoutes(wallet) {
  const app = new Hono()
  app.post('/v1/frame/origin', walletBody(OriginBody), allowedSite(wallet), (c) => sendJson(c, 200, { allowed: true }))
  // Whether this browser keeps the wallet's cookies (frame/storageCheck.js): the device cookie, set when a request has
  // none, is there on the next one or is not.
  app.post('/v1/frame/storage', (c) => {
    const cookie = hasDeviceCookie(c)
    wallet.deviceHash(c)
    return sendJson(c, 200, { cookie })
  })
  app.post('/v1/frame/request', walletBody(RequestBody), allowedSite(wallet), async (c) => {
    const { type, payload, ...site } = c.req.valid('json')
    const message = Object.hasOwn(HANDLERS, type) ? HANDLERS[/** @type {keyof typeof HANDLERS} */ (type)] : undefined
    if (!message) throw invalidRequest(`Unknown message type ${type.slice(0, 64)}`)
    if (CODE_AND_LOGIN_TYPES.has(type)) await wallet.spend(c, type)
    const checked = checkPayload(message.payload, payload)
    // Each handler takes what its own entry's schema reads: `message` is one of them, known only at run time.
    const handle = /** @type {(deps: unknown, ctx: unknown, payload: unknown) => Promise<unknown>} */ (message.handle)
    return sendJson(c, 200, await handle(wallet.deps, requestContext(wallet, c, site, checked), checked))
  })
  return app
}
