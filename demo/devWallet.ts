// A development wallet for the demo and the end-to-end tests: an EIP-1193 provider announced
// through EIP-6963 that signs with a local private key and sends everything else to the local
// chain's RPC. It approves every request unless `approve` says no (the tests use that to reject).
// Never use it with a key that holds anything of value.
import { isHex, numberToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export interface DevWalletChain {
  id: number
  rpcUrl: string
}

export interface DevWalletOptions {
  name: string
  rdns: string
  privateKey: Hex
  chains: readonly DevWalletChain[]
  /** Decides each request that needs the visitor's consent. @default approve everything */
  approve?: (method: string) => boolean | Promise<boolean>
  /** Remembers the connection and the network across reloads. @default localStorage */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
}

type Listener = (payload: unknown) => void

const CONSENT_METHODS = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
])

class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** Creates the provider. */
export function createDevWallet(options: DevWalletOptions) {
  const account = privateKeyToAccount(options.privateKey)
  const storage = options.storage ?? globalThis.localStorage
  const key = (name: string) => `${options.rdns}:${name}`
  const chains = new Map(options.chains.map((chain) => [chain.id, chain.rpcUrl]))
  const listeners = new Map<string, Set<Listener>>()
  let chainId = Number(storage.getItem(key('chainId'))) || options.chains[0]!.id
  if (!chains.has(chainId)) chainId = options.chains[0]!.id
  let connected = storage.getItem(key('connected')) === 'true'

  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }
  const rpc = async (method: string, params: unknown) => {
    const response = await fetch(chains.get(chainId)!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message)
    return body.result
  }
  const setChain = (id: number) => {
    chainId = id
    storage.setItem(key('chainId'), String(id))
    emit('chainChanged', numberToHex(id))
  }

  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    const args = (params ?? []) as unknown[]
    if (CONSENT_METHODS.has(method) && !(await (options.approve?.(method) ?? true))) {
      throw new ProviderRpcError(4001, 'User rejected the request.')
    }
    switch (method) {
      case 'eth_requestAccounts':
        connected = true
        storage.setItem(key('connected'), 'true')
        return [account.address]
      case 'eth_accounts':
        return connected ? [account.address] : []
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'wallet_switchEthereumChain': {
        const id = Number((args[0] as { chainId: string }).chainId)
        if (!chains.has(id)) throw new ProviderRpcError(4902, `Unrecognized chain ${id}.`)
        setChain(id)
        return null
      }
      case 'wallet_addEthereumChain': {
        const { chainId: hexId, rpcUrls } = args[0] as { chainId: string; rpcUrls: string[] }
        if (!rpcUrls?.[0]) throw new ProviderRpcError(-32602, 'rpcUrls is required.')
        chains.set(Number(hexId), rpcUrls[0])
        return null
      }
      case 'wallet_revokePermissions':
        connected = false
        storage.removeItem(key('connected'))
        emit('accountsChanged', [])
        return null
      case 'personal_sign': {
        const message = args[0] as Hex
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_sendTransaction':
        return sendTransaction(args[0] as Record<string, Hex | undefined>)
      default:
        return rpc(method, args)
    }
  }

  async function sendTransaction(transaction: Record<string, Hex | undefined>) {
    const [nonce, gasPrice] = (await Promise.all([
      rpc('eth_getTransactionCount', [account.address, 'pending']),
      rpc('eth_gasPrice', []),
    ])) as [Hex, Hex]
    const prepared = { from: account.address, to: transaction['to'], value: transaction['value'] ?? '0x0', data: transaction['data'] }
    const gas = (transaction['gas'] ?? (await rpc('eth_estimateGas', [prepared]))) as Hex
    const signed = await account.signTransaction({
      chainId,
      type: 'legacy',
      to: prepared.to,
      data: prepared.data,
      value: BigInt(prepared.value),
      nonce: Number(nonce),
      gasPrice: BigInt(gasPrice),
      gas: BigInt(gas),
    })
    return rpc('eth_sendRawTransaction', [signed])
  }

  return {
    address: account.address,
    request,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}

export type DevWallet = ReturnType<typeof createDevWallet>

/** Announces the provider through EIP-6963, now and whenever a page asks again. */
export function announceWallet(provider: DevWallet, info: { name: string; rdns: string; icon: string }): void {
  const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), ...info }), provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

/** A plain icon for the dev wallet, drawn here. */
export const DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="16" fill="#0f766e"/><path d="M18 22h28v22H18z" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/><circle cx="38" cy="33" r="3" fill="#fff"/></svg>',
)}`
