// A real EIP-1193 wallet for chain tests: it signs with a private key through viem and sends every
// other request to a real node (anvil). Tests choose per method whether the visitor approves, and
// read what the wallet was asked. Browser-safe (no node: imports). Lives only in test/.
import { createWalletClient, http, isHex, numberToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

type Listener = (payload: never) => void

/** How a wallet answers one method: approve, the visitor says no (4001), or it fails. */
export type WalletAnswer = 'approve' | 'reject' | 'fail'

export interface Eip1193WalletOptions {
  privateKey: Hex
  /** The node every request the wallet does not handle itself goes to. */
  rpcUrl: string
  /** The chain the wallet starts on. @default 31337 */
  chainId?: number
  /** Chains the wallet can switch to without adding them first. @default [chainId] */
  knownChains?: readonly number[]
  /** Where an unknown chain's 4902 sits: on the error, or wrapped at `data.originalError` as some wallets do. @default 'top' */
  unknownChainError?: 'top' | 'nested'
}

/** A wallet's error, as EIP-1193 shapes it. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/**
 * Creates the wallet. Its address comes back lower-case, as some wallets send it, so that tests
 * see the chain checksum it.
 *
 * @example
 * const wallet = createEip1193Wallet({ privateKey: ANVIL_ACCOUNTS[0].privateKey, rpcUrl: anvil.url })
 * wallet.answers.set('eth_requestAccounts', 'reject')
 */
export function createEip1193Wallet(options: Eip1193WalletOptions) {
  const account = privateKeyToAccount(options.privateKey)
  const client = createWalletClient({ account, transport: http(options.rpcUrl) })
  const listeners = new Map<string, Set<Listener>>()
  const known = new Set([options.chainId ?? 31337, ...(options.knownChains ?? [])])
  const emit = (event: string, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (payload: unknown) => void)(payload)
  }

  const wallet = {
    address: account.address,
    chainId: options.chainId ?? 31337,
    authorized: false,
    /** Answers by method; methods not listed are approved. */
    answers: new Map<string, WalletAnswer>(),
    /** Every request, in order. */
    calls: [] as Array<{ method: string; params?: unknown }>,
    /** The chains added through wallet_addEthereumChain, as they were asked for. */
    added: [] as unknown[],
    callsOf: (method: string) => wallet.calls.filter((call) => call.method === method),

    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      wallet.calls.push({ method, params })
      const args = (params ?? []) as unknown[]
      const answer = wallet.answers.get(method) ?? 'approve'
      if (answer === 'reject') throw new ProviderRpcError(4001, 'User rejected the request.')
      if (answer === 'fail') throw new ProviderRpcError(-32603, `The test wallet failed ${method}.`)
      switch (method) {
        case 'eth_requestAccounts':
          wallet.authorized = true
          return [account.address.toLowerCase()]
        case 'eth_accounts':
          return wallet.authorized ? [account.address.toLowerCase()] : []
        case 'eth_chainId':
          return numberToHex(wallet.chainId)
        case 'wallet_switchEthereumChain': {
          const id = Number((args[0] as { chainId: string }).chainId)
          if (!known.has(id)) {
            const message = `Unrecognized chain ID ${id}. Try adding the chain first.`
            throw options.unknownChainError === 'nested'
              ? new ProviderRpcError(-32603, 'Internal error', { originalError: { code: 4902, message } })
              : new ProviderRpcError(4902, message)
          }
          wallet.changeChain(id)
          return null
        }
        case 'wallet_addEthereumChain':
          wallet.added.push(args[0])
          known.add(Number((args[0] as { chainId: string }).chainId))
          return null
        case 'wallet_revokePermissions':
          wallet.authorized = false
          return null
        case 'personal_sign': {
          const [message, address] = args as [Hex, string]
          if (address.toLowerCase() !== account.address.toLowerCase()) throw new ProviderRpcError(4100, `Not authorized for ${address}.`)
          return client.signMessage({ message: isHex(message) ? { raw: message } : message })
        }
        default:
          return client.request({ method, params } as never)
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,

    /** The wallet moves to another chain by itself and says so (hex, as EIP-1193 requires). */
    changeChain(id: number) {
      known.add(id)
      wallet.chainId = id
      emit('chainChanged', numberToHex(id))
    },
    /** The wallet switches accounts by itself; an empty list disconnects the site. */
    changeAccounts(addresses: readonly string[]) {
      if (addresses.length === 0) wallet.authorized = false
      emit('accountsChanged', addresses)
    },
    /** The wallet reports a disconnect; MetaMask's 1013 means it is only reconnecting to its RPC. */
    disconnect(code = 4900) {
      emit('disconnect', new ProviderRpcError(code, 'Disconnected.'))
    },
  }
  return wallet
}

export type Eip1193Wallet = ReturnType<typeof createEip1193Wallet>

/** The wallet's EIP-6963 identity. */
export interface WalletInfo {
  uuid?: string
  name: string
  icon: string
  rdns: string
}

/**
 * Announces `provider` through EIP-6963 on `target`, now and whenever a page asks again, as a
 * browser extension does. Returns the function that stops answering.
 */
export function announceWallet(target: EventTarget, provider: unknown, info: WalletInfo): () => void {
  const detail = Object.freeze({ info: Object.freeze({ uuid: info.uuid ?? crypto.randomUUID(), ...info }), provider })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
