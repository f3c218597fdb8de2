// The body of the Solana chain: everything that needs @solana/kit, and everything that talks to a
// wallet or an RPC. The manifest (index.ts) loads this module through import() on the first
// connect, reconnect, balance or signature (style 3).
import { address as toAddress, createSolanaRpc, getBase58Decoder, isAddress, type Rpc, type SolanaRpcApi } from '@solana/kit'
import { isSolanaAddress } from 'foyer/protocol'
import {
  AddressOrAuthConnectorNotFoundError,
  NetworkNotFoundError,
  UnsupportedChainError,
  isSameNetwork,
  type Account,
  type Network,
  StorageToken,
  createToken,
  type Token,
} from 'foyer'
import type { CaipNetworkId, ConnectResult, NativeBalance, Kernel } from 'foyer'
import { SOLANA_DEVNET_GENESIS_HASH, SOLANA_MAINNET_GENESIS_HASH } from './networks.js'
import { LAST_SESSION_KEY, SOLANA_NAMESPACE, type SolanaConfig, type SolanaSession } from './session.js'
import { rpcUrlFor } from 'foyer/query'
import {
  featureOf,
  SOLANA_SIGN_MESSAGE,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  type StandardWallet,
  type StandardWalletAccount,
} from './walletStandard.js'

/** rules §9: an HTTP RPC request gives up after 10 s. */
export const RPC_TIMEOUT_MS = 10_000

// Here, not in session.ts: lazy chunks that import a manifest module drag its neighbours into shared chunks.
const RpcClientsToken: Token<Map<string, Rpc<SolanaRpcApi>>> = createToken('solana:rpcClients')

/** The RPC client for a URL, created once per kernel and URL: two kernels on a page share nothing. */
export function rpcFor(kernel: Pick<Kernel, 'container'>, url: string): Rpc<SolanaRpcApi> {
  const byUrl = kernel.container.ensure(RpcClientsToken, () => new Map<string, Rpc<SolanaRpcApi>>())
  let rpc = byUrl.get(url)
  if (!rpc) {
    rpc = createSolanaRpc(url) as Rpc<SolanaRpcApi>
    byUrl.set(url, rpc)
  }
  return rpc
}

/**
 * True for a Solana address per rules §5 (32 to 44 base58 characters) that also decodes to the 32 bytes
 * of an ed25519 public key.
 */
export function isValidSolanaAddress(value: unknown): value is string {
  return isSolanaAddress(value) && isAddress(value)
}

/** Reads a balance in lamports from the network's RPC, never through the wallet. */
export async function readBalance(kernel: Pick<Kernel, 'container'>, url: string, address: string): Promise<bigint> {
  if (!isValidSolanaAddress(address)) throw new Error(`'${address}' is not a Solana address.`)
  const { value } = await rpcFor(kernel, url)
    .getBalance(toAddress(address))
    .send({ abortSignal: AbortSignal.timeout(RPC_TIMEOUT_MS) })
  return value
}

/**
 * Solana accounts from what a wallet returned. Accounts that are not well-formed Solana addresses,
 * or that a multi-chain wallet lists only for other chains, are left out.
 */
export function toSolanaAccounts(accounts: unknown): Account[] {
  if (!Array.isArray(accounts)) return []
  const addresses = accounts
    .filter((account): account is StandardWalletAccount => typeof account === 'object' && account !== null)
    .filter(
      ({ chains }) =>
        !Array.isArray(chains) || chains.length === 0 || chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:')),
    )
    .map(({ address }) => address)
    .filter(isValidSolanaAddress)
  return [...new Set(addresses)].map((address) => ({ namespace: SOLANA_NAMESPACE, address, type: 'eoa' }))
}

/**
 * The Wallet Standard chain id a wallet knows a network by: `solana:mainnet`, `solana:devnet`, or
 * `solana:localnet` for any other cluster.
 */
export function walletChainOf(network: Network): string {
  const reference = network.caipNetworkId.slice(`${SOLANA_NAMESPACE}:`.length)
  if (SOLANA_MAINNET_GENESIS_HASH.startsWith(reference)) return 'solana:mainnet'
  if (SOLANA_DEVNET_GENESIS_HASH.startsWith(reference)) return 'solana:devnet'
  return 'solana:localnet'
}

/**
 * The network a new connection starts on. Wallet Standard wallets have no current network: the
 * site chooses. The one asked for (`defaultNetwork`) when the site lists it, else the first the
 * wallet says it supports, else the site's first.
 */
export function chooseNetwork({ networks }: SolanaConfig, wallet: StandardWallet, requested?: CaipNetworkId): CaipNetworkId {
  const wanted = requested && networks.find((network) => isSameNetwork(network, requested))
  const supported = networks.find((network) => wallet.chains.includes(walletChainOf(network)))
  return (wanted || supported || networks[0]!).caipNetworkId
}

export function requireNetwork({ networks }: SolanaConfig, networkId: string): Network {
  const network = networks.find((candidate) => isSameNetwork(candidate, networkId))
  if (!network) throw new NetworkNotFoundError({ details: `solana() has no network ${networkId}.` })
  return network
}

export function connectedWallet(session: SolanaSession | undefined): StandardWallet {
  if (!session?.active) throw new AddressOrAuthConnectorNotFoundError({ details: 'No Solana wallet is connected.' })
  return session.active.wallet
}

function remember(kernel: Kernel, connectorId: string, networkId: CaipNetworkId): void {
  kernel.container.resolve(StorageToken).write(LAST_SESSION_KEY, { connectorId, networkId })
}

/** The wallet let go of the site, or the visitor disconnected: stop listening and forget it. */
export function releaseWallet(kernel: Kernel, session: SolanaSession): void {
  session.active?.unwatch()
  session.active = undefined
  kernel.container.resolve(StorageToken).remove(LAST_SESSION_KEY)
}

/** Makes `wallet` the session's wallet and reports its account changes to the kernel. */
function activate(kernel: Kernel, session: SolanaSession, connectorId: string, wallet: StandardWallet): void {
  session.active?.unwatch()
  const unwatch =
    featureOf(wallet, STANDARD_EVENTS)?.on('change', ({ accounts }) => {
      // Only the properties present changed: a change of chains or features leaves the accounts be.
      if (accounts === undefined || session.active?.wallet !== wallet) return
      const next = toSolanaAccounts(accounts)
      if (next.length > 0) {
        kernel.dispatchConnection({ type: 'accounts-changed', namespace: SOLANA_NAMESPACE, accounts: next })
        return
      }
      // No account left: the wallet let go of the site.
      releaseWallet(kernel, session)
      kernel.dispatchConnection({ type: 'disconnected', namespace: SOLANA_NAMESPACE })
    }) ?? (() => {})
  session.active = { connectorId, wallet, unwatch }
}

async function requestAccounts(wallet: StandardWallet, { silent }: { silent: boolean }): Promise<Account[]> {
  const connect = featureOf(wallet, STANDARD_CONNECT)
  if (!connect) throw new Error(`The wallet '${wallet.name}' has no ${STANDARD_CONNECT} feature.`)
  // Some wallets leave `silent` unsupported and answer with what they have, prompting or not; the
  // accounts they hold after connecting are authoritative either way.
  const { accounts } = await connect.connect(silent ? { silent: true } : undefined)
  return toSolanaAccounts(accounts?.length ? accounts : wallet.accounts)
}

/** Connects a registered wallet through `standard:connect`, on the network {@link chooseNetwork} picks. */
export async function connectWallet(
  kernel: Kernel,
  session: SolanaSession,
  config: SolanaConfig,
  { connectorId, wallet, networkId }: { connectorId: string; wallet: StandardWallet; networkId?: CaipNetworkId },
): Promise<ConnectResult> {
  const accounts = await requestAccounts(wallet, { silent: false })
  const chosen = chooseNetwork(config, wallet, networkId)
  if (accounts.length > 0) {
    activate(kernel, session, connectorId, wallet)
    remember(kernel, connectorId, chosen)
  }
  return { accounts, networkId: chosen }
}

/**
 * rules §4: restores the remembered wallet without a prompt (`silent`): connected when it still shows an
 * account, else disconnected and forgotten. Does nothing once `epoch` is outdated.
 */
export async function restoreWallet(
  kernel: Kernel,
  session: SolanaSession,
  config: SolanaConfig,
  { connectorId, wallet, networkId, epoch }: { connectorId: string; wallet: StandardWallet; networkId: CaipNetworkId; epoch: number },
): Promise<void> {
  const accounts = await requestAccounts(wallet, { silent: true })
  if (session.epoch !== epoch || kernel.isDestroyed()) return
  if (accounts.length === 0) {
    // The wallet no longer lets this site see an account: there is nothing left to restore.
    kernel.container.resolve(StorageToken).remove(LAST_SESSION_KEY)
    kernel.dispatchConnection({ type: 'disconnected', namespace: SOLANA_NAMESPACE })
    return
  }
  // The remembered network, unless the site no longer lists it.
  const restored = config.networks.some((network) => isSameNetwork(network, networkId)) ? networkId : chooseNetwork(config, wallet)
  activate(kernel, session, connectorId, wallet)
  kernel.dispatchConnection({ type: 'connected', namespace: SOLANA_NAMESPACE, connectorId, accounts, networkId: restored })
}

/** Forgets the connected wallet and, when it offers `standard:disconnect`, tells it so. */
export async function disconnectWallet(kernel: Kernel, session: SolanaSession): Promise<void> {
  const active = session.active
  releaseWallet(kernel, session)
  if (!active) return
  try {
    await featureOf(active.wallet, STANDARD_DISCONNECT)?.disconnect()
  } catch (error) {
    // The site forgets the wallet either way; a wallet that fails to let go changes nothing here.
    kernel.logger.warn(`The wallet '${active.wallet.name}' failed to disconnect.`, error)
  }
}

/** The balance capability: lamports from the network's own RPC, never the wallet. */
export async function getNativeBalance(
  kernel: Kernel,
  config: SolanaConfig,
  { address, networkId }: { address: string; networkId: CaipNetworkId },
): Promise<NativeBalance> {
  const network = requireNetwork(config, networkId)
  const value = await readBalance(kernel, rpcUrlFor(kernel, network, config.rpcUrls.get(network.caipNetworkId)!), address)
  return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
}

/**
 * The signMessage capability: the UTF-8 bytes of `message`, signed through `solana:signMessage` by
 * the account with `address`. Returns the 64-byte ed25519 signature in base58, the encoding Solana
 * uses for signatures everywhere (transaction ids, explorers); verify it against the UTF-8 bytes and
 * the address's public key.
 */
export async function signMessage(
  session: SolanaSession | undefined,
  { address, message }: { address: string; message: string },
): Promise<string> {
  const wallet = connectedWallet(session)
  const feature = featureOf(wallet, SOLANA_SIGN_MESSAGE)
  if (!feature) throw new UnsupportedChainError({ details: `The wallet '${wallet.name}' has no ${SOLANA_SIGN_MESSAGE} feature.` })
  // The feature wants the wallet's own account object, not a copy.
  const account = wallet.accounts.find((candidate) => candidate.address === address)
  if (!account) throw new AddressOrAuthConnectorNotFoundError({ details: `The wallet '${wallet.name}' no longer shows ${address}.` })
  const [output] = await feature.signMessage({ account, message: new TextEncoder().encode(message) })
  // Checked as a view, not with instanceof: a wallet's Uint8Array may come from another realm.
  const signature: unknown = output?.signature
  if (!ArrayBuffer.isView(signature) || signature.byteLength !== 64)
    throw new Error(`The wallet '${wallet.name}' returned no ed25519 signature.`)
  return getBase58Decoder().decode(new Uint8Array(signature.buffer, signature.byteOffset, signature.byteLength))
}
