// A stand-in for the embedded wallet in stories: the secure frame and the wallet service do not run
// there. Provide it before any view uses it: `kernel.container.provide(EmbeddedWalletToken, wallet)`.
import { fn, type Mock } from 'storybook/test'
import type { Kernel, ViewId } from '../kernel/index.js'
import { testChain, testConnector } from './fixtures.js'
import { connectedStory } from './stories.js'
import {
  EmbeddedWalletToken,
  type EmailAction,
  type EmailUpdateAction,
  type EmbeddedWallet,
  type Passkey,
} from '../plugins/email/embeddedWallet.js'
import { email } from '../plugins/email/index.js'
import type { FrameClient } from '../plugins/email/frameClient.js'

/** How one of the wallet's login steps answers: a value, an error it throws, or 'pending' (never answers). */
export type FakeAnswer<T> = T | Error | 'pending'

export interface FakeEmbeddedWalletOptions {
  /** One answer per call, the last repeated. @default ['VERIFY_OTP'] */
  connectEmail?: readonly FakeAnswer<EmailAction>[]
  /** @default 'pending' */
  connectDevice?: FakeAnswer<EmailAction>
  /** @default undefined (the code is accepted) */
  connectOtp?: FakeAnswer<void>
  /** The signed-in email; '' for none (a social login). @default 'ada@example.com' */
  email?: string
  /** @default 'VERIFY_PRIMARY_OTP' */
  updateEmail?: FakeAnswer<EmailUpdateAction>
  /** One answer per call, the last repeated. @default ['VERIFY_SECONDARY_OTP'] */
  updateEmailPrimaryOtp?: readonly FakeAnswer<EmailUpdateAction>[]
  /** @default the new email, as the service stores it */
  updateEmailSecondaryOtp?: FakeAnswer<string>
  /** The provider's authorization URL. @default 'http://127.0.0.1:9/authorize' */
  socialRedirectUri?: FakeAnswer<string>
  /** @default { userName: 'Alice' } */
  connectSocial?: FakeAnswer<{ userName?: string }>
  /** The EVM account's type and smart account (rules §6). @default undefined (no account types: an EOA only) */
  evmAccount?: ReturnType<EmbeddedWallet['evmAccount']>
  /** How a switch of account type answers. @default undefined (done) */
  setPreferredAccountType?: FakeAnswer<void>
  /** @default a story channel */
  farcasterUri?: FakeAnswer<{ url: string; channelToken: string }>
  /** @default 'pending' (the app has not approved) */
  connectFarcaster?: FakeAnswer<{ userName?: string }>
  /** How a passkey ceremony answers. @default 'pending' (the visitor has not pressed the frame's button) */
  passkey?: FakeAnswer<void>
  /** The user's passkeys. @default [] */
  passkeys?: FakeAnswer<Passkey[]>
  /** How key export answers. @default 'pending' (the visitor has not closed the frame's panel) */
  exportKeys?: FakeAnswer<void>
  /** How the backup prompt's recovery phrase answers. @default 'pending' (the visitor has not closed the frame's panel) */
  showRecoveryPhrase?: FakeAnswer<void>
  /** Whether the signed-in wallet has a backup (docs/wallets.md#backup); a backup made in a story makes it true. @default undefined */
  backedUp?: boolean
}

export interface FakeEmbeddedWallet extends EmbeddedWallet {
  readonly frame: FrameClient & { showAt: Mock<FrameClient['showAt']>; hide: Mock<FrameClient['hide']> }
  readonly connectEmail: Mock<EmbeddedWallet['connectEmail']>
  readonly connectDevice: Mock<EmbeddedWallet['connectDevice']>
  readonly connectOtp: Mock<EmbeddedWallet['connectOtp']>
  readonly updateEmail: Mock<EmbeddedWallet['updateEmail']>
  readonly updateEmailPrimaryOtp: Mock<EmbeddedWallet['updateEmailPrimaryOtp']>
  readonly updateEmailSecondaryOtp: Mock<EmbeddedWallet['updateEmailSecondaryOtp']>
  readonly socialRedirectUri: Mock<EmbeddedWallet['socialRedirectUri']>
  readonly connectSocial: Mock<EmbeddedWallet['connectSocial']>
  readonly setPreferredAccountType: Mock<EmbeddedWallet['setPreferredAccountType']>
  readonly farcasterUri: Mock<EmbeddedWallet['farcasterUri']>
  readonly connectFarcaster: Mock<EmbeddedWallet['connectFarcaster']>
  readonly passkey: Mock<EmbeddedWallet['passkey']>
  readonly revokePasskey: Mock<EmbeddedWallet['revokePasskey']>
  readonly exportKeys: Mock<EmbeddedWallet['exportKeys']>
  readonly showRecoveryPhrase: Mock<EmbeddedWallet['showRecoveryPhrase']>
  readonly abortKeysPanel: Mock<EmbeddedWallet['abortKeysPanel']>
}

function settle<T>(answer: FakeAnswer<T>): Promise<T> {
  if (answer === 'pending') return new Promise<T>(() => {})
  if (answer instanceof Error) return Promise.reject(answer)
  return Promise.resolve(answer)
}

/** An embedded wallet whose login steps answer as told, with spies on every call. */
export function fakeEmbeddedWallet(options: FakeEmbeddedWalletOptions = {}): FakeEmbeddedWallet {
  const emailAnswers = options.connectEmail ?? ['VERIFY_OTP']
  const primaryAnswers = options.updateEmailPrimaryOtp ?? ['VERIFY_SECONDARY_OTP']
  let emails = 0
  let primaries = 0
  let email = options.email ?? 'ada@example.com'
  let newEmail = ''
  let evmAccount = options.evmAccount
  let backedUp = options.backedUp
  const backUp = <T>(answer: Promise<T>) =>
    answer.then((value) => {
      backedUp = true
      return value
    })
  return {
    frame: {
      request: fn(async () => undefined as never),
      showAt: fn(),
      hide: fn(),
      destroy: fn(),
    },
    connectEmail: fn(async () => settle(emailAnswers[Math.min(emails++, emailAnswers.length - 1)] ?? 'VERIFY_OTP')),
    connectDevice: fn(async () => settle(options.connectDevice ?? 'pending')),
    connectOtp: fn(async () => settle(options.connectOtp)),
    getUser: async () => undefined,
    accountOf: () => undefined,
    backedUp: () => backedUp,
    email: () => email || undefined,
    socialRedirectUri: fn(async () => settle(options.socialRedirectUri ?? 'http://127.0.0.1:9/authorize')),
    connectSocial: fn(async () => settle(options.connectSocial ?? { userName: 'Alice' })),
    farcasterUri: fn(async () =>
      settle(options.farcasterUri ?? { url: 'farcaster://connect?channelToken=story&nonce=abc123', channelToken: 'story' }),
    ),
    connectFarcaster: fn(async () => settle(options.connectFarcaster ?? 'pending')),
    social: () => undefined,
    rememberChain: () => {},
    updateEmail: fn(async (address: string) => {
      newEmail = address
      return settle(options.updateEmail ?? 'VERIFY_PRIMARY_OTP')
    }),
    updateEmailPrimaryOtp: fn(async () =>
      settle(primaryAnswers[Math.min(primaries++, primaryAnswers.length - 1)] ?? 'VERIFY_SECONDARY_OTP'),
    ),
    updateEmailSecondaryOtp: fn(async () => (email = await settle(options.updateEmailSecondaryOtp ?? newEmail))),
    // No login just happened in a story: signing in asks as any signature does.
    signInAtLogin: fn(async () => undefined),
    signOut: async () => {},
    dispose: () => {},
    passkey: fn(async (ceremony: 'login' | 'register') => {
      const answer = settle<void>('passkey' in options ? options.passkey : 'pending')
      return ceremony === 'register' ? backUp(answer) : answer
    }),
    abortPasskey: () => {},
    // `undefined`, given, is an answer (done); left out, the panel stays open.
    exportKeys: fn(async () => settle<void>('exportKeys' in options ? options.exportKeys : 'pending')),
    showRecoveryPhrase: fn(async () => backUp(settle<void>('showRecoveryPhrase' in options ? options.showRecoveryPhrase : 'pending'))),
    abortKeysPanel: fn(),
    passkeys: async () => settle(options.passkeys ?? []),
    revokePasskey: fn(async (id: string) => ((await settle(options.passkeys ?? [])) as Passkey[]).filter((passkey) => passkey.id !== id)),
    evmAccount: () => evmAccount,
    setPreferredAccountType: fn(async (type: 'eoa' | 'smartAccount') => {
      await settle(options.setPreferredAccountType)
      if (evmAccount) evmAccount = { ...evmAccount, type }
    }),
  }
}

/**
 * What the email plugin's stories share: a kernel with a test chain (its wallet, and the 'email'
 * connector, so a finished login connects), `email()` with a wallet service that is never called,
 * and a fake embedded wallet made afresh in each story's setup. `wallet()` is the running story's.
 * `'connected'` starts signed in with the embedded wallet, the modal on Account.
 *
 * @example
 * const stories = emailStories({ view: 'EmailLogin', params: { email: 'ada@example.com' } })
 * export const CodeEntry = { parameters: stories.parameters({ connectEmail: ['VERIFY_OTP'] }), play: … }
 */
export function emailStories(route: { view: ViewId; params?: unknown } | 'connected') {
  let wallet: FakeEmbeddedWallet | undefined
  let storyKernel: Kernel | undefined
  const options = () => ({
    plugins: [
      testChain({ connectors: [testConnector(), testConnector({ id: 'email', name: 'Email', type: 'auth', namespaces: ['eip155'] })] }),
      email(),
    ],
    services: { wallet: 'http://127.0.0.1:9' },
  })
  return {
    wallet: () => wallet!,
    /** The running story's kernel. */
    kernel: () => storyKernel!,
    parameters: (answers: FakeEmbeddedWalletOptions = {}) => {
      const setup = (kernel: Kernel) => {
        wallet = fakeEmbeddedWallet(answers)
        storyKernel = kernel
        kernel.container.provide(EmbeddedWalletToken, wallet)
      }
      return { foyer: route === 'connected' ? connectedStory({ options, setup, connectorIds: ['email'] }) : { options, setup, ...route } }
    },
  }
}
