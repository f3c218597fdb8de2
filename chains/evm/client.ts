// The body of the EVM chain: everything that needs viem. The manifest (index.ts) loads this module
// through import() on the first connect, reconnect, balance, switch or signature (STYLE 3).
import { createPublicClient, getAddress, http, isAddress, numberToHex, stringToHex, type PublicClient } from 'viem'
import type { Account, Network } from '../../kernel/network.js'
import { isUserRejection } from '../../kernel/errors/isUserRejection.js'
import { ChainNotSupportedError } from '../../kernel/errors/catalogue.js'
import { hasWalletErrorCode, toEvmNetworkId, UNRECOGNIZED_CHAIN_CODE, USER_REJECTED_CODE, type Eip1193Provider } from './provider.js'

/** §9: an HTTP RPC request gives up after 10 s. */
export const RPC_TIMEOUT_MS = 10_000

/** §9: at most 1000 JSON-RPC requests go in one HTTP batch. */
export const RPC_BATCH_SIZE = 1000

// Public clients per owner (a kernel) and URL: requests made in the same tick share one batch, and
// two kernels on a page share nothing.
const clients = new WeakMap<object, Map<string, PublicClient>>()

/** The public client for an RPC URL, created once per owner and URL. */
export function publicClientFor(owner: object, url: string): PublicClient {
  const byUrl = clients.get(owner) ?? new Map<string, PublicClient>()
  clients.set(owner, byUrl)
  let client = byUrl.get(url)
  if (!client) {
    client = createPublicClient({ transport: http(url, { timeout: RPC_TIMEOUT_MS, batch: { batchSize: RPC_BATCH_SIZE } }) })
    byUrl.set(url, client)
  }
  return client
}

/** Reads a native balance from the network's RPC, never through the wallet. */
export async function readNativeBalance(owner: object, url: string, address: string): Promise<bigint> {
  if (!isAddress(address, { strict: false })) throw new Error(`'${address}' is not an EVM address.`)
  return publicClientFor(owner, url).getBalance({ address })
}

/** Checksummed eip155 accounts from what a wallet returned; anything that is not an address is left out. */
export function toEvmAccounts(addresses: unknown): Account[] {
  if (!Array.isArray(addresses)) return []
  const checksummed = addresses.filter((address) => typeof address === 'string' && isAddress(address, { strict: false })).map((address) => getAddress(address as string))
  return [...new Set(checksummed)].map((address) => ({ namespace: 'eip155', address, type: 'eoa' }))
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
 * then to switch again; if adding fails that is 'Chain is not supported' (§8). A visitor's refusal
 * (4001) is rethrown as it is, so callers can tell it from a failure.
 */
export async function switchWalletNetwork(provider: Eip1193Provider, network: Network): Promise<void> {
  const chainId = numberToHex(Number(network.id))
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
export async function signWithWallet(provider: Eip1193Provider, { address, message }: { address: string; message: string }): Promise<string> {
  const signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), address] })
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
