// A real Wallet Standard Solana wallet for tests, the demo and the end-to-end suite: it holds an
// ed25519 keypair (solana-keygen's 64-byte layout) and signs with it through @solana/kit and Web
// Crypto. It implements standard:connect, standard:disconnect, standard:events,
// solana:signMessage, solana:signTransaction and, when asked, solana:signIn (or, told an RPC URL, solana:signAndSendTransaction
// instead, as some mobile wallets offer). Tests choose per feature whether the visitor
// approves and read what the wallet was asked. Browser-safe (no node: imports). Lives only in test/.
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import {
  createKeyPairFromBytes,
  createSolanaRpc,
  getBase64EncodedWireTransaction,
  getBase58Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
  Wallet,
  WalletAccount,
  WalletIcon,
} from '@wallet-standard/core'

/** How the wallet answers one feature: approve, the visitor says no, or it fails. */
export type SolanaWalletAnswer = 'approve' | 'reject' | 'fail'

/** The features that ask the visitor first. */
export type SolanaConsentFeature =
  | 'standard:connect'
  | 'solana:signIn'
  | 'solana:signMessage'
  | 'solana:signTransaction'
  | 'solana:signAndSendTransaction'

export interface SolanaWalletOptions {
  /** The name it registers under. */
  name: string
  /** 64 bytes: the ed25519 seed, then the public key (solana-keygen's layout). */
  keypair: ArrayLike<number>
  /** @default a small purple square */
  icon?: WalletIcon
  /** Wallet Standard chain ids. @default ['solana:mainnet', 'solana:devnet', 'solana:localnet'] */
  chains?: readonly `solana:${string}`[]
  /** Decides each request that needs the visitor's consent, after `answers`. @default approve */
  approve?: (feature: SolanaConsentFeature) => boolean | Promise<boolean>
  /**
   * When set, the wallet sends what it signs itself, through this RPC URL, with
   * `solana:signAndSendTransaction`, and offers no `solana:signTransaction`. @default unset
   */
  sendThrough?: string
  /**
   * Offers `solana:signIn`: the wallet writes the Sign In With Solana text from the site's fields (its own address
   * and the site's host when they are left out) and signs it. @default false
   */
  signIn?: boolean
  /** Remembers that the site is authorized across reloads, under `<name>:connected`. @default not remembered */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
}

/** The error wallets throw when the visitor says no (the Wallet Standard has no code for it; wallets use 4001). */
export class WalletRejectedError extends Error {
  readonly code = 4001
  constructor(feature: string) {
    super(`User rejected the request (${feature}).`)
    this.name = 'WalletRejectedError'
  }
}

const DEFAULT_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#9945ff"/></svg>',
)}`

interface Key {
  account: WalletAccount
  keyPair: Promise<CryptoKeyPair>
}

/**
 * Creates the wallet. Register it with {@link registerSolanaWallet}.
 *
 * @example
 * const wallet = createSolanaWallet({ name: 'Test Solana Wallet', keypair: TEST_WALLET_KEYPAIR })
 * const unregister = registerSolanaWallet(wallet)
 * wallet.answers.set('solana:signMessage', 'reject')
 */
export function createSolanaWallet(options: SolanaWalletOptions) {
  const chains = options.chains ?? (['solana:mainnet', 'solana:devnet', 'solana:localnet'] as const)
  const listeners = new Set<StandardEventsListeners['change']>()
  const storageKey = `${options.name}:connected`
  const toKey = (keypair: ArrayLike<number>): Key => {
    const bytes = Uint8Array.from(keypair as ArrayLike<number>)
    if (bytes.length !== 64) throw new Error('A Solana keypair has 64 bytes.')
    const publicKey = bytes.slice(32)
    const account: WalletAccount = Object.freeze({
      address: getBase58Decoder().decode(publicKey),
      publicKey,
      chains: [...chains],
      features: options.signIn
        ? (['solana:signMessage', 'solana:signTransaction', 'solana:signIn'] as const)
        : (['solana:signMessage', 'solana:signTransaction'] as const),
    })
    // Imported on first use: creating the wallet stays synchronous, so it can register at once.
    let keyPair: Promise<CryptoKeyPair> | undefined
    return {
      account,
      get keyPair() {
        keyPair ??= createKeyPairFromBytes(bytes)
        return keyPair
      },
    }
  }
  let key = toKey(options.keypair)
  let authorized = options.storage?.getItem(storageKey) === 'true'

  const emit = (properties: Parameters<StandardEventsListeners['change']>[0]) => {
    for (const listener of [...listeners]) listener(properties)
  }
  const consent = async (feature: SolanaConsentFeature) => {
    test.calls.push(feature)
    const answer = test.answers.get(feature) ?? 'approve'
    if (answer === 'fail') throw new Error(`The test wallet failed ${feature}.`)
    if (answer === 'reject' || !(await (options.approve?.(feature) ?? true))) throw new WalletRejectedError(feature)
  }
  const setAuthorized = (value: boolean) => {
    authorized = value
    if (value) options.storage?.setItem(storageKey, 'true')
    else options.storage?.removeItem(storageKey)
  }
  const ownAccount = (account: WalletAccount) => {
    if (!authorized || account.address !== key.account.address)
      throw new Error(`The test wallet has no authorized account ${account.address}.`)
  }

  const connect: StandardConnectFeature['standard:connect']['connect'] = async (input) => {
    if (input?.silent) {
      test.calls.push('standard:connect (silent)')
      return { accounts: wallet.accounts }
    }
    await consent('standard:connect')
    setAuthorized(true)
    emit({ accounts: wallet.accounts })
    return { accounts: wallet.accounts }
  }

  const disconnect: StandardDisconnectFeature['standard:disconnect']['disconnect'] = async () => {
    test.calls.push('standard:disconnect')
    if (test.answers.get('standard:disconnect') === 'fail') throw new Error('The test wallet failed standard:disconnect.')
    setAuthorized(false)
  }

  const on: StandardEventsFeature['standard:events']['on'] = (event, listener) => {
    if (event !== 'change') return () => {}
    const change = listener as StandardEventsListeners['change']
    listeners.add(change)
    return () => void listeners.delete(change)
  }

  const signMessage: SolanaSignMessageFeature['solana:signMessage']['signMessage'] = async (...inputs) => {
    await consent('solana:signMessage')
    return Promise.all(
      inputs.map(async ({ account, message }) => {
        ownAccount(account)
        const signature = await signBytes((await key.keyPair).privateKey, message)
        return { signedMessage: message, signature, signatureType: 'ed25519' as const }
      }),
    )
  }

  const signIn: SolanaSignInFeature['solana:signIn']['signIn'] = async (...inputs) => {
    await consent('solana:signIn')
    // Signing in also connects, as the standard has it.
    setAuthorized(true)
    return Promise.all(
      inputs.map(async (input) => {
        const domain = input.domain ?? (typeof location === 'undefined' ? 'localhost' : location.host)
        const signedMessage = new TextEncoder().encode(
          createSignInMessageText({ ...input, domain, address: input.address ?? key.account.address }),
        )
        const signature = await signBytes((await key.keyPair).privateKey, signedMessage)
        return { account: key.account, signedMessage, signature, signatureType: 'ed25519' as const }
      }),
    )
  }

  const signTransaction: SolanaSignTransactionFeature['solana:signTransaction']['signTransaction'] = async (...inputs) => {
    await consent('solana:signTransaction')
    return Promise.all(
      inputs.map(async ({ account, transaction }) => {
        ownAccount(account)
        const decoded = getTransactionDecoder().decode(transaction)
        const signed = await partiallySignTransaction([await key.keyPair], decoded)
        return { signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed)) }
      }),
    )
  }

  const signAndSendTransaction: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction']['signAndSendTransaction'] = async (
    ...inputs
  ) => {
    await consent('solana:signAndSendTransaction')
    const rpc = createSolanaRpc(options.sendThrough!)
    return Promise.all(
      inputs.map(async ({ account, transaction }) => {
        ownAccount(account)
        const signed = await partiallySignTransaction([await key.keyPair], getTransactionDecoder().decode(transaction))
        await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
        return { signature: signed.signatures[key.account.address as keyof typeof signed.signatures]! }
      }),
    )
  }
  const sending = options.sendThrough
    ? { 'solana:signAndSendTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signAndSendTransaction } }
    : { 'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction } }

  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name,
    icon: options.icon ?? DEFAULT_ICON,
    chains,
    features: {
      'standard:connect': { version: '1.0.0', connect },
      'standard:disconnect': { version: '1.0.0', disconnect },
      'standard:events': { version: '1.0.0', on },
      'solana:signMessage': { version: '1.1.0', signMessage },
      ...(options.signIn && { 'solana:signIn': { version: '1.0.0', signIn } }),
      ...sending,
    },
    get accounts() {
      return authorized ? [key.account] : []
    },
  }

  const test = {
    /** The Wallet Standard wallet to register. */
    wallet,
    get address() {
      return key.account.address
    },
    get authorized() {
      return authorized
    },
    /** Answers by feature (also 'standard:disconnect': 'fail'); features not listed are approved. */
    answers: new Map<SolanaConsentFeature | 'standard:disconnect', SolanaWalletAnswer>(),
    /** Every request, in order: feature names, `standard:connect (silent)` for silent connects. */
    calls: [] as string[],
    /** The visitor picks another account in the wallet: the site hears it through standard:events. */
    switchAccount(keypair: ArrayLike<number>) {
      key = toKey(keypair)
      if (authorized) emit({ accounts: wallet.accounts })
    },
    /** The visitor disconnects the site from inside the wallet. */
    revoke() {
      setAuthorized(false)
      emit({ accounts: [] })
    },
    /** Reports any other change (chains, features) without touching the accounts. */
    emit,
    listenerCount: () => listeners.size,
  }
  return test
}

export type SolanaTestWallet = ReturnType<typeof createSolanaWallet>

/**
 * Registers a wallet the way `registerWallet` from @wallet-standard/wallet does (the Wallet
 * Standard's window events, so it works whichever of wallet and app loads first), but returns the
 * function that unregisters it, which tests need.
 *
 * @param target the page's window. @default window
 */
export function registerSolanaWallet(wallet: Wallet, target: EventTarget = window): () => void {
  let unregister: (() => void) | undefined
  const callback = ({ register }: { register(...wallets: Wallet[]): () => void }) => {
    // The app answers both the event below and its own app-ready event; the first registration counts.
    unregister ??= register(wallet)
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent<{ register(...wallets: Wallet[]): () => void }>).detail)
  target.addEventListener('wallet-standard:app-ready', onAppReady)
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady)
    unregister?.()
    unregister = undefined
  }
}
