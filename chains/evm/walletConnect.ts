// The WalletConnect body of the EVM chain: one sign-client per kernel, the pairing that the
// WalletConnect views drive, and an EIP-1193 provider over a settled session, so that a
// WalletConnect wallet plugs in exactly where a browser wallet does (connect, events, switching,
// signing and disconnecting all go through client.ts unchanged). Loaded through import() only when
// a WalletConnect view opens or a stored WalletConnect session is restored (STYLE 3).
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import * as v from 'valibot'
import { connect } from '../../kernel/actions/connect.js'
import type { Kernel } from '../../kernel/core/createKernel.js'
import { isFoyerError } from '../../kernel/core/errors/BaseError.js'
import { isUserRejection } from '../../kernel/core/errors/isUserRejection.js'
import type { Network } from '../../kernel/model/network.js'
import type { StorageService } from '../../kernel/services/storage.js'
import { StorageToken } from '../../kernel/core/tokens.js'
// Statically: loadEvmClient lives in the manifest, and a lazy chunk that imports anything the
// entry does not export would split the entry into a facade and a shared chunk.
import { restoreWallet } from './client.js'
import { toQuantity } from './hex.js'
import { createPairingController, dispatchPairing, type PairingController } from './pairing.js'
import type { Eip1193Events, Eip1193Provider } from './provider.js'
import { EVM_NAMESPACE, LAST_CONNECTOR_KEY, WALLET_CONNECT_ID, type EvmConfig, type EvmSession, type WalletConnectConfig } from './session.js'

type Client = InstanceType<typeof SignClient>

/** What Foyer asks a wallet to allow: §7's wallet RPC plus the common signing methods. */
export const WALLET_CONNECT_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const

/** The wallet events the provider passes on. */
export const WALLET_CONNECT_EVENTS = ['accountsChanged', 'chainChanged'] as const

// WalletConnect's own codes (getSdkError): the visitor said no to a proposal, its chains or its methods.
const SDK_REJECTION_CODES = [5000, 5001, 5002]
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

/** True when a WalletConnect or wallet error means the visitor said no. */
export function isWalletConnectRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return (
    isUserRejection(error) ||
    isFoyerError(error, 'ConnectionRejectedError') ||
    (typeof code === 'number' && SDK_REJECTION_CODES.includes(code))
  )
}

/**
 * The sign-client's storage, in the kernel's own (localStorage or memory, namespaced by project),
 * so sessions survive a reload where the kernel's other state does and two kernels never mix.
 * The SDK lists keys only to migrate old data; an index entry serves that.
 */
export function kernelKeyValueStorage(storage: StorageService) {
  const key = (name: string) => `wc:${name}`
  const INDEX = 'wc-keys'
  const keys = () => storage.read(INDEX, v.array(v.string())) ?? []
  return {
    getKeys: async () => keys(),
    getEntries: async <T = unknown>() => keys().map((name) => [name, storage.read(key(name), v.unknown()) as T] as [string, T]),
    getItem: async <T = unknown>(name: string) => storage.read(key(name), v.unknown()) as T | undefined,
    setItem: async (name: string, value: unknown) => {
      storage.write(key(name), value)
      const known = keys()
      if (!known.includes(name)) storage.write(INDEX, [...known, name])
    },
    removeItem: async (name: string) => {
      storage.remove(key(name))
      storage.write(
        INDEX,
        keys().filter((known) => known !== name),
      )
    },
  }
}

// In a page the SDK keeps one Core per storage prefix on globalThis and hands it (its storage and
// socket included) to every later client with that prefix. So each live kernel holds a prefix of
// its own, in the order kernels start (stable across reloads), and gives it back when it goes.
const prefixesInUse = new Set<string>()

function claimPrefix(): string {
  let prefix = 'foyer'
  for (let n = 2; prefixesInUse.has(prefix); n++) prefix = `foyer-${n}`
  prefixesInUse.add(prefix)
  return prefix
}

function releasePrefix(prefix: string): void {
  prefixesInUse.delete(prefix)
  const global = globalThis as Record<string, unknown>
  delete global[`_walletConnectCore_${prefix}`]
  delete global[`_walletConnectCore_${prefix}_count`]
}

/** What WalletConnect keeps per kernel, in the kernel's EVM session. */
export interface WalletConnectRuntime {
  client: Promise<Client>
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
  const prefix = claimPrefix()
  const providers = new Map<string, SessionProvider>()
  const client = SignClient.init({
    projectId: walletConnect.projectId,
    relayUrl: walletConnect.relayUrl,
    metadata: metadataOf(kernel, walletConnect),
    storage: kernelKeyValueStorage(kernel.container.resolve(StorageToken)),
    customStoragePrefix: prefix,
    telemetryEnabled: false,
    // The kernel's levels are pino's, which the SDK logs with.
    logger: kernel.options.logLevel,
  }).then((created) => {
    // Without an attestation to fetch (a loopback relay, or `verify: false`), the SDK would still
    // wait 5 s on its Verify frame before every proposal and request.
    if (!walletConnect.verify) created.core.verify.register = async () => ''
    created.on('session_event', ({ topic, params }) => providers.get(topic)?.onEvent(params.event.name, params.event.data))
    created.on('session_update', ({ topic }) => providers.get(topic)?.onUpdate())
    created.on('session_delete', ({ topic }) => providers.get(topic)?.onGone())
    created.on('session_expire', ({ topic }) => providers.get(topic)?.onGone())
    return created
  })
  const runtime: Runtime = {
    client,
    providers,
    async close() {
      runtime.pairing?.stop()
      if (session.walletConnect === runtime) session.walletConnect = undefined
      const started = await client.catch(() => undefined)
      if (started) {
        await started.core.relayer.transportClose().catch(() => {})
        started.core.heartbeat.stop()
      }
      releasePrefix(prefix)
    },
  }
  session.walletConnect = runtime
  client.catch((error: unknown) => {
    // A client that failed to start (relay unreachable at init) is forgotten, so the next use tries again.
    kernel.logger.warn('WalletConnect did not start.', error)
    if (session.walletConnect === runtime) session.walletConnect = undefined
    releasePrefix(prefix)
  })
  return runtime
}

/**
 * This kernel's pairing (one per kernel): makes URIs with `client.connect`, and connects the
 * session a wallet approves through the kernel's `connect` action, so the connection goes
 * connecting → connected (or failed with §8's wording) and becomes a recent wallet like any other.
 */
export function pairingFor(kernel: Kernel, session: EvmSession, config: EvmConfig): PairingController {
  const runtime = runtimeOf(kernel, session, config)
  runtime.pairing ??= createPairingController<SessionTypes.Struct>({
    getState: () => kernel.store.getState().pairing,
    dispatch: (action) => dispatchPairing(kernel, action),
    now: () => Date.now(),
    schedule: (callback, ms) => kernel.schedule(callback, ms),
    async propose() {
      const client = await runtime.client
      const { uri, approval } = await client.connect({
        optionalNamespaces: {
          [EVM_NAMESPACE]: {
            chains: config.networks.map((network) => network.caipNetworkId),
            methods: [...WALLET_CONNECT_METHODS],
            events: [...WALLET_CONNECT_EVENTS],
          },
        },
      })
      if (!uri) throw new Error('WalletConnect made no pairing URI.')
      return { uri, approval }
    },
    async connect(approved) {
      const client = await runtime.client
      setSessionProvider(kernel, providerFor(kernel, runtime, client, config, approved.topic))
      await connect(kernel, { connectorId: WALLET_CONNECT_ID })
    },
    discard(approved) {
      runtime.client
        .then((client) => client.disconnect({ topic: approved.topic, reason: USER_DISCONNECTED }))
        .catch((error: unknown) => kernel.logger.debug('Letting go of a late WalletConnect session failed.', error))
    },
    isRejection: isWalletConnectRejection,
  })
  return runtime.pairing
}

/**
 * §4: restores the newest stored WalletConnect session without asking the wallet: connected on its
 * accounts and chain, or disconnected and forgotten when there is none left. Does nothing once
 * `epoch` is outdated.
 */
export async function restoreSession(kernel: Kernel, session: EvmSession, config: EvmConfig, epoch: number): Promise<void> {
  const runtime = runtimeOf(kernel, session, config)
  const client = await runtime.client
  const stored = client.session
    .getAll()
    .filter((candidate) => candidate.namespaces[EVM_NAMESPACE] && candidate.expiry * 1000 > Date.now())
    .sort((a, b) => b.expiry - a.expiry)[0]
  if (session.epoch !== epoch || kernel.isDestroyed()) return
  if (!stored) {
    kernel.container.resolve(StorageToken).remove(LAST_CONNECTOR_KEY)
    kernel.dispatchConnection({ type: 'disconnected', namespace: EVM_NAMESPACE })
    return
  }
  const provider = providerFor(kernel, runtime, client, config, stored.topic)
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

function providerFor(kernel: Kernel, runtime: Runtime, client: Client, config: EvmConfig, topic: string): SessionProvider {
  const existing = runtime.providers.get(topic)
  if (existing) return existing
  const provider = createSessionProvider(client, topic, config.networks, () => {
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
  const current = (): SessionTypes.Struct | undefined => client.session.getAll().find((candidate) => candidate.topic === topic)
  const accountsOf = (struct: SessionTypes.Struct | undefined) => struct?.namespaces[EVM_NAMESPACE]?.accounts ?? []
  const chainsOf = (struct: SessionTypes.Struct | undefined) => {
    const namespace = struct?.namespaces[EVM_NAMESPACE]
    const listed = namespace?.chains ?? accountsOf(struct).map((account) => account.split(':').slice(0, 2).join(':'))
    return [...new Set(listed.map(chainNumber).filter(Number.isSafeInteger))]
  }
  const addressesOn = (struct: SessionTypes.Struct | undefined, chain: number) => [
    ...new Set(accountsOf(struct).filter((account) => account.startsWith(`${EVM_NAMESPACE}:${chain}:`)).map(addressOf)),
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
