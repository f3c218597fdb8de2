// Passkeys (docs/wallets.md#passkeys). The host asks for a ceremony (APP_PASSKEY_LOGIN, APP_PASSKEY_ADD) and shows
// this frame; the frame shows its own button, and only the visitor's click on it starts the ceremony (a host can
// neither click here nor reach the ceremony's backend). The ceremony runs on this origin, so the relying party is
// the wallet; the credential goes to the backend only, without the PRF output, which never leaves this document.
// The raw WebAuthn API rather than @simplewebauthn/browser: the JSON conversion it needs is a few lines, where
// the library would add its own copy of it and of error mapping the frame does not use.
import { errorPayload } from './backend.js'
import { deviceShare, keepDeviceShare } from './deviceShares.js'
import { byId } from './dom.js'
import { openWithPasskey, wrapForPasskey } from './passkeyShares.js'

/** The PRF input: one fixed salt, so a passkey gives the same secret on every device it syncs to. */
const PRF_SALT = new TextEncoder().encode('foyer-wallet recovery-share v1')

/** @typedef {{ id: string, name: string, ceremony: 'login' | 'register' }} PasskeyRequest */

/**
 * @param {object} options
 * @param {import('./channel.js').Host} options.host
 * @param {import('./backend.js').Backend} options.forHost the same-origin POST, naming the project and the pinned host
 * @param {ReturnType<typeof import('./keyring.js').createKeyring>} options.keyring
 * @param {(...args: unknown[]) => void} options.log
 */
export function createPasskeys({ host, forHost, keyring, log }) {
  const panel = byId('passkey')
  const text = byId('passkey-text')
  const button = /** @type {HTMLButtonElement} */ (byId('passkey-go'))
  const shares = { backend: forHost, store: { deviceShare, keepDeviceShare } }
  /** @type {PasskeyRequest | undefined} the ceremony the panel offers; one at a time */
  let shown

  /** @param {import('./channel.js').Request} request @param {'login' | 'register'} ceremony */
  function offer({ id, name }, ceremony) {
    end('ERROR', { message: 'Request was aborted', code: 'ABORTED' })
    shown = { id, name, ceremony }
    text.textContent =
      ceremony === 'login'
        ? 'Sign in with a passkey saved on this device, in your password manager or on your phone.'
        : 'Add a passkey: next time, sign in with your fingerprint, face or screen lock instead of a code.'
    button.textContent = ceremony === 'login' ? 'Continue with passkey' : 'Add a passkey'
    button.disabled = false
    panel.hidden = false
  }

  /** Answers the shown ceremony's request and closes the panel. @param {'SUCCESS' | 'ERROR'} outcome @param {unknown} payload */
  function end(outcome, payload) {
    if (!shown) return
    host.post(`FRAME_${shown.name}_${outcome}`, shown.id, payload)
    shown = undefined
    panel.hidden = true
  }

  // The approval window has no passkey panel.
  button?.addEventListener('click', (event) => event.isTrusted && shown && void run(shown))

  /** @param {PasskeyRequest} request */
  async function run(request) {
    button.disabled = true
    const body = { ceremony: request.ceremony }
    try {
      const options = await forHost('/v1/frame/passkey/options', body)
      const publicKey = {
        ...options,
        challenge: fromBase64url(options.challenge),
        extensions: { prf: { eval: { first: PRF_SALT } } },
        ...(options.user && { user: { ...options.user, id: fromBase64url(options.user.id) } }),
        ...(options.allowCredentials && { allowCredentials: options.allowCredentials.map(withBytes) }),
        ...(options.excludeCredentials && { excludeCredentials: options.excludeCredentials.map(withBytes) }),
      }
      const credential = /** @type {PublicKeyCredential} */ (
        request.ceremony === 'login' ? await navigator.credentials.get({ publicKey }) : await navigator.credentials.create({ publicKey })
      )
      const answer = await forHost('/v1/frame/passkey/finish', { ...body, credential: credentialJson(credential) })
      const prf = /** @type {any} */ (credential.getClientExtensionResults()).prf?.results?.first
      const prfOutput = prf && new Uint8Array(prf)
      try {
        if (request.ceremony === 'register') {
          if (prfOutput) await wrapForPasskey(shares, credential.id, prfOutput)
          if (shown === request) end('SUCCESS', answer)
          return
        }
        // A passkey login is a login: the keys of a user who has none yet, or sealed ones, are seen to (KEYS.md); a
        // browser without a share gets it from the passkey. The host learns only that it worked.
        await keyring.afterLogin()
        if (prfOutput) await openWithPasskey(shares, answer, prfOutput)
        if (shown === request) end('SUCCESS', {})
      } finally {
        prfOutput?.fill(0)
      }
    } catch (error) {
      log('passkey', request.ceremony, 'failed', error)
      if (shown === request) end('ERROR', error instanceof DOMException ? ceremonyError(error) : errorPayload(error))
    }
  }

  return {
    /** APP_PASSKEY_LOGIN @param {import('./channel.js').Request} request */
    login: (request) => offer(request, 'login'),
    /** APP_PASSKEY_ADD @param {import('./channel.js').Request} request */
    add: (request) => offer(request, 'register'),
    /** APP_PASSKEY_ABORT: the ceremony offered, if any, is answered 'Request was aborted'. */
    abort: () => end('ERROR', { message: 'Request was aborted', code: 'ABORTED' }),
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
