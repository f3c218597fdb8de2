// The secure frame's script, bundled by the wallet service when it starts and served at /frame.js. It is the only
// code that talks to the host page, and only through postMessage (channel.js): it forwards each request to the wallet
// backend on its own origin and answers with the same id, to the host's pinned origin. Unsafe requests wait here for
// the visitor's own approval, given only while the panel can be seen (approvals.js, arming.js): the approval's secret
// never leaves this document. The same script runs the approval window (/approve) that browsers without
// IntersectionObserver v2 approve in. PROTOCOL.md describes every message. Keys are born, kept (one share, in
// IndexedDB) and used here only (KEYS.md; keyring.js). This file wires the concerns together and holds the one table
// from message type to handler.
import { createApprovals } from './approvals.js'
import { backend } from './backend.js'
import { createBackup } from './backup.js'
import { answered, createHost, createReceiver, done } from './channel.js'
import { deviceShare, keepDeviceShare } from './deviceShares.js'
import { createKeyExport } from './keyExport.js'
import { createKeyring } from './keyring.js'
import { createPasskeys } from './passkeys.js'
import { runJob } from './signing.js'
import { claimRefusal, createSite, refusalOf, themeRefusal } from './siteClaims.js'
import { createStorageCheck } from './storageCheck.js'

const query = new URLSearchParams(location.search)
const projectId = query.get('projectId') || ''
const logging = query.get('enableLogger') === 'true'
/** @param {unknown[]} args */
const log = (...args) => logging && console.debug('[foyer frame]', ...args)
const inPopup = location.pathname === '/approve'

const host = createHost(window.parent)
/** @type {import('./backend.js').Backend} the backend call that names the project and the pinned host */
const forHost = (path, body) => backend(path, { projectId, origin: host.origin(), ...body })
/** The user's keys, with this frame's backend and this browser's storage; every call names the pinned host. */
const keyring = createKeyring({ backend: forHost, store: { deviceShare, keepDeviceShare } })
const site = createSite(host.origin)
const approvals = createApprovals({ host, backend, forHost, keyring, site, inPopup })
const passkeys = createPasskeys({ host, forHost, keyring, log })
const keyExport = createKeyExport({ host, forHost, keyring })
const backup = createBackup({ host, forHost, keyring })
/** Where a login starts: first, whether this browser lets the frame keep a wallet at all (storageCheck.js). */
const storageRefusal = createStorageCheck(backend)

/** @param {import('./channel.js').Request} request */
const ask = (request) => forHost('/v1/frame/request', { type: request.type, payload: request.payload })

/** The backend's answer to the host, but a signing job and its share: those are this frame's alone, never forwarded. @param {import('./channel.js').Request} request @param {any} answer */
function reply(request, answer) {
  const { sign: _sign, ...forwarded } = answer
  host.post(`FRAME_${request.name}_SUCCESS`, request.id, forwarded)
}

/**
 * After a login, the frame makes a new user's keys (or migrates old ones) before it tells the host. A new wallet: the
 * host may offer the backup prompt (APP_BACKUP_PHRASE), which only this document can answer. Any other login forgets
 * a phrase kept from before: it was another session's.
 *
 * @param {{ walletCreated?: boolean }} answer
 */
async function seeToKeys(answer) {
  backup.forget()
  const created = await keyring.afterLogin()
  if (created !== undefined) {
    backup.keep(created)
    answer.walletCreated = true
  }
}

/** The message's handler, once this browser lets the frame keep a wallet at all. @param {import('./channel.js').Handler['run']} run */
const loginStart =
  (run) =>
  /** @param {import('./channel.js').Request} request */
  async (request) => {
    const refusal = await storageRefusal()
    if (refusal) return host.post(`FRAME_${request.name}_ERROR`, request.id, refusal)
    return run(request)
  }

const forward = answered(host, log, async (request) => reply(request, await ask(request)))
const login = answered(host, log, async (request) => {
  const answer = await ask(request)
  await seeToKeys(answer)
  reply(request, answer)
})
const ABORTED = { error: 'Request was aborted', code: 'ABORTED' }

/** @type {Record<string, import('./channel.js').Handler>} every APP_ message the frame does more with than forward it */
const handlers = {
  APP_CONNECT_EMAIL: {
    run: loginStart(
      answered(host, log, async (request) => {
        const answer = await ask(request)
        // CONNECT: the session is already signed in, so this is a login too.
        if (answer.action === 'CONNECT') await seeToKeys(answer)
        reply(request, answer)
      }),
    ),
  },
  APP_CONNECT_OTP: { run: login },
  APP_CONNECT_SOCIAL: { run: login },
  APP_CONNECT_FARCASTER: { run: login },
  APP_GET_SOCIAL_REDIRECT_URI: { run: loginStart(forward) },
  APP_GET_FARCASTER_URI: { run: loginStart(forward) },
  APP_PASSKEY_LOGIN: { run: loginStart(passkeys.login) },
  APP_PASSKEY_ADD: { run: passkeys.add },
  APP_PASSKEY_ABORT: { run: done(host, passkeys.abort) },
  APP_SIGN_IN: {
    run: answered(host, log, async (request) => {
      // The login just now is the approval (signIn.mjs): the key is rebuilt for this one message.
      const { sign, message, siwxMessage } = await ask(request)
      const { signature } = await keyring.withSecret(sign.keys, undefined, (secret) => runJob(secret, sign.job))
      host.post('FRAME_SIGN_IN_SUCCESS', request.id, { message, signature, siwxMessage })
    }),
  },
  APP_SIGN_OUT: {
    run: (request) => {
      backup.forget()
      return forward(request)
    },
  },
  APP_RPC_REQUEST: {
    run: answered(host, log, async (request) => {
      const answer = await ask(request)
      if (answer.approval) return approvals.waitFor(request.id, answer.approval)
      host.post('FRAME_RPC_REQUEST_SUCCESS', request.id, answer.result)
    }),
  },
  APP_RPC_ABORT: { run: done(host, approvals.abortAll) },
  APP_EXPORT_KEYS: { run: keyExport.open },
  APP_BACKUP_PHRASE: { run: backup.open },
  APP_KEYS_ABORT: {
    run: done(host, () => {
      keyExport.close(ABORTED)
      backup.close(ABORTED)
    }),
  },
  // What the frame answers itself, from the page's word: how its panel looks and what the site says about itself.
  APP_SYNC_THEME: { check: themeRefusal, run: done(host, ({ payload }) => site.applyTheme(payload)) },
  APP_SYNC_DAPP_DATA: { check: claimRefusal, run: done(host, ({ payload }) => site.claim(payload)) },
  /** A fresh frame (rules §7 reload): the requests waiting for approval are aborted first, and it says FRAME_READY again. */
  APP_RELOAD: {
    check: (payload) => refusalOf(payload, {}),
    run: (request) => {
      done(host, approvals.abortAll)(request)
      location.reload()
    },
  },
}

const receive = createReceiver({
  host,
  framed: window.parent !== window,
  verify: (origin) => backend('/v1/frame/origin', { projectId, origin }),
  handlers,
  fallback: { run: forward },
  log,
})
addEventListener('message', (event) => {
  if (inPopup) return approvals.fromOpener(event)
  if (!approvals.fromWindow(event)) void receive(event)
})

// The one message sent to any origin: it carries no data, and the host's origin is not known until it writes.
if (window.parent !== window) window.parent.postMessage({ type: 'FRAME_READY' }, '*')
// The approval window asks the frame that opened it, on this same origin, for the request to show.
if (inPopup) window.opener?.postMessage({ type: 'POPUP_READY' }, location.origin)
