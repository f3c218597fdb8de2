// The EVM transfer and sendTransaction capabilities' body (viem), loaded through import() on the
// first send (style 3).
import { encodeFunctionData, erc20Abi, getAddress, isAddress, numberToHex } from 'viem'
import { estimateFeesPerGas, getGasPrice, waitForTransactionReceipt } from 'viem/actions'
import type { CaipNetworkId, TransactionRequest, TransferParameters, Kernel } from 'foyer'
import { rpcUrlFor } from 'foyer/query'
import { BaseError, type BaseErrorOptions } from 'foyer'
import { connectedWallet, requireNetwork } from './client.js'
import { publicClientFor } from './publicClient.js'
import type { EvmConfig, EvmSession } from './session.js'

/** How often the receipt is asked for: viem's 4 s default keeps the visitor waiting after the block. */
export const RECEIPT_POLL_MS = 1_000

/** The gas of a plain native-coin transfer to an account. */
export const NATIVE_TRANSFER_GAS = 21_000n
/** Wallets price their own fee, often at twice the base fee: the estimate keeps that much room. */
const FEE_HEADROOM = 2n

/** The transaction was mined but reverted: nothing was sent (a transfer, or any other transaction). */
export class TransferRevertedError extends BaseError {
  override name = 'TransferRevertedError'
  constructor(options?: BaseErrorOptions) {
    super('The transfer failed on the network', options)
  }
}

/**
 * Sends the native coin (`value`) or an ERC20 token (`transfer(address,uint256)` calldata). The
 * call is never simulated and its return value never decoded: USDT-style tokens return nothing from
 * `transfer` (rules §4), and a reverted receipt is what tells a failure.
 *
 * @throws {TransferRevertedError} when the receipt's status is reverted.
 */
export async function transfer(
  kernel: Kernel,
  session: EvmSession | undefined,
  config: EvmConfig,
  { from, to, amount, token, networkId }: TransferParameters,
): Promise<{ hash: string }> {
  const recipient = checkedAddress(to)
  const transaction: TransactionRequest = token
    ? {
        from,
        to: token.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
        networkId,
      }
    : { from, to: recipient, value: amount, networkId }
  return sendTransaction(kernel, session, config, transaction)
}

/**
 * The sendTransaction capability: eth_sendTransaction through the connected wallet, then the
 * receipt from the network's own RPC.
 *
 * @throws {TransferRevertedError} when the receipt's status is reverted.
 */
export async function sendTransaction(
  kernel: Kernel,
  session: EvmSession | undefined,
  config: EvmConfig,
  { from, to, value, data, gas, networkId }: TransactionRequest,
): Promise<{ hash: string }> {
  const provider = connectedWallet(session)
  const rpcUrl = rpcUrlOf(kernel, config, networkId)
  const transaction = {
    from,
    to: checkedAddress(to),
    ...(value !== undefined && { value: numberToHex(value) }),
    ...(data && { data }),
    ...(gas !== undefined && { gas: numberToHex(gas) }),
  }
  const hash = await provider.request({ method: 'eth_sendTransaction', params: [transaction] })
  if (typeof hash !== 'string' || !/^0x[0-9a-f]{64}$/i.test(hash)) throw new Error('The wallet returned no transaction hash.')
  const receipt = await waitForTransactionReceipt(publicClientFor(kernel, rpcUrl), {
    hash: hash as `0x${string}`,
    pollingInterval: RECEIPT_POLL_MS,
  })
  if (receipt.status !== 'success') throw new TransferRevertedError({ details: `Transaction ${hash} reverted.` })
  return { hash }
}

function checkedAddress(address: string): `0x${string}` {
  if (!isAddress(address, { strict: false })) throw new Error(`'${address}' is not an EVM address.`)
  return getAddress(address)
}

/**
 * The fee of a native-coin transfer at the network's current price (EIP-1559 where the network
 * has a base fee, else its gas price), with FEE_HEADROOM.
 */
export async function estimateFee(kernel: Kernel, config: EvmConfig, { networkId }: { networkId: CaipNetworkId }): Promise<bigint> {
  const client = publicClientFor(kernel, rpcUrlOf(kernel, config, networkId))
  const perGas = await estimateFeesPerGas(client).then(
    (fees) => fees.maxFeePerGas,
    () => getGasPrice(client),
  )
  return NATIVE_TRANSFER_GAS * perGas * FEE_HEADROOM
}

/** The network's RPC (parseEvmOptions gives every network one), or the public RPC service's (`services.rpc`). */
function rpcUrlOf(kernel: Kernel, config: EvmConfig, networkId: CaipNetworkId): string {
  const network = requireNetwork(config, networkId)
  return rpcUrlFor(kernel, network, config.rpcUrls.get(network.caipNetworkId)!)
}
