// The secure frame in Chromium, cross-site as in production: a tiny host page on http://localhost:<port> embeds
// the wallet's frame from http://127.0.0.1:<port> (localhost and 127.0.0.1 are different sites), and talks to it
// only by postMessage. The wallet service runs for real: PGlite, the SMTP catcher, the directory's allowed origins.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'

import type { Browser, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startDirectory, type WalletDirectory } from '../../services/directory/index.mjs'
import { startMailCatcher, type MailCatcher } from '../../services/dev/mail/index.mjs'
import { openDatabase, type Database } from '../../services/storage/index.mjs'
import { startWallet, type WalletService } from '../../services/wallet/index.mjs'
import { copyDatabaseTemplate } from '../databaseTemplate.js'
import { launchChromium } from './harness'
import { newestCode } from '../mailbox.js'

let scratch: string
let database: Database
let mail: MailCatcher
let directory: WalletDirectory
let wallet: WalletService
let host: http.Server
let hostUrl: string
let walletOrigin: string
let browser: Browser

/**
 * The host page: an iframe of the wallet frame, a log of what the frame posts, `ask(type, payload)`, and two
 * sibling frames that write to the wallet frame: one of another origin, one of the host's own origin (allowed,
 * but not the window that embeds the frame).
 */
function hostPage(port: number) {
  return `<!doctype html><html><body>
<script>
  const WALLET = ${JSON.stringify(walletOrigin)};
  window.received = [];
  addEventListener('message', (event) => { if (event.origin === WALLET) window.received.push(event.data) });
  window.post = (message) => document.getElementById('wallet').contentWindow.postMessage(message, WALLET);
  window.ask = (type, payload) => new Promise((resolve) => {
    const id = crypto.randomUUID();
    addEventListener('message', function answer(event) {
      if (event.origin !== WALLET || event.data?.id !== id || event.data.type.endsWith('_APPROVAL')) return;
      removeEventListener('message', answer);
      resolve(event.data);
    });
    window.post({ id, type, payload });
  });
</script>
<iframe id="wallet" style="width:400px;height:320px" src="${walletOrigin}/frame?projectId=demo&chainId=31337&version=4&enableLogger=false"></iframe>
<iframe name="other-origin" src="http://127.0.0.1:${port}/other"></iframe>
<iframe name="same-origin" src="http://localhost:${port}/other"></iframe>
</body></html>`
}

/** A frame of another origin on the host page, which writes to the wallet frame as its sibling. */
const OTHER_FRAME = `<!doctype html><script>
  window.answers = [];
  addEventListener('message', (event) => window.answers.push(event.data));
  window.poke = () => parent.frames[0].postMessage({ id: 'sibling-1', type: 'APP_IS_CONNECTED', payload: {} }, '*');
</script>`

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'foyer-wallet-e2e-'))
  copyDatabaseTemplate(path.join(scratch, 'data'))
  ;[database, mail, directory, browser] = await Promise.all([
    openDatabase({ dataDir: path.join(scratch, 'data') }),
    startMailCatcher(),
    // The host page's site only: the sibling frame on 127.0.0.1 is not an allowed embedder.
    startDirectory({ allowedOrigins: ['http://localhost:*'] }),
    launchChromium(),
  ])
  wallet = await startWallet({
    database,
    smtpUrl: mail.smtpUrl,
    directoryUrl: directory.url,
    masterKey: randomBytes(32),
    evm: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    log: () => {},
  })
  walletOrigin = wallet.url
  host = http.createServer((request, response) => {
    const port = (host.address() as AddressInfo).port
    const other = request.url === '/other'
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(other ? OTHER_FRAME : hostPage(port))
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined)))
  await wallet?.stop()
  await Promise.allSettled([database?.close(), mail?.stop(), directory?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

async function openHost(page: Page) {
  await page.goto(hostUrl)
  await expect.poll(() => page.evaluate(() => (window as any).received.some((m: any) => m.type === 'FRAME_READY'))).toBe(true)
}

const ask = (page: Page, type: string, payload: unknown = {}) =>
  page.evaluate(([type, payload]) => (window as any).ask(type, payload), [type, payload] as const) as Promise<any>

const lastCode = (email: string) => newestCode(mail.url, email)

describe('the secure frame in Chromium', () => {
  it('cross-site, the frame signs in by email, keeps the session across a reload, approves only by its own button, and signs out', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openHost(page)

    // Malformed messages get a clear error; one without an id, a general one.
    expect(
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            addEventListener('message', (event) => event.data?.id === 'bad-1' && resolve(event.data))
            ;(window as any).post({ id: 'bad-1', type: 'APP_GET_USER', payload: 'not an object' })
          }),
      ),
    ).toMatchObject({
      type: 'FRAME_GET_USER_ERROR',
      payload: { message: expect.stringContaining('Malformed message'), code: 'INVALID_REQUEST' },
    })
    expect(
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            addEventListener('message', (event) => event.data?.type === 'FRAME_MESSAGE_ERROR' && resolve(event.data))
            ;(window as any).post('hello')
          }),
      ),
    ).toMatchObject({ payload: { message: expect.stringContaining('Malformed message') } })

    // Sibling frames write to the wallet frame: one of another origin, one of the host's origin that is not its
    // parent. No answer, to them or to the host.
    const siblings = [page.frame({ name: 'other-origin' })!, page.frame({ name: 'same-origin' })!]
    for (const sibling of siblings) await sibling.evaluate(() => (window as any).poke())
    await page.waitForTimeout(500)
    for (const sibling of siblings) expect(await sibling.evaluate(() => (window as any).answers)).toEqual([])
    expect(await page.evaluate(() => (window as any).received.filter((m: any) => m.id === 'sibling-1'))).toEqual([])

    const email = `frame-${randomBytes(4).toString('hex')}@example.com`
    expect(await ask(page, 'APP_CONNECT_EMAIL', { email })).toMatchObject({
      type: 'FRAME_CONNECT_EMAIL_SUCCESS',
      payload: { action: 'VERIFY_OTP' },
    })
    expect(await ask(page, 'APP_CONNECT_OTP', { otp: await lastCode(email) })).toMatchObject({ type: 'FRAME_CONNECT_OTP_SUCCESS' })
    const user = (await ask(page, 'APP_GET_USER', { chainId: 31337 })).payload
    expect(user).toMatchObject({ email, chainId: 31337, address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
    expect(user.accounts[1]).toMatchObject({ namespace: 'solana', address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/) })

    // The session is a Partitioned cookie on the wallet's origin, keyed to the host's site.
    const session = (await context.cookies(walletOrigin)).find((cookie) => cookie.name === 'foyer_session')
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None' })
    expect((session as any).partitionKey).toBe('http://localhost')

    await page.reload()
    await openHost(page)
    expect((await ask(page, 'APP_GET_USER')).payload.address).toBe(user.address)

    // An unsafe request waits for the frame's own Approve button; the host can neither reach it nor fake it.
    const signing = ask(page, 'APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x48656c6c6f', user.address] })
    await expect
      .poll(() => page.evaluate(() => (window as any).received.some((m: any) => m.type === 'FRAME_RPC_REQUEST_APPROVAL')))
      .toBe(true)
    expect(
      await page.evaluate(() => {
        try {
          return (document.getElementById('wallet') as HTMLIFrameElement).contentWindow!.document.getElementById('approve')
            ? 'reached'
            : 'none'
        } catch (error) {
          return (error as Error).name
        }
      }),
    ).toBe('SecurityError')
    const frame = page.frameLocator('#wallet')
    await expect.poll(() => frame.getByText('Sign this message:\nHello').isVisible()).toBe(true)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    expect(signed.type).toBe('FRAME_RPC_REQUEST_SUCCESS')
    expect(await verifyMessage({ address: user.address, message: 'Hello', signature: signed.payload })).toBe(true)
    await expect.poll(() => frame.getByRole('button', { name: 'Approve' }).isVisible()).toBe(false)

    // Reject in the frame is a user rejection; APP_RPC_ABORT answers a waiting request 'Request was aborted'.
    const rejecting = ask(page, 'APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x01', user.address] })
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await rejecting).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { code: 'USER_REJECTED', rpcCode: 4001 } })
    const aborted = ask(page, 'APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x02', user.address] })
    await frame.getByRole('button', { name: 'Approve' }).waitFor()
    expect(await ask(page, 'APP_RPC_ABORT')).toMatchObject({ type: 'FRAME_RPC_ABORT_SUCCESS' })
    expect(await aborted).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: 'Request was aborted' } })
    await expect.poll(() => frame.getByRole('button', { name: 'Approve' }).isVisible()).toBe(false)

    expect(await ask(page, 'APP_RPC_REQUEST', { method: 'eth_sign', params: [] })).toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { message: 'Requested RPC call is not allowed', code: 'NOT_ALLOWED' },
    })

    expect((await ask(page, 'APP_SIGN_OUT')).type).toBe('FRAME_SIGN_OUT_SUCCESS')
    await page.reload()
    await openHost(page)
    expect(await ask(page, 'APP_IS_CONNECTED')).toMatchObject({ payload: { isConnected: false } })
    expect(await ask(page, 'APP_GET_USER')).toMatchObject({ type: 'FRAME_GET_USER_ERROR', payload: { code: 'NOT_CONNECTED' } })
    await context.close()
  })

  it("the approval panel follows the host's theme and names the site beside its verified origin; hostile sync messages are refused; reload aborts and restarts (rules §7)", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openHost(page)
    const hostOrigin = new URL(hostUrl).origin
    const refused = async (type: string, payload: unknown) =>
      expect(await ask(page, type, payload)).toMatchObject({ type: `FRAME_${type.slice(4)}_ERROR`, payload: { code: 'INVALID_REQUEST' } })
    // Hostile or malformed: CSS smuggled in a colour, unknown fields, a name with a bidirectional override or too long,
    // a script URL, an SVG icon, a missing name, reload with a payload.
    await refused('APP_SYNC_THEME', { themeMode: 'dark', themeVariables: { accent: 'red;background:url(https://evil.example)' } })
    await refused('APP_SYNC_THEME', { themeMode: 'sepia' })
    await refused('APP_SYNC_THEME', { themeMode: 'dark', style: 'body{display:none}' })
    await refused('APP_SYNC_DAPP_DATA', { metadata: { name: 'Shop\u202egnp.exe' } })
    await refused('APP_SYNC_DAPP_DATA', { metadata: { name: 'x'.repeat(61) } })
    await refused('APP_SYNC_DAPP_DATA', { metadata: { name: 'Shop', url: 'javascript:alert(1)' } })
    await refused('APP_SYNC_DAPP_DATA', { metadata: { name: 'Shop', icons: ['data:image/svg+xml;base64,PHN2Zz4='] } })
    await refused('APP_SYNC_DAPP_DATA', { metadata: { url: hostUrl } })
    await refused('APP_SYNC_DAPP_DATA', { metadata: { name: 'Shop' }, html: '<b>' })
    await refused('APP_RELOAD', { now: true })

    const email = `theme-${randomBytes(4).toString('hex')}@example.com`
    await ask(page, 'APP_CONNECT_EMAIL', { email })
    await ask(page, 'APP_CONNECT_OTP', { otp: await lastCode(email) })
    const { address } = (await ask(page, 'APP_GET_USER', { chainId: 31337 })).payload
    expect(await ask(page, 'APP_SYNC_THEME', { themeMode: 'dark', themeVariables: { accent: '#ff5500' } })).toMatchObject({
      type: 'FRAME_SYNC_THEME_SUCCESS',
    })
    // A host that claims to be another site: its name shows in quotes beside the origin the frame verified, flagged,
    // and the icon it sent is not shown.
    const icon = 'data:image/png;base64,iVBORw0KGgo='
    expect(
      await ask(page, 'APP_SYNC_DAPP_DATA', { metadata: { name: 'Big Bank', url: 'https://bank.example', icons: [icon] } }),
    ).toMatchObject({ type: 'FRAME_SYNC_DAPP_DATA_SUCCESS' })
    const frame = page.frameLocator('#wallet')
    const signing = ask(page, 'APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x01', address] })
    await frame.getByRole('button', { name: 'Approve' }).waitFor()
    expect(await frame.locator('#approval-origin').textContent()).toBe(hostOrigin)
    expect(await frame.locator('#approval-claim').textContent()).toBe(
      ' calls itself “Big Bank” and claims to be https://bank.example, which it is not',
    )
    expect(await frame.locator('#approval-icon').isVisible()).toBe(false)
    const wallet = page.frames().find((candidate) => candidate.url().startsWith(`${walletOrigin}/frame`))!
    expect(await wallet.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark')
    expect(await wallet.evaluate(() => getComputedStyle(document.getElementById('approve')!).backgroundColor)).toBe('rgb(255, 85, 0)')

    // The site's own claim: its name and its icon, still after the verified origin.
    await ask(page, 'APP_SYNC_DAPP_DATA', { metadata: { name: 'Corner Shop', url: hostUrl, icons: [icon] } })
    await frame.getByRole('button', { name: 'Reject' }).click()
    await signing
    const again = ask(page, 'APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x02', address] })
    await frame.getByRole('button', { name: 'Approve' }).waitFor()
    expect(await frame.locator('#approval-site').textContent()).toBe(`${hostOrigin} calls itself “Corner Shop”`)
    expect(await frame.locator('#approval-icon').getAttribute('src')).toBe(icon)

    // Reload: the waiting request is aborted, the frame comes back (FRAME_READY again) with the session and no theme.
    const readyBefore = await page.evaluate(() => (window as any).received.filter((m: any) => m.type === 'FRAME_READY').length)
    expect(await ask(page, 'APP_RELOAD')).toMatchObject({ type: 'FRAME_RELOAD_SUCCESS' })
    expect(await again).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: 'Request was aborted' } })
    await expect
      .poll(() => page.evaluate(() => (window as any).received.filter((m: any) => m.type === 'FRAME_READY').length))
      .toBe(readyBefore + 1)
    expect(await ask(page, 'APP_IS_CONNECTED')).toMatchObject({ payload: { isConnected: true } })
    await context.close()
  })

  it('the approval panel puts what the visitor decides on first, folds the raw call into Details and keeps Approve in view at a short height', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openHost(page)
    await page.evaluate(() => {
      document.getElementById('wallet')!.style.height = '420px'
    })
    const email = `panel-${randomBytes(4).toString('hex')}@example.com`
    await ask(page, 'APP_CONNECT_EMAIL', { email })
    await ask(page, 'APP_CONNECT_OTP', { otp: await lastCode(email) })
    const { address } = (await ask(page, 'APP_GET_USER', { chainId: 31337 })).payload
    const frame = page.frameLocator('#wallet')
    const wallet = page.frames().find((candidate) => candidate.url().startsWith(`${walletOrigin}/frame`))!
    /** The panel's layout as the visitor sees it: its first shown part, and whether Approve lies inside the frame. */
    const layout = () =>
      wallet.evaluate(() => {
        const parts = document.querySelectorAll('#approval-preview, #approval-site, #approval-method, #approval-summary, #approval-fee')
        const first = [...parts].find((part) => part.checkVisibility())
        const approve = document.getElementById('approve')!.getBoundingClientRect()
        return {
          first: first?.id,
          firstInView: (first?.getBoundingClientRect().top ?? Number.NaN) < innerHeight,
          approveInView: approve.height > 0 && approve.top >= 0 && approve.bottom <= innerHeight,
        }
      })

    // A transaction with a long call: its preview first, then who asks; the raw call only once Details is opened.
    const sending = ask(page, 'APP_RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', value: '0x0', data: `0xa9059cbb${'00'.repeat(1_500)}` }],
    })
    await frame.getByRole('button', { name: 'Hold to approve' }).waitFor()
    await expect.poll(() => frame.locator('#approval-preview').textContent()).not.toBe('Checking what this will do…')
    expect(await layout()).toEqual({ first: 'approval-preview', firstInView: true, approveInView: true })
    expect(await frame.locator('#approval-origin').isVisible()).toBe(true)
    expect(await frame.locator('#approval-summary').isVisible()).toBe(false)
    await frame.getByText('Details', { exact: true }).click()
    expect(await frame.locator('#approval-summary').isVisible()).toBe(true)
    expect(await frame.locator('#approval-method').textContent()).toBe('eth_sendTransaction on chain 31337')
    // Opened, the long call scrolls inside the panel: Approve stays where the visitor can press it.
    expect((await layout()).approveInView).toBe(true)
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await sending).toMatchObject({ payload: { code: 'USER_REJECTED' } })

    // A message has nothing to preview: the message itself comes first, shown, and Details folds only the method.
    const signing = ask(page, 'APP_RPC_REQUEST', { method: 'personal_sign', params: [`0x${'41'.repeat(3_000)}`, address] })
    await frame.getByRole('button', { name: 'Approve' }).waitFor()
    expect(await layout()).toEqual({ first: 'approval-summary', firstInView: true, approveInView: true })
    expect(await frame.locator('#approval-method').isVisible()).toBe(false)
    await frame.getByRole('button', { name: 'Reject' }).click()
    await signing
    await context.close()
  })

  it('the backup and export panels keep their title and their action in view at a short height, with the keyboard order of the approval panel', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openHost(page)
    // As wide as the modal gives the frame on a 360 px phone (its body's padding on either side), and short.
    await page.evaluate(() => {
      Object.assign(document.getElementById('wallet')!.style, { width: '328px', height: '420px' })
    })
    const email = `panels-${randomBytes(4).toString('hex')}@example.com`
    await ask(page, 'APP_CONNECT_EMAIL', { email })
    const loginCode = await lastCode(email)
    await ask(page, 'APP_CONNECT_OTP', { otp: loginCode })
    const frame = page.frameLocator('#wallet')
    const wallet = page.frames().find((candidate) => candidate.url().startsWith(`${walletOrigin}/frame`))!
    /**
     * The panel as the visitor sees it: whether its title and the action are whole inside the frame, whether the page
     * is longer than the frame (what does not fit must scroll inside the panel), and the controls in keyboard order.
     */
    const layout = (panel: string, action: string) =>
      wallet.evaluate(
        ([panel, action]) => {
          const section = document.getElementById(panel!)!
          const inView = (element: Element) => {
            const box = element.getBoundingClientRect()
            return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight
          }
          const target = [...section.querySelectorAll('button')].find((button) => button.textContent === action && button.checkVisibility())
          return {
            titleInView: inView(section.querySelector('h1')!),
            actionInView: target !== undefined && inView(target),
            pageLongerThanFrame: document.documentElement.scrollHeight > innerHeight,
            keyboardOrder: [...section.querySelectorAll('input, button')]
              .filter((control) => control.checkVisibility())
              .map((control) => (control instanceof HTMLInputElement ? 'field' : control.textContent)),
          }
        },
        [panel, action],
      )

    // Key export: the code, then the keys (three long lines) with the button that hides them.
    const exporting = ask(page, 'APP_EXPORT_KEYS')
    await frame.locator('#export-code').waitFor()
    expect(await layout('export', 'Show keys')).toEqual({
      titleInView: true,
      actionInView: true,
      pageLongerThanFrame: false,
      keyboardOrder: ['field', 'Cancel', 'Show keys'],
    })
    await expect.poll(() => lastCode(email)).not.toBe(loginCode)
    await frame.locator('#export-code').fill((await lastCode(email))!)
    await frame.getByRole('button', { name: 'Show keys' }).click()
    await frame.locator('#export-keys').waitFor()
    expect(await layout('export', 'Hide and close')).toEqual({
      titleInView: true,
      actionInView: true,
      pageLongerThanFrame: false,
      keyboardOrder: ['Hide and close'],
    })
    await frame.getByRole('button', { name: 'Hide and close' }).click()
    expect(await exporting).toMatchObject({ type: 'FRAME_EXPORT_KEYS_SUCCESS' })

    // The backup right after sign-up: the twelve words, then two of them typed back.
    const backingUp = ask(page, 'APP_BACKUP_PHRASE')
    await expect.poll(() => frame.locator('#backup-words li').count()).toBe(12)
    const words = await frame.locator('#backup-words li').allTextContents()
    expect(await layout('backup', 'I saved it')).toEqual({
      titleInView: true,
      actionInView: true,
      pageLongerThanFrame: false,
      keyboardOrder: ['Cancel', 'I saved it'],
    })
    await frame.getByRole('button', { name: 'I saved it' }).click()
    expect(await layout('backup', 'Confirm')).toEqual({
      titleInView: true,
      actionInView: true,
      pageLongerThanFrame: false,
      keyboardOrder: ['field', 'field', 'Cancel', 'Show the words', 'Confirm'],
    })
    for (const [index, field] of ['#backup-w1', '#backup-w2'].entries()) {
      const place = Number(await frame.locator(`#backup-n${index + 1}`).textContent())
      await frame.locator(field).fill(words[place - 1]!)
    }
    // Enter in the last field confirms, as the button does.
    await frame.locator('#backup-w2').press('Enter')
    expect(await backingUp).toMatchObject({ type: 'FRAME_BACKUP_PHRASE_SUCCESS' })
    await context.close()
  })

  it('a page of an origin the project does not allow cannot embed the frame (CSP frame-ancestors)', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const host = new URL(hostUrl.replace('localhost', '127.0.0.1'))
    // The frame's page was served, and it names the origins that may embed it: not this one. Silence alone could
    // also mean a frame slow to start.
    const served = page.waitForResponse((response) => new URL(response.url()).pathname === '/frame')
    await page.goto(host.href)
    const policy = (await served).headers()['content-security-policy'] ?? ''
    const ancestors = /frame-ancestors ([^;]*)/.exec(policy)?.[1]
    expect(ancestors).toBeDefined()
    expect(ancestors!.split(/\s+/)).not.toContain(host.origin)
    await page.waitForTimeout(1_000)
    expect(await page.evaluate(() => (window as any).received)).toEqual([])
    await context.close()
  })
})
