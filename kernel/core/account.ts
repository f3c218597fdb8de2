// rules §3's account state in one place: what a host reads about its visitor. The kernel knows the connection (its
// connector, accounts and network) and the last figures its queries kept (balance, identity, token balances); the
// plugins that know more — the embedded wallet's signed-in user, how the visitor signed in — add it per connector with
// `setAccountDetails`. Disconnecting a connector's last namespace forgets what was added for it (rules §4).
import * as v from 'valibot'
import type { Kernel } from './createKernel.js'
import { selectActiveConnection, type ConnectionState, type ConnectionStatus } from './connection.js'
import type { SignInMessage } from './chain.js'
import type { Store } from './store.js'
import { isSafeImageUrl, type AccountType, type ConnectorType } from '../model/network.js'
import type { TokenBalance } from '../services/blockchainApi.js'
import { readPersisted } from '../services/queryCache.js'

/** rules §3 authenticated user: who signed in to a login connector (the embedded wallet), and the login's sign-in. */
export interface AccountUser {
  /** The email the visitor signed in with, when they used one. */
  email?: string
  /** A social login's name, as the provider gave it. */
  userName?: string
  /** Every account the login holds, on every namespace it serves. */
  accounts: readonly { namespace: string; address: string; type: AccountType }[]
  /** The sign-in message signed as part of the login (rules §4), as text. */
  message?: string
  /** Its signature. */
  signature?: string
  /** The same message as fields (rules §3 sign-in message). */
  siwxMessage?: SignInMessage
}

/** The wallet behind the connection, as it introduced itself. */
export interface ConnectedWalletInfo {
  name: string
  /** https or data:image only. */
  icon?: string
  rdns?: string
  type: ConnectorType
}

/** What plugins add about the visitor behind one connector (rules §3 account state). */
export interface AccountDetails {
  /** rules §3 connection auth name: how the visitor signed in to a login connector, e.g. 'email', 'google', 'farcaster'. */
  authName?: string
  user?: AccountUser
  /** The social provider the login used, when it was one. */
  socialProvider?: string
  /** rules §6: the account type the visitor prefers on EVM, eoa or smartAccount. */
  preferredAccountType?: AccountType
  /** True once the smart account has been deployed on the current network. */
  smartAccountDeployed?: boolean
  /** The wallet as the connector's plugin knows it better than its connector (a WalletConnect peer's own name). */
  connectedWalletInfo?: ConnectedWalletInfo
}

export interface AccountSlice {
  /** What plugins added, by connector id. */
  details: Readonly<Record<string, AccountDetails>>
  /** Labels the host or a plugin gave addresses, by lowercased address. */
  addressLabels: Readonly<Record<string, string>>
  /** Counts the figures kept by the queries (balances, identities), so that readers of the account state hear of them. */
  figures: number
}

export const INITIAL_ACCOUNT: AccountSlice = { details: {}, addressLabels: {}, figures: 0 }

/** A token balance as the account state keeps it (rules §3): the portfolio's last answer for the account's network. */
export type AccountTokenBalance = TokenBalance

/** rules §3 account state: the active connection, what plugins added for it, and its last known figures. */
export interface AccountState extends AccountDetails {
  status: ConnectionStatus
  /** The active account's address, when connected. */
  address?: string
  /** `namespace:reference:address` (CAIP-10). */
  caipAddress?: string
  namespace?: string
  connectorId?: string
  isConnected: boolean
  /** The active account's type, when its connection says. */
  accountType?: AccountType
  /** The native balance as last read (rules §5 format), kept across reloads; undefined until read once. */
  balance?: string
  balanceSymbol?: string
  /** The account's name and avatar from its identity, as last read. */
  profileName?: string
  profileImage?: string
  /** The account's token balances on its network, as the portfolio last read them. */
  tokenBalance?: readonly AccountTokenBalance[]
  /** Labels given to addresses (`setAddressLabel`), by lowercased address. */
  addressLabels: Readonly<Record<string, string>>
  /** The wallet behind the connection: its connector's name, icon and rdns, unless its plugin knows better. */
  connectedWalletInfo?: ConnectedWalletInfo
}

// The keys and shapes of the figures the kernel's queries keep (getNativeBalance, getIdentity, getTokenBalances),
// here so that the account state reads them without loading the queries' code.
// Numbers read back from JSON are finite already (JSON has no NaN or Infinity).
const text = v.pipe(v.string(), v.maxLength(200))
const imageUrl = v.pipe(
  v.string(),
  v.check((url: string) => isSafeImageUrl(url)),
)
export const nativeBalanceKey = (networkId: string, address: string) => ['native-balance', networkId, address]
export const identityKey = (address: string) => ['identity', address.toLowerCase()]
export const tokenBalancesKey = (chainId: string, address: string) => ['balances', chainId, address.toLowerCase()]
export const NativeBalanceFigure = v.object({ formatted: text, symbol: text })
export const IdentityFigure = v.object({ name: v.optional(text), avatar: v.optional(imageUrl) })
export const TokenBalancesFigure = v.array(
  v.object({
    name: text,
    symbol: text,
    chainId: text,
    address: v.optional(text),
    value: v.number(),
    price: v.number(),
    quantity: v.object({ decimals: v.number(), numeric: text }),
    iconUrl: v.optional(imageUrl),
  }),
)

/**
 * Adds what a plugin knows about the visitor behind `connectorId` (rules §3), merged over what it added before; a
 * field set to undefined is removed. Forgotten when the connector's last namespace disconnects.
 *
 * @example
 * setAccountDetails(kernel, 'email', { authName: 'email', user: { email, accounts } })
 */
export function setAccountDetails(kernel: Kernel, connectorId: string, details: AccountDetails): void {
  kernel.store.update('account', (account) => {
    const merged = Object.fromEntries(
      Object.entries({ ...account.details[connectorId], ...details }).filter(([, value]) => value !== undefined),
    ) as AccountDetails
    return { ...account, details: { ...account.details, [connectorId]: merged } }
  })
}

/**
 * Labels an address for the account state's `addressLabels` (the host's own names for its visitors' accounts);
 * undefined removes the label.
 *
 * @example
 * setAddressLabel(kernel, '0xAb…', 'Treasury')
 */
export function setAddressLabel(kernel: Kernel, address: string, label: string | undefined): void {
  kernel.store.update('account', (account) => {
    const { [address.toLowerCase()]: _previous, ...others } = account.addressLabels
    return { ...account, addressLabels: label === undefined ? others : { ...others, [address.toLowerCase()]: label } }
  })
}

/** rules §4: forgets what plugins added for connectors that no namespace is connected or connecting with any more. */
export function forgetDisconnectedDetails(store: Store): void {
  const { connection, account } = store.getState()
  const inUse = new Set(
    Object.values(connection.namespaces).flatMap((entry) => (entry.status === 'disconnected' ? [] : [entry.connectorId])),
  )
  const kept = Object.entries(account.details).filter(([connectorId]) => inUse.has(connectorId))
  if (kept.length === Object.keys(account.details).length) return
  store.update('account', (current) => ({ ...current, details: Object.fromEntries(kept) }))
}

/**
 * rules §3 account state of the active connection: its address, status and connector; what plugins added (the signed-in
 * user, the auth name, the account type); the wallet's info; and the last balance, identity and token balances the
 * kernel read, kept across reloads (rules §9 lifetimes: they may be older; the hooks read them again).
 *
 * @example
 * const { address, balance, balanceSymbol, user, authName } = getAccount(kernel)
 */
export function getAccount(kernel: Kernel): AccountState {
  const { connection, account } = kernel.store.getState()
  return accountStateOf(kernel, connection, account)
}

/** `getAccount` over given slices (the hook's memo). */
export function accountStateOf(kernel: Kernel, connection: ConnectionState, account: AccountSlice): AccountState {
  const active = selectActiveConnection(connection)
  if (!active) {
    // A namespace restored before the one that was shown waits for it (rules §4): the account is still on its way.
    const connecting = Object.values(connection.namespaces).some(
      (entry) => entry.status === 'connecting' || (connection.restoring !== undefined && entry.status === 'connected'),
    )
    return { status: connecting ? 'connecting' : 'disconnected', isConnected: false, addressLabels: account.addressLabels }
  }
  const { namespace, connectorId, address, networkId } = active
  const details = connectorId ? account.details[connectorId] : undefined
  return {
    ...details,
    status: 'connected',
    address,
    caipAddress: networkId && address ? `${networkId}:${address}` : undefined,
    namespace,
    connectorId,
    isConnected: true,
    accountType: active.accounts.find((candidate) => candidate.address === address)?.type,
    ...(address && networkId ? figuresOf(kernel, namespace, address, networkId) : {}),
    addressLabels: account.addressLabels,
    connectedWalletInfo: details?.connectedWalletInfo ?? walletInfoOf(connection, connectorId),
  }
}

function figuresOf(kernel: Kernel, namespace: string, address: string, networkId: string) {
  const balance = readPersisted(kernel, {
    key: nativeBalanceKey(networkId, address),
    persist: NativeBalanceFigure,
    readsBalances: true,
  })?.data
  const hasIdentity = kernel.chains.get(namespace)?.capabilities?.identity !== undefined
  const identity = hasIdentity ? readPersisted(kernel, { key: identityKey(address), persist: IdentityFigure })?.data : undefined
  const tokenBalance = readPersisted(kernel, {
    key: tokenBalancesKey(networkId, address),
    persist: TokenBalancesFigure,
    readsBalances: true,
  })?.data
  return {
    ...(balance && { balance: balance.formatted, balanceSymbol: balance.symbol }),
    ...(identity?.name !== undefined && { profileName: identity.name }),
    ...(identity?.avatar !== undefined && { profileImage: identity.avatar }),
    ...(tokenBalance && { tokenBalance }),
  }
}

function walletInfoOf(connection: ConnectionState, connectorId: string | undefined): ConnectedWalletInfo | undefined {
  const connector = connection.connectors.find((candidate) => candidate.id === connectorId)
  if (!connector) return undefined
  return {
    name: connector.name,
    type: connector.type,
    ...(connector.imageUrl && { icon: connector.imageUrl }),
    ...(connector.info?.rdns && { rdns: connector.info.rdns }),
  }
}
