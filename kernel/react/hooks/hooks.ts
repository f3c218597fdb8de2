import { useCallback, useMemo } from 'react'
import { identityQuery } from '../../actions/getIdentity.js'
import { nativeBalanceQuery, type GetNativeBalanceReturnType } from '../../actions/getNativeBalance.js'
import { signMessage, type SignMessageParameters } from '../../actions/signMessage.js'
import { disconnect, type DisconnectParameters } from '../../actions/disconnect.js'
import { switchNetwork } from '../../actions/switchNetwork.js'
import type { CaipNetworkId } from 'foyer/protocol'
import { accountStateOf, type AccountState } from '../../core/account.js'
import { closeModal, openModal, type OpenModalParameters } from '../../core/modal.js'
import { networkStateOf, type NetworkInfo } from '../../core/network.js'
import type { Identity } from '../../services/blockchainApi.js'
import type { ViewId } from '../../core/views.js'
import { useFoyerState, useKernel } from './context.js'
import { useKernelQuery } from './useKernelQuery.js'

/** Opens and closes the modal. @example const { open } = useModal(); open({ view: 'Networks' }) */
export function useModal() {
  const kernel = useKernel()
  const isOpen = useFoyerState((state) => state.modal.open)
  const open = useCallback(<V extends ViewId>(parameters?: OpenModalParameters<V>) => openModal(kernel, parameters), [kernel])
  const close = useCallback(() => closeModal(kernel), [kernel])
  return { isOpen, open, close }
}

export type { AccountState } from '../../core/account.js'

/**
 * rules §3 account state of the active connection, as `getAccount` gives it: address, status, connector, what the
 * plugins added (the signed-in user, the auth name, the account type), the wallet's info, and the last balance,
 * identity and token balances the kernel read (kept across reloads). Re-renders when any of them changes.
 */
export function useAccount(): AccountState {
  const kernel = useKernel()
  const connection = useFoyerState((state) => state.connection)
  const account = useFoyerState((state) => state.account)
  return useMemo(() => accountStateOf(kernel, connection, account), [kernel, connection, account])
}

export interface NetworkState extends NetworkInfo {
  switchNetwork: (networkId: CaipNetworkId) => Promise<void>
}

/** The active network and a way to switch it. */
export function useNetwork(): NetworkState {
  const kernel = useKernel()
  const connection = useFoyerState((state) => state.connection)
  const switchTo = useCallback((networkId: CaipNetworkId) => switchNetwork(kernel, { networkId }), [kernel])
  return useMemo(() => ({ ...networkStateOf(kernel, connection), switchNetwork: switchTo }), [kernel, connection, switchTo])
}

/** Disconnects; resolves when the wallet has let go (rules §4). */
export function useDisconnect() {
  const kernel = useKernel()
  return useCallback((parameters?: DisconnectParameters) => disconnect(kernel, parameters), [kernel])
}

export type NativeBalanceState =
  | { status: 'loading' }
  | { status: 'ready'; balance: GetNativeBalanceReturnType }
  | { status: 'unavailable'; error: unknown }

/**
 * The active account's native balance, read through its chain (30 s cache, rules §9) and formatted per
 * rules §5; read again on 'balances:changed' while shown. Undefined while nobody is connected or when the chain
 * cannot read balances.
 */
export function useNativeBalance(): NativeBalanceState | undefined {
  const kernel = useKernel()
  const { namespace, address } = useAccount()
  const { networkId } = useNetwork()
  const balance = useKernelQuery(
    namespace && address && networkId ? nativeBalanceQuery(kernel, { namespace, address, networkId }) : undefined,
  )
  if (balance?.status === 'ready') return { status: 'ready', balance: balance.data }
  if (balance?.status === 'error') return { status: 'unavailable', error: balance.error }
  return balance
}

/** Signs a message with the connected wallet. @example const sign = useSignMessage(); await sign({ message }) */
export function useSignMessage() {
  const kernel = useKernel()
  return useCallback((parameters: SignMessageParameters) => signMessage(kernel, parameters), [kernel])
}

/**
 * The active account's name and avatar from the blockchain data service (cached 5 minutes, rules §9),
 * where its chain has identities (the `identity` capability: EVM, rules §6). Undefined until known,
 * elsewhere, and without a configured service. The client loads on demand, so the Account view's
 * first paint never waits for it.
 */
export function useIdentity(): Identity | undefined {
  const kernel = useKernel()
  const { namespace, address } = useAccount()
  const hasIdentity = namespace !== undefined && kernel.chains.get(namespace)?.capabilities?.identity !== undefined
  const wanted = hasIdentity ? address : undefined
  const identity = useKernelQuery(wanted ? identityQuery(kernel, { address: wanted }) : undefined)
  return identity?.status === 'ready' ? identity.data : undefined
}
