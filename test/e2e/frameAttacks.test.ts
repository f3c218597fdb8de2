// A hostile host page against the secure frame, in Chromium. The page is on an origin the project allows
// (http://localhost:<port>), the wallet on another site (http://127.0.0.1:<port>), as in production; the page drives
// the frame the way an attacker's script would (postMessage, the iframe's style, focus(), overlays) while the
// "visitor" (Playwright's real mouse and keyboard) clicks and types where the page lures them. No signature may
// come out of it; the honest flows (a visible frame, a real click, a hold) still sign. docs/services/wallet.md#approvals says why.
// The page also tries the login messages: minting a sign-in on a live session, guessing an address's code
// (docs/wallets.md); the wallet's clock is injected, so no test waits out the 120 s of a grant.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http as viemHttp, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startDirectory, type WalletDirectory } from '../../services/directory/index.mjs'
import { startMailCatcher, type MailCatcher } from '../../services/dev/mail/index.mjs'
import { openDatabase, type Database } from '../../services/storage/index.mjs'
import { startWallet, type WalletService } from '../../services/wallet/index.mjs'
import { startAnvil } from '../../services/dev/devchain/index.mjs'
import { copyDatabaseTemplate } from '../databaseTemplate.js'
import { launchChromium, savePhraseInFrame } from './harness'
import { lastMailedCode, mailsTo, uniqueEmail } from '../mailbox.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

let scratch: string
let database: Database
let mail: MailCatcher
let directory: WalletDirectory
let wallet: WalletService
let host: http.Server
let hostUrl: string
let browser: Browser
/** One visitor, signed in once: the session is a Partitioned cookie of the host's site, shared by its pages. */
let visitor: BrowserContext
let address: Hex
let clientScript: string
let anvil: Awaited<ReturnType<typeof startAnvil>>
/** Added to Date.now() by the wallet's clock: how a test moves past the 120 s of a sign-in grant without waiting. */
let clockOffset = 0
const now = () => Date.now() + clockOffset

const TYPED_DATA = {
  domain: { name: 'Foyer attack test', version: '1', chainId: 31337 },
  types: {
    Permit: [
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: { spender: '0x000000000000000000000000000000000000dEaD', value: '1000000' },
} as const

/** Whether the visitor's key signed TYPED_DATA. */
const verifyPermit = (signature: Hex) =>
  verifyTypedData({ address, ...TYPED_DATA, message: { ...TYPED_DATA.message, value: BigInt(TYPED_DATA.message.value) }, signature })

/**
 * The attacker's page: a bait button, the wallet frame over it, and the page's own script: `start(type, payload)`
 * sends a request straight to the frame (no modal) and `answers[id]` keeps the frame's final answer.
 */
function attackerPage(frameQuery: string) {
  return `<!doctype html><html><body style="margin:0">
<button id="bait" style="position:absolute;left:0;top:0;width:640px;height:480px;font-size:32px">Claim your free NFT</button>
<iframe id="wallet" style="position:absolute;left:40px;top:40px;width:360px;height:320px;border:0;z-index:1"
  src="${wallet.url}/frame?projectId=demo&chainId=31337&version=4&enableLogger=false${frameQuery}"></iframe>
<input id="after" aria-label="Your move" style="position:absolute;left:40px;top:560px">
<script>
  const WALLET = ${JSON.stringify(wallet.url)};
  window.received = [];
  window.answers = {};
  addEventListener('message', (event) => {
    if (event.origin !== WALLET) return;
    window.received.push(event.data);
    const { id, type } = event.data ?? {};
    if (id && /_(SUCCESS|ERROR)$/.test(type)) window.answers[id] = event.data;
  });
  window.frameWindow = () => document.getElementById('wallet').contentWindow;
  window.start = (type, payload) => {
    const id = crypto.randomUUID();
    window.frameWindow().postMessage({ id, type, payload }, WALLET);
    return id;
  };
</script></body></html>`
}

/** A page with the modal's own frame client (plugins/email/frameClient.ts), which records what it would show. */
function clientPage() {
  return `<!doctype html><html><body>
<script>window.WALLET = ${JSON.stringify(wallet.url)};</script>
<script src="/client.js"></script>
</body></html>`
}

/**
 * The bundle of clientPage: the real frame client, its approval callbacks recorded in `shown` and `settled`, and
 * `loginText(error)`, what the modal's email view says for a refused login or code.
 */
async function bundleClient() {
  const result = await build({
    stdin: {
      contents: `import { createFrameClient } from './plugins/email/frameClient.ts'
import { addEmailTexts, loginErrorText } from './plugins/email/texts.ts'
import { createI18n } from './kernel/core/i18n.ts'
const texts = { i18n: createI18n() }
addEmailTexts(texts)
/** What the modal's email view says for a refused login or code. */
window.loginText = (error) => loginErrorText(texts, error)
window.shown = []
window.settled = []
window.received = []
addEventListener('message', (event) => event.origin === window.WALLET && window.received.push(event.data))
window.client = createFrameClient({
  walletUrl: window.WALLET,
  projectId: 'demo',
  chainId: 31337,
  schedule: (callback, ms) => { const timer = setTimeout(callback, ms); return () => clearTimeout(timer) },
  failed: () => {},
  approvalRequested: (request) => window.shown.push(request),
  approvalSettled: (id) => window.settled.push(id),
})`,
      resolveDir: repo,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-frame-attacks-'))
  copyDatabaseTemplate(path.join(scratch, 'data'))
  ;[database, mail, directory, browser, clientScript, anvil] = await Promise.all([
    openDatabase({ dataDir: path.join(scratch, 'data') }),
    startMailCatcher(),
    // The attacker's page is on an allowed origin: the project allows every localhost port.
    startDirectory({ allowedOrigins: ['http://localhost:*'] }),
    launchChromium(),
    bundleClient(),
    startAnvil({ port: 0, chainId: 31337 }),
  ])
  wallet = await startWallet({
    database,
    smtpUrl: mail.smtpUrl,
    directoryUrl: directory.url,
    masterKey: randomBytes(32),
    // The signatures are checked with viem; the node is for the transactions the frame signs (KEYS.md).
    evm: [{ chainId: 31337, rpcUrl: anvil.url }],
    now,
    log: () => {},
  })
  host = http.createServer((request, response) => {
    const script = request.url === '/client.js'
    response.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html' })
    // '/?without-iov2': the frame as a browser without IntersectionObserver v2 runs it (the init script below).
    const frameQuery = request.url === '/?without-iov2' ? '&without-iov2' : ''
    response.end(script ? clientScript : request.url === '/client' ? clientPage() : attackerPage(frameQuery))
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`

  visitor = await browser.newContext({ viewport: { width: 1000, height: 700 } })
  // Firefox and Safari have no IntersectionObserver v2: a frame loaded with this marker runs as it would there.
  await visitor.addInitScript(() => {
    if (location.pathname === '/frame' && location.search.includes('without-iov2'))
      delete (IntersectionObserverEntry.prototype as any).isVisible
  })
  const page = await openAttackerPage()
  address = (await logInByEmail(page, uniqueEmail('visitor'))).address
  await page.close()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined)))
  await wallet?.stop()
  await Promise.allSettled([database?.close(), mail?.stop(), directory?.stop(), anvil?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

const inbox = (email: string) => mailsTo(mail.url, email)
const lastCode = (email: string) => lastMailedCode(mail.url, email)

/** Another browser: its own cookies, so its own device and session in the frame. */
const newBrowserContext = () => browser.newContext({ viewport: { width: 1000, height: 700 } })

async function openAttackerPage(query = '', context = visitor) {
  const page = await context.newPage()
  await page.goto(`${hostUrl}${query}`)
  await page.waitForFunction(() => (window as any).received.some((m: any) => m.type === 'FRAME_READY'))
  return page
}

const start = (page: Page, type: string, payload: unknown = {}) =>
  page.evaluate(([type, payload]) => (window as any).start(type, payload), [type, payload] as const) as Promise<string>

const answerOf = (page: Page, id: string) => page.evaluate((id) => (window as any).answers[id], id)

async function ask(page: Page, type: string, payload: unknown = {}) {
  const id = await start(page, type, payload)
  await page.waitForFunction((id) => (window as any).answers[id], id, { timeout: 20_000 })
  return answerOf(page, id)
}

/** Signs a new address in with the mailed code, through the frame in `page`, as the visitor would; answers the user. */
async function logInByEmail(page: Page, email: string) {
  expect(await ask(page, 'APP_CONNECT_EMAIL', { email })).toMatchObject({
    type: 'FRAME_CONNECT_EMAIL_SUCCESS',
    payload: { action: 'VERIFY_OTP' },
  })
  expect(await ask(page, 'APP_CONNECT_OTP', { otp: await lastCode(email) })).toMatchObject({ type: 'FRAME_CONNECT_OTP_SUCCESS' })
  return (await ask(page, 'APP_GET_USER', { chainId: 31337 })).payload
}

/** The sign-in message's fields as the host page sends them in APP_SIGN_IN, for its own origin. */
const signInFields = (accountAddress: Hex, statement: string) => ({
  accountAddress,
  chainId: 'eip155:31337',
  domain: new URL(hostUrl).host,
  uri: hostUrl,
  version: '1',
  nonce: `nonce${randomBytes(6).toString('hex')}`,
  statement,
  issuedAt: new Date(now()).toISOString(),
})

/** Sends an unsafe request straight to the frame and waits until the frame shows its panel. */
async function requestApproval(page: Page, method: string, params: unknown) {
  const id = await start(page, 'APP_RPC_REQUEST', { method, params })
  await expect
    .poll(() =>
      page.evaluate((id) => (window as any).received.some((m: any) => m.id === id && m.type === 'FRAME_RPC_REQUEST_APPROVAL'), id),
    )
    .toBe(true)
  await page.frameLocator('#wallet').getByRole('heading', { name: 'Approve request' }).waitFor()
  return id
}

const approveButton = (page: Page) => page.frameLocator('#wallet').getByRole('button', { name: /approve/i })

/** The middle of the frame's Approve button, in the page's coordinates (where the visitor's click lands). */
async function approveCenter(page: Page) {
  const box = (await approveButton(page).boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box }
}

/** Presses Tab until Approve has the focus (a long summary is a scrollable, focusable region before the buttons). */
async function tabToApprove(page: Page) {
  const frame = page.frames().find((frame) => frame.url().startsWith(`${wallet.url}/frame`))!
  for (let presses = 0; presses < 5; presses += 1) {
    await page.keyboard.press('Tab')
    if (await frame.evaluate(() => document.activeElement?.id === 'approve')) return
  }
  throw new Error('Tab never reached Approve')
}

/** Waits long past any arming delay, as an attacker would before luring the click. */
const pastArming = (page: Page) => page.waitForTimeout(1_500)

/** The frame gave no answer to `id` within a second: nothing was signed. */
async function expectNoAnswer(page: Page, id: string) {
  await page.waitForTimeout(1_000)
  expect((await answerOf(page, id))?.type).toBeUndefined()
}

describe('a hostile host page against the secure frame', () => {
  it('attack: an invisible frame (opacity 0) over a bait button gets the click, and nothing is signed', async () => {
    const page = await openAttackerPage()
    await page.evaluate(() => (document.getElementById('wallet')!.style.opacity = '0'))
    const id = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', address])
    await pastArming(page)
    const { x, y } = await approveCenter(page)
    await page.mouse.click(x, y)
    await expectNoAnswer(page, id)
    await page.close()
  })

  it('attack: opaque panels cover the whole frame but its Approve button, and the click on it signs nothing', async () => {
    const page = await openAttackerPage()
    const id = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', address])
    const { x, y, box } = await approveCenter(page)
    // Four host panels above the frame leave a hole exactly where Approve is.
    await page.evaluate((hole) => {
      const cover = (left: number, top: number, width: number, height: number) => {
        const panel = document.createElement('div')
        Object.assign(panel.style, {
          position: 'absolute',
          left: `${left}px`,
          top: `${top}px`,
          width: `${width}px`,
          height: `${height}px`,
          background: '#fc0',
          zIndex: '2',
        })
        document.body.append(panel)
      }
      const right = hole.x + hole.width
      const bottom = hole.y + hole.height
      cover(0, 0, 1000, hole.y)
      cover(0, bottom, 1000, 700 - bottom)
      cover(0, hole.y, hole.x, hole.height)
      cover(right, hole.y, 1000 - right, hole.height)
    }, box)
    await pastArming(page)
    await page.mouse.click(x, y)
    await expectNoAnswer(page, id)
    await page.close()
  })

  it('attack: a frame the visitor saw is disarmed once the host hides it, before the lured click', async () => {
    const page = await openAttackerPage()
    const id = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', address])
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await page.evaluate(() => (document.getElementById('wallet')!.style.opacity = '0'))
    await page.waitForTimeout(300)
    const { x, y } = await approveCenter(page)
    await page.mouse.click(x, y)
    await expectNoAnswer(page, id)
    await page.close()
  })

  it('attack: a frame scaled down by a transform, or partly out of view, is never armed, and a click on it signs nothing', async () => {
    const page = await openAttackerPage()
    for (const style of [{ transform: 'scale(0.8)' }, { top: '-120px' }]) {
      await page.evaluate((style) => {
        const frame = document.getElementById('wallet')!
        frame.dataset['style'] = frame.style.cssText
        Object.assign(frame.style, style)
      }, style)
      const id = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', address])
      await pastArming(page)
      expect([style, await approveButton(page).isEnabled()]).toEqual([style, false])
      const { x, y } = await approveCenter(page)
      await page.mouse.click(x, y)
      await expectNoAnswer(page, id)
      await start(page, 'APP_RPC_ABORT')
      await page.evaluate(() => {
        const frame = document.getElementById('wallet')!
        frame.style.cssText = frame.dataset['style']!
      })
    }
    await page.close()
  })

  it("attack: the host focuses an invisible frame (contentWindow.focus()) and the visitor's Tab, Tab, Enter sign nothing", async () => {
    const page = await openAttackerPage()
    await page.evaluate(() => (document.getElementById('wallet')!.style.opacity = '0'))
    const id = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', address])
    await pastArming(page)
    await page.evaluate(() => (window as any).frameWindow().focus())
    // The visitor plays the host's "game": the frame's tab order is Reject, Approve.
    for (const key of ['Tab', 'Tab', 'Enter', 'Space']) await page.keyboard.press(key)
    await expectNoAnswer(page, id)
    await page.close()
  })

  it('attack: on a visible, armed frame, the host puts the focus just after it and Shift+Tab, Enter land on Approve: nothing is signed', async () => {
    const page = await openAttackerPage()
    const id = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', address])
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    // The keys go to the host page's field; Shift+Tab moves the focus back into the frame, onto its last button.
    await page.evaluate(() => document.getElementById('after')!.focus())
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await expectNoAnswer(page, id)
    await page.close()
  })

  it('attack: one click on a visible, armed frame does not approve a request that moves value (a permit)', async () => {
    const page = await openAttackerPage()
    const id = await requestApproval(page, 'eth_signTypedData_v4', [address, TYPED_DATA])
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await approveButton(page).click()
    await expectNoAnswer(page, id)
    await page.close()
  })

  it('attack: the modal shows no approval for a request it did not send, and closes the one it sent once the frame settles it', async () => {
    const page = await visitor.newPage()
    await page.goto(`${hostUrl}client`)
    // Ready: the client's own request answers.
    expect(await page.evaluate(() => (window as any).client.request('APP_IS_CONNECTED'))).toEqual({ isConnected: true })
    // The page's script writes to the modal's frame itself; the frame asks for approval of that request.
    await page.evaluate(
      ([method, params]) => {
        const frame = document.querySelector('iframe[title="Foyer secure wallet"]') as HTMLIFrameElement
        frame.contentWindow!.postMessage(
          { id: 'not-the-modals', type: 'APP_RPC_REQUEST', payload: { method, params } },
          (window as any).WALLET,
        )
      },
      ['personal_sign', ['0x48656c6c6f', address]] as const,
    )
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as any).received.some((m: any) => m.id === 'not-the-modals' && m.type === 'FRAME_RPC_REQUEST_APPROVAL'),
        ),
      )
      .toBe(true)
    expect(await page.evaluate(() => (window as any).shown)).toEqual([])

    // A request the modal sent is shown; when the frame settles it (here: aborted by the page), the view closes.
    const signing = page.evaluate(
      (address) =>
        (window as any).client
          .request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x01', address] })
          .catch((error: Error) => error.message),
      address,
    )
    await expect.poll(() => page.evaluate(() => (window as any).shown.length)).toBe(1)
    const { id } = await page.evaluate(() => (window as any).shown[0])
    await page.evaluate(() => {
      const frame = document.querySelector('iframe[title="Foyer secure wallet"]') as HTMLIFrameElement
      frame.contentWindow!.postMessage({ id: 'abort-1', type: 'APP_RPC_ABORT', payload: {} }, (window as any).WALLET)
    })
    expect(await signing).toBe('Request was aborted')
    expect(await page.evaluate(() => (window as any).settled)).toEqual([id])
    await page.close()
  })
})

describe('a browser without IntersectionObserver v2 (Firefox, Safari)', () => {
  const primaryButton = (page: Page) => page.frameLocator('#wallet').locator('.buttons button.primary:visible')

  it('attack: the frame arms nothing in itself; a lured click on the invisible frame at most opens the wallet window, and signs nothing', async () => {
    const page = await openAttackerPage('?without-iov2')
    await page.evaluate(() => (document.getElementById('wallet')!.style.opacity = '0'))
    const id = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', address])
    await pastArming(page)
    const box = (await primaryButton(page).boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expectNoAnswer(page, id)
    expect(await approveButton(page).isVisible()).toBe(false)
    for (const opened of visitor.pages().filter((other) => other.url().endsWith('/approve'))) await opened.close()
    await page.close()
  })

  it("approves in the wallet's own window: a message by a click, a permit by a hold; the window closes", async () => {
    const page = await openAttackerPage('?without-iov2')
    const message = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', address])
    const opening = visitor.waitForEvent('page')
    await page.frameLocator('#wallet').getByRole('button', { name: 'Review in a wallet window' }).click()
    const popup = await opening
    expect(popup.url()).toBe(`${wallet.url}/approve`)
    await popup.getByText('Sign this message:\nHello').waitFor()
    const approve = popup.getByRole('button', { name: /approve/i })
    await expect.poll(() => approve.isEnabled()).toBe(true)
    const closed = popup.waitForEvent('close')
    await approve.click()
    await expect.poll(() => answerOf(page, message)).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(await verifyMessage({ address, message: 'Hello', signature: (await answerOf(page, message)).payload })).toBe(true)
    await closed

    const permit = await requestApproval(page, 'eth_signTypedData_v4', [address, TYPED_DATA])
    const reopening = visitor.waitForEvent('page')
    await page.frameLocator('#wallet').getByRole('button', { name: 'Review in a wallet window' }).click()
    const second = await reopening
    const hold = second.getByRole('button', { name: 'Hold to approve' })
    await expect.poll(() => hold.isEnabled()).toBe(true)
    await hold.click()
    await expectNoAnswer(page, permit)
    // Held until it fills: the frame sends the approval and closes the window under the still-pressed button.
    const box = (await hold.boundingBox())!
    await second.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    const secondClosed = second.waitForEvent('close')
    await second.mouse.down()
    await secondClosed
    await expect.poll(() => answerOf(page, permit)).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(await verifyPermit((await answerOf(page, permit)).payload)).toBe(true)
    await page.close()
  })
})

describe('the honest visitor', () => {
  it('signs with a real click on a visible frame, once its panel has been seen', async () => {
    const page = await openAttackerPage()
    const id = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', address])
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await approveButton(page).click()
    await expect.poll(() => answerOf(page, id)).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(await verifyMessage({ address, message: 'Hello', signature: (await answerOf(page, id)).payload })).toBe(true)
    await page.close()
  })

  it('signs with the keyboard after acting in the frame: a click in the panel, Tab to Approve, Enter', async () => {
    const page = await openAttackerPage()
    const id = await requestApproval(page, 'personal_sign', ['0x4b6579', address])
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await page.frameLocator('#wallet').getByRole('heading').click()
    await tabToApprove(page)
    await page.keyboard.press('Enter')
    await expect.poll(() => answerOf(page, id)).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(await verifyMessage({ address, message: 'Key', signature: (await answerOf(page, id)).payload })).toBe(true)
    await page.close()
  })

  it('approves a request that moves value by holding Approve: with the mouse, and with the keyboard', async () => {
    const page = await openAttackerPage()
    const byMouse = await requestApproval(page, 'eth_signTypedData_v4', [address, TYPED_DATA])
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await approveButton(page).click({ delay: 900 })
    await expect.poll(() => answerOf(page, byMouse)).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(await verifyPermit((await answerOf(page, byMouse)).payload)).toBe(true)

    const byKeyboard = await requestApproval(page, 'eth_signTypedData_v4', [address, TYPED_DATA])
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await page.frameLocator('#wallet').getByRole('heading').click()
    await tabToApprove(page)
    await page.keyboard.down('Space')
    await page.waitForTimeout(900)
    await page.keyboard.up('Space')
    await expect.poll(() => answerOf(page, byKeyboard)).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(await verifyPermit((await answerOf(page, byKeyboard)).payload)).toBe(true)
    await page.close()
  })
})

// Logins through the frame (docs/wallets.md): a sign-in is granted only by a fresh proof, and an address's codes are
// guessed a bounded number of times. Each test has browsers of its own; the wallet's clock only moves forward.
describe('a hostile host page and the logins in the frame', () => {
  it('attack: long after an honest login, the host reads the email, connects it again and asks its own sign-in: no mail, no signature', async () => {
    const context = await newBrowserContext()
    const page = await openAttackerPage('', context)
    const email = uniqueEmail('victim')
    await logInByEmail(page, email)
    // More than 120 s later the session lives on in the frame's cookie; the login's grant does not.
    clockOffset += 121_000
    const user = (await ask(page, 'APP_GET_USER', { chainId: 31337 })).payload
    expect(user.email).toBe(email)
    expect(await ask(page, 'APP_CONNECT_EMAIL', { email })).toMatchObject({
      type: 'FRAME_CONNECT_EMAIL_SUCCESS',
      payload: { action: 'CONNECT' },
    })
    const minted = await ask(page, 'APP_SIGN_IN', {
      siwxMessage: signInFields(user.address, 'I hereby transfer all my assets to the operator'),
    })
    expect(minted).toMatchObject({ type: 'FRAME_SIGN_IN_ERROR', payload: { code: 'SIGN_IN_NOT_GRANTED' } })
    expect(minted.payload.signature).toBeUndefined()
    expect(await inbox(email)).toHaveLength(1)
    await context.close()
  })

  it('right after a fresh code, the sign-in the host asks is signed once; a second is refused, even once the host connects the email again', async () => {
    const context = await newBrowserContext()
    const page = await openAttackerPage('', context)
    const email = uniqueEmail('honest')
    const user = await logInByEmail(page, email)
    const signed = await ask(page, 'APP_SIGN_IN', { siwxMessage: signInFields(user.address, 'Sign in to the demo.') })
    expect(signed.type).toBe('FRAME_SIGN_IN_SUCCESS')
    expect(signed.payload.message).toContain('Sign in to the demo.')
    expect(await verifyMessage({ address: user.address, message: signed.payload.message, signature: signed.payload.signature })).toBe(true)
    const again = await ask(page, 'APP_SIGN_IN', { siwxMessage: signInFields(user.address, 'Sign in to the demo again.') })
    expect(again).toMatchObject({ type: 'FRAME_SIGN_IN_ERROR', payload: { code: 'SIGN_IN_NOT_GRANTED' } })
    expect(again.payload.signature).toBeUndefined()
    // Still within the 120 s: the session's email, sent again by the host, is no new proof.
    expect(await ask(page, 'APP_CONNECT_EMAIL', { email })).toMatchObject({
      type: 'FRAME_CONNECT_EMAIL_SUCCESS',
      payload: { action: 'CONNECT' },
    })
    const minted = await ask(page, 'APP_SIGN_IN', {
      siwxMessage: signInFields(user.address, 'I hereby transfer all my assets to the operator'),
    })
    expect(minted).toMatchObject({ type: 'FRAME_SIGN_IN_ERROR', payload: { code: 'SIGN_IN_NOT_GRANTED' } })
    expect(await inbox(email)).toHaveLength(1)
    await context.close()
  })

  it('attack: ten wrong codes for one address from two browsers refuse even the right code, and the email view says when to try again', async () => {
    const email = uniqueEmail('target')
    // The owner asks for a code on a page with the modal's frame client.
    const owner = await newBrowserContext()
    const ownerPage = await owner.newPage()
    await ownerPage.goto(`${hostUrl}client`)
    const request = (type: string, payload: unknown) =>
      ownerPage.evaluate(
        ([type, payload]) =>
          (window as any).client.request(type, payload).then(
            (answer: unknown) => ({ answer }),
            (error: any) => ({ frameCode: error.frameCode, retryAfter: error.retryAfter, text: (window as any).loginText(error) }),
          ),
        [type, payload] as const,
      )
    expect(await request('APP_CONNECT_EMAIL', { email })).toEqual({ answer: { action: 'VERIFY_OTP' } })
    const code = await lastCode(email)

    // Two attacker browsers each get a code of their own (the wallet mails an address once every 30 s) and try five.
    const attackers = [await newBrowserContext(), await newBrowserContext()]
    for (const attacker of attackers) {
      clockOffset += 31_000
      const page = await openAttackerPage('', attacker)
      expect(await ask(page, 'APP_CONNECT_EMAIL', { email })).toMatchObject({
        type: 'FRAME_CONNECT_EMAIL_SUCCESS',
        payload: { action: 'VERIFY_OTP' },
      })
      const theirs = Number(await lastCode(email))
      for (let guess = 1; guess <= 5; guess += 1) {
        const otp = String((theirs + guess) % 1_000_000).padStart(6, '0')
        expect(await ask(page, 'APP_CONNECT_OTP', { otp })).toMatchObject({
          type: 'FRAME_CONNECT_OTP_ERROR',
          payload: { code: 'INVALID_CODE' },
        })
      }
    }

    // The owner's own code, never tried, is refused: the address's budget is spent for the hour from the first guess.
    const refused = (await request('APP_CONNECT_OTP', { otp: code })) as { frameCode: string; retryAfter: number; text: string }
    expect(refused).toMatchObject({ frameCode: 'TOO_MANY_WRONG_CODES' })
    expect(refused.retryAfter).toBeGreaterThan(3_400)
    expect(refused.retryAfter).toBeLessThanOrEqual(3_600 - 31)
    expect(refused.text).toBe(`Too many wrong codes for this address. Please try again in ${Math.ceil(refused.retryAfter / 60)} min.`)
    expect(await request('APP_IS_CONNECTED', {})).toEqual({ answer: { isConnected: false } })
    // Nor is a new code mailed meanwhile.
    clockOffset += 31_000
    expect(await request('APP_CONNECT_EMAIL', { email })).toMatchObject({
      frameCode: 'TOO_MANY_WRONG_CODES',
      text: expect.stringMatching(/^Too many wrong codes for this address\. Please try again in \d+ min\.$/),
    })
    expect(await inbox(email)).toHaveLength(3)
    await Promise.all([owner, ...attackers].map((context) => context.close()))
  })
})

// The backup (docs/wallets.md#backup): whether a wallet has one decides whether the modal keeps asking for it before
// the wallet holds value, so the host page must not be able to say it has one.
describe('a hostile host page and the backup', () => {
  it('attack: no message, no request of its own and no lured click on the phrase panel marks the wallet backed up; the visitor typing back the words does', async () => {
    const context = await newBrowserContext()
    const page = await openAttackerPage('', context)
    await logInByEmail(page, uniqueEmail('backup'))
    const backedUp = async () => (await ask(page, 'APP_GET_USER', { chainId: 31337 })).payload.backedUp
    expect(await backedUp()).toBe(false)
    for (const type of ['APP_CONFIRM_BACKUP', 'APP_BACKUP_DONE'])
      expect(await ask(page, type, { kind: 'phrase' })).toMatchObject({ payload: { code: 'INVALID_REQUEST' } })
    // The frame's own route, asked by the page with the visitor's cookies: the browser or the wallet refuses it.
    const status = await page.evaluate(
      (url) =>
        fetch(`${url}/v1/frame/keys/backup`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ projectId: 'demo', origin: location.origin, kind: 'phrase' }),
        }).then(
          (response) => response.status,
          () => 'refused',
        ),
      wallet.url,
    )
    expect(status === 'refused' || Number(status) >= 400).toBe(true)
    expect(await backedUp()).toBe(false)

    // The host opens the phrase panel (right after the sign-up: the words show at once) and lures clicks on its buttons.
    const id = await start(page, 'APP_BACKUP_PHRASE')
    const frame = page.frameLocator('#wallet')
    await expect.poll(() => frame.locator('#backup-words li').count()).toBe(12)
    await frame.getByRole('button', { name: 'I saved it' }).click()
    await frame.getByRole('button', { name: 'Confirm' }).click()
    await expect.poll(() => frame.getByRole('alert').textContent()).toMatch(/^These are not words \d+ and \d+ of your recovery phrase/)
    expect(await answerOf(page, id)).toBeUndefined()
    expect(await backedUp()).toBe(false)

    // The visitor, their copy at hand.
    await frame.getByRole('button', { name: 'Show the words' }).click()
    await savePhraseInFrame(frame)
    await page.waitForFunction((id) => (window as any).answers[id], id, { timeout: 20_000 })
    expect(await answerOf(page, id)).toMatchObject({ type: 'FRAME_BACKUP_PHRASE_SUCCESS' })
    expect(await backedUp()).toBe(true)
    await context.close()
  })
})

// Keys born in the frame (services/wallet/KEYS.md), end to end in Chromium: the frame makes the key at sign-up,
// keeps its share in the frame's partitioned IndexedDB, and signs after the visitor approves; another browser
// recovers with the phrase; an exported key signs as the wallet does. (`npm run bench` times approval click → signature.)
describe('keys born in the frame', () => {
  /** Waits for the frame's final answer to `id`. */
  const settledAnswer = async (page: Page, id: string) => {
    await page.waitForFunction((id) => (window as any).answers[id], id, { timeout: 30_000 })
    return answerOf(page, id)
  }

  /** Approves the request shown in the frame with a click (a hold for value), as the visitor would. */
  async function approveShown(page: Page, hold = false) {
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await approveButton(page).click(hold ? { delay: 900 } : {})
  }

  /** The frame's key export: a fresh code typed in the frame, then what it shows. */
  async function exportKeys(page: Page, email: string) {
    const id = await start(page, 'APP_EXPORT_KEYS')
    const frame = page.frameLocator('#wallet')
    await frame.getByRole('heading', { name: 'Export your keys' }).waitFor()
    await expect.poll(async () => (await inbox(email)).at(-1)?.text ?? '').toMatch(/show your wallet's private keys/)
    await frame.getByLabel('Code').fill(await lastCode(email))
    await frame.getByRole('button', { name: 'Show keys' }).click()
    await frame.locator('#export-keys').waitFor()
    const shown = {
      evm: (await frame.locator('#export-evm').textContent()) as Hex,
      solana: (await frame.locator('#export-solana').textContent())!,
      phrase: (await frame.locator('#export-phrase').textContent())!,
    }
    await frame.getByRole('button', { name: 'Hide and close' }).click()
    expect(await settledAnswer(page, id)).toMatchObject({ type: 'FRAME_EXPORT_KEYS_SUCCESS' })
    expect(await frame.locator('#export-evm').textContent()).toBe('')
    return shown
  }

  it('signs up by email, signs and sends on anvil, recovers in another browser with the phrase, and exports a key that signs the same', async () => {
    const context = await newBrowserContext()
    const page = await openAttackerPage('', context)
    const email = uniqueEmail('keys')
    const user = await logInByEmail(page, email)
    const owner = user.address as Hex

    const signed = await requestApproval(page, 'personal_sign', ['0x48656c6c6f', owner])
    await approveShown(page)
    const signature = (await settledAnswer(page, signed)).payload
    expect(await verifyMessage({ address: owner, message: 'Hello', signature })).toBe(true)

    // A reload keeps the device share (IndexedDB), so the frame still signs without the phrase.
    await page.reload()
    await page.waitForFunction(() => (window as any).received.some((m: any) => m.type === 'FRAME_READY'))
    const chain = createPublicClient({ transport: viemHttp(anvil.url) })
    await chain.request({ method: 'anvil_setBalance' as any, params: [owner, '0x56BC75E2D63100000'] as any })
    const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address
    const sent = await requestApproval(page, 'eth_sendTransaction', [{ from: owner, to, value: `0x${parseEther('1.25').toString(16)}` }])
    await approveShown(page, true)
    const hash = (await settledAnswer(page, sent)).payload as Hex
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: owner.toLowerCase() })
    expect(await chain.getBalance({ address: to })).toBe(parseEther('1.25'))

    const exported = await exportKeys(page, email)
    const account = privateKeyToAccount(exported.evm)
    expect(account.address).toBe(owner)
    // RFC 6979 signatures are deterministic: the exported key signs exactly as the wallet did.
    expect(await account.signMessage({ message: 'Hello' })).toBe(signature)
    const solanaSecret = base58.decode(exported.solana)
    expect(base58.encode(ed25519.getPublicKey(solanaSecret.subarray(0, 32)))).toBe(user.accounts.at(-1).address)
    expect(exported.phrase.split(' ')).toHaveLength(12)
    await page.close()

    // Another browser: no share in its storage. It signs in (device link, then a code) and recovers with the phrase.
    const laptop = await newBrowserContext()
    const second = await openAttackerPage('', laptop)
    clockOffset += 31_000
    expect((await ask(second, 'APP_CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_DEVICE' })
    const link = /\/device\/confirm\?token=(\S+)/.exec((await inbox(email)).at(-1)!.text)!
    const waiting = start(second, 'APP_CONNECT_DEVICE')
    await fetch(`${wallet.url}/device/confirm`, {
      method: 'POST',
      headers: { origin: wallet.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${link[1]}`,
    })
    expect(await settledAnswer(second, await waiting)).toMatchObject({ payload: { action: 'VERIFY_OTP' } })
    expect((await ask(second, 'APP_CONNECT_OTP', { otp: await lastCode(email) })).type).toBe('FRAME_CONNECT_OTP_SUCCESS')
    expect((await ask(second, 'APP_GET_USER', { chainId: 31337 })).payload.address).toBe(owner)

    const recovered = await requestApproval(second, 'personal_sign', ['0x48656c6c6f', owner])
    // Its phrase was seen in key export but never typed back as a backup: the frame first says the wallet was never
    // backed up (docs/wallets.md#backup); the visitor, who has the words, says so and types them.
    await second.frameLocator('#wallet').getByText('This browser cannot open this wallet.').waitFor()
    await second.frameLocator('#wallet').getByRole('button', { name: 'I wrote down its recovery phrase' }).click()
    const phraseField = second.frameLocator('#wallet').getByLabel(/recovery phrase/)
    await phraseField.waitFor()
    await phraseField.fill(exported.phrase)
    await approveShown(second)
    expect((await settledAnswer(second, recovered)).payload).toBe(signature)
    // Kept as this browser's share: the next request asks for no phrase.
    const again = await requestApproval(second, 'personal_sign', ['0x4b6579', owner])
    expect(await phraseField.isHidden()).toBe(true)
    await approveShown(second)
    expect(await verifyMessage({ address: owner, message: 'Key', signature: (await settledAnswer(second, again)).payload })).toBe(true)
    await laptop.close()
    await context.close()
  })
})
