// Chain 31337 of an end-to-end stack as the smart-account and permission files read it: the chain itself, anvil's first
// account to fund visitors with, USDC, and the EVM address the demo's Account view shows.
import type { Page } from 'playwright-core'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  type Hex,
  type HttpTransport,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { openAccount, type Stack } from './harness.js'

export interface LocalChain {
  chain: PublicClient<HttpTransport>
  /** Anvil's first account, rich in ETH and USDC. */
  funder: WalletClient<HttpTransport, undefined, PrivateKeyAccount>
  usdc: Hex
  usdcOf(address: Hex): Promise<bigint>
  /** Sends `amount` of USDC (6 decimals) from the funder, mined. */
  fundUsdc(address: Hex, amount: bigint): Promise<TransactionReceipt>
}

/** Chain 31337 of `stack`: a reader, anvil #0 to fund with, and USDC. */
export function chainClients(stack: Stack): LocalChain {
  const rpcUrl = stack.chains['31337']!.rpcUrl
  const chain = createPublicClient({ transport: http(rpcUrl) })
  const funder = createWalletClient({ account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey), transport: http(rpcUrl) })
  const usdc = stack.fixtures.chains['31337']!.usdc
  const usdcOf = (address: Hex) => chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  const fundUsdc = async (address: Hex, amount: bigint) =>
    chain.waitForTransactionReceipt({
      hash: await funder.writeContract({ chain: null, address: usdc, abi: erc20Abi, functionName: 'transfer', args: [address, amount] }),
    })
  return { chain, funder, usdc, usdcOf, fundUsdc }
}

/** Opens the Account view and answers the EVM address it shows on chain 31337 (it may open on the Solana account). */
export async function shownEvmAddress(page: Page): Promise<Hex> {
  const account = await openAccount(page)
  const toEvm = account.getByRole('button', { name: 'Show Ethereum account' })
  await account.getByRole('button', { name: 'Show Solana account' }).or(toEvm).waitFor()
  if (await toEvm.isVisible()) await toEvm.click()
  await expect.poll(() => page.getByTestId('network').textContent()).toContain('eip155:31337')
  return (await page.getByTestId('address').textContent()) as Hex
}
