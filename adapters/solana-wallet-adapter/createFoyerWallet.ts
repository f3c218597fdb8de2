// Foyer's Solana connection as a Wallet Standard wallet. `@solana/wallet-adapter-react` (and any app
// that speaks the Wallet Standard) sees one wallet, 'Foyer', whose account is the one the visitor
// connected in Foyer's modal; its signing features hand each request to that wallet unchanged. No
// wallet code of its own, no @solana/web3.js: the connected wallet signs.
import { AddressOrAuthConnectorNotFoundError, disconnect, ModalClosedError, openModal, type Kernel, type NamespaceConnection } from 'foyer'

/**
 * The feature that marks a wallet re-exposing a Foyer connection. Foyer's own Solana discovery skips
 * wallets that have it (chains/solana): Foyer must not list its own connection as a wallet.
 */
export const FOYER_WALLET_FEATURE = 'foyer:wallet'

/** The name the wallet registers under unless told otherwise; wallet-adapter selects wallets by name. */
export const FOYER_WALLET_NAME = 'Foyer'

/**
 * A silent connect (wallet-adapter's autoConnect after a reload) waits this long for Foyer to start
 * restoring its session: Foyer's Solana side starts after the page's first paint, wallet-adapter at mount.
 */
export const RESTORE_WAIT_MS = 3_000

// The CAIP namespace of the connection this wallet re-exposes. Adapters sit outside the kernel, which names none.
const SOLANA = 'solana'

/** Wallet Standard chain ids: the wallet connected in Foyer decides which it can sign for. */
const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const

/** The signing features handed to the connected wallet, and each one's method. */
const FORWARDED = {
  'solana:signMessage': 'signMessage',
  'solana:signTransaction': 'signTransaction',
  'solana:signAndSendTransaction': 'signAndSendTransaction',
  'solana:signIn': 'signIn',
} as const

type ForwardedFeature = keyof typeof FORWARDED

// A default icon: an open door on the accent colour, drawn for Foyer (a foyer is the hall one enters by).
const DEFAULT_ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M10 25V8h12v17" fill="none" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/><path d="M10 8l8 3v16l-8-2z" fill="#fff"/></svg>',
)}` as const

/** One account a Wallet Standard wallet exposes (the connected wallet's own object, passed through). */
export interface FoyerWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly `${string}:${string}`[]
  readonly features: readonly `${string}:${string}`[]
  readonly label?: string
  readonly icon?: `data:image/${string}`
}

/** What a change event says changed. */
export interface FoyerWalletChange {
  readonly accounts?: readonly FoyerWalletAccount[]
  readonly chains?: readonly `${string}:${string}`[]
  readonly features?: Readonly<Record<`${string}:${string}`, unknown>>
}

/** The wallet: a Wallet Standard `Wallet` (structurally; @wallet-standard/base types it). */
export interface FoyerWallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: `data:image/${string}`
  readonly chains: readonly `${string}:${string}`[]
  readonly accounts: readonly FoyerWalletAccount[]
  readonly features: Readonly<Record<`${string}:${string}`, unknown>>
}

export interface FoyerWalletOptions {
  /** The name apps list and wallet-adapter selects it by. @default 'Foyer' */
  name?: string
  /** A data:image URL (the Wallet Standard allows no other). @default a door on Foyer's accent colour */
  icon?: `data:image/${string}`
}

// The connected wallet as this module reads it from Foyer's connector registry: a registered object
// any script could have put there, so every member is checked before use.
interface ConnectedWallet {
  name: string
  accounts: readonly FoyerWalletAccount[]
  features: Readonly<Record<string, unknown>>
}

interface Current {
  connection: NamespaceConnection | undefined
  wallet?: ConnectedWallet
  account?: FoyerWalletAccount
}

/**
 * Creates the Wallet Standard wallet for one kernel; {@link registerFoyerWallet} makes it known to the
 * page. Its `accounts` are the account connected in Foyer on Solana (none while nothing is); its
 * signing features (`solana:signMessage`, `solana:signTransaction`, `solana:signAndSendTransaction`,
 * and `solana:signIn` when the connected wallet has it) go to that wallet as they are. `standard:connect`
 * opens Foyer's modal at Connect and resolves once a Solana wallet is connected there ('Modal closed'
 * if the modal closes first); silently (after a reload) it only waits for Foyer's own restore.
 * `standard:disconnect` disconnects Foyer's Solana namespace; `standard:events` reports Foyer's changes.
 *
 * @example
 * const wallet = createFoyerWallet(kernel, { name: 'My shop' })
 */
export function createFoyerWallet(kernel: Kernel, { name = FOYER_WALLET_NAME, icon = DEFAULT_ICON }: FoyerWalletOptions = {}): FoyerWallet {
  const listeners = new Set<(change: FoyerWalletChange) => void>()
  let stopWatching: (() => void) | undefined
  let current: Current = { connection: undefined }

  const connectionOf = (): NamespaceConnection | undefined => kernel.store.getState().connection.namespaces[SOLANA]

  /** The connected wallet and account, recomputed when Foyer's Solana connection changes. */
  const read = (): Current => {
    const connection = connectionOf()
    if (connection === current.connection) return current
    const wallet = connection?.status === 'connected' && connection.connectorId ? walletOf(kernel, connection.connectorId) : undefined
    const account = wallet?.accounts.find((candidate) => candidate.address === connection?.address)
    current = account ? { connection, wallet, account } : { connection }
    return current
  }

  const forward = (feature: ForwardedFeature) => {
    const method = FORWARDED[feature]
    return async (...inputs: Array<{ account?: FoyerWalletAccount }>) => {
      const { wallet, account } = read()
      if (!wallet || !account) throw new AddressOrAuthConnectorNotFoundError({ details: 'No Solana wallet is connected in Foyer.' })
      const target = wallet.features[feature] as Record<string, unknown> | undefined
      const call = target?.[method]
      if (typeof call !== 'function') throw new Error(`${wallet.name} does not offer ${feature}.`)
      // Only the connected account signs: an app holding an account from before a switch is told so.
      const other = inputs.find((input) => input.account !== undefined && input.account.address !== account.address)
      if (other)
        throw new AddressOrAuthConnectorNotFoundError({ details: `${other.account!.address} is not the account connected in Foyer.` })
      return call.apply(
        target,
        inputs.map((input) => (input.account === undefined ? input : { ...input, account })),
      )
    }
  }

  /**
   * Waits while Foyer is connecting on Solana. A silent connect (after a reload) also waits, up to
   * RESTORE_WAIT_MS, for Foyer to start restoring: its Solana side starts after the first paint.
   */
  const settled = (silent: boolean) =>
    new Promise<void>((resolve) => {
      let patient = silent && kernel.options.enableReconnect
      const stops: Array<() => void> = []
      const check = () => {
        const status = connectionOf()?.status
        if (status === 'connecting' || (status === undefined && patient)) return
        for (const stop of stops) stop()
        resolve()
      }
      stops.push(kernel.store.select((state) => state.connection.namespaces[SOLANA], check))
      if (patient) {
        stops.push(
          kernel.schedule(() => {
            patient = false
            check()
          }, RESTORE_WAIT_MS),
        )
      }
      check()
    })

  const connectInModal = () =>
    new Promise<void>((resolve, reject) => {
      const stops = [
        kernel.store.select(
          (state) => state.connection.namespaces[SOLANA],
          () => {
            if (!read().account) return
            for (const stop of stops) stop()
            resolve()
          },
        ),
        kernel.store.select(
          (state) => state.modal.open,
          (open) => {
            if (open || read().account) return
            for (const stop of stops) stop()
            // No details: wallet-adapter shows the message as it is, and rules §8's words are the whole of it.
            reject(new ModalClosedError())
          },
        ),
      ]
      try {
        openModal(kernel, { view: 'Connect' })
      } catch (error) {
        // No Connect view: the modal is not mounted (no FoyerProvider or mountFoyer in the page).
        for (const stop of stops) stop()
        reject(error)
      }
    })

  // Built again only when the connected wallet changes, so an app reading `features` twice sees one object.
  let built: { wallet: ConnectedWallet | undefined; features: FoyerWallet['features'] } | undefined
  const features = (): FoyerWallet['features'] => {
    const { wallet } = read()
    if (built && built.wallet === wallet) return built.features
    const versions = (feature: ForwardedFeature) =>
      (wallet?.features[feature] as { supportedTransactionVersions?: unknown } | undefined)?.supportedTransactionVersions ?? ['legacy', 0]
    const features = {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          const silent = input?.silent === true
          await settled(silent)
          if (!read().account && !silent) await connectInModal()
          return { accounts: foyerWallet.accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          try {
            await disconnect(kernel, { namespace: SOLANA })
          } catch (error) {
            // Foyer resets its state even when the wallet fails to let go ('Failed to disconnect chains').
            kernel.logger.warn('The Solana wallet did not let go cleanly.', error)
          }
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: (change: FoyerWalletChange) => void) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          stopWatching ??= watch()
          return () => {
            listeners.delete(listener)
            if (listeners.size > 0) return
            stopWatching?.()
            stopWatching = undefined
          }
        },
      },
      [FOYER_WALLET_FEATURE]: { version: '1.0.0' },
      // wallet-adapter only takes wallets that can sign transactions, so the signing features are always
      // offered (sign-in only when the connected wallet has it); while nothing is connected (no account
      // to ask for) they answer 'Address or auth connector not found'.
      ...Object.fromEntries(
        (Object.entries(FORWARDED) as Array<[ForwardedFeature, string]>)
          .filter(([feature]) => feature !== 'solana:signIn' || wallet?.features[feature] !== undefined)
          .map(([feature, method]) => [
            feature,
            {
              version: '1.0.0',
              ...(feature.endsWith('Transaction') && { supportedTransactionVersions: versions(feature) }),
              [method]: forward(feature),
            },
          ]),
      ),
    }
    built = { wallet, features }
    return features
  }

  /** Reports Foyer's changes to the listeners: another account, another wallet, or none. */
  const watch = () => {
    read()
    let before = current
    return kernel.store.select(
      (state) => state.connection.namespaces[SOLANA],
      () => {
        const after = read()
        if (after.account === before.account && after.wallet === before.wallet) return
        before = after
        const change: FoyerWalletChange = { accounts: foyerWallet.accounts, features: foyerWallet.features }
        for (const listener of [...listeners]) {
          try {
            listener(change)
          } catch (error) {
            kernel.logger.error('A listener of the Foyer wallet threw.', error)
          }
        }
      },
    )
  }

  const foyerWallet: FoyerWallet = {
    version: '1.0.0',
    name,
    icon,
    chains: CHAINS,
    get accounts() {
      const { account } = read()
      return account ? [account] : []
    },
    get features() {
      return features()
    },
  }
  return foyerWallet
}

/** The Wallet Standard wallet a connector hands over for solana, when it is one. */
function walletOf(kernel: Kernel, connectorId: string): ConnectedWallet | undefined {
  const wallet = kernel.connectors.get(connectorId)?.providers?.[SOLANA] as Partial<ConnectedWallet> | undefined
  if (typeof wallet !== 'object' || wallet === null) return undefined
  return typeof wallet.name === 'string' &&
    Array.isArray(wallet.accounts) &&
    typeof wallet.features === 'object' &&
    wallet.features !== null
    ? (wallet as ConnectedWallet)
    : undefined
}
