import { describe, expect, it, vi } from 'vitest'

import { type Handler, type HostEvent, createHost, createReceiver } from './channel.js'
import { claimRefusal, themeRefusal } from './siteClaims.js'

const SITE = 'https://dapp.example'

/** The frame's channel with a parent window that records what it is sent, and a table of recording handlers. */
function frameChannel({ allowed = [SITE] } = {}) {
  const sent: { message: any; origin: string }[] = []
  const parent = { postMessage: (message: unknown, origin: string) => void sent.push({ message, origin }) }
  const host = createHost(parent)
  const ran: { handler: string; payload: unknown }[] = []
  const handler = (name: string, check?: Handler['check']): Handler => ({
    check,
    run: (request) => {
      ran.push({ handler: name, payload: request.payload })
      host.post(`FRAME_${request.name}_SUCCESS`, request.id, {})
    },
  })
  const receive = createReceiver({
    host,
    framed: true,
    verify: async (origin) => {
      if (!allowed.includes(origin)) throw new Error('not allowed')
    },
    handlers: {
      APP_SYNC_THEME: handler('theme', themeRefusal),
      APP_SYNC_DAPP_DATA: handler('claim', claimRefusal),
      APP_RPC_ABORT: handler('abort'),
    },
    fallback: handler('forward'),
    log: () => undefined,
  })
  const fromPage = (data: unknown, origin = SITE): HostEvent => ({ source: parent, origin, data })
  return { receive, fromPage, parent, host, sent, ran }
}

describe("the frame's message channel", () => {
  it('runs the handler the table names for a type, and forwards a well-formed type it does not name', async () => {
    const { receive, fromPage, sent, ran } = frameChannel()
    await receive(fromPage({ id: '1', type: 'APP_RPC_ABORT', payload: {} }))
    await receive(fromPage({ id: '2', type: 'APP_GET_USER' }))
    expect(ran).toEqual([
      { handler: 'abort', payload: {} },
      { handler: 'forward', payload: {} },
    ])
    expect(sent).toEqual([
      { message: { id: '1', type: 'FRAME_RPC_ABORT_SUCCESS', payload: {} }, origin: SITE },
      { message: { id: '2', type: 'FRAME_GET_USER_SUCCESS', payload: {} }, origin: SITE },
    ])
  })

  it('refuses a type outside the grammar without running anything', async () => {
    const { receive, fromPage, sent, ran } = frameChannel()
    await receive(fromPage({ id: '1', type: 'FRAME_RPC_REQUEST_SUCCESS', payload: {} }))
    await receive(fromPage({ id: '2', type: 'app_rpc_abort' }))
    expect(ran).toEqual([])
    expect(sent).toEqual([
      {
        message: {
          type: 'FRAME_MESSAGE_ERROR',
          payload: { message: 'Malformed message: type must be APP_<NAME>', code: 'INVALID_REQUEST' },
        },
        origin: SITE,
      },
      {
        message: {
          type: 'FRAME_MESSAGE_ERROR',
          payload: { message: 'Malformed message: type must be APP_<NAME>', code: 'INVALID_REQUEST' },
        },
        origin: SITE,
      },
    ])
  })

  it('answers a malformed payload INVALID_REQUEST with the request’s id, and never runs its handler', async () => {
    const { receive, fromPage, sent, ran } = frameChannel()
    await receive(fromPage({ id: 'a', type: 'APP_RPC_ABORT', payload: ['not', 'an', 'object'] }))
    await receive(fromPage({ id: 'b', type: 'APP_SYNC_THEME', payload: { themeMode: 'neon' } }))
    await receive(fromPage({ id: 'c', type: 'APP_SYNC_DAPP_DATA', payload: { metadata: { name: 'Evil\u202eppa' } } }))
    await receive(fromPage({ id: 'd', type: 'APP_SYNC_DAPP_DATA', payload: { metadata: { name: 'Shop' }, script: 'x' } }))
    await receive(fromPage({ id: 'e', type: 'APP_RPC_ABORT', payload: {}, extra: true }))
    expect(ran).toEqual([])
    expect(sent.map(({ message }) => [message.id, message.type, message.payload])).toEqual([
      ['a', 'FRAME_RPC_ABORT_ERROR', { message: 'Malformed message: payload must be an object', code: 'INVALID_REQUEST' }],
      ['b', 'FRAME_SYNC_THEME_ERROR', { message: 'themeMode is not valid', code: 'INVALID_REQUEST' }],
      ['c', 'FRAME_SYNC_DAPP_DATA_ERROR', { message: 'name is not valid', code: 'INVALID_REQUEST' }],
      ['d', 'FRAME_SYNC_DAPP_DATA_ERROR', { message: 'Unexpected field "script"', code: 'INVALID_REQUEST' }],
      ['e', 'FRAME_RPC_ABORT_ERROR', { message: 'Malformed message: Unexpected field "extra"', code: 'INVALID_REQUEST' }],
    ])
  })

  it('pins the first allowed origin: a message from another origin is ignored, and nothing is sent there', async () => {
    const { receive, fromPage, sent, ran } = frameChannel({ allowed: [SITE, 'https://other.example'] })
    await receive(fromPage({ id: '1', type: 'APP_RPC_ABORT' }))
    await receive(fromPage({ id: '2', type: 'APP_RPC_ABORT' }, 'https://other.example'))
    await receive(fromPage({ id: '3', type: 'APP_RPC_ABORT', payload: [] }, 'https://other.example'))
    expect(ran).toHaveLength(1)
    expect(sent.map(({ message, origin }) => [message.id, origin])).toEqual([['1', SITE]])
  })

  it('answers an origin the project does not allow only FRAME_UNVERIFIED_DOMAIN, once, and runs nothing', async () => {
    const { receive, fromPage, sent, ran, host } = frameChannel({ allowed: [] })
    await receive(fromPage({ id: '1', type: 'APP_RPC_ABORT' }, 'https://evil.example'))
    await receive(fromPage({ id: '2', type: 'APP_GET_USER' }, 'https://evil.example'))
    expect(ran).toEqual([])
    expect(host.origin()).toBeUndefined()
    expect(sent).toEqual([{ message: { type: 'FRAME_UNVERIFIED_DOMAIN' }, origin: 'https://evil.example' }])
  })

  it('hears the embedding window alone, not another frame of the page', async () => {
    const { receive, sent, ran } = frameChannel()
    const sibling = { postMessage: vi.fn() }
    await receive({ source: sibling, origin: SITE, data: { id: '1', type: 'APP_RPC_ABORT' } })
    expect(ran).toEqual([])
    expect(sent).toEqual([])
  })
})
