// The demo site's side of a permission (TipDemo.tsx): its session key, which the grant names as its signer, and the
// ERC-7710 redemption it sends with that key. Loaded on the first tip: viem's accounts stay out of the first paint.
import {
  concat,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  http,
  pad,
  parseAbi,
  parseEther,
  toHex,
  type Hex,
  type PrivateKeyAccount,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const redeemAbi = parseAbi(['function redeemDelegations(bytes[] permissionContexts, bytes32[] modes, bytes[] executionCallDatas)'])
/** What the DelegationManager answers when a redemption is outside the permission (the enforcers revert with a reason). */
const refusalAbi = parseAbi(['error CannotUseADisabledDelegation()', 'error InvalidDelegate()'])
/** ERC-7579's single call, no try: the mode the period enforcer reads. */
const SINGLE_CALL = pad('0x00', { size: 32 })

/** The site's session key, kept in this page; on the local chain, anvil's test key gives it gas to redeem with. */
export async function sessionAccount(rpcUrl: string, storageKey: string, funderKey: Hex): Promise<PrivateKeyAccount> {
  let key = localStorage.getItem(storageKey) as Hex | null
  if (!key) {
    key = generatePrivateKey()
    localStorage.setItem(storageKey, key)
  }
  const account = privateKeyToAccount(key)
  const client = createPublicClient({ transport: http(rpcUrl) })
  if ((await client.getBalance({ address: account.address })) === 0n) {
    const funder = createWalletClient({ account: privateKeyToAccount(funderKey), transport: http(rpcUrl) })
    const hash = await funder.sendTransaction({ chain: null, to: account.address, value: parseEther('0.05') })
    await client.waitForTransactionReceipt({ hash })
  }
  return account
}

/** The grant this page kept for the connected address, if any. */
export function keptGrant(storageKey: string, address: string) {
  const kept = localStorage.getItem(`${storageKey}:${address.toLowerCase()}`)
  return kept ? (JSON.parse(kept) as { address: Hex; context: Hex; signerMeta: { delegationManager: Hex } }) : undefined
}

/**
 * Sends `amount` of `token` from the visitor's account to `to` inside the permission: the session key's own
 * transaction to the DelegationManager. Simulated first, so a tip outside the permission is refused with the
 * chain's reason and costs nothing.
 */
export async function redeem(
  rpcUrl: string,
  session: PrivateKeyAccount,
  grant: { context: Hex; signerMeta: { delegationManager: Hex } },
  { token, to, amount }: { token: Hex; to: Hex; amount: bigint },
): Promise<Hex> {
  const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  const call = {
    to: grant.signerMeta.delegationManager,
    data: encodeFunctionData({
      abi: redeemAbi,
      functionName: 'redeemDelegations',
      args: [[grant.context], [SINGLE_CALL], [concat([token, pad(toHex(0), { size: 32 }), transfer])]],
    }),
  }
  const client = createPublicClient({ transport: http(rpcUrl) })
  try {
    await client.call({ account: session.address, ...call })
  } catch (error) {
    throw new Error(refusalOf(error))
  }
  const wallet = createWalletClient({ account: session, transport: http(rpcUrl) })
  const hash = await wallet.sendTransaction({ chain: null, ...call })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error('the redemption reverted')
  return hash
}

/** The chain's reason for refusing a redemption, in words. */
function refusalOf(error: unknown): string {
  const data = (error as { walk?: (match: (cause: unknown) => boolean) => unknown }).walk?.(
    (cause) => typeof (cause as { data?: unknown }).data === 'string',
  ) as { data?: Hex } | undefined
  try {
    const decoded = data?.data && decodeErrorResult({ abi: refusalAbi, data: data.data })
    if (decoded) {
      if (decoded.errorName === 'CannotUseADisabledDelegation') return 'the permission was revoked'
      const [reason] = (decoded.args ?? []) as unknown as string[]
      if (reason?.includes('transfer-amount-exceeded')) return `beyond today's 1 USDC (${reason})`
      return reason ?? decoded.errorName
    }
  } catch {
    // An error this page does not know: the node's words below.
  }
  return (error as { shortMessage?: string }).shortMessage ?? String(error)
}
