import { getTokenBalances } from '../../kernel/actions/getTokenBalances.js'
import { blockchainApiOf } from '../../kernel/blockchainApi.js'
import type { CaipNetworkId } from '../../kernel/caip.js'
import type { Kernel } from '../../kernel/createKernel.js'
import { parseAmount, type SendAsset } from './validateSend.js'

/** A token the account holds, with its balance in the smallest unit. */
export interface SendOption {
  asset: SendAsset
  balance: bigint
}

/**
 * The account's balances to choose from: the blockchain data service's list when one is configured
 * (§3 token balances), else the native balance through the chain's balance capability.
 */
export async function loadSendOptions(
  kernel: Kernel,
  { namespace, address, networkId }: { namespace: string; address: string; networkId: CaipNetworkId },
): Promise<SendOption[]> {
  if (blockchainApiOf(kernel)) {
    const balances = await getTokenBalances(kernel, { address, chainId: networkId })
    // Solana sends SOL only for now: SPL transfers are not offered by the chain yet.
    return balances.filter((token) => namespace !== 'solana' || !token.address).map((token) => ({
      // The service names a token by its CAIP-10 id (`eip155:1:0x…`); the chain wants the contract or mint.
      asset: { symbol: token.symbol, decimals: token.quantity.decimals, address: token.address?.split(':').at(-1) },
      balance: parseAmount(token.quantity.numeric, token.quantity.decimals) ?? 0n,
    }))
  }
  const capability = kernel.chains.get(namespace)?.capabilities?.balance
  if (!capability) return []
  const native = await capability.getBalance(kernel, { address, networkId })
  return [{ asset: { symbol: native.symbol, decimals: native.decimals }, balance: native.value }]
}
