// One visitor's browser as the wallet's frame page calls its backend for it, in process (Hono's `app.request`): a
// cookie jar kept as a browser keeps it, and the frame's request envelope. Shared by the wallet's integration tests.
import type { Hono } from 'hono'

export type FrameAnswer = { status: number; body: any }

export interface FrameBrowserOptions {
  /** The wallet's origin: the frame page's own, sent as `Origin`. */
  wallet: string
  /** The embedding page's origin, named in every request. */
  host: string
  /** @default 'demo' */
  projectId?: string
}

/** A fresh browser (an empty jar) on the host page; `app` is read at each call, so a test may swap the service. */
export function frameBrowser(app: () => Hono, { wallet, host, projectId = 'demo' }: FrameBrowserOptions) {
  const jar = new Map<string, string>()
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
  const send = (type: string, payload: unknown = {}) => call('/v1/frame/request', { projectId, origin: host, type, payload })
  return { jar, call, send }
}
