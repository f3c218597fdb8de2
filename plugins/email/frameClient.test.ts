import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeFramePage, WALLET_URL as WALLET } from '../../test/fakeFramePage.js'
import {
  createFrameClient,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  LOGIN_REQUEST_TIMEOUT_MS,
  SIGN_OUT_TIMEOUT_MS,
  type FrameClientOptions,
} from './frameClient.js'

/** A frame client on a fake page (test/fakeFramePage.ts), its callbacks spied on. */
function setup(overrides: Partial<FrameClientOptions> = {}) {
  const { iframe, posted, fromFrame, frameWindow } = fakeFramePage()
  const failed = vi.fn()
  const approvalRequested = vi.fn()
  const approvalSettled = vi.fn()
  const client = createFrameClient({
    walletUrl: WALLET,
    projectId: 'demo',
    chainId: 31337,
    schedule: (callback, ms) => {
      const timer = setTimeout(callback, ms)
      return () => clearTimeout(timer)
    },
    failed,
    approvalRequested,
    approvalSettled,
    ...overrides,
  })
  const ready = async () => {
    fromFrame({ type: 'FRAME_READY' })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
  }
  return { client, iframe, posted, fromFrame, ready, failed, approvalRequested, approvalSettled, frameWindow }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the secure frame client (PROTOCOL.md, rules §4, §8, rules §9)', () => {
  it("loads the frame with rules §7's query; rpcUrl is never sent", () => {
    const { iframe } = setup()
    expect(iframe.src).toBe(`${WALLET}/frame?projectId=demo&chainId=31337&version=4&enableLogger=false`)
  })

  it('requests wait for the ready event plus 500 ms, then go to the exact wallet origin with a random id', async () => {
    const { client, posted, fromFrame } = setup()
    const answer = client.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' })
    fromFrame({ type: 'FRAME_READY' })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS - 1)
    expect(posted).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(posted).toHaveLength(1)
    const { message, target } = posted[0]!
    expect(target).toBe(WALLET)
    expect(message).toMatchObject({ type: 'APP_CONNECT_EMAIL', payload: { email: 'ada@example.com' } })
    expect(message.id).toMatch(/^[\w-]{8,}$/)
    fromFrame({ id: message.id, type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    await expect(answer).resolves.toEqual({ action: 'VERIFY_OTP' })
  })

  it('answers from another origin, another window, with a malformed shape or for another request are ignored', async () => {
    const { client, posted, fromFrame, ready } = setup()
    await ready()
    let settled = false
    const answer = client.request('APP_GET_USER').finally(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    const { id } = posted[0]!.message
    fromFrame({ id, type: 'FRAME_GET_USER_SUCCESS', payload: 'forged' }, { origin: 'http://evil.example' })
    fromFrame({ id, type: 'FRAME_GET_USER_SUCCESS', payload: 'forged' }, { source: {} })
    fromFrame({ type: 'FRAME_GET_USER_SUCCESS', payload: {} })
    fromFrame(`{"id":"${id}","type":"FRAME_GET_USER_SUCCESS"}`)
    fromFrame({ id: '../../x', type: 'FRAME_GET_USER_SUCCESS' })
    fromFrame({ id, type: 'FRAME_SIGN_OUT_SUCCESS', payload: {} })
    fromFrame({ id, type: 'FRAME_GET_USER_ERROR', payload: { message: 42 } })
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    fromFrame({ id, type: 'FRAME_GET_USER_SUCCESS', payload: { address: '0x1' } })
    await expect(answer).resolves.toEqual({ address: '0x1' })
  })

  it("an error answer rejects with the frame's message and code; without a message, 'An error occurred' (rules §8)", async () => {
    const { client, posted, fromFrame, ready } = setup()
    await ready()
    const wrong = client.request('APP_CONNECT_OTP', { otp: '000000' })
    const vague = client.request('APP_GET_CHAIN_ID')
    await vi.advanceTimersByTimeAsync(0)
    fromFrame({ id: posted[0]!.message.id, type: 'FRAME_CONNECT_OTP_ERROR', payload: { message: 'Invalid code', code: 'INVALID_CODE' } })
    fromFrame({ id: posted[1]!.message.id, type: 'FRAME_GET_CHAIN_ID_ERROR', payload: {} })
    await expect(wrong).rejects.toMatchObject({ name: 'EmbeddedWalletError', message: 'Invalid code', frameCode: 'INVALID_CODE' })
    await expect(vague).rejects.toThrow('An error occurred')
  })

  it('a rejected request carries EIP-1193 code 4001; an expired session raises Session Expired', async () => {
    const { client, posted, fromFrame, ready, failed } = setup()
    await ready()
    const signing = client.request('APP_RPC_REQUEST', { method: 'personal_sign' })
    const user = client.request('APP_GET_USER')
    await vi.advanceTimersByTimeAsync(0)
    fromFrame({
      id: posted[0]!.message.id,
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request', code: 'USER_REJECTED', rpcCode: 4001 },
    })
    fromFrame({ id: posted[1]!.message.id, type: 'FRAME_GET_USER_ERROR', payload: { message: 'Session Expired', code: 'SESSION_EXPIRED' } })
    await expect(signing).rejects.toMatchObject({ code: 4001 })
    await expect(user).rejects.toThrow('Session Expired')
    expect(failed).toHaveBeenCalledWith('session_expired')
  })

  it("no ready event within 20 s is 'Could not load embedded wallet' (iframe_load_failed)", async () => {
    const { client, failed, posted } = setup()
    const answer = client.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' })
    const outcome = answer.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1)
    expect(failed).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(failed).toHaveBeenCalledWith('iframe_load_failed')
    // A request sent before the frame failed gets that error, not a wait for ever; nothing was posted to the frame.
    expect(await outcome).toMatchObject({ message: 'Could not load embedded wallet', frameCode: 'iframe_load_failed' })
    expect(posted).toHaveLength(0)
  })

  it('a frame ready after its load failed still answers the next request', async () => {
    const { client, ready, posted, fromFrame } = setup()
    const first = client.request('APP_IS_CONNECTED').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS)
    expect(await first).toMatchObject({ frameCode: 'iframe_load_failed' })
    await ready()
    const second = client.request('APP_IS_CONNECTED')
    await vi.advanceTimersByTimeAsync(0)
    fromFrame({ id: posted[0]!.message.id, type: 'FRAME_IS_CONNECTED_SUCCESS', payload: { isConnected: false } })
    await expect(second).resolves.toEqual({ isConnected: false })
  })

  it("a login request unanswered for 120 s is 'Embedded Wallet Request Timed Out'; sign-out waits 3 s at most without an alert", async () => {
    const { client, ready, failed } = setup()
    await ready()
    let loginSettled = false
    const login = client
      .request('APP_CONNECT_EMAIL', { email: 'ada@example.com' })
      .catch((error: unknown) => error)
      .finally(() => (loginSettled = true))
    const signOut = client.request('APP_SIGN_OUT').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(SIGN_OUT_TIMEOUT_MS)
    expect(await signOut).toMatchObject({ frameCode: 'iframe_request_timeout' })
    expect(failed).not.toHaveBeenCalled()
    // Not a moment before its 120 s.
    await vi.advanceTimersByTimeAsync(LOGIN_REQUEST_TIMEOUT_MS - SIGN_OUT_TIMEOUT_MS - 1)
    expect(loginSettled).toBe(false)
    expect(failed).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(await login).toMatchObject({ message: 'Embedded Wallet Request Timed Out' })
    expect(failed).toHaveBeenCalledWith('iframe_request_timeout')
  })

  it("FRAME_UNVERIFIED_DOMAIN raises 'Invalid App Configuration' and refuses further requests", async () => {
    const { client, ready, fromFrame, failed } = setup()
    await ready()
    const waiting = client.request('APP_GET_USER').catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    fromFrame({ type: 'FRAME_UNVERIFIED_DOMAIN' })
    expect(await waiting).toMatchObject({ message: 'Invalid App Configuration' })
    expect(failed).toHaveBeenCalledWith('unverified_domain')
    await expect(client.request('APP_GET_USER')).rejects.toThrow('Invalid App Configuration')
  })

  it('an approval request is handed on; its final answer settles it (rules §6)', async () => {
    const { client, ready, posted, fromFrame, approvalRequested, approvalSettled } = setup()
    await ready()
    const signing = client.request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x68', '0x1'] })
    await vi.advanceTimersByTimeAsync(0)
    const { id } = posted[0]!.message
    fromFrame({ id, type: 'FRAME_RPC_REQUEST_APPROVAL', payload: { method: 'personal_sign' } })
    expect(approvalRequested).toHaveBeenCalledWith({ id, method: 'personal_sign' })
    fromFrame({ id, type: 'FRAME_RPC_REQUEST_SUCCESS', payload: '0xsigned' })
    await expect(signing).resolves.toBe('0xsigned')
    expect(approvalSettled).toHaveBeenCalledWith(id)
  })

  it('attack: an approval for a request this client did not send (the page wrote to the frame itself) is not shown', async () => {
    const { client, ready, posted, fromFrame, approvalRequested } = setup()
    await ready()
    fromFrame({ id: 'the-pages-own', type: 'FRAME_RPC_REQUEST_APPROVAL', payload: { method: 'eth_sendTransaction' } })
    const user = client.request('APP_GET_USER')
    await vi.advanceTimersByTimeAsync(0)
    // Nor for one of its requests that is not an RPC request.
    fromFrame({ id: posted[0]!.message.id, type: 'FRAME_RPC_REQUEST_APPROVAL', payload: { method: 'personal_sign' } })
    expect(approvalRequested).not.toHaveBeenCalled()
    fromFrame({ id: posted[0]!.message.id, type: 'FRAME_GET_USER_SUCCESS', payload: {} })
    await expect(user).resolves.toEqual({})
  })

  it('a request type outside the protocol is refused before anything is posted', async () => {
    const { client, ready, posted } = setup()
    await ready()
    await expect(client.request('connect_email')).rejects.toThrow('Something went wrong')
    expect(posted).toEqual([])
  })
})

describe('destroying the frame client (rules §8)', () => {
  it("rejects a pending RPC request with 'Request was aborted' and any other pending request with 'Something went wrong'", async () => {
    const { client, posted, ready } = setup()
    await ready()
    const rpc = client.request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x00', '0x0'] })
    const user = client.request('APP_GET_USER')
    const login = client.request('APP_CONNECT_OTP', { otp: '123456' })
    await vi.advanceTimersByTimeAsync(0)
    expect(posted).toHaveLength(3)
    client.destroy()
    await expect(rpc).rejects.toMatchObject({ message: 'Request was aborted', frameCode: 'ABORTED' })
    await expect(user).rejects.toMatchObject({ message: 'Something went wrong', frameCode: 'ABORTED' })
    await expect(login).rejects.toMatchObject({ message: 'Something went wrong', frameCode: 'ABORTED' })
  })
})
