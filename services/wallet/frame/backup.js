// The recovery phrase as a backup (KEYS.md; docs/wallets.md#backup), shown in this document alone. Right after the
// sign-up that made the wallet, the phrase is kept in memory (BACKUP_MS) and shown at once; later it takes the same
// proof as key export, a code mailed now and typed here. Then "I saved it" hides the words and asks for two of them
// at random places: only that makes it a backup, recorded by the frame (/v1/frame/keys/backup). No APP_ message can
// record it, and a click the host lures onto this panel cannot either, as the host never sees the words.
import { errorPayload } from './backend.js'
import { byId } from './dom.js'

const BACKUP_MS = 10 * 60_000

/**
 * @param {object} options
 * @param {import('./channel.js').Host} options.host
 * @param {import('./backend.js').Backend} options.forHost the same-origin POST, naming the project and the pinned host
 * @param {ReturnType<typeof import('./keyring.js').createKeyring>} options.keyring
 */
export function createBackup({ host, forHost, keyring }) {
  const panel = byId('backup')
  const words = byId('backup-words')
  const form = byId('backup-form')
  const code = /** @type {HTMLInputElement} */ (byId('backup-code'))
  const error = byId('backup-error')
  const done = byId('backup-done')
  const check = byId('backup-check')
  const checkInputs = [byId('backup-w1'), byId('backup-w2')].map((input) => /** @type {HTMLInputElement} */ (input))
  const checkNumbers = [byId('backup-n1'), byId('backup-n2')]
  /** @type {string[]} the words the open panel shows */
  let shownWords = []
  /** @type {[number, number]} the two places it asks for (0-based) */
  let asked = [0, 0]
  /** @type {{ userId: string, phrase: string, until: number } | undefined} the sign-up's phrase, and whose it is */
  let newPhrase
  /** @type {string | undefined} the APP_BACKUP_PHRASE message the panel answers when it closes */
  let openId

  /** The sign-up's phrase only to the session of the user it belongs to; anyone else's frame asks for a code. @param {import('./channel.js').Request} request */
  async function open({ id }) {
    if (openId !== undefined)
      return host.post('FRAME_BACKUP_PHRASE_ERROR', id, { message: 'The recovery phrase is already shown', code: 'INVALID_REQUEST' })
    const kept = newPhrase && Date.now() <= newPhrase.until ? newPhrase : undefined
    try {
      const { userId } = await forHost('/v1/frame/keys/state', {})
      const fresh = kept && userId === kept.userId && newPhrase === kept
      if (!fresh) await forHost('/v1/frame/keys/export-code', { reason: 'phrase' })
      openId = id
      error.hidden = true
      code.value = ''
      form.hidden = Boolean(fresh)
      check.hidden = done.hidden = true
      if (fresh) showWords(kept.phrase)
      panel.hidden = false
    } catch (failure) {
      host.post('FRAME_BACKUP_PHRASE_ERROR', id, errorPayload(failure))
    }
  }

  /** @param {string} phrase */
  function showWords(phrase) {
    shownWords = phrase.split(' ')
    words.replaceChildren(
      ...shownWords.map((word) => {
        const item = document.createElement('li')
        item.textContent = word
        return item
      }),
    )
    words.hidden = done.hidden = false
    check.hidden = error.hidden = true
  }

  /** The words hide, and two at random places are asked for. */
  function askWords() {
    const [first = 0, second = 0] = crypto.getRandomValues(new Uint32Array(2))
    const one = first % shownWords.length
    asked = /** @type {[number, number]} */ (
      [one, (one + 1 + (second % (shownWords.length - 1))) % shownWords.length].sort((a, b) => a - b)
    )
    asked.forEach((place, i) => {
      const [number, input] = [checkNumbers[i], checkInputs[i]]
      if (number) number.textContent = String(place + 1)
      if (input) input.value = ''
    })
    words.hidden = done.hidden = true
    check.hidden = false
    checkInputs[0]?.focus()
  }

  /** @param {unknown} [failure] undefined once the visitor typed back the words asked: the phrase is then dropped */
  function close(failure) {
    words.replaceChildren()
    shownWords = []
    for (const input of checkInputs) input.value = ''
    panel.hidden = true
    const id = openId
    openId = undefined
    if (id === undefined) return
    if (!failure) newPhrase = undefined
    host.post(failure ? 'FRAME_BACKUP_PHRASE_ERROR' : 'FRAME_BACKUP_PHRASE_SUCCESS', id, failure ? errorPayload(failure) : {})
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (!event.isTrusted || openId === undefined) return
    try {
      const { keys } = await forHost('/v1/frame/keys/export', { otp: code.value.trim() })
      showWords(await keyring.phraseFor(keys))
      form.hidden = error.hidden = true
    } catch (failure) {
      error.textContent = errorPayload(failure).message
      error.hidden = false
    }
  })
  done.addEventListener('click', (event) => event.isTrusted && openId !== undefined && askWords())
  byId('backup-again').addEventListener('click', (event) => event.isTrusted && showWords(shownWords.join(' ')))
  check.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (!event.isTrusted || openId === undefined) return
    if (asked.some((place, i) => checkInputs[i]?.value.trim().toLowerCase() !== shownWords[place])) {
      error.textContent = `These are not words ${asked[0] + 1} and ${asked[1] + 1} of your recovery phrase: show the words and check your copy`
      error.hidden = false
      return
    }
    try {
      await forHost('/v1/frame/keys/backup', { kind: 'phrase' })
      close()
    } catch (failure) {
      close(failure)
    }
  })
  byId('backup-cancel').addEventListener(
    'click',
    (event) => event.isTrusted && close({ error: 'The user closed the recovery phrase', code: 'USER_REJECTED' }),
  )

  return {
    open,
    close,
    /**
     * A login just made this wallet: the backup prompt (APP_BACKUP_PHRASE) may show its phrase at once, for a while.
     *
     * @param {{ userId: string, phrase: string }} created
     */
    keep(created) {
      newPhrase = { ...created, until: Date.now() + BACKUP_MS }
    },
    /** A login or APP_SIGN_OUT: the phrase kept, if any, was another session's. */
    forget() {
      newPhrase = undefined
    },
  }
}
