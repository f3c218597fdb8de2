// Node has no DOM: a page with one iframe whose window records what the host posts to it, for tests
// of the secure frame's client. Messages "from the frame" are dispatched on the page's window with the
// origin and source a browser sets. Call `vi.unstubAllGlobals()` after each test.
import { vi } from 'vitest'

export const WALLET_URL = 'http://localhost:8790'

export interface PostedMessage {
  message: { id: string; type: string; payload: unknown }
  target: string
}

export function fakeFramePage() {
  const page = new EventTarget()
  const posted: PostedMessage[] = []
  const frameWindow = { postMessage: (message: never, target: string) => posted.push({ message, target }) }
  const iframe = { style: {}, src: '', title: '', contentWindow: frameWindow, remove: vi.fn() }
  vi.stubGlobal('window', page)
  vi.stubGlobal('document', { createElement: () => iframe, body: { appendChild: vi.fn() } })
  const fromFrame = (data: unknown, { origin = WALLET_URL, source = frameWindow as unknown } = {}) =>
    // Node's MessageEvent takes only a MessagePort as `source`: an Event with a window's fields instead.
    page.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }))
  /** Answers the newest posted request of `type` with its success payload. */
  const answer = (type: string, payload: unknown) => {
    const request = posted.findLast(({ message }) => message.type === type)
    if (!request) throw new Error(`Nothing was posted as ${type}; posted: ${posted.map(({ message }) => message.type).join(', ')}`)
    fromFrame({ id: request.message.id, type: `FRAME_${type.slice('APP_'.length)}_SUCCESS`, payload })
  }
  const types = () => posted.map(({ message }) => message.type)
  return { iframe, posted, frameWindow, fromFrame, answer, types }
}
