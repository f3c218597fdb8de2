// The sign-in flow (lazy): ask after a connection or a switch, sign, keep the session; revoke on disconnect.
import { BaseError, closeModal, isFoyerError, UnsupportedChainError, type BaseErrorOptions, type Kernel, type SignInFields } from 'foyer'
import { SiweConfigToken, SiwxConfigToken } from './index.js'
import { buildSignInMessage } from './signInMessage.js'
import type { SignInMessage, SiwxConfig } from './types.js'

/** The verifier refused the signed message, or could not be asked; the message says why. */
export class SignInRefusedError extends BaseError {
  override name = 'SignInRefusedError'
  constructor(reason: string, options?: BaseErrorOptions) {
    super(reason, options)
  }
}

/** The kernel's verifier: the host's, its SIWE shape adapted, or the reference verifier at `services.api`. */
export async function verifierOf(kernel: Kernel): Promise<SiwxConfig> {
  if (kernel.container.has(SiwxConfigToken)) return kernel.container.resolve(SiwxConfigToken)
  const config = kernel.container.has(SiweConfigToken)
    ? (await import('./siweAdapter.js')).fromSiweConfig(kernel, kernel.container.resolve(SiweConfigToken))
    : (await import('./verifierClient.js')).createVerifierClient(kernel)
  return kernel.container.ensure(SiwxConfigToken, () => config)
}

// The kernel's `disconnect` and `signMessage` actions are not imported here: a static import from lazy code makes the
// bundler move them out of the kernel's entry into a chunk every page loads before its first paint, and a dynamic
// import of the kernel's index keeps its whole namespace in a host's bundle. The two steps below are what those
// actions do, through the chain's own contract.

/** rules §4 for one namespace: the wallet lets go, the connection resets, the modal closes. */
async function disconnectNamespace(kernel: Kernel, namespace: string): Promise<void> {
  try {
    await kernel.chains.require(namespace).disconnect(kernel)
  } finally {
    kernel.dispatchConnection({ type: 'disconnected', namespace })
    closeModal(kernel)
  }
}

/** The message signed through the chain's signIn capability, which writes it in the chain's own format. */
async function sign(kernel: Kernel, namespace: string, message: SignInFields & { serializedMessage?: string }) {
  const capability = kernel.chains.require(namespace).capabilities?.signIn
  if (!capability) throw new UnsupportedChainError({ details: `The ${namespace} chain cannot sign in.` })
  return capability.signIn(kernel, { message })
}

function accountOf(kernel: Kernel, namespace: string) {
  const connection = kernel.store.getState().connection.namespaces[namespace]
  if (connection?.status !== 'connected' || !connection.address || !connection.networkId) return undefined
  return { address: connection.address, chainId: connection.networkId as string }
}

/**
 * After a connection or a switch: nothing when the account has a session on its network or skipped signing in;
 * otherwise the SignIn view asks. Declining disconnects the namespace in required mode and is remembered otherwise.
 */
export async function ensureSignedIn(kernel: Kernel, namespace: string): Promise<void> {
  const account = accountOf(kernel, namespace)
  const state = kernel.store.getState().siwx
  if (!account || !state) return
  const key = `${account.chainId}:${account.address}`
  if (state.skipped.includes(key)) return
  const verifier = await verifierOf(kernel)
  if ((await verifier.getSessions(account.chainId, account.address)).length > 0) return
  // Still the same account on the same network: the visitor may have switched while the verifier answered.
  if (accountOf(kernel, namespace)?.chainId !== account.chainId) return
  // rules §3 siwxMessage: a wallet whose login just happened signs as part of it (the embedded wallet), no view.
  const signedAtLogin = await signIn(kernel, { namespace, atLogin: true }).catch((error: unknown) => {
    kernel.logger.warn('siwx: the sign-in signed during login was not kept; asking instead.', error)
    return undefined
  })
  if (signedAtLogin) return
  const signedIn = await kernel.router.request('SignIn', { namespace }).catch((error: unknown) => {
    // Closing the modal or going back is declining.
    if (isFoyerError(error, 'ModalClosedError') || isFoyerError(error, 'ViewLeftError')) return false
    throw error
  })
  if (signedIn) return
  if (state.required) await disconnectNamespace(kernel, namespace)
  else kernel.store.update('siwx', (current) => ({ ...current, skipped: [...current.skipped, key] }))
}

/**
 * Signs in the account connected on `namespace`: the message (the verifier's own, or made here with its nonce), the
 * wallet's signature, the verifier's session. A wallet refusal is rethrown as it is (`isUserRejection`); a verifier
 * refusal is a SignInRefusedError. With `atLogin`, only a connector that signs as part of its login just now
 * (its `signInAtLogin` capability) is asked, and nothing happens (undefined) when it does not.
 *
 * @example
 * await signIn(kernel, { namespace: 'eip155' })
 */
export async function signIn(kernel: Kernel, parameters: { namespace: string }): Promise<SignInMessage>
export async function signIn(kernel: Kernel, parameters: { namespace: string; atLogin: true }): Promise<SignInMessage | undefined>
export async function signIn(
  kernel: Kernel,
  { namespace, atLogin = false }: { namespace: string; atLogin?: boolean },
): Promise<SignInMessage | undefined> {
  const account = accountOf(kernel, namespace)
  const state = kernel.store.getState().siwx
  if (!account || !state) throw new SignInRefusedError('No account is connected', { details: `Nothing is connected on ${namespace}.` })
  const atLoginSigner = kernel.connectors.capability(
    kernel.store.getState().connection.namespaces[namespace]?.connectorId ?? '',
    'signInAtLogin',
  )
  if (atLogin && !atLoginSigner) return undefined
  const verifier = await verifierOf(kernel)
  const input = { accountAddress: account.address, chainId: account.chainId }
  const fields = verifier.createMessage
    ? await verifier.createMessage(input)
    : buildSignInMessage(kernel, { ...input, nonce: await verifier.getNonce(input) })
  const signed = atLogin ? await atLoginSigner!({ namespace, message: fields }) : await sign(kernel, namespace, fields)
  if (!signed) return undefined
  const { message, signature } = signed
  try {
    await verifier.addSession({ data: message, message: message.serializedMessage, signature })
  } catch (error) {
    if (isFoyerError(error, 'SignInRefusedError')) throw error
    throw new SignInRefusedError(error instanceof Error ? error.message : String(error), { cause: error })
  }
  kernel.store.update('siwx', (current) => ({
    ...current,
    skipped: current.skipped.filter((key) => key !== `${account.chainId}:${account.address}`),
  }))
  kernel.bus.emit('siwx:signed-in', { namespace, chainId: account.chainId, address: account.address })
  return message
}

type Account = { namespace: string; chainId: string; address: string }

function parseAccounts(list: string): Map<string, Account> {
  const entries = list
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [namespace = '', chainId = '', address = ''] = entry.split('|')
      return [namespace, { namespace, chainId, address }] as const
    })
  return new Map(entries)
}

/**
 * What the manifest's watcher hands over when a connected account changes: a namespace that disconnected has its
 * sessions revoked (rules §4, when `signOutOnDisconnect`); one that switched network or account is asked again.
 */
export async function accountsChanged(
  kernel: Kernel,
  now: string,
  before: string,
  { signOutOnDisconnect }: { signOutOnDisconnect: boolean },
): Promise<void> {
  const current = parseAccounts(now)
  const previous = parseAccounts(before)
  const work: Promise<unknown>[] = []
  for (const [namespace, was] of previous) {
    const is = current.get(namespace)
    if (!is) {
      kernel.store.update('siwx', (state) => ({
        ...state,
        skipped: state.skipped.filter((key) => key !== `${was.chainId}:${was.address}`),
      }))
      if (signOutOnDisconnect) work.push(signOut(kernel, was))
    } else if (is.chainId !== was.chainId || is.address !== was.address) {
      // A switch, not a connection: the afterConnect hook is not run for it (rules §4: no session on the new network asks).
      work.push(ensureSignedIn(kernel, namespace))
    }
  }
  await Promise.all(work)
}

async function signOut(kernel: Kernel, { namespace, chainId, address }: Account): Promise<void> {
  const verifier = await verifierOf(kernel)
  await verifier.revokeSession(chainId, address)
  kernel.bus.emit('siwx:signed-out', { namespace, chainId, address })
}
