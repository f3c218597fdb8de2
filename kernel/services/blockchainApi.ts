// The blockchain data service (rules §7): balances, history, identity. Only lazily loaded code imports this
// module (the plugins' views, the queries' loaders), so it is not in the kernel's first paint.
import * as v from 'valibot'
import type { Kernel } from '../core/createKernel.js'
import { createHttpClient } from './http.js'
import { isSafeImageUrl } from '../model/network.js'
import { serviceOf, type ServiceClientOptions } from './serviceOf.js'
import { BlockchainApiToken } from '../core/tokens.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'

/** A token balance (rules §3), checked. `address` is the CAIP-10 id of the contract, absent for the native currency. */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 */
  chainId: string
  address?: string
  /** Fiat value (quantity × price), USD. */
  value: number
  price: number
  /** `numeric` is the decimal amount ('12.5'); `decimals` the token's precision. */
  quantity: { decimals: number; numeric: string }
  /** https, data:image or loopback http only. */
  iconUrl?: string
}

/** One movement of a transaction (rules §3), checked: image URLs are safe or absent. */
export interface TransactionTransfer {
  direction?: 'in' | 'out'
  quantity: { numeric: string }
  /** USD, fungibles only. */
  value?: number
  fungible?: { name: string; symbol: string; iconUrl?: string; isSpam: boolean }
  nft?: { name: string; imageUrl?: string; isSpam: boolean }
}

/** A transaction (rules §3), checked. */
export interface Transaction {
  id: string
  metadata: {
    /** ISO 8601 */
    minedAt: string
    /** CAIP-2 */
    chain: string
    operationType: string
    status: string
    sentFrom: string
    sentTo?: string
    hash?: string
  }
  transfers: TransactionTransfer[]
}

/** One page of history; `next` is the cursor of the following page, absent on the last. */
export interface HistoryPage {
  data: Transaction[]
  next?: string
}

/** A name and avatar (rules §3); either may be absent. */
export interface Identity {
  name?: string
  avatar?: string
}

export interface GetHistoryParameters {
  cursor?: string
  /** CAIP-2; leave out for every chain the service indexes. */
  chainId?: string
  /** rules §7: an on-ramp provider ('coinbase', 'meld'): only the account's purchases from it. */
  onramp?: string
}

/** The blockchain data service (rules §7). Replace `BlockchainApiToken` to serve the data from anywhere. */
export interface BlockchainApi {
  /** CAIP-2 ids the service answers for. */
  getSupportedChains(): Promise<string[]>
  /**
   * Empty on a network the service does not support (rules §7). `forceUpdate` asks the service for what the chain holds
   * now rather than what it indexed last (after a transfer).
   */
  getBalances(address: string, chainId: string, options?: { forceUpdate?: boolean }): Promise<TokenBalance[]>
  /** Empty on a network the service does not support (rules §7). */
  getHistory(account: string, parameters?: GetHistoryParameters): Promise<HistoryPage>
  /** `sender` (rules §7) is the connected account that asks, when there is one. */
  getIdentity(address: string, options?: { sender?: string }): Promise<Identity>
}

const text = v.pipe(v.string(), v.maxLength(200))
const finite = v.pipe(v.number(), v.finite())
const numeric = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i))

const BalanceSchema = v.object({
  name: text,
  symbol: text,
  chainId: text,
  address: v.nullish(text),
  value: v.nullish(finite),
  price: v.nullish(finite),
  quantity: v.object({ decimals: v.union([v.string(), v.number()]), numeric }),
  iconUrl: v.nullish(v.string()),
})

const SpamFlags = v.nullish(v.object({ is_spam: v.nullish(v.boolean()) }))

const TransferSchema = v.object({
  direction: v.nullish(v.picklist(['in', 'out'])),
  quantity: v.object({ numeric }),
  value: v.nullish(finite),
  fungible_info: v.nullish(
    v.object({ name: v.nullish(text), symbol: text, icon: v.nullish(v.object({ url: v.nullish(v.string()) })), flags: SpamFlags }),
  ),
  nft_info: v.nullish(
    v.object({
      name: text,
      flags: SpamFlags,
      content: v.nullish(v.object({ preview: v.nullish(v.object({ url: v.nullish(v.string()) })) })),
    }),
  ),
})

const TransactionSchema = v.object({
  id: text,
  metadata: v.object({
    minedAt: v.pipe(v.string(), v.isoTimestamp()),
    chain: text,
    operationType: text,
    status: text,
    sentFrom: text,
    sentTo: v.nullish(text),
    hash: v.nullish(text),
  }),
  transfers: v.array(v.unknown()),
})

const BalancesSchema = v.object({ balances: v.array(v.unknown()) })
const HistorySchema = v.object({ data: v.array(v.unknown()), next: v.nullish(v.string()) })
const IdentitySchema = v.object({ name: v.nullish(v.string()), avatar: v.nullish(v.string()) })
const SupportedChainsSchema = v.object({ http: v.array(v.string()) })

/** Keeps the entries that match `schema`: one malformed entry never hides a page. */
function parseEach<TSchema extends v.GenericSchema>(schema: TSchema, entries: readonly unknown[]): v.InferOutput<TSchema>[] {
  return entries.flatMap((entry) => {
    const parsed = v.safeParse(schema, entry)
    return parsed.success ? [parsed.output] : []
  })
}

const safeImage = (url: string | null | undefined) => (isSafeImageUrl(url) ? url : undefined)

function toBalance(entry: v.InferOutput<typeof BalanceSchema>): TokenBalance | undefined {
  const decimals = Number(entry.quantity.decimals)
  if (!Number.isSafeInteger(decimals) || decimals < 0) return undefined
  return {
    name: entry.name,
    symbol: entry.symbol,
    chainId: entry.chainId,
    ...(entry.address ? { address: entry.address } : {}),
    value: entry.value ?? 0,
    price: entry.price ?? 0,
    quantity: { decimals, numeric: entry.quantity.numeric },
    iconUrl: safeImage(entry.iconUrl),
  }
}

function toTransaction(entry: v.InferOutput<typeof TransactionSchema>): Transaction {
  const { metadata } = entry
  return {
    id: entry.id,
    metadata: {
      minedAt: metadata.minedAt,
      chain: metadata.chain,
      operationType: metadata.operationType,
      status: metadata.status,
      sentFrom: metadata.sentFrom,
      ...(metadata.sentTo ? { sentTo: metadata.sentTo } : {}),
      ...(metadata.hash ? { hash: metadata.hash } : {}),
    },
    transfers: parseEach(TransferSchema, entry.transfers).map((transfer) => ({
      ...(transfer.direction ? { direction: transfer.direction } : {}),
      quantity: { numeric: transfer.quantity.numeric },
      ...(transfer.value != null ? { value: transfer.value } : {}),
      ...(transfer.fungible_info && {
        fungible: {
          name: transfer.fungible_info.name ?? transfer.fungible_info.symbol,
          symbol: transfer.fungible_info.symbol,
          iconUrl: safeImage(transfer.fungible_info.icon?.url),
          isSpam: transfer.fungible_info.flags?.is_spam === true,
        },
      }),
      ...(transfer.nft_info && {
        nft: {
          name: transfer.nft_info.name,
          imageUrl: safeImage(transfer.nft_info.content?.preview?.url),
          isSpam: transfer.nft_info.flags?.is_spam === true,
        },
      }),
    })),
  }
}

/** `baseUrl` is the service's http(s) URL, e.g. `services.api`. */
export type BlockchainApiOptions = ServiceClientOptions

/**
 * Creates the client of the blockchain data service (`services/api`). Every GET sends the sdk type,
 * sdk version and project id (rules §7). Calls about a network the service does not list in
 * `v1/supported-chains` are skipped with empty results (rules §7); that list is asked once, and again after
 * a failure. Malformed entries are dropped, never the page.
 *
 * @example
 * const api = createBlockchainApi({ baseUrl: 'https://api.example.com', projectId })
 * const balances = await api.getBalances('0x…', 'eip155:1')
 */
export function createBlockchainApi(options: BlockchainApiOptions): BlockchainApi {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    query: { st: SDK_TYPE, sv: SDK_VERSION, projectId: options.projectId },
  })
  let supported: Promise<string[]> | undefined
  const getSupportedChains = () => {
    supported ??= http.get('/v1/supported-chains', { schema: SupportedChainsSchema }).then((result) => result.http)
    // A failed list is not kept: the next call asks again.
    supported.catch(() => (supported = undefined))
    return supported
  }
  const isSupported = async (chainId: string) => (await getSupportedChains()).includes(chainId)

  return {
    getSupportedChains,
    async getBalances(address, chainId, { forceUpdate } = {}) {
      if (!(await isSupported(chainId))) return []
      const result = await http.get(`/v1/account/${encodeURIComponent(address)}/balance`, {
        schema: BalancesSchema,
        query: { currency: 'usd', chainId, forceUpdate: forceUpdate || undefined },
      })
      return parseEach(BalanceSchema, result.balances).flatMap((entry) => toBalance(entry) ?? [])
    },
    async getHistory(account, { cursor, chainId, onramp } = {}) {
      if (chainId && !(await isSupported(chainId))) return { data: [] }
      const result = await http.get(`/v1/account/${encodeURIComponent(account)}/history`, {
        schema: HistorySchema,
        query: { cursor, chainId, onramp },
      })
      const data = parseEach(TransactionSchema, result.data).map(toTransaction)
      return result.next ? { data, next: result.next } : { data }
    },
    async getIdentity(address, { sender } = {}) {
      const result = await http.get(`/v1/identity/${encodeURIComponent(address)}`, { schema: IdentitySchema, query: { sender } })
      return {
        ...(result.name ? { name: result.name } : {}),
        ...(isSafeImageUrl(result.avatar) ? { avatar: result.avatar } : {}),
      }
    },
  }
}

/**
 * rules §7 `sender` of an identity lookup: the connected account of a chain that has identities (the `identity`
 * capability), if any.
 */
export function identitySender(kernel: Kernel): string | undefined {
  const { namespaces } = kernel.store.getState().connection
  return Object.entries(namespaces).find(
    ([namespace, connection]) => connection.address && kernel.chains.get(namespace)?.capabilities?.identity,
  )?.[1].address
}

/** The kernel's blockchain data service: the host's replacement if it registered one, else `services.api`, else none. */
export function blockchainApiOf(kernel: Kernel): BlockchainApi | undefined {
  return serviceOf(kernel, { token: BlockchainApiToken, url: 'api', create: createBlockchainApi })
}
