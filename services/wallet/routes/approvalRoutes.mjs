// A pending request's approval, by the frame that holds its secret (KEYS.md, Signing): the visitor's decision, the
// preview its panel shows (preview.mjs), and what the frame signed for an approved request's job, relayed (rpc.mjs).
import { Hono } from 'hono'
import * as v from 'valibot'

import { sendJson } from '../../http/index.mjs'
import { walletBody } from '../errors.mjs'
import { approvalPreview, decideApproval, submitSigned } from '../rpc.mjs'
import { sessionUserId } from './frameCall.mjs'

const SECRET = v.string('secret must be a string')
const DecisionBody = v.object({ secret: SECRET, approved: v.boolean('approved must be true or false') })
const PreviewBody = v.object({ secret: SECRET })
const SignedBody = v.object({
  secret: SECRET,
  signed: v.object(
    {
      signature: v.optional(v.pipe(v.string('signature must be a string'), v.maxLength(2000))),
      transaction: v.optional(v.pipe(v.string('transaction must be a string'), v.maxLength(40_000))),
    },
    'signed must be an object',
  ),
})

/** @param {import('./frameCall.mjs').WalletRoutes} wallet */
export function createApprovalRoutes(wallet) {
  const { deps } = wallet
  const app = new Hono()
  app.post('/v1/frame/approvals/:requestId', walletBody(DecisionBody), async (c) => {
    const { secret, approved } = c.req.valid('json')
    const userId = await sessionUserId(wallet, c)
    return sendJson(c, 200, await decideApproval(deps, { userId, requestId: c.req.param('requestId'), secret, approved }))
  })
  // What a pending request would do: asked by the frame that holds its secret, shown in its panel only.
  app.post('/v1/frame/approvals/:requestId/preview', walletBody(PreviewBody), async (c) => {
    const { secret } = c.req.valid('json')
    const userId = await sessionUserId(wallet, c)
    return sendJson(c, 200, await approvalPreview(deps, { userId, requestId: c.req.param('requestId'), secret }))
  })
  // What the frame signed for an approved request's job: relayed, then the result or the next job.
  app.post('/v1/frame/approvals/:requestId/signed', walletBody(SignedBody), async (c) => {
    const { secret, signed } = c.req.valid('json')
    const userId = await sessionUserId(wallet, c)
    return sendJson(c, 200, await submitSigned(deps, { userId, requestId: c.req.param('requestId'), secret, signed }))
  })
  return app
}
