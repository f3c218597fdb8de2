// The body of the EVM chain: everything that talks to a wallet or an RPC. The manifest (index.ts) loads
// this module through import() on the first connect, reconnect, balance, switch or signature (style 3).
// No viem here: a connection and its balance read need none of it (#21); sends and contract reads load it.
import type { CaipNetworkId, ConnectResult, NativeBalance, TypedData, Kernel } from 'foyer'
import {
  AddressOrAuthConnectorNotFoundError,
  ChainNotSupportedError,
  NetworkNotFoundError,
  isUserRejection,
  isSameNetwork,
  type Account,
  type Network,
  StorageToken,
} from 'foyer'
import { rpcUrlFor } from 'foyer/query'
import { checksumAddress, isHexAddress, toQuantity, utf8ToHex } from './hex.js'
import type { Eip1193Provider } from './provider.js'
import { rpcFor } from './rpc.js'
import { EVM_NAMESPACE, LAST_CONNECTOR_KEY, type EvmConfig, type EvmSession } from './session.js'

/** EIP-1193's code for "the visitor rejected the request". */
export const USER_REJECTED_CODE = 4001

/** EIP-3326's code for "the wallet does not know this chain; add it first". */
export const UNRECOGNIZED_CHAIN_CODE = 4902

/**
 * True when a wallet error carries `code`. Some wallets (MetaMask Mobile through its SDK, several
 * WalletConnect wallets) wrap the real error and put its code at `data.originalError.code`.
 */
export function hasWalletErrorCode(error: unknown, code: number): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code: own, data } = error as { code?: unknown; data?: { originalError?: { code?: unknown } } | null }
  return own === code || (typeof data === 'object' && data !== null && data.originalError?.code === code)
}

/**
 * The CAIP-2 id of an EIP-155 chain id as wallets report it: hex (`'0x1'`, the standard), decimal
 * text or a number (older wallets). Undefined for anything else.
 *
 * @example
 * toEvmNetworkId('0xa') // 'eip155:10'
 */
export function toEvmNetworkId(chainId: unknown): `eip155:${number}` | undefined {
  const id =
    typeof chainId === 'number'
      ? chainId
      : typeof chainId === 'string' && /^0x[0-9a-f]+$/i.test(chainId)
        ? Number.parseInt(chainId, 16)
        : typeof chainId === 'string' && /^\d+$/.test(chainId)
          ? Number(chainId)
          : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? `eip155:${id}` : undefined
}

/** Reads a native balance from the network's RPC, never through the wallet. */
export async function readNativeBalance(kernel: Pick<Kernel, 'container'>, url: string, address: string): Promise<bigint> {
  if (!isHexAddress(address)) throw new Error(`'${address}' is not an EVM address.`)
  const balance = await rpcFor(kernel, url)('eth_getBalance', [address, 'latest'])
  if (typeof balance !== 'string' || !/^0x[0-9a-f]+$/i.test(balance)) throw new Error(`eth_getBalance answered ${JSON.stringify(balance)}.`)
  return BigInt(balance)
}

/** Checksummed eip155 accounts from what a wallet returned; anything that is not an address is left out. */
export function toEvmAccounts(addresses: unknown): Account[] {
  if (!Array.isArray(addresses)) return []
  // Some wallets send all-lower-case addresses; the checksum makes every account one spelling.
  const valid = addresses.filter(isHexAddress)
  return [...new Set(valid.map(checksumAddress))].map((address) => ({ namespace: EVM_NAMESPACE, address, type: 'eoa' }))
}

/**
 * The wallet's accounts: `eth_requestAccounts` asks the visitor, `eth_accounts` (for reconnecting)
 * only lists what the site may already see.
 */
export async function requestAccounts(provider: Eip1193Provider, { prompt }: { prompt: boolean }): Promise<Account[]> {
  return toEvmAccounts(await provider.request({ method: prompt ? 'eth_requestAccounts' : 'eth_accounts' }))
}

/** The CAIP-2 id of the network the wallet is on. */
export async function readNetworkId(provider: Eip1193Provider): Promise<`eip155:${number}`> {
  const chainId = await provider.request({ method: 'eth_chainId' })
  const networkId = toEvmNetworkId(chainId)
  if (!networkId) throw new Error(`The wallet answered eth_chainId with ${JSON.stringify(chainId)}.`)
  return networkId
}

/**
 * Moves the wallet to `network`. A wallet that does not know the chain (4902) is asked to add it,
 * then to switch again; if adding fails that is 'Chain is not supported' (rules §8). A visitor's refusal
 * (4001) is rethrown as it is, so callers can tell it from a failure.
 */
export async function switchWalletNetwork(provider: Eip1193Provider, network: Network): Promise<void> {
  const chainId = toQuantity(Number(network.id))
  const switchChain = () => provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  try {
    await switchChain()
    return
  } catch (error) {
    if (!hasWalletErrorCode(error, UNRECOGNIZED_CHAIN_CODE)) throw error
  }
  try {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: network.rpcUrls.default.http,
          blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
        },
      ],
    })
  } catch (error) {
    if (isUserRejection(error) || hasWalletErrorCode(error, USER_REJECTED_CODE)) throw error
    throw new ChainNotSupportedError({ cause: error, details: `The wallet could not add ${network.name} (${network.caipNetworkId}).` })
  }
  // Some wallets switch as part of adding; asking again is harmless and covers those that do not.
  await switchChain()
}

/** Signs `message` with personal_sign, which wallets expect as hex of the UTF-8 text, before the address. */
export async function signWithWallet(
  provider: Eip1193Provider,
  { address, message }: { address: string; message: string },
): Promise<string> {
  const signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] })
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature.')
  return signature
}

/** Asks the wallet to forget this site (EIP-2255). Not every wallet supports it, so a failure is ignored. */
export async function revokeWallet(provider: Eip1193Provider): Promise<void> {
  try {
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
  } catch {
    // Unsupported (4200 or -32601) or refused: the site forgets the wallet either way.
  }
}

/** What a connected wallet reports by itself. */
export interface WalletHandlers {
  /** New accounts; an empty list means the wallet disconnected the site. */
  accountsChanged(accounts: Account[]): void
  networkChanged(networkId: `eip155:${number}`): void
  disconnected(): void
}

/** Listens to a connected wallet's events; returns the function that stops listening. */
export function watchWallet(provider: Eip1193Provider, handlers: WalletHandlers): () => void {
  const onAccounts = (accounts: readonly string[]) => handlers.accountsChanged(toEvmAccounts(accounts))
  const onChain = (chainId: string) => {
    const networkId = toEvmNetworkId(chainId)
    if (networkId) handlers.networkChanged(networkId)
  }
  const onDisconnect = (error?: unknown) => {
    // MetaMask emits disconnect with 1013 while it reconnects to its RPC; the site stays connected.
    if (hasWalletErrorCode(error, 1013)) return
    handlers.disconnected()
  }
  provider.on?.('accountsChanged', onAccounts)
  provider.on?.('chainChanged', onChain)
  provider.on?.('disconnect', onDisconnect)
  return () => {
    provider.removeListener?.('accountsChanged', onAccounts)
    provider.removeListener?.('chainChanged', onChain)
    provider.removeListener?.('disconnect', onDisconnect)
  }
}

// What the chain's required core and capabilities do once viem is here. The manifest keeps the
// per-kernel session and hands it in.

export function requireNetwork({ networks }: EvmConfig, networkId: string): Network {
  const network = networks.find((candidate) => isSameNetwork(candidate, networkId))
  if (!network) throw new NetworkNotFoundError({ details: `evm() has no network ${networkId}.` })
  return network
}

export function connectedWallet(session: EvmSession | undefined): Eip1193Provider {
  if (!session?.active) throw new AddressOrAuthConnectorNotFoundError({ details: 'No EVM wallet is connected.' })
  return session.active.provider
}

/** The wallet let go of the site, or the visitor disconnected: stop listening and forget it. */
export function releaseWallet(kernel: Kernel, session: EvmSession): void {
  session.active?.unwatch()
  session.active = undefined
  kernel.container.resolve(StorageToken).remove(LAST_CONNECTOR_KEY)
}

/** Makes `provider` the session's wallet and reports what it does by itself to the kernel. */
function activate(kernel: Kernel, session: EvmSession, connectorId: string, provider: Eip1193Provider): void {
  session.active?.unwatch()
  const disconnected = () => {
    releaseWallet(kernel, session)
    kernel.dispatchConnection({ type: 'disconnected', namespace: EVM_NAMESPACE })
  }
  const unwatch = watchWallet(provider, {
    accountsChanged: (accounts) =>
      accounts.length === 0 ? disconnected() : kernel.dispatchConnection({ type: 'accounts-changed', namespace: EVM_NAMESPACE, accounts }),
    networkChanged: (networkId) => kernel.dispatchConnection({ type: 'network-changed', namespace: EVM_NAMESPACE, networkId }),
    disconnected,
  })
  session.active = { connectorId, provider, unwatch }
}

/**
 * Connects a discovered wallet: its accounts (with a prompt), its network, and a switch to the
 * requested network when it is elsewhere. Remembered for the next visit (rules §4).
 */
export async function connectWallet(
  kernel: Kernel,
  session: EvmSession,
  config: EvmConfig,
  { connectorId, provider, networkId }: { connectorId: string; provider: Eip1193Provider; networkId?: CaipNetworkId },
): Promise<ConnectResult> {
  const accounts = await requestAccounts(provider, { prompt: true })
  let current = await readNetworkId(provider)
  const wanted = networkId ? config.networks.find((network) => isSameNetwork(network, networkId)) : undefined
  if (wanted && !isSameNetwork(wanted, current)) {
    try {
      await switchWalletNetwork(provider, wanted)
      current = await readNetworkId(provider)
    } catch (error) {
      // Connected is better than nothing: the visitor can switch later (or is shown UnsupportedChain).
      kernel.logger.warn(`The wallet stayed on ${current} instead of ${wanted.caipNetworkId}.`, error)
    }
  }
  if (accounts.length > 0) {
    activate(kernel, session, connectorId, provider)
    kernel.container.resolve(StorageToken).write(LAST_CONNECTOR_KEY, connectorId)
  }
  return { accounts, networkId: current }
}

/**
 * rules §4: restores the remembered wallet without a prompt (`eth_accounts`): connected when it still
 * shows an account, else disconnected and forgotten. Does nothing once `epoch` is outdated.
 */
export async function restoreWallet(
  kernel: Kernel,
  session: EvmSession,
  { connectorId, provider, epoch }: { connectorId: string; provider: Eip1193Provider; epoch: number },
): Promise<void> {
  const accounts = await requestAccounts(provider, { prompt: false })
  const networkId = accounts.length > 0 ? await readNetworkId(provider) : undefined
  if (session.epoch !== epoch || kernel.isDestroyed()) return
  if (!networkId) {
    // The wallet no longer lets this site see an account: there is nothing left to restore.
    kernel.container.resolve(StorageToken).remove(LAST_CONNECTOR_KEY)
    kernel.dispatchConnection({ type: 'disconnected', namespace: EVM_NAMESPACE })
    return
  }
  activate(kernel, session, connectorId, provider)
  kernel.dispatchConnection({ type: 'connected', namespace: EVM_NAMESPACE, connectorId, accounts, networkId })
}

/** Forgets the connected wallet and asks it to forget the site. */
export async function disconnectWallet(kernel: Kernel, session: EvmSession): Promise<void> {
  const active = session.active
  releaseWallet(kernel, session)
  if (active) await revokeWallet(active.provider)
}

/** The balance capability: the network's own RPC, never the wallet. */
export async function getNativeBalance(
  kernel: Kernel,
  config: EvmConfig,
  { address, networkId }: { address: string; networkId: CaipNetworkId },
): Promise<NativeBalance> {
  const network = requireNetwork(config, networkId)
  const value = await readNativeBalance(kernel, rpcUrlFor(kernel, network, config.rpcUrls.get(network.caipNetworkId)!), address)
  return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
}

/** The switchNetwork capability. */
export function switchNetwork(session: EvmSession | undefined, config: EvmConfig, networkId: CaipNetworkId): Promise<void> {
  const network = requireNetwork(config, networkId)
  return switchWalletNetwork(connectedWallet(session), network)
}

/** The signMessage capability. */
export function signMessage(session: EvmSession | undefined, params: { address: string; message: string }): Promise<string> {
  return signWithWallet(connectedWallet(session), params)
}

/** The signTypedData capability: EIP-712 through `eth_signTypedData_v4`, which takes the data as JSON text. */
export async function signTypedData(
  session: EvmSession | undefined,
  { address, typedData }: { address: string; typedData: TypedData },
): Promise<string> {
  const json = JSON.stringify(typedData, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
  const signature = await connectedWallet(session).request({ method: 'eth_signTypedData_v4', params: [address, json] })
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature.')
  return signature
}
