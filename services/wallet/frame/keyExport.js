// Key export (KEYS.md): only after a code mailed now and typed here; the keys are shown in this document alone.
import { errorPayload } from './backend.js'
import { byId } from './dom.js'

/**
 * @param {object} options
 * @param {import('./channel.js').Host} options.host
 * @param {import('./backend.js').Backend} options.forHost the same-origin POST, naming the project and the pinned host
 * @param {ReturnType<typeof import('./keyring.js').createKeyring>} options.keyring
 */
export function createKeyExport({ host, forHost, keyring }) {
  const panel = byId('export')
  const form = byId('export-form')
  const code = /** @type {HTMLInputElement} */ (byId('export-code'))
  const error = byId('export-error')
  const keys = byId('export-keys')
  const hide = byId('export-hide')
  /** @type {string | undefined} the APP_EXPORT_KEYS message the panel answers when it closes */
  let openId

  /** APP_EXPORT_KEYS @param {import('./channel.js').Request} request */
  async function open({ id }) {
    if (openId !== undefined)
      return host.post('FRAME_EXPORT_KEYS_ERROR', id, { message: 'Key export is already open', code: 'INVALID_REQUEST' })
    try {
      await forHost('/v1/frame/keys/export-code', {})
    } catch (failure) {
      return host.post('FRAME_EXPORT_KEYS_ERROR', id, errorPayload(failure))
    }
    openId = id
    panel.hidden = false
    form.hidden = false
    keys.hidden = hide.hidden = error.hidden = true
    code.value = ''
  }

  /** @param {unknown} [failure] */
  function close(failure) {
    for (const field of ['export-evm', 'export-solana', 'export-phrase']) byId(field).textContent = ''
    panel.hidden = true
    const id = openId
    openId = undefined
    if (id !== undefined)
      host.post(failure ? 'FRAME_EXPORT_KEYS_ERROR' : 'FRAME_EXPORT_KEYS_SUCCESS', id, failure ? errorPayload(failure) : {})
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (!event.isTrusted || openId === undefined) return
    try {
      const { keys: frameKeys } = await forHost('/v1/frame/keys/export', { otp: code.value.trim() })
      const shown = await keyring.exportKeys(frameKeys, undefined)
      byId('export-evm').textContent = shown.evmPrivateKey
      byId('export-solana').textContent = shown.solanaSecretKey
      byId('export-phrase').textContent = shown.phrase
      form.hidden = error.hidden = true
      keys.hidden = hide.hidden = false
    } catch (failure) {
      error.textContent = errorPayload(failure).message
      error.hidden = false
    }
  })
  byId('export-cancel').addEventListener(
    'click',
    (event) => event.isTrusted && close({ error: 'The user closed key export', code: 'USER_REJECTED' }),
  )
  hide.addEventListener('click', (event) => event.isTrusted && close())

  return { open, close }
}
