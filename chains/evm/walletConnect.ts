// The WalletConnect body of the EVM chain: one WalletConnect client per kernel (Foyer's own, in
// ./walletConnect/), the pairing that the WalletConnect views drive, and an EIP-1193 provider over a
// settled session, so that a WalletConnect wallet plugs in exactly where a browser wallet does
// (connect, events, switching, signing and disconnecting all go through client.ts unchanged).
// Loaded through import() only when a WalletConnect view opens or a stored WalletConnect session is
// restored (style 3).
import * as v from 'valibot'
import { connect, isFoyerError, isUserRejection, StorageToken } from 'foyer'
import type { Kernel, Network } from 'foyer'
// Statically: loadEvmClient lives in the manifest, and a lazy chunk that imports anything the
// entry does not export would split the entry into a facade and a shared chunk.
import { restoreWallet } from './client.js'
import { toQuantity } from './hex.js'
import { createPairingController, dispatchPairing, type PairingController } from './pairing.js'
import type { Eip1193Events, Eip1193Provider } from './provider.js'
import {
  EVM_NAMESPACE,
  LAST_CONNECTOR_KEY,
  WALLET_CONNECT_ID,
  type EvmConfig,
  type EvmSession,
  type WalletConnectConfig,
} from './session.js'
import { createSignClient, USER_DISCONNECTED, type Session, type SignClient } from './walletConnect/signClient.js'

type Client = SignClient

/** What Foyer asks a wallet to allow: rules §7's wallet RPC plus the common signing methods. */
export const WALLET_CONNECT_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const

/** The wallet events the provider passes on. */
export const WALLET_CONNECT_EVENTS = ['accountsChanged', 'chainChanged'] as const

/** WalletConnect's public relay, used when `walletConnect.relayUrl` is not given. */
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org'

// WalletConnect's own codes: the visitor said no to a proposal, its chains or its methods.
const SDK_REJECTION_CODES = [5000, 5001, 5002]

/** True when a WalletConnect or wallet error means the visitor said no. */
export function isWalletConnectRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return (
    isUserRejection(error) ||
    isFoyerError(error, 'ConnectionRejectedError') ||
    (typeof code === 'number' && SDK_REJECTION_CODES.includes(code))
  )
}

// Each live kernel in a page keeps its WalletConnect state under a key of its own, claimed in the
// order kernels start (stable across reloads) and given back when it goes, so two kernels of one
// project never share (or fight over) a session.
const storageKeysInUse = new Set<string>()

function claimStorageKey(): string {
  let key = 'wc-client'
  for (let n = 2; storageKeysInUse.has(key); n++) key = `wc-client-${n}`
  storageKeysInUse.add(key)
  return key
}

/** What WalletConnect keeps per kernel, in the kernel's EVM session. */
export interface WalletConnectRuntime {
  client: Client
  providers: Map<string, SessionProvider>
  pairing?: PairingController
  /** Stops the pairing and closes the client; the kernel's teardown calls it. */
  close(): Promise<void>
}

type Runtime = WalletConnectRuntime

function metadataOf(kernel: Kernel, config: WalletConnectConfig) {
  const given = config.metadata ?? kernel.options.metadata
  const origin = typeof location === 'undefined' ? undefined : location.origin
  return {
    name: given?.name ?? 'Foyer',
    description: given?.description ?? given?.name ?? '',
    url: given?.url ?? origin ?? 'http://localhost',
    icons: [...(given?.icons ?? [])],
  }
}

function runtimeOf(kernel: Kernel, session: EvmSession, config: EvmConfig): Runtime {
  const existing = session.walletConnect
  if (existing) return existing
  const walletConnect = config.walletConnect
  if (!walletConnect) throw new Error('evm() was set up without `walletConnect`.')
  const storage = kernel.container.resolve(StorageToken)
  const key = claimStorageKey()
  const providers = new Map<string, SessionProvider>()
  const client = createSignClient({
    relayUrl: walletConnect.relayUrl ?? DEFAULT_RELAY_URL,
    projectId: walletConnect.projectId,
    metadata: metadataOf(kernel, walletConnect),
    // Validated by the client itself: anything it cannot read gives a fresh client with no sessions.
    storage: { read: () => storage.read(key, v.unknown()), write: (value) => void storage.write(key, value) },
    schedule: (callback, ms) => kernel.schedule(callback, ms),
    log: (message, error) => kernel.logger.debug(message, error),
    onEvent: (topic, event) => providers.get(topic)?.onEvent(event.name, event.data),
    onUpdate: (topic) => providers.get(topic)?.onUpdate(),
    onDelete: (topic) => providers.get(topic)?.onGone(),
  })
  const runtime: Runtime = {
    client,
    providers,
    async close() {
      runtime.pairing?.stop()
      if (session.walletConnect === runtime) session.walletConnect = undefined
      client.close()
      storageKeysInUse.delete(key)
    },
  }
  session.walletConnect = runtime
  return runtime
}

/**
 * This kernel's pairing (one per kernel): makes URIs with `client.connect`, and connects the
 * session a wallet approves through the kernel's `connect` action, so the connection goes
 * connecting → connected (or failed with rules §8's wording) and becomes a recent wallet like any other.
 */
export function pairingFor(kernel: Kernel, session: EvmSession, config: EvmConfig): PairingController {
  const runtime = runtimeOf(kernel, session, config)
  runtime.pairing ??= createPairingController<Session>({
    getState: () => kernel.store.getState().pairing,
    dispatch: (action) => dispatchPairing(kernel, action),
    now: () => Date.now(),
    schedule: (callback, ms) => kernel.schedule(callback, ms),
    async propose() {
      const { uri, approval } = await runtime.client.connect({
        optionalNamespaces: {
          [EVM_NAMESPACE]: {
            chains: config.networks.map((network) => network.caipNetworkId),
            methods: [...WALLET_CONNECT_METHODS],
            events: [...WALLET_CONNECT_EVENTS],
          },
        },
      })
      return { uri, approval }
    },
    async connect(approved) {
      setSessionProvider(kernel, providerFor(kernel, runtime, config, approved.topic))
      await connect(kernel, { connectorId: WALLET_CONNECT_ID })
    },
    discard(approved) {
      runtime.client
        .disconnect({ topic: approved.topic, reason: USER_DISCONNECTED })
        .catch((error: unknown) => kernel.logger.debug('Letting go of a late WalletConnect session failed.', error))
    },
    isRejection: isWalletConnectRejection,
  })
  return runtime.pairing
}

/**
 * rules §4: restores the newest stored WalletConnect session without asking the wallet: connected on its
 * accounts and chain, or disconnected and forgotten when there is none left. Does nothing once
 * `epoch` is outdated.
 */
export async function restoreSession(kernel: Kernel, session: EvmSession, config: EvmConfig, epoch: number): Promise<void> {
  const runtime = runtimeOf(kernel, session, config)
  // Newest expiry first, expired ones already left out.
  const stored = runtime.client.sessions().find((candidate) => candidate.namespaces[EVM_NAMESPACE])
  if (session.epoch !== epoch || kernel.isDestroyed()) return
  if (!stored) {
    kernel.container.resolve(StorageToken).remove(LAST_CONNECTOR_KEY)
    kernel.dispatchConnection({ type: 'disconnected', namespace: EVM_NAMESPACE })
    return
  }
  const provider = providerFor(kernel, runtime, config, stored.topic)
  setSessionProvider(kernel, provider)
  await restoreWallet(kernel, session, { connectorId: WALLET_CONNECT_ID, provider, epoch })
}

/** An EIP-1193 provider over one WalletConnect session, with the hooks the client's events call. */
export interface SessionProvider extends Eip1193Provider {
  readonly topic: string
  onEvent(name: string, data: unknown): void
  onUpdate(): void
  onGone(): void
}

function providerFor(kernel: Kernel, runtime: Runtime, config: EvmConfig, topic: string): SessionProvider {
  const existing = runtime.providers.get(topic)
  if (existing) return existing
  const provider = createSessionProvider(runtime.client, topic, config.networks, () => {
    runtime.providers.delete(topic)
    if (kernel.connectors.provider(WALLET_CONNECT_ID, EVM_NAMESPACE) === provider) setSessionProvider(kernel, undefined)
  })
  runtime.providers.set(topic, provider)
  return provider
}

/** The WalletConnect connector reaches its wallet through this session's provider (none once it ended). */
function setSessionProvider(kernel: Kernel, provider: SessionProvider | undefined): void {
  const registration = kernel.connectors.get(WALLET_CONNECT_ID)
  if (!registration) return
  kernel.connectors.register({ ...registration, providers: provider ? { [EVM_NAMESPACE]: provider } : undefined })
}

/** An error shaped as EIP-1193 wants it, with the wallet's own error kept as `data`. */
function providerError(code: number, message: string, data?: unknown): Error & { code: number; data?: unknown } {
  return Object.assign(new Error(message), { code, data })
}

const ChainIdParamsSchema = v.tuple([v.object({ chainId: v.pipe(v.string(), v.regex(/^0x[0-9a-f]+$/i)) })])

/** `eip155:1:0xabc…` or `0xabc…` → `0xabc…`. */
function addressOf(account: string): string {
  return account.split(':').at(-1) ?? account
}

/** A chain id as wallets send it in events (number, hex, decimal or CAIP-2) → a number, or NaN. */
function chainNumber(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return Number.NaN
  const text = value.startsWith(`${EVM_NAMESPACE}:`) ? value.slice(EVM_NAMESPACE.length + 1) : value
  return /^0x[0-9a-f]+$/i.test(text) ? Number.parseInt(text, 16) : /^\d+$/.test(text) ? Number(text) : Number.NaN
}

/**
 * The provider a connected WalletConnect wallet is to the chain. Accounts and the chain id come from
 * the session (no round trip); switching moves between the chains the wallet approved; every other
 * request goes to the wallet with `client.request` on the current chain. `wallet_revokePermissions`,
 * which the chain sends when the visitor disconnects, ends the session with `client.disconnect`.
 */
export function createSessionProvider(client: Client, topic: string, networks: readonly Network[], gone: () => void): SessionProvider {
  const listeners = new Map<string, Set<(payload: never) => void>>()
  const emit = <E extends keyof Eip1193Events>(event: E, ...payload: Parameters<Eip1193Events[E]>) => {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (...args: unknown[]) => void)(...payload)
  }
  const current = (): Session | undefined => client.session(topic)
  const accountsOf = (struct: Session | undefined) => struct?.namespaces[EVM_NAMESPACE]?.accounts ?? []
  const chainsOf = (struct: Session | undefined) => {
    const namespace = struct?.namespaces[EVM_NAMESPACE]
    const listed = namespace?.chains ?? accountsOf(struct).map((account) => account.split(':').slice(0, 2).join(':'))
    return [...new Set(listed.map(chainNumber).filter(Number.isSafeInteger))]
  }
  const addressesOn = (struct: Session | undefined, chain: number) => [
    ...new Set(
      accountsOf(struct)
        .filter((account) => account.startsWith(`${EVM_NAMESPACE}:${chain}:`))
        .map(addressOf),
    ),
  ]
  // The first of the site's networks the wallet approved, else the wallet's first chain.
  const approved = chainsOf(current())
  let chain = networks.map((network) => Number(network.id)).find((id) => approved.includes(id)) ?? approved[0] ?? Number(networks[0]?.id)
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    gone()
    emit('disconnect')
  }

  const send = async (method: string, params: unknown, onChain = chain) => {
    try {
      return await client.request({ topic, chainId: `${EVM_NAMESPACE}:${onChain}`, request: { method, params } })
    } catch (error) {
      const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
      const text = typeof message === 'string' ? message : String(error)
      // WalletConnect's "user rejected" (5000) is EIP-1193's 4001 to the rest of Foyer.
      throw providerError(typeof code === 'number' ? (SDK_REJECTION_CODES.includes(code) ? 4001 : code) : -32603, text, error)
    }
  }

  const switchTo = async (params: unknown) => {
    const parsed = v.safeParse(ChainIdParamsSchema, params)
    if (!parsed.success) throw providerError(-32602, 'wallet_switchEthereumChain takes [{ chainId: "0x…" }].')
    const target = Number.parseInt(parsed.output[0].chainId, 16)
    const struct = current()
    // EIP-3326's "unknown chain": the chain then asks the wallet to add it, which may widen the session.
    if (!chainsOf(struct).includes(target)) throw providerError(4902, `The wallet has not approved chain ${target} for this site.`)
    if (struct?.namespaces[EVM_NAMESPACE]?.methods.includes('wallet_switchEthereumChain')) {
      try {
        await send('wallet_switchEthereumChain', params)
      } catch (error) {
        // A wallet that does not implement the method still lets the site use any approved chain.
        if (isUserRejection(error) || ![4200, -32601, 5101].includes((error as { code: number }).code)) throw error
      }
    }
    if (target !== chain) {
      chain = target
      emit('chainChanged', toQuantity(chain))
    }
    return null
  }

  return {
    topic,
    async request({ method, params }) {
      const struct = current()
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return ended ? [] : addressesOn(struct, chain)
        case 'eth_chainId':
          return toQuantity(chain)
        case 'wallet_switchEthereumChain':
          return switchTo(params)
        case 'wallet_revokePermissions':
          if (struct) await client.disconnect({ topic, reason: USER_DISCONNECTED })
          end()
          return null
        default:
          if (!struct || ended) throw providerError(4900, 'The WalletConnect session has ended. Connect the wallet again.')
          return send(method, params)
      }
    },
    on(event, listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener as (payload: never) => void))
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (payload: never) => void)
    },
    onEvent(name, data) {
      if (name === 'accountsChanged' && Array.isArray(data)) {
        emit('accountsChanged', data.filter((account): account is string => typeof account === 'string').map(addressOf))
      } else if (name === 'chainChanged') {
        const next = chainNumber(data)
        if (Number.isSafeInteger(next) && next > 0 && next !== chain) {
          chain = next
          emit('chainChanged', toQuantity(chain))
        }
      }
    },
    onUpdate() {
      const struct = current()
      const chains = chainsOf(struct)
      if (!chains.includes(chain) && chains[0] !== undefined) {
        chain = chains[0]
        emit('chainChanged', toQuantity(chain))
      }
      emit('accountsChanged', addressesOn(struct, chain))
    },
    onGone: end,
  }
}
