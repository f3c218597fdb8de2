import { useCallback, useEffect, useMemo, useState } from 'react'
import { getNativeBalance, type GetNativeBalanceReturnType } from '../actions/getNativeBalance.js'
import { signMessage, type SignMessageParameters } from '../actions/signMessage.js'
import { disconnect, type DisconnectParameters } from '../actions/disconnect.js'
import { switchNetwork } from '../actions/switchNetwork.js'
import type { CaipNetworkId } from '../caip.js'
import { selectActiveConnection, type ConnectionStatus } from '../connection.js'
import { closeModal, openModal, type OpenModalParameters } from '../modal.js'
import { isSameNetwork, type Network } from '../network.js'
import type { Identity } from '../blockchainApi.js'
import { BlockchainApiToken } from '../tokens.js'
import type { ViewId } from '../views.js'
import { useFoyerState, useKernel } from './context.js'

/** Opens and closes the modal. @example const { open } = useModal(); open({ view: 'Networks' }) */
export function useModal() {
  const kernel = useKernel()
  const isOpen = useFoyerState((state) => state.modal.open)
  const open = useCallback(<V extends ViewId>(parameters?: OpenModalParameters<V>) => openModal(kernel, parameters), [kernel])
  const close = useCallback(() => closeModal(kernel), [kernel])
  return { isOpen, open, close }
}

export interface AccountState {
  status: ConnectionStatus
  /** The active account's address, when connected. */
  address?: string
  /** `namespace:reference:address` (CAIP-10). */
  caipAddress?: string
  namespace?: string
  connectorId?: string
  isConnected: boolean
}

/** The account the modal shows: the active namespace's connection. */
export function useAccount(): AccountState {
  const connection = useFoyerState((state) => state.connection)
  return useMemo(() => {
    const active = selectActiveConnection(connection)
    if (!active) {
      const connecting = Object.values(connection.namespaces).some((entry) => entry.status === 'connecting')
      return { status: connecting ? 'connecting' : 'disconnected', isConnected: false }
    }
    return {
      status: 'connected',
      address: active.address,
      caipAddress: active.networkId && active.address ? `${active.networkId}:${active.address}` : undefined,
      namespace: active.namespace,
      connectorId: active.connectorId,
      isConnected: true,
    }
  }, [connection])
}

export interface NetworkState {
  networkId?: CaipNetworkId
  /** The network, when the active chain declares it. */
  network?: Network
  /** False when the wallet sits on a network this site did not configure (§4). */
  isSupported: boolean
  /** Every network the chain plugins declare. */
  networks: readonly Network[]
  switchNetwork: (networkId: CaipNetworkId) => Promise<void>
}

/** The active network and a way to switch it. */
export function useNetwork(): NetworkState {
  const kernel = useKernel()
  const connection = useFoyerState((state) => state.connection)
  const switchTo = useCallback((networkId: CaipNetworkId) => switchNetwork(kernel, { networkId }), [kernel])
  return useMemo(() => {
    const active = selectActiveConnection(connection)
    const networks = kernel.chains.networks()
    const networkId = active?.networkId
    const network = networkId ? networks.find((candidate) => isSameNetwork(candidate, networkId)) : undefined
    return { networkId, network, isSupported: !networkId || network !== undefined, networks, switchNetwork: switchTo }
  }, [kernel, connection, switchTo])
}

/** Disconnects; resolves when the wallet has let go (§4). */
export function useDisconnect() {
  const kernel = useKernel()
  return useCallback((parameters?: DisconnectParameters) => disconnect(kernel, parameters), [kernel])
}

export type NativeBalanceState =
  | { status: 'loading' }
  | { status: 'ready'; balance: GetNativeBalanceReturnType }
  | { status: 'unavailable'; error: unknown }

/**
 * The active account's native balance, read through its chain (30 s cache, §9) and formatted per
 * §5; read again on 'balances:changed'. Undefined while nobody is connected or when the chain
 * cannot read balances.
 */
export function useNativeBalance(): NativeBalanceState | undefined {
  const kernel = useKernel()
  const { namespace, address } = useAccount()
  const { networkId } = useNetwork()
  const version = useBalancesVersion()
  const request = useMemo(
    () => (namespace && address && networkId ? getNativeBalance(kernel, { namespace, address, networkId }) : undefined),
    [kernel, namespace, address, networkId, version], // a new `version` asks for a fresh read
  )
  const [state, setState] = useState<NativeBalanceState>({ status: 'loading' })
  useEffect(() => {
    if (!request) return
    let current = true
    setState({ status: 'loading' })
    request.then(
      (balance) => current && setState({ status: 'ready', balance }),
      (error: unknown) => {
        kernel.logger.warn('The balance could not be read.', error)
        if (current) setState({ status: 'unavailable', error })
      },
    )
    return () => {
      current = false
    }
  }, [request, kernel])
  return request ? state : undefined
}

/**
 * A number that grows on every 'balances:changed' (after a send …). Put it in the dependencies of
 * an effect that reads balances, so the effect reads them again while its view stays mounted.
 */
export function useBalancesVersion(): number {
  const kernel = useKernel()
  const [version, setVersion] = useState(0)
  useEffect(() => kernel.bus.on('balances:changed', () => setVersion((value) => value + 1)), [kernel])
  return version
}

/** Signs a message with the connected wallet. @example const sign = useSignMessage(); await sign({ message }) */
export function useSignMessage() {
  const kernel = useKernel()
  return useCallback((parameters: SignMessageParameters) => signMessage(kernel, parameters), [kernel])
}

/**
 * The active EVM account's name and avatar from the blockchain data service (cached 5 minutes, §9).
 * Undefined until known, for other namespaces (names are EVM only, §6) and without a configured
 * service. The client loads on demand, so the Account view's first paint never waits for it.
 */
export function useIdentity(): Identity | undefined {
  const kernel = useKernel()
  const { namespace, address } = useAccount()
  const hasService = Boolean(kernel.options.services.api) || kernel.container.has(BlockchainApiToken)
  const wanted = namespace === 'eip155' && hasService ? address : undefined
  const [identity, setIdentity] = useState<{ address: string; value: Identity }>()
  useEffect(() => {
    if (!wanted) return
    let current = true
    import('../actions/getIdentity.js')
      .then(({ getIdentity }) => getIdentity(kernel, { address: wanted }))
      .then(
        (value) => current && setIdentity({ address: wanted, value }),
        (error: unknown) => kernel.logger.warn('The identity could not be read.', error),
      )
    return () => {
      current = false
    }
  }, [kernel, wanted])
  return wanted && identity?.address === wanted ? identity.value : undefined
}
