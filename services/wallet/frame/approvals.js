// Unsafe requests wait here for the visitor's own approval, given only while the panel can be seen (arming.js;
// docs/services/wallet.md#approvals): the approval's secret never leaves this document. A browser that cannot tell
// the frame whether it is seen approves in the approval window (/approve, this same script), which talks only to the
// frame that opened it, on this origin.
import { createArming, canSeeFrame } from './arming.js'
import { errorPayload } from './backend.js'
import { byId } from './dom.js'
import { runJob } from './signing.js'

/** Only these sign nothing that moves value by itself; every other method (transactions, calls, typed data such as permits) asks for a hold. */
const ONE_CLICK_METHODS = new Set(['personal_sign', 'solana_signMessage'])
// The preview (docs/previews.md): what the request will do, which this origin's backend asks the network's node
// (the host page can neither hide it nor change it). Approve waits for it, and stays off for a transaction the node
// says would revert; the code that draws it loads with the first approval.
const PREVIEW_SCRIPT = '/frame-preview.js'

/**
 * What the service asks the visitor to approve (PROTOCOL.md, APP_RPC_REQUEST); the approval window's copy has no secret.
 *
 * @typedef {object} Approval
 * @property {string} requestId
 * @property {string} secret
 * @property {string} method
 * @property {unknown} chainId
 * @property {string} summary
 * @property {string} [fee] who pays the network fee, when the site offered to (sponsorship.mjs)
 * @property {string} [upgrade] that approving also upgrades the account to a smart account (EIP-7702), in words
 * @property {unknown} [preview] with the request, when no node needs asking (null: nothing to show)
 * @property {string} [userId]
 * @property {boolean} [backedUp]
 * @property {boolean} [needsPhrase] in the approval window: what the frame found
 */
/**
 * One waiting request: the host's message id (none in the approval window), and its preview once asked for.
 *
 * @typedef {{ id?: string, approval: Approval, preview?: Promise<any>, previewData?: any }} Waiting
 */

/**
 * @param {object} options
 * @param {import('./channel.js').Host} options.host
 * @param {import('./backend.js').Backend} options.backend the same-origin POST
 * @param {import('./backend.js').Backend} options.forHost the same, naming the project and the pinned host
 * @param {ReturnType<typeof import('./keyring.js').createKeyring>} options.keyring
 * @param {import('./siteClaims.js').Site} options.site
 * @param {boolean} options.inPopup this document is the approval window
 */
export function createApprovals({ host, backend, forHost, keyring, site, inPopup }) {
  const panel = byId('approval')
  const methodText = byId('approval-method')
  const summaryText = byId('approval-summary')
  const feeText = byId('approval-fee')
  const upgradeText = byId('approval-upgrade')
  const previewBox = byId('approval-preview')
  const detailsBox = /** @type {HTMLDetailsElement} */ (byId('approval-details'))
  const hintText = byId('approval-hint')
  const approveButton = /** @type {HTMLButtonElement} */ (byId('approve'))
  const rejectButton = /** @type {HTMLButtonElement} */ (byId('reject'))
  const openWindowButton = byId('open-window')
  const doneText = byId('approval-done')
  const recoveryField = byId('recovery')
  const phraseInput = /** @type {HTMLTextAreaElement} */ (byId('recovery-phrase'))
  const lostPanel = byId('lost')
  const lostPhraseButton = byId('lost-phrase')

  /** @type {Waiting[]} oldest first */
  const queue = []
  /** @type {Promise<any> | undefined} the preview's drawing code (preview.js), loaded once */
  let previewModule
  /** @type {Window | undefined} the approval window this frame opened, while it may be open */
  let popup

  const needsHold = () => queue.length > 0 && !ONE_CLICK_METHODS.has(first().approval.method)
  /** Approve must wait: the preview is not in yet, or it says the request would fail, or this browser cannot sign. */
  const blocked = () => {
    const current = queue[0]
    return current !== undefined && (!('previewData' in current) || current.previewData?.status === 'reverts' || !lostPanel.hidden)
  }
  const first = () => /** @type {Waiting} */ (queue[0])

  const arming = createArming({
    inPopup,
    waiting: () => queue.length > 0,
    needsHold,
    blocked,
    approve: () => void decide(true),
  })

  /** @param {Approval} approval */
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

  /** @param {Waiting} entry */
  async function showPreview(entry) {
    entry.preview ??= fetchPreview(entry.approval)
    if (!('previewData' in entry)) {
      previewBox.hidden = false
      previewBox.textContent = 'Checking what this will do…'
    }
    previewModule ??= import(PREVIEW_SCRIPT)
    const [data, module] = await Promise.all([entry.preview, previewModule.catch(() => undefined)])
    entry.previewData = data
    if (queue[0] !== entry) return
    previewBox.hidden = data === null
    if (data === null) previewBox.replaceChildren()
    else if (module) previewBox.replaceChildren(module.renderPreview(data))
    else previewBox.textContent = data.status === 'reverts' ? `This would fail: ${data.reason}` : 'The preview could not be shown.'
    // What the panel shows changed: the visitor gets the arming delay again to read it.
    arming.recheck()
  }

  /** APP_RPC_REQUEST that the service holds for approval. @param {string} id @param {Approval} approval */
  function waitFor(id, approval) {
    queue.push({ id, approval })
    // The host makes the frame visible (ApproveTransaction) when it hears this; it learns nothing it did not send.
    host.post('FRAME_RPC_REQUEST_APPROVAL', id, { method: approval.method, chainId: approval.chainId })
    if (queue.length === 1) show()
  }

  function show() {
    const current = queue[0]
    // The window belonged to the request shown before.
    closePopup()
    panel.hidden = current === undefined
    if (current) {
      site.show()
      methodText.textContent = `${current.approval.method} on chain ${current.approval.chainId}`
      summaryText.textContent = current.approval.summary
      placeSummary(current.approval)
      // Who pays the network fee, when the site offered to: the site, or the visitor and why not (sponsorship.mjs).
      feeText.textContent = current.approval.fee ?? ''
      feeText.hidden = !current.approval.fee
      // An upgrade changes what the account is: said in view, under the preview, not only in Details.
      upgradeText.textContent = current.approval.upgrade ?? ''
      upgradeText.hidden = !current.approval.upgrade
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
        void Promise.all([keyring.hasShare(approval.userId), forHost('/v1/frame/keys/state', {})]).then(
          ([has, { backedUp }]) => {
            approval.backedUp = backedUp
            if (queue[0] === current) showRecovery(!has, backedUp)
          },
          () => undefined,
        )
      }
    }
    arming.recheck()
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
    arming.recheck()
  }

  lostPhraseButton.addEventListener('click', (event) => {
    if (!event.isTrusted) return
    // The visitor may have written the words down without saying so: the phrase still opens the recovery share.
    lostPanel.hidden = true
    recoveryField.hidden = false
    arming.recheck()
  })

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

  /** @param {boolean} approved @param {string} [typedPhrase] the phrase typed in the approval window */
  async function decide(approved, typedPhrase) {
    if (queue.length === 0 || (approved && blocked())) return
    const { id, approval } = /** @type {Waiting} */ (queue.shift())
    const phrase = (typedPhrase ?? phraseInput.value).trim() || undefined
    phraseInput.value = ''
    arming.setArmed(false)
    if (inPopup) {
      // The frame that opened this window holds the secret: it sends the decision, then closes the window.
      window.opener?.postMessage({ type: 'POPUP_DECISION', requestId: approval.requestId, approved, phrase }, location.origin)
      doneText.hidden = false
      return show()
    }
    try {
      const path = `/v1/frame/approvals/${encodeURIComponent(approval.requestId)}`
      const decided = await backend(path, { secret: approval.secret, approved })
      const { result } = await signAll(decided, phrase, (signed) => backend(`${path}/signed`, { secret: approval.secret, signed }))
      host.post('FRAME_RPC_REQUEST_SUCCESS', id, result)
    } catch (error) {
      host.post('FRAME_RPC_REQUEST_ERROR', id, errorPayload(error))
    }
    show()
  }

  /** APP_RPC_ABORT: every waiting request is answered 'Request was aborted' (rules §8) and the panel closes. */
  function abortAll() {
    for (const { id } of queue.splice(0)) host.post('FRAME_RPC_REQUEST_ERROR', id, { message: 'Request was aborted', code: 'ABORTED' })
    show()
  }

  function closePopup() {
    popup?.close()
    popup = undefined
  }

  /** A message of the approval window this frame opened: it is ready for the request, or the visitor decided. @param {any} message */
  function fromPopup(message) {
    const entry = queue[0]
    if (!entry) return
    const current = entry.approval
    if (message?.type === 'POPUP_READY') {
      const { requestId, method, chainId, summary, fee, upgrade, backedUp } = current
      const needsPhrase = !recoveryField.hidden || !lostPanel.hidden
      const shown = site.current()
      // The window shows the preview this frame asked for: it has no secret to ask with.
      entry.preview ??= fetchPreview(current)
      void entry.preview.then((preview) => {
        if (queue[0] !== entry) return
        const approval = { requestId, method, chainId, summary, fee, upgrade, backedUp, needsPhrase, preview }
        popup?.postMessage({ type: 'POPUP_SHOW', approval, site: shown }, location.origin)
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
    if (typeof approval.upgrade !== 'string') delete approval.upgrade
    const preview = typeof approval.preview === 'object' ? approval.preview : null
    // The frame checked the site's claim and verified its origin; this window shows them the same way.
    site.adopt(event.data.site)
    queue.splice(0, queue.length, { approval, preview: Promise.resolve(preview) })
    doneText.hidden = true
    show()
  }

  openWindowButton.addEventListener('click', (event) => {
    if (!event.isTrusted || queue.length === 0) return
    closePopup()
    // The size of the modal's other popups (the social logins').
    popup = window.open('/approve', '_blank', 'popup,width=600,height=800') ?? undefined
  })
  approveButton.addEventListener('click', (event) => arming.visitorsClick(approveButton, event) && !needsHold() && void decide(true))
  rejectButton.addEventListener('click', (event) => arming.visitorsClick(rejectButton, event) && void decide(false))

  return {
    waitFor,
    abortAll,
    fromOpener,
    /**
     * A message from the approval window this frame opened, on this origin: handled here (true), or not one (false).
     *
     * @param {MessageEvent} event
     */
    fromWindow(event) {
      if (!popup || event.source !== popup || event.origin !== location.origin) return false
      fromPopup(event.data)
      return true
    },
  }
}
