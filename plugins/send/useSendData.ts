// The Send view's data: the balances to send from and the receiver's name, read through the kernel's queries.
import { useEffect } from 'react'
import { identityQuery, isValidAddress } from 'foyer'
import type { CaipNetworkId, Kernel } from 'foyer'
import { useKernelQuery } from 'foyer/react'
import { sendOptionsQuery, type SendOption } from './loadSendOptions.js'
import { updateSendState } from './sendState.js'
import type { SendAsset } from './validateSend.js'

/** The options to send from: loaded, loading, or failed to load. */
export type SendOptions = SendOption[] | 'loading' | 'error'

/** The account's balances to send from, read again when the account or network changes, or after a send. */
export function useSendOptions(
  kernel: Kernel,
  { address, namespace, networkId }: { address?: string; namespace?: string; networkId?: CaipNetworkId },
): SendOptions {
  const loaded = useKernelQuery(address && namespace && networkId ? sendOptionsQuery(kernel, { address, namespace, networkId }) : undefined)
  const ready = loaded?.status === 'ready' ? loaded.data : undefined
  // The form keeps the last total while the balances are read again.
  useEffect(() => {
    if (ready) updateSendState(kernel, { networkBalanceInUSD: ready.networkBalanceInUSD })
  }, [kernel, ready])
  if (ready) return ready.options
  return loaded?.status === 'error' ? 'error' : 'loading'
}

/**
 * Looks up the name and avatar of a valid receiver, where the chain has identities (EVM, rules §6), and
 * keeps them in the form while the receiver stays the same.
 */
export function useReceiverProfile(kernel: Kernel, namespace: string | undefined, receiverAddress: string) {
  const receiver = receiverAddress.trim()
  const hasIdentity = namespace !== undefined && kernel.chains.get(namespace)?.capabilities?.identity !== undefined
  const wanted = hasIdentity && isValidAddress(kernel, namespace, receiver) ? receiver : undefined
  const identity = useKernelQuery(wanted ? identityQuery(kernel, { address: wanted }) : undefined)
  const known = identity?.status === 'ready' ? identity.data : undefined
  useEffect(() => {
    if (known) updateSendState(kernel, { receiverProfileName: known.name, receiverProfileImageUrl: known.avatar })
  }, [kernel, known])
}

/** The chosen option; until the visitor chooses, the native coin (what most send), else a single token. */
export function selectedOption(list: SendOption[], token?: SendAsset): SendOption | undefined {
  if (!token) return list.find((option) => !option.asset.address) ?? (list.length === 1 ? list[0] : undefined)
  return list.find((option) => optionKey(option.asset) === optionKey(token))
}

export function optionKey(asset: SendAsset): string {
  return asset.address ?? `native:${asset.symbol}`
}
