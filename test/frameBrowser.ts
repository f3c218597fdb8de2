// One visitor's browser as the wallet's frame page calls its backend for it, in process (Hono's `app.request`): a
// cookie jar kept as a browser keeps it, the frame's request envelope, and the frame's keys (services/wallet/KEYS.md):
// this browser's shares in memory, made after a login and used for an approval, with the frame's own code
// (keyring.js, signing.js). Shared by the wallet's integration tests.
import type { Hono } from 'hono'

import { createKeyring } from '../services/wallet/frame/keyring.js'
import { runJob } from '../services/wallet/frame/signing.js'

export type FrameAnswer = { status: number; body: any }

export interface FrameBrowserOptions {
  /** The wallet's origin: the frame page's own, sent as `Origin`. */
  wallet: string
  /** The embedding page's origin, named in every request. */
  host: string
  /** @default 'demo' */
  projectId?: string
}

/** The messages after which the frame makes or migrates the user's keys, as frame.js does. */
const LOGINS = new Set(['APP_CONNECT_OTP', 'APP_CONNECT_SOCIAL', 'APP_CONNECT_FARCASTER'])

/** A fresh browser (an empty jar) on the host page; `app` is read at each call, so a test may swap the service. */
export function frameBrowser(app: () => Hono, { wallet, host, projectId = 'demo' }: FrameBrowserOptions) {
  const jar = new Map<string, string>()
  /** This browser's shares, by user id (the frame keeps them in IndexedDB). */
  const shares = new Map<string, Uint8Array>()
  async function call(pathname: string, body: unknown, origin = wallet): Promise<FrameAnswer> {
    const response = await app().request(`${wallet}${pathname}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      body: JSON.stringify(body),
    })
    for (const header of response.headers.getSetCookie()) {
      const [name, value] = header.split(';')[0]!.split('=') as [string, string]
      if (/max-age=0/i.test(header)) jar.delete(name)
      else jar.set(name, value)
    }
    return { status: response.status, body: await response.json() }
  }
  const keyring = createKeyring({
    async backend(path, body) {
      const answer = await call(path, { projectId, origin: host, ...body })
      if (answer.status !== 200) throw Object.assign(new Error(answer.body.error), answer.body)
      return answer.body
    },
    store: {
      keepDeviceShare: async (userId, share) => void shares.set(userId, share.slice()),
      deviceShare: async (userId) => shares.get(userId)?.slice(),
    },
  })

  /** A request as the frame forwards it; after a login, the frame makes or migrates the keys before it answers. */
  async function send(type: string, payload: unknown = {}): Promise<FrameAnswer> {
    const answer = await call('/v1/frame/request', { projectId, origin: host, type, payload })
    if (answer.status !== 200) return answer
    const connected = LOGINS.has(type) || (type === 'APP_CONNECT_EMAIL' && answer.body.action === 'CONNECT')
    if (connected) await keyring.afterLogin()
    if (type === 'APP_SIGN_IN' && answer.body.sign) {
      const { sign, ...rest } = answer.body
      const { signature } = await keyring.withSecret(sign.keys, undefined, (secret) => runJob(secret, sign.job))
      return { status: 200, body: { ...rest, signature } }
    }
    return answer
  }

  /**
   * The frame's Approve (or Reject): the decision with the secret only the frame received, then each signing job
   * signed here and handed back, until the result. `phrase` stands for what the visitor types on a browser without
   * a share.
   */
  async function decide(requestId: string, secret: string, approved = true, phrase?: string): Promise<FrameAnswer> {
    let answer = await call(`/v1/frame/approvals/${requestId}`, { secret, approved })
    while (answer.status === 200 && answer.body.sign) {
      const { job, keys } = answer.body.sign
      const signed = await keyring.withSecret(keys, phrase, (secret) => runJob(secret, job))
      answer = await call(`/v1/frame/approvals/${requestId}/signed`, { secret, signed })
    }
    return answer
  }

  return { jar, shares, call, send, decide, keyring }
}
