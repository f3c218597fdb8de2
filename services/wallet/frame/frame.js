// The secure frame's script (plain JavaScript, served as it is by the wallet service at /frame.js). It is the only
// code that talks to the host page, and only through postMessage: it takes `{ id, type: 'APP_<NAME>', payload }`
// from the embedding window alone, once that window's origin is one the project allows (then pinned), forwards
// each request to the wallet backend on its own origin, and answers `FRAME_<NAME>_SUCCESS` or `FRAME_<NAME>_ERROR`
// with the same id, to that exact origin. Unsafe requests wait here for the visitor's own approval, given only while
// the panel can be seen (docs/services/wallet.md#approvals): the approval's secret never leaves this document.
// The same script runs the approval window (/approve) that browsers without IntersectionObserver v2 approve in.
// PROTOCOL.md describes every message. Keys are born, kept (one share, in IndexedDB) and used here only
// (KEYS.md); the service bundles this file with keyring.js, signing.js and deviceShares.js when it starts.
import { deviceShare, keepDeviceShare } from './deviceShares.js'
import { createKeyring } from './keyring.js'
import { openWithPasskey, wrapForPasskey } from './passkeyShares.js'
import { runJob } from './signing.js'
import { storageProblem } from './storageCheck.js'
;(() => {
  'use strict'

  const query = new URLSearchParams(location.search)
  const projectId = query.get('projectId') || ''
  const logging = query.get('enableLogger') === 'true'
  const TYPE = /^APP_([A-Z][A-Z0-9_]{0,63})$/
  const ID = /^[\w-]{1,100}$/

  /** The embedding page's origin, once it is verified; every answer goes to it, and only its messages count. */
  let hostOrigin
  /** @type {Promise<boolean> | undefined} the one origin check (the parent's origin cannot change while this document lives) */
  let originCheck
  /** Unsafe requests waiting for the user, oldest first: { id, approval: { requestId, secret, method, summary } }. */
  const approvals = []

  const log = (...args) => logging && console.debug('[foyer frame]', ...args)

  /** @param {string} type @param {string | undefined} id @param {unknown} [payload] */
  function post(type, id, payload) {
    const message = id === undefined ? { type, payload } : { id, type, payload }
    window.parent.postMessage(message, hostOrigin)
  }

  /** @param {string} path @param {unknown} body */
  async function backend(path, body) {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const data = await response.json().catch(() => ({ error: 'An error occurred', code: 'SERVER_ERROR' }))
    if (!response.ok) throw data
    return data
  }

  /** The user's keys, with this frame's backend and this browser's storage; every call names the pinned host. */
  const keyring = createKeyring({
    backend: (path, body) => backend(path, { projectId, origin: hostOrigin, ...body }),
    store: { deviceShare, keepDeviceShare },
  })
  /** After these answer, the frame makes a new user's keys (or migrates old ones) before it tells the host. */
  const LOGINS = new Set(['APP_CONNECT_OTP', 'APP_CONNECT_SOCIAL', 'APP_CONNECT_FARCASTER'])
  /** Where a login starts: first, whether this browser lets the frame keep a wallet at all (storageCheck.js). */
  const LOGIN_STARTS = new Set(['APP_CONNECT_EMAIL', 'APP_GET_SOCIAL_REDIRECT_URI', 'APP_GET_FARCASTER_URI', 'APP_PASSKEY_LOGIN'])
  /** @type {Promise<{ message: string, code: string } | undefined> | undefined} once per document: the browser's settings need a reload to change */
  let storageChecked
  const storageRefusal = () =>
    (storageChecked ??= storageProblem(backend).catch(() => {
      // The service did not answer: the login itself will say so; the next one checks again.
      storageChecked = undefined
      return undefined
    }))

  /**
   * Runs the service's signing jobs for one operation with the key rebuilt in memory, then wiped (KEYS.md); each
   * signature goes to `submit`, which answers the result or the next job.
   *
   * @param {{ sign?: { job: any, keys: any }, result?: unknown }} answer @param {string | undefined} phrase
   * @param {(signed: unknown) => Promise<any>} submit
   */
  async function signAll(answer, phrase, submit) {
    let current = answer
    while (current.sign) {
      const { job, keys } = current.sign
      const signed = await keyring.withSecret(keys, phrase, (secret) => runJob(secret, job))
      current = await submit(signed)
    }
    return current
  }

  /** @param {any} error the backend's `{ error, code, rpcCode? }` or a network failure */
  function errorPayload(error) {
    // What the keyring refused (no share on this browser, a wrong phrase): shown to the visitor, code for the host.
    if (error && typeof error.code === 'string' && typeof error.message === 'string' && error.error === undefined) {
      return { message: error.message, code: error.code }
    }
    if (error && typeof error.error === 'string') {
      const payload = { message: error.error, code: error.code }
      if (error.rpcCode !== undefined) payload.rpcCode = error.rpcCode
      if (error.retryAfter !== undefined) payload.retryAfter = error.retryAfter
      return payload
    }
    return { message: 'An error occurred', code: 'SERVER_ERROR' }
  }

  /** What is wrong with a message, or undefined when its shape is right. @param {unknown} message */
  function problemOf(message) {
    if (typeof message !== 'object' || message === null || Array.isArray(message))
      return 'A message must be an object { id, type, payload }'
    const extra = Object.keys(message).find((key) => key !== 'id' && key !== 'type' && key !== 'payload')
    if (extra !== undefined) return `Unexpected field ${JSON.stringify(extra.slice(0, 40))}`
    if (typeof message.id !== 'string' || !ID.test(message.id)) return 'id must be 1 to 100 letters, digits, "-" or "_"'
    if (typeof message.type !== 'string' || !TYPE.test(message.type)) return 'type must be APP_<NAME>'
    const { payload } = message
    if (payload !== undefined && (typeof payload !== 'object' || payload === null || Array.isArray(payload)))
      return 'payload must be an object'
    return undefined
  }

  /** @param {MessageEvent} event */
  async function receive(event) {
    if (inPopup) return void fromOpener(event)
    if (popup && event.source === popup && event.origin === location.origin) return void fromPopup(event.data)
    // Only the window that embeds this frame: not another frame of the page, not a popup, not this window.
    if (window.parent === window || event.source !== window.parent) return
    if (hostOrigin !== undefined && event.origin !== hostOrigin) return
    if (hostOrigin === undefined) {
      const origin = event.origin
      originCheck ??= backend('/v1/frame/origin', { projectId, origin }).then(
        () => true,
        () => {
          // No answer to its requests; one notice without data, so the modal can show 'Invalid App Configuration'
          // at once instead of after its timeout. It goes to the exact origin that asked.
          window.parent.postMessage({ type: 'FRAME_UNVERIFIED_DOMAIN' }, origin)
          return false
        },
      )
      if (!(await originCheck)) return
      hostOrigin = origin
    }
    const message = event.data
    const problem = problemOf(message)
    if (problem !== undefined) {
      log('malformed message', message, problem)
      const correlated =
        typeof message?.id === 'string' && ID.test(message.id) && typeof message?.type === 'string' && TYPE.test(message.type)
      if (correlated)
        post(`FRAME_${TYPE.exec(message.type)[1]}_ERROR`, message.id, { message: `Malformed message: ${problem}`, code: 'INVALID_REQUEST' })
      else post('FRAME_MESSAGE_ERROR', undefined, { message: `Malformed message: ${problem}`, code: 'INVALID_REQUEST' })
      return
    }
    const name = TYPE.exec(message.type)[1]
    if (LOGIN_STARTS.has(message.type)) {
      const refusal = await storageRefusal()
      if (refusal) return post(`FRAME_${name}_ERROR`, message.id, refusal)
    }
    if (message.type === 'APP_RPC_ABORT') {
      abortApprovals()
      post('FRAME_RPC_ABORT_SUCCESS', message.id, {})
      return
    }
    if (PASSKEY_MESSAGES[message.type]) return showPasskey(message.id, name, PASSKEY_MESSAGES[message.type])
    if (message.type === 'APP_PASSKEY_ABORT') {
      endPasskey('ERROR', { message: 'Request was aborted', code: 'ABORTED' })
      post('FRAME_PASSKEY_ABORT_SUCCESS', message.id, {})
      return
    }
    if (message.type === 'APP_EXPORT_KEYS') return void startExport(message.id)
    if (message.type === 'APP_BACKUP_PHRASE') return void showBackup(message.id)
    if (message.type === 'APP_SIGN_OUT') newPhrase = undefined
    if (message.type === 'APP_KEYS_ABORT') {
      closeExport({ error: 'Request was aborted', code: 'ABORTED' })
      closeBackup({ error: 'Request was aborted', code: 'ABORTED' })
      post('FRAME_KEYS_ABORT_SUCCESS', message.id, {})
      return
    }
    // What the frame answers itself, from the page's word: how its panel looks and what the site says about itself.
    if (Object.hasOwn(LOCAL_MESSAGES, message.type)) {
      const refusal = LOCAL_MESSAGES[message.type](message.payload ?? {})
      if (refusal === undefined) post(`FRAME_${name}_SUCCESS`, message.id, {})
      else post(`FRAME_${name}_ERROR`, message.id, { message: refusal, code: 'INVALID_REQUEST' })
      if (refusal === undefined && message.type === 'APP_RELOAD') location.reload()
      return
    }
    try {
      const answer = await backend('/v1/frame/request', {
        projectId,
        origin: hostOrigin,
        type: message.type,
        payload: message.payload ?? {},
      })
      if (LOGINS.has(message.type) || (message.type === 'APP_CONNECT_EMAIL' && answer.action === 'CONNECT')) {
        // A new wallet: the host may offer the backup prompt (APP_BACKUP_PHRASE), which only this document can answer.
        // Any other login forgets a phrase kept from before: it was another session's.
        newPhrase = undefined
        const created = await keyring.afterLogin()
        if (created !== undefined) {
          newPhrase = { ...created, until: Date.now() + BACKUP_MS }
          answer.walletCreated = true
        }
      }
      if (message.type === 'APP_SIGN_IN') {
        // The login just now is the approval (signIn.mjs): the key is rebuilt for this one message.
        const { sign, message: text, siwxMessage } = answer
        const { signature } = await keyring.withSecret(sign.keys, undefined, (secret) => runJob(secret, sign.job))
        return post('FRAME_SIGN_IN_SUCCESS', message.id, { message: text, signature, siwxMessage })
      }
      // A signing job and its share are this frame's alone: never forwarded.
      const { sign: _sign, ...forwarded } = answer
      if (message.type !== 'APP_RPC_REQUEST') return post(`FRAME_${name}_SUCCESS`, message.id, forwarded)
      if (answer.approval) return waitForApproval(message.id, answer.approval)
      post('FRAME_RPC_REQUEST_SUCCESS', message.id, answer.result)
    } catch (error) {
      log(message.type, 'failed', error)
      post(`FRAME_${name}_ERROR`, message.id, errorPayload(error))
    }
  }

  const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
  /** What a site may say about itself, at most: a name to show beside its verified origin, never instead of it. */
  const MAX_NAME = 60
  const MAX_ICON = 100_000

  /** Only these keys, each as `check` allows; a reason for the first that is not. @param {any} payload @param {Record<string, (value: any) => boolean>} fields */
  function refusalOf(payload, fields) {
    const extra = Object.keys(payload).find((key) => !Object.hasOwn(fields, key))
    if (extra !== undefined) return `Unexpected field ${JSON.stringify(extra.slice(0, 40))}`
    const wrong = Object.keys(fields).find((key) => payload[key] !== undefined && !fields[key](payload[key]))
    return wrong === undefined ? undefined : `${wrong} is not valid`
  }

  const isPlainObject = (/** @type {unknown} */ value) => typeof value === 'object' && value !== null && !Array.isArray(value)
  /** @param {unknown} text */
  const isHttpUrl = (text) => {
    if (typeof text !== 'string' || text.length > 300) return false
    try {
      return /^https?:$/.test(new URL(text).protocol)
    } catch {
      return false
    }
  }
  /** An icon the frame may load: https, or an inline raster image (no SVG: it could carry script-like tricks). @param {unknown} text */
  const isIcon = (text) =>
    typeof text === 'string' &&
    text.length <= MAX_ICON &&
    (/^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/.test(text) ||
      (text.length <= 300 && isHttpUrl(text) && text.startsWith('https:')))
  // A name is one line of printable text: no control characters, no bidirectional overrides that could reorder what
  // the visitor reads.
  const isName = (/** @type {unknown} */ text) =>
    typeof text === 'string' &&
    text.trim().length > 0 &&
    text.length <= MAX_NAME &&
    !/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(text)

  /** The site's own account of itself (APP_SYNC_DAPP_DATA), once checked; undefined until it sends one. */
  let siteClaim

  /** APP_ messages the frame answers itself; each returns why it refuses the payload, or undefined once applied. */
  const LOCAL_MESSAGES = {
    /** The panel follows the host's theme: light, dark or the system's, and its accent colour (hex only). @param {any} payload */
    APP_SYNC_THEME(payload) {
      const refusal = refusalOf(payload, {
        themeMode: (mode) => ['light', 'dark', 'system'].includes(mode),
        themeVariables: (variables) =>
          isPlainObject(variables) && refusalOf(variables, { accent: isColor, accentForeground: isColor }) === undefined,
      })
      if (refusal !== undefined) return refusal
      const root = document.documentElement.style
      if (payload.themeMode) root.colorScheme = payload.themeMode === 'system' ? 'light dark' : payload.themeMode
      const { accent, accentForeground } = payload.themeVariables ?? {}
      if (accent) root.setProperty('--accent', accent)
      if (accentForeground) root.setProperty('--accent-foreground', accentForeground)
      return undefined
    },
    /** The site's name, icon and URL, shown with the origin the frame verified (never instead of it). @param {any} payload */
    APP_SYNC_DAPP_DATA(payload) {
      const refusal =
        refusalOf(payload, { metadata: isPlainObject }) ??
        (payload.metadata === undefined ? 'metadata is required' : undefined) ??
        refusalOf(payload.metadata, {
          name: isName,
          description: (text) => typeof text === 'string' && text.length <= 200,
          url: isHttpUrl,
          icons: (icons) => Array.isArray(icons) && icons.length <= 4 && icons.every(isIcon),
        }) ??
        (payload.metadata.name === undefined ? 'metadata.name is required' : undefined)
      if (refusal !== undefined) return refusal
      siteClaim = { name: payload.metadata.name.trim(), url: payload.metadata.url, icon: payload.metadata.icons?.[0] }
      showSite()
      return undefined
    },
    /** A fresh frame (rules §7 reload): the requests waiting for approval are aborted first, and it says FRAME_READY again. */
    APP_RELOAD(payload) {
      const refusal = refusalOf(payload, {})
      if (refusal === undefined) abortApprovals()
      return refusal
    },
  }

  /** @param {unknown} text */
  function isColor(text) {
    return typeof text === 'string' && HEX_COLOR.test(text)
  }

  /**
   * Who asks: the origin this frame verified, always; the site's claimed name beside it, in quotes; its icon only when
   * the URL it claims is that very origin, and a warning when it claims another.
   */
  function showSite() {
    siteOrigin.textContent = hostOrigin ?? ''
    siteClaimText.textContent = ''
    siteIcon.hidden = true
    siteIcon.removeAttribute('src')
    if (!siteClaim) return
    const claimedOrigin = siteClaim.url ? new URL(siteClaim.url).origin : undefined
    const mismatch = claimedOrigin !== undefined && claimedOrigin !== hostOrigin
    siteClaimText.textContent = mismatch
      ? ` calls itself “${siteClaim.name}” and claims to be ${claimedOrigin}, which it is not`
      : ` calls itself “${siteClaim.name}”`
    siteClaimText.classList.toggle('warning', mismatch)
    if (siteClaim.icon && claimedOrigin === hostOrigin) {
      siteIcon.src = siteClaim.icon
      siteIcon.hidden = false
    }
  }

  const panel = document.getElementById('approval')
  const siteOrigin = document.getElementById('approval-origin')
  const siteClaimText = document.getElementById('approval-claim')
  const siteIcon = /** @type {HTMLImageElement} */ (document.getElementById('approval-icon'))
  const methodText = document.getElementById('approval-method')
  const summaryText = document.getElementById('approval-summary')
  const feeText = document.getElementById('approval-fee')
  const previewBox = document.getElementById('approval-preview')
  const detailsBox = document.getElementById('approval-details')
  const hintText = document.getElementById('approval-hint')
  const approveButton = document.getElementById('approve')
  const rejectButton = document.getElementById('reject')
  const openWindowButton = document.getElementById('open-window')
  const doneText = document.getElementById('approval-done')
  const recoveryField = document.getElementById('recovery')
  const phraseInput = document.getElementById('recovery-phrase')
  const lostPanel = document.getElementById('lost')
  const lostPhraseButton = document.getElementById('lost-phrase')

  // Approving needs a panel the visitor can see (docs/services/wallet.md#approvals). In the frame, the buttons are
  // armed only once the whole panel, at least MIN_PANEL in size, has been reported visible by IntersectionObserver v2
  // (not covered, not transparent, not transformed, inside the viewport) for ARMING_MS without a break, and disarmed
  // at the first report that it is not, or at any resize, scroll or new request (which ask the observer again).
  // A browser without it cannot tell the frame whether it is seen: the frame then arms nothing, and the visitor
  // approves in a window of the wallet's own origin (this page at /approve, with this script), which no host covers.
  const inPopup = location.pathname === '/approve'
  const canSeeFrame = typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
  const MIN_PANEL = { width: 240, height: 120 }
  /** Reading a request takes longer; reacting to something that just appeared takes about 250 ms, so a click already on its way never counts. */
  const ARMING_MS = 500
  /** A request that moves value is approved by holding Approve this long: one lured click is never enough. */
  const HOLD_MS = 600
  /** Only these sign nothing that moves value by itself; every other method (transactions, calls, typed data such as permits) asks for a hold. */
  const ONE_CLICK_METHODS = new Set(['personal_sign', 'solana_signMessage'])
  const ACTIVATION_KEYS = new Set(['Enter', ' '])

  let armed = false
  /** When the observer last said the whole panel became visible; undefined while it is not. */
  let visibleSince
  let armTimer
  /** The visitor pressed a pointer or a key inside this frame while it was armed (a host's focus() alone never sets it). */
  let engaged = false
  /** The button a trusted pointer press began on, while armed: its click is the visitor's. */
  let pressed
  /** The button a trusted Enter or Space went to, while armed and engaged: its click is the visitor's. */
  let keyed
  let holdTimer

  /** The approval window this frame opened, while it may be open. */
  let popup

  const observer =
    !inPopup && canSeeFrame ? new IntersectionObserver(onVisibility, { threshold: [1], trackVisibility: true, delay: 100 }) : undefined
  observer?.observe(panel)

  /** @param {IntersectionObserverEntry[]} entries */
  function onVisibility(entries) {
    const entry = entries[entries.length - 1]
    const { width, height } = entry.boundingClientRect
    report(entry.isVisible && entry.intersectionRatio > 0.999 && width >= MIN_PANEL.width && height >= MIN_PANEL.height)
  }

  /** @param {boolean} seen whether the whole panel can be seen now */
  function report(seen) {
    if (!seen) return disarm()
    if (visibleSince !== undefined) return
    visibleSince = performance.now()
    armTimer = setTimeout(() => setArmed(approvals.length > 0), ARMING_MS)
  }

  function disarm() {
    visibleSince = undefined
    clearTimeout(armTimer)
    setArmed(false)
  }

  /**
   * Disarms, then asks afresh: the observer (it reports only changes of visibility, not of size or content), or, in
   * the wallet's own window, whether the window is shown at all.
   */
  function recheck() {
    disarm()
    if (inPopup) return report(document.visibilityState === 'visible' && !panel.hidden)
    observer?.unobserve(panel)
    observer?.observe(panel)
  }

  /** @param {boolean} on */
  function setArmed(on) {
    armed = on
    rejectButton.disabled = !on
    approveButton.disabled = !on || approvalBlocked()
    engaged = false
    pressed = keyed = undefined
    cancelHold()
  }

  const needsHold = () => approvals.length > 0 && !ONE_CLICK_METHODS.has(approvals[0].approval.method)

  // The preview (docs/previews.md): what the request will do, which this origin's backend asks the network's node
  // (the host page can neither hide it nor change it). Approve waits for it, and stays off for a transaction the node
  // says would revert; the code that draws it loads with the first approval.
  const PREVIEW_SCRIPT = '/frame-preview.js'
  /** @type {Promise<any> | undefined} */
  let previewModule

  /** Approve must wait: the preview is not in yet, or it says the request would fail, or this browser cannot sign. */
  const approvalBlocked = () => {
    const current = approvals[0]
    return current !== undefined && (!('previewData' in current) || current.previewData?.status === 'reverts' || !lostPanel.hidden)
  }

  /** @param {{ requestId: string, secret: string, preview?: unknown }} approval */
  async function fetchPreview(approval) {
    // The service answers it with the request when no node needs asking (a message: nothing to show).
    if ('preview' in approval) return approval.preview
    try {
      const path = `/v1/frame/approvals/${encodeURIComponent(approval.requestId)}/preview`
      return (await backend(path, { secret: approval.secret })).preview ?? null
    } catch (error) {
      return { status: 'unavailable', reason: errorPayload(error).message }
    }
  }

  /** @param {{ approval: any, preview?: Promise<any>, previewData?: any }} entry */
  async function showPreview(entry) {
    entry.preview ??= fetchPreview(entry.approval)
    if (!('previewData' in entry)) {
      previewBox.hidden = false
      previewBox.textContent = 'Checking what this will do…'
    }
    previewModule ??= import(PREVIEW_SCRIPT)
    const [data, module] = await Promise.all([entry.preview, previewModule.catch(() => undefined)])
    entry.previewData = data
    if (approvals[0] !== entry) return
    previewBox.hidden = data === null
    if (data === null) previewBox.replaceChildren()
    else if (module) previewBox.replaceChildren(module.renderPreview(data))
    else previewBox.textContent = data.status === 'reverts' ? `This would fail: ${data.reason}` : 'The preview could not be shown.'
    // What the panel shows changed: the visitor gets the arming delay again to read it.
    recheck()
  }

  /** @param {string} id @param {{ requestId: string, secret: string, method: string, chainId: unknown, summary: string }} approval */
  function waitForApproval(id, approval) {
    approvals.push({ id, approval })
    // The host makes the frame visible (ApproveTransaction) when it hears this; it learns nothing it did not send.
    post('FRAME_RPC_REQUEST_APPROVAL', id, { method: approval.method, chainId: approval.chainId })
    if (approvals.length === 1) showApproval()
  }

  function showApproval() {
    const current = approvals[0]
    // The window belonged to the request shown before.
    closePopup()
    panel.hidden = current === undefined
    if (current) {
      showSite()
      methodText.textContent = `${current.approval.method} on chain ${current.approval.chainId}`
      summaryText.textContent = current.approval.summary
      placeSummary(current.approval)
      // Who pays the network fee, when the site offered to: the site, or the visitor and why not (sponsorship.mjs).
      feeText.textContent = current.approval.fee ?? ''
      feeText.hidden = !current.approval.fee
      void showPreview(current)
      const hold = needsHold()
      approveButton.textContent = hold ? 'Hold to approve' : 'Approve'
      hintText.hidden = !hold
      const inFrame = inPopup || canSeeFrame
      approveButton.hidden = rejectButton.hidden = !inFrame
      openWindowButton.hidden = inFrame
      // A browser without a share of the key asks for the recovery phrase with the approval (KEYS.md), or says the wallet
      // cannot sign here when it was never backed up (docs/wallets.md#backup).
      const { approval } = current
      phraseInput.value = ''
      recoveryField.hidden = lostPanel.hidden = true
      // The approval window shows what the frame found; the frame asks now (a backup may have been made meanwhile).
      if (approval.needsPhrase !== undefined) showRecovery(approval.needsPhrase, approval.backedUp)
      else if (approval.userId) {
        void Promise.all([keyring.hasShare(approval.userId), backend('/v1/frame/keys/state', { projectId, origin: hostOrigin })]).then(
          ([has, { backedUp }]) => {
            approval.backedUp = backedUp
            if (approvals[0] === current) showRecovery(!has, backedUp)
          },
          () => undefined,
        )
      }
    }
    recheck()
  }

  /**
   * What the visitor decides on comes first. A request the service previews (a transaction, a permit) shows its
   * preview first and folds the call it describes into Details; one with nothing to preview (a message, a grant of
   * permissions) shows its own words first, and Details keeps the method and chain.
   *
   * @param {{ preview?: unknown }} approval
   */
  function placeSummary(approval) {
    detailsBox.open = false
    if (approval.preview === null) previewBox.before(summaryText)
    else detailsBox.append(summaryText)
  }

  /**
   * This browser has no share: it asks for the recovery phrase, or, for a wallet that was never backed up, first says
   * what happened and what the visitor can still do, rather than ask for a phrase they never saw.
   *
   * @param {boolean} needed @param {boolean | undefined} backedUp
   */
  function showRecovery(needed, backedUp) {
    const lost = needed && backedUp === false
    lostPanel.hidden = !lost
    recoveryField.hidden = !needed || lost
    recheck()
  }

  lostPhraseButton.addEventListener('click', (event) => {
    if (!event.isTrusted) return
    // The visitor may have written the words down without saying so: the phrase still opens the recovery share.
    lostPanel.hidden = true
    recoveryField.hidden = false
    recheck()
  })

  /** @param {boolean} approved @param {string} [typedPhrase] the phrase typed in the approval window */
  async function decide(approved, typedPhrase) {
    if (approvals.length === 0 || (approved && approvalBlocked())) return
    const { id, approval } = approvals.shift()
    const phrase = (typedPhrase ?? phraseInput.value).trim() || undefined
    phraseInput.value = ''
    setArmed(false)
    if (inPopup) {
      // The frame that opened this window holds the secret: it sends the decision, then closes the window.
      window.opener?.postMessage({ type: 'POPUP_DECISION', requestId: approval.requestId, approved, phrase }, location.origin)
      doneText.hidden = false
      return showApproval()
    }
    try {
      const path = `/v1/frame/approvals/${encodeURIComponent(approval.requestId)}`
      const decided = await backend(path, { secret: approval.secret, approved })
      const { result } = await signAll(decided, phrase, (signed) => backend(`${path}/signed`, { secret: approval.secret, signed }))
      post('FRAME_RPC_REQUEST_SUCCESS', id, result)
    } catch (error) {
      post('FRAME_RPC_REQUEST_ERROR', id, errorPayload(error))
    }
    showApproval()
  }

  /** A click counts when the visitor made it here: a press that began on this button, or a key after acting in the frame. @param {HTMLButtonElement} button @param {MouseEvent} event */
  const visitorsClick = (button, event) => event.isTrusted && armed && (pressed === button || keyed === button)

  function startHold() {
    cancelHold()
    approveButton.classList.add('holding')
    holdTimer = setTimeout(() => armed && void decide(true), HOLD_MS)
  }

  function cancelHold() {
    clearTimeout(holdTimer)
    approveButton.classList.remove('holding')
  }

  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!event.isTrusted || !armed) return
      engaged = true
      pressed = [approveButton, rejectButton].find((button) => button.contains(/** @type {Node} */ (event.target)))
      if (pressed === approveButton && needsHold()) startHold()
    },
    true,
  )
  document.addEventListener(
    'keydown',
    (event) => {
      if (!event.isTrusted || !armed) return
      if (!ACTIVATION_KEYS.has(event.key)) {
        engaged = true
        return
      }
      keyed = engaged && !event.repeat && (event.target === approveButton || event.target === rejectButton) ? event.target : undefined
      if (keyed === approveButton && needsHold()) {
        event.preventDefault()
        startHold()
      }
    },
    true,
  )
  document.addEventListener('keyup', (event) => ACTIVATION_KEYS.has(event.key) && cancelHold(), true)
  for (const type of ['pointerup', 'pointercancel']) document.addEventListener(type, cancelHold, true)
  approveButton.addEventListener('pointerleave', cancelHold)
  approveButton.addEventListener('contextmenu', (event) => event.preventDefault())
  // Any change of the frame's size or scroll, or the tab going out of sight, disarms at once.
  addEventListener('resize', recheck)
  addEventListener('scroll', recheck)
  document.addEventListener('visibilitychange', recheck)

  /** APP_RPC_ABORT: every waiting request is answered 'Request was aborted' (rules §8) and the panel closes. */
  function abortApprovals() {
    for (const { id } of approvals.splice(0)) post('FRAME_RPC_REQUEST_ERROR', id, { message: 'Request was aborted', code: 'ABORTED' })
    showApproval()
  }

  function closePopup() {
    popup?.close()
    popup = undefined
  }

  /** A message of the approval window this frame opened: it is ready for the request, or the visitor decided. @param {any} message */
  function fromPopup(message) {
    const current = approvals[0]?.approval
    if (!current) return
    if (message?.type === 'POPUP_READY') {
      const { requestId, method, chainId, summary, fee, backedUp } = current
      const needsPhrase = !recoveryField.hidden || !lostPanel.hidden
      const site = { origin: hostOrigin, claim: siteClaim }
      const entry = approvals[0]
      // The window shows the preview this frame asked for: it has no secret to ask with.
      entry.preview ??= fetchPreview(current)
      void entry.preview.then((preview) => {
        if (approvals[0] !== entry) return
        const approval = { requestId, method, chainId, summary, fee, backedUp, needsPhrase, preview }
        popup?.postMessage({ type: 'POPUP_SHOW', approval, site }, location.origin)
      })
    } else if (message?.type === 'POPUP_DECISION' && message.requestId === current.requestId && typeof message.approved === 'boolean') {
      void decide(message.approved, typeof message.phrase === 'string' ? message.phrase : undefined)
    }
  }

  /** In the approval window: the request to show, from the frame that opened it. @param {MessageEvent} event */
  function fromOpener(event) {
    if (event.source !== window.opener || event.origin !== location.origin || event.data?.type !== 'POPUP_SHOW') return
    const { approval } = event.data
    if (!['requestId', 'method', 'summary'].every((field) => typeof approval?.[field] === 'string')) return
    approval.needsPhrase = approval.needsPhrase === true
    if (typeof approval.backedUp !== 'boolean') delete approval.backedUp
    if (typeof approval.fee !== 'string') delete approval.fee
    const preview = typeof approval.preview === 'object' ? approval.preview : null
    // The frame checked the site's claim and verified its origin; this window shows them the same way.
    const { site } = event.data
    if (typeof site?.origin === 'string') {
      hostOrigin = site.origin
      siteClaim = site.claim && isName(site.claim.name) ? site.claim : undefined
    }
    approvals.splice(0, approvals.length, { approval, preview: Promise.resolve(preview) })
    doneText.hidden = true
    showApproval()
  }

  // Passkeys (docs/wallets.md#passkeys). The host asks for a ceremony (APP_PASSKEY_LOGIN, APP_PASSKEY_ADD) and shows
  // this frame; the frame shows its own button, and only the visitor's click on it starts the ceremony (a host can
  // neither click here nor reach the ceremony's backend). The ceremony runs on this origin, so the relying party is
  // the wallet; the credential goes to the backend only, without the PRF output, which never leaves this document.
  // The raw WebAuthn API rather than @simplewebauthn/browser: the JSON conversion it needs is a few lines, where
  // the library would add its own copy of it and of error mapping the frame does not use.
  const PASSKEY_MESSAGES = { APP_PASSKEY_LOGIN: 'login', APP_PASSKEY_ADD: 'register' }
  const passkeyPanel = document.getElementById('passkey')
  const passkeyText = document.getElementById('passkey-text')
  const passkeyButton = document.getElementById('passkey-go')
  /** The PRF input: one fixed salt, so a passkey gives the same secret on every device it syncs to. */
  const PRF_SALT = new TextEncoder().encode('foyer-wallet recovery-share v1')
  const passkeyShares = {
    backend: (path, body) => backend(path, { projectId, origin: hostOrigin, ...body }),
    store: { deviceShare, keepDeviceShare },
  }
  /** The ceremony the panel offers: { id, name, ceremony }; one at a time. */
  let passkeyRequest

  /** @param {string} id @param {string} name @param {'login' | 'register'} ceremony */
  function showPasskey(id, name, ceremony) {
    endPasskey('ERROR', { message: 'Request was aborted', code: 'ABORTED' })
    passkeyRequest = { id, name, ceremony }
    passkeyText.textContent =
      ceremony === 'login'
        ? 'Sign in with a passkey saved on this device, in your password manager or on your phone.'
        : 'Add a passkey: next time, sign in with your fingerprint, face or screen lock instead of a code.'
    passkeyButton.textContent = ceremony === 'login' ? 'Continue with passkey' : 'Add a passkey'
    passkeyButton.disabled = false
    passkeyPanel.hidden = false
  }

  /** Answers the shown ceremony's request and closes the panel. @param {'SUCCESS' | 'ERROR'} outcome @param {unknown} payload */
  function endPasskey(outcome, payload) {
    if (!passkeyRequest) return
    post(`FRAME_${passkeyRequest.name}_${outcome}`, passkeyRequest.id, payload)
    passkeyRequest = undefined
    passkeyPanel.hidden = true
  }

  // The approval window has no passkey panel.
  passkeyButton?.addEventListener('click', (event) => event.isTrusted && passkeyRequest && void runCeremony(passkeyRequest))

  /** @param {{ ceremony: 'login' | 'register' }} request */
  async function runCeremony(request) {
    passkeyButton.disabled = true
    const body = { projectId, origin: hostOrigin, ceremony: request.ceremony }
    try {
      const options = await backend('/v1/frame/passkey/options', body)
      const publicKey = {
        ...options,
        challenge: fromBase64url(options.challenge),
        extensions: { prf: { eval: { first: PRF_SALT } } },
        ...(options.user && { user: { ...options.user, id: fromBase64url(options.user.id) } }),
        ...(options.allowCredentials && { allowCredentials: options.allowCredentials.map(withBytes) }),
        ...(options.excludeCredentials && { excludeCredentials: options.excludeCredentials.map(withBytes) }),
      }
      const credential =
        request.ceremony === 'login' ? await navigator.credentials.get({ publicKey }) : await navigator.credentials.create({ publicKey })
      const answer = await backend('/v1/frame/passkey/finish', { ...body, credential: credentialJson(credential) })
      const prf = credential.getClientExtensionResults().prf?.results?.first
      const prfOutput = prf && new Uint8Array(prf)
      try {
        if (request.ceremony === 'register') {
          if (prfOutput) await wrapForPasskey(passkeyShares, credential.id, prfOutput)
          if (passkeyRequest === request) endPasskey('SUCCESS', answer)
          return
        }
        // A passkey login is a login: the keys of a user who has none yet, or sealed ones, are seen to (KEYS.md); a
        // browser without a share gets it from the passkey. The host learns only that it worked.
        await keyring.afterLogin()
        if (prfOutput) await openWithPasskey(passkeyShares, answer, prfOutput)
        if (passkeyRequest === request) endPasskey('SUCCESS', {})
      } finally {
        prfOutput?.fill(0)
      }
    } catch (error) {
      log('passkey', request.ceremony, 'failed', error)
      if (passkeyRequest === request) endPasskey('ERROR', error instanceof DOMException ? ceremonyError(error) : errorPayload(error))
    }
  }

  /** The browser refused or the visitor cancelled. @param {DOMException} error */
  function ceremonyError(error) {
    if (error.name === 'InvalidStateError') return { message: 'This device already has a passkey for your wallet', code: 'PASSKEY_EXISTS' }
    return { message: 'No passkey was used', code: 'PASSKEY_CANCELLED' }
  }

  /** @param {{ id: string }} descriptor */
  const withBytes = (descriptor) => ({ ...descriptor, id: fromBase64url(descriptor.id) })
  /** @param {string} text */
  const fromBase64url = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))
  /** @param {ArrayBuffer} buffer */
  const toBase64url = (buffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')

  /** The credential in WebAuthn's JSON form, with `prf.enabled` only: the PRF output stays here. @param {any} credential */
  function credentialJson(credential) {
    const { response } = credential
    const prf = credential.getClientExtensionResults().prf
    return {
      id: credential.id,
      rawId: toBase64url(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
      response: {
        clientDataJSON: toBase64url(response.clientDataJSON),
        ...(response.attestationObject && {
          attestationObject: toBase64url(response.attestationObject),
          transports: response.getTransports?.(),
        }),
        ...(response.authenticatorData && {
          authenticatorData: toBase64url(response.authenticatorData),
          signature: toBase64url(response.signature),
          userHandle: response.userHandle ? toBase64url(response.userHandle) : undefined,
        }),
      },
      clientExtensionResults: { prf: { enabled: Boolean(prf?.enabled || prf?.results) } },
    }
  }
  // Key export (KEYS.md): only after a code mailed now and typed here; the keys are shown in this document alone.
  const exportPanel = document.getElementById('export')
  const exportForm = document.getElementById('export-form')
  const exportCode = document.getElementById('export-code')
  const exportError = document.getElementById('export-error')
  const exportKeys = document.getElementById('export-keys')
  const exportHide = document.getElementById('export-hide')
  /** The APP_EXPORT_KEYS message the panel answers when it closes. */
  let exportId

  /** @param {string} id */
  async function startExport(id) {
    if (exportId !== undefined)
      return post('FRAME_EXPORT_KEYS_ERROR', id, { message: 'Key export is already open', code: 'INVALID_REQUEST' })
    try {
      await backend('/v1/frame/keys/export-code', { projectId, origin: hostOrigin })
    } catch (error) {
      return post('FRAME_EXPORT_KEYS_ERROR', id, errorPayload(error))
    }
    exportId = id
    exportPanel.hidden = false
    exportForm.hidden = false
    exportKeys.hidden = exportHide.hidden = exportError.hidden = true
    exportCode.value = ''
  }

  /** @param {unknown} [error] */
  function closeExport(error) {
    for (const field of ['export-evm', 'export-solana', 'export-phrase']) document.getElementById(field).textContent = ''
    exportPanel.hidden = true
    const id = exportId
    exportId = undefined
    if (id !== undefined) post(error ? 'FRAME_EXPORT_KEYS_ERROR' : 'FRAME_EXPORT_KEYS_SUCCESS', id, error ? errorPayload(error) : {})
  }

  exportForm.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (!event.isTrusted || exportId === undefined) return
    try {
      const { keys } = await backend('/v1/frame/keys/export', { projectId, origin: hostOrigin, otp: exportCode.value.trim() })
      const shown = await keyring.exportKeys(keys, undefined)
      document.getElementById('export-evm').textContent = shown.evmPrivateKey
      document.getElementById('export-solana').textContent = shown.solanaSecretKey
      document.getElementById('export-phrase').textContent = shown.phrase
      exportForm.hidden = exportError.hidden = true
      exportKeys.hidden = exportHide.hidden = false
    } catch (error) {
      exportError.textContent = errorPayload(error).message
      exportError.hidden = false
    }
  })
  document
    .getElementById('export-cancel')
    .addEventListener('click', (event) => event.isTrusted && closeExport({ error: 'The user closed key export', code: 'USER_REJECTED' }))
  exportHide.addEventListener('click', (event) => event.isTrusted && closeExport())

  // The recovery phrase as a backup (KEYS.md; docs/wallets.md#backup), shown in this document alone. Right after the
  // sign-up that made the wallet, the phrase is kept in memory (BACKUP_MS) and shown at once; later it takes the same
  // proof as key export, a code mailed now and typed here. Then "I saved it" hides the words and asks for two of them
  // at random places: only that makes it a backup, recorded by the frame (/v1/frame/keys/backup). No APP_ message can
  // record it, and a click the host lures onto this panel cannot either, as the host never sees the words.
  const BACKUP_MS = 10 * 60_000
  const backupPanel = document.getElementById('backup')
  const backupWords = document.getElementById('backup-words')
  const backupForm = document.getElementById('backup-form')
  const backupCode = document.getElementById('backup-code')
  const backupError = document.getElementById('backup-error')
  const backupDone = document.getElementById('backup-done')
  const backupCheck = document.getElementById('backup-check')
  const checkInputs = [document.getElementById('backup-w1'), document.getElementById('backup-w2')]
  const checkNumbers = [document.getElementById('backup-n1'), document.getElementById('backup-n2')]
  /** The words the open panel shows, and the two places it asks for (0-based). */
  let shownWords = /** @type {string[]} */ ([])
  let asked = [0, 0]
  /** @type {{ userId: string, phrase: string, until: number } | undefined} the sign-up's phrase, and whose it is */
  let newPhrase
  /** The APP_BACKUP_PHRASE message the panel answers when it closes. */
  let backupId

  /** The sign-up's phrase only to the session of the user it belongs to; anyone else's frame asks for a code. @param {string} id */
  async function showBackup(id) {
    if (backupId !== undefined)
      return post('FRAME_BACKUP_PHRASE_ERROR', id, { message: 'The recovery phrase is already shown', code: 'INVALID_REQUEST' })
    const kept = newPhrase && Date.now() <= newPhrase.until ? newPhrase : undefined
    try {
      const { userId } = await backend('/v1/frame/keys/state', { projectId, origin: hostOrigin })
      const fresh = kept && userId === kept.userId && newPhrase === kept
      if (!fresh) await backend('/v1/frame/keys/export-code', { projectId, origin: hostOrigin, reason: 'phrase' })
      backupId = id
      backupError.hidden = true
      backupCode.value = ''
      backupForm.hidden = Boolean(fresh)
      backupCheck.hidden = backupDone.hidden = true
      if (fresh) showWords(kept.phrase)
      backupPanel.hidden = false
    } catch (error) {
      post('FRAME_BACKUP_PHRASE_ERROR', id, errorPayload(error))
    }
  }

  /** @param {string} phrase */
  function showWords(phrase) {
    shownWords = phrase.split(' ')
    backupWords.replaceChildren(
      ...shownWords.map((word) => {
        const item = document.createElement('li')
        item.textContent = word
        return item
      }),
    )
    backupWords.hidden = backupDone.hidden = false
    backupCheck.hidden = backupError.hidden = true
  }

  /** The words hide, and two at random places are asked for. */
  function askWords() {
    const [first, second] = crypto.getRandomValues(new Uint32Array(2))
    const one = first % shownWords.length
    asked = [one, (one + 1 + (second % (shownWords.length - 1))) % shownWords.length].sort((a, b) => a - b)
    asked.forEach((place, i) => {
      checkNumbers[i].textContent = String(place + 1)
      checkInputs[i].value = ''
    })
    backupWords.hidden = backupDone.hidden = true
    backupCheck.hidden = false
    checkInputs[0].focus()
  }

  /** @param {unknown} [error] undefined once the visitor typed back the words asked: the phrase is then dropped */
  function closeBackup(error) {
    backupWords.replaceChildren()
    shownWords = []
    for (const input of checkInputs) input.value = ''
    backupPanel.hidden = true
    const id = backupId
    backupId = undefined
    if (id === undefined) return
    if (!error) newPhrase = undefined
    post(error ? 'FRAME_BACKUP_PHRASE_ERROR' : 'FRAME_BACKUP_PHRASE_SUCCESS', id, error ? errorPayload(error) : {})
  }

  backupForm.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (!event.isTrusted || backupId === undefined) return
    try {
      const { keys } = await backend('/v1/frame/keys/export', { projectId, origin: hostOrigin, otp: backupCode.value.trim() })
      showWords(await keyring.phraseFor(keys))
      backupForm.hidden = backupError.hidden = true
    } catch (error) {
      backupError.textContent = errorPayload(error).message
      backupError.hidden = false
    }
  })
  backupDone.addEventListener('click', (event) => event.isTrusted && backupId !== undefined && askWords())
  document.getElementById('backup-again').addEventListener('click', (event) => event.isTrusted && showWords(shownWords.join(' ')))
  backupCheck.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (!event.isTrusted || backupId === undefined) return
    if (asked.some((place, i) => checkInputs[i].value.trim().toLowerCase() !== shownWords[place])) {
      backupError.textContent = `These are not words ${asked[0] + 1} and ${asked[1] + 1} of your recovery phrase: show the words and check your copy`
      backupError.hidden = false
      return
    }
    try {
      await backend('/v1/frame/keys/backup', { projectId, origin: hostOrigin, kind: 'phrase' })
      closeBackup()
    } catch (error) {
      closeBackup(error)
    }
  })
  document
    .getElementById('backup-cancel')
    .addEventListener(
      'click',
      (event) => event.isTrusted && closeBackup({ error: 'The user closed the recovery phrase', code: 'USER_REJECTED' }),
    )

  openWindowButton.addEventListener('click', (event) => {
    if (!event.isTrusted || approvals.length === 0) return
    closePopup()
    // The size of the modal's other popups (the social logins').
    popup = window.open('/approve', '_blank', 'popup,width=600,height=800') ?? undefined
  })
  approveButton.addEventListener('click', (event) => visitorsClick(approveButton, event) && !needsHold() && void decide(true))
  rejectButton.addEventListener('click', (event) => visitorsClick(rejectButton, event) && void decide(false))
  window.addEventListener('message', (event) => void receive(event))

  // The one message sent to any origin: it carries no data, and the host's origin is not known until it writes.
  if (window.parent !== window) window.parent.postMessage({ type: 'FRAME_READY' }, '*')
  // The approval window asks the frame that opened it, on this same origin, for the request to show.
  if (inPopup) window.opener?.postMessage({ type: 'POPUP_READY' }, location.origin)
})()
