// A stand-in for the embedded wallet in stories: the secure frame and the wallet service do not run
// there. Provide it before any view uses it: `kernel.container.provide(EmbeddedWalletToken, wallet)`.
import { fn, type Mock } from 'storybook/test'
import type { EmailAction, EmbeddedWallet } from './embeddedWallet.js'
import type { FrameClient } from './frameClient.js'

/** How one of the wallet's login steps answers: a value, an error it throws, or 'pending' (never answers). */
export type FakeAnswer<T> = T | Error | 'pending'

export interface FakeEmbeddedWalletOptions {
  /** One answer per call, the last repeated. @default ['VERIFY_OTP'] */
  connectEmail?: readonly FakeAnswer<EmailAction>[]
  /** @default 'pending' */
  connectDevice?: FakeAnswer<EmailAction>
  /** @default undefined (the code is accepted) */
  connectOtp?: FakeAnswer<void>
}

export interface FakeEmbeddedWallet extends EmbeddedWallet {
  readonly frame: FrameClient & { showAt: Mock<FrameClient['showAt']>; hide: Mock<FrameClient['hide']> }
  readonly connectEmail: Mock<EmbeddedWallet['connectEmail']>
  readonly connectDevice: Mock<EmbeddedWallet['connectDevice']>
  readonly connectOtp: Mock<EmbeddedWallet['connectOtp']>
}

function settle<T>(answer: FakeAnswer<T>): Promise<T> {
  if (answer === 'pending') return new Promise<T>(() => {})
  if (answer instanceof Error) return Promise.reject(answer)
  return Promise.resolve(answer)
}

/** An embedded wallet whose login steps answer as told, with spies on every call. */
export function fakeEmbeddedWallet(options: FakeEmbeddedWalletOptions = {}): FakeEmbeddedWallet {
  const emailAnswers = options.connectEmail ?? ['VERIFY_OTP']
  let emails = 0
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
    signOut: async () => {},
  }
}
