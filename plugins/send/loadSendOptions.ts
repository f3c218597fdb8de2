import { formatFiat, type CaipNetworkId, type Kernel, type KernelQuery } from 'foyer'
import { blockchainApiOf, getTokenBalances, PORTFOLIO_STALE_MS } from 'foyer/query'
import { parseAmount, type SendAsset } from './validateSend.js'

/** A token the account holds, with its balance in the smallest unit. */
export interface SendOption {
  asset: SendAsset
  balance: bigint
  /** The token's full name, where the data service gave one. */
  name?: string
  /** The token's icon URL (untrusted: the image component checks it). */
  iconUrl?: string
  /** USD for one whole token, where the data service prices it. */
  price?: number
}

export interface SendOptions {
  options: SendOption[]
  /** rules §3: what the account holds on this network, in USD; only the data service knows prices. */
  networkBalanceInUSD?: string
}

/** Where the account's balances are read: its namespace, network and address. */
export interface SendOptionsParameters {
  namespace: string
  address: string
  networkId: CaipNetworkId
}

/**
 * The balances to send from as a query: fresh for 30 s like the portfolio (rules §9), read again after
 * 'balances:changed' (a send).
 */
export function sendOptionsQuery(kernel: Kernel, where: SendOptionsParameters): KernelQuery<SendOptions> {
  return {
    key: ['send', 'options', where.namespace, where.networkId, where.address],
    staleTime: PORTFOLIO_STALE_MS,
    readsBalances: true,
    load: () =>
      loadSendOptions(kernel, where).catch((reason: unknown) => {
        kernel.logger.warn('The balances to send from could not be read.', reason)
        throw reason
      }),
  }
}

/**
 * The account's balances to choose from: the blockchain data service's list when one is configured
 * (rules §3 token balances: the native coin, ERC20 or SPL tokens), else the native balance through the
 * chain's balance capability. When the service fails (it has shown its toast), the native coin
 * can still be sent.
 */
export async function loadSendOptions(kernel: Kernel, { namespace, address, networkId }: SendOptionsParameters): Promise<SendOptions> {
  if (blockchainApiOf(kernel)) {
    const fromService = await serviceOptions(kernel, { address, networkId }).catch((reason: unknown) => {
      kernel.logger.warn('The token balances could not be read; offering the native coin only.', reason)
      return undefined
    })
    if (fromService) return fromService
  }
  const capability = kernel.chains.get(namespace)?.capabilities?.balance
  if (!capability) return { options: [] }
  const native = await capability.getBalance(kernel, { address, networkId })
  return { options: [{ asset: { symbol: native.symbol, decimals: native.decimals }, balance: native.value }] }
}

async function serviceOptions(kernel: Kernel, { address, networkId }: { address: string; networkId: CaipNetworkId }): Promise<SendOptions> {
  const balances = await getTokenBalances(kernel, { address, chainId: networkId })
  return {
    options: balances.map((token) => ({
      // The service names a token by its CAIP-10 id (`eip155:1:0x…`); the chain wants the contract or mint.
      asset: { symbol: token.symbol, decimals: token.quantity.decimals, address: token.address?.split(':').at(-1) },
      balance: parseAmount(token.quantity.numeric, token.quantity.decimals) ?? 0n,
      name: token.name,
      iconUrl: token.iconUrl,
      ...(token.price > 0 && { price: token.price }),
    })),
    networkBalanceInUSD: formatFiat(
      balances.reduce((sum, token) => sum + token.value, 0),
      'USD',
      kernel.i18n.locale,
    ),
  }
}
