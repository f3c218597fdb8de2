// The embedded wallet as an EIP-1193 provider, so the EVM chain connects, signs, sends and switches
// through it exactly as through a browser wallet. Accounts and the chain come from the frame's user;
// everything else is an APP_RPC_REQUEST, which the frame answers at once (reads) or after the user's
// approval in its own panel (rules §6).
import type { Kernel } from 'foyer'
import type { EmbeddedWalletError } from './frameClient.js'
import type { EmbeddedWallet } from './embeddedWallet.js'
import type { EmailApi } from './index.js'

// EIP-1193 as the EVM chain reads it, written out here: a plugin never imports a chain (style 20).
type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'disconnect'
type Listener = (...args: never[]) => void
export interface EmbeddedEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: ProviderEvent, listener: Listener): void
  removeListener(event: ProviderEvent, listener: Listener): void
  /** Tells the listeners the EVM account changed (another account type): `accountsChanged` with the new one. */
  announceAccounts(): void
}

/** rules §5: the frame's chain id may be a number or a string; EIP-1193 wants hex. */
function toHexChainId(chainId: string | number): string {
  const id =
    typeof chainId === 'number' ? chainId : /^0x/i.test(chainId) ? Number.parseInt(chainId, 16) : Number(String(chainId).split(':').at(-1))
  return `0x${id.toString(16)}`
}

/** EIP-2255's `[{ eth_accounts: {} }]`: the site forgets the wallet's accounts (the EVM chain's disconnect). */
function isAccountsRevocation(params: unknown): boolean {
  const [permissions] = Array.isArray(params) ? params : []
  return typeof permissions === 'object' && permissions !== null && Object.keys(permissions).join() === 'eth_accounts'
}

/** An EIP-1193 error (`code`), keeping the frame's message. */
function providerError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== 'EmbeddedWalletError') return error
  const { code, frameCode } = error as EmbeddedWalletError
  return Object.assign(new Error(error.message), { code: code ?? (frameCode === 'USER_REJECTED' ? 4001 : -32603), frameCode })
}

export function createEip1193Provider(
  kernel: Kernel,
  wallet: EmbeddedWallet,
  { onNotAllowed }: { onNotAllowed(): void },
): EmbeddedEip1193Provider {
  const listeners = new Map<ProviderEvent, Set<Listener>>()
  const emit = (event: ProviderEvent, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (...values: unknown[]) => void)(...args)
  }
  let chainId: string | undefined

  const accounts = async (silent: boolean) => {
    const user = await wallet.getUser({ silent })
    // The frame's current chain may be a Solana one; the EVM side then starts on the site's first EVM network.
    const evmChain =
      typeof user?.chainId === 'number' || /^(0x)?\d/.test(String(user?.chainId))
        ? user?.chainId
        : kernel.chains.get('eip155')?.networks[0]?.id
    if (evmChain !== undefined) chainId ??= toHexChainId(evmChain)
    const address = wallet.accountOf('eip155')
    return address ? [address] : []
  }

  // The host's sponsorGas option, sent with each request: the wallet service asks the site's policy who pays the fee.
  const sponsorGas = (kernel.plugins.find((plugin) => plugin.name === 'email')?.api as EmailApi | undefined)?.sponsorGas

  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        return accounts(false)
      case 'eth_accounts':
        return accounts(true)
      case 'eth_chainId':
        if (!chainId) chainId = toHexChainId((await wallet.frame.request<{ chainId: string | number }>('APP_GET_CHAIN_ID')).chainId)
        return chainId
      case 'wallet_switchEthereumChain': {
        const [{ chainId: wanted }] = params as [{ chainId: string }]
        const { chainId: switched } = await wallet.frame.request<{ chainId: string | number }>('APP_SWITCH_NETWORK', {
          chainId: Number.parseInt(wanted, 16),
        })
        chainId = toHexChainId(switched)
        wallet.rememberChain(switched)
        emit('chainChanged', chainId)
        return null
      }
      case 'wallet_revokePermissions':
        // EIP-2255's form ('forget this site's accounts') is the chain's disconnect: it signs out, which the page could
        // do itself. Any other (ERC-7715's, a granted permission) goes to the visitor's approval in the frame.
        if (isAccountsRevocation(params)) {
          await wallet.signOut()
          return null
        }
        return frameRequest(method, params)
      default:
        return frameRequest(method, params)
    }
  }

  /** Everything the provider does not answer itself: the frame answers at once, or after the visitor's approval. */
  function frameRequest(method: string, params: unknown): Promise<unknown> {
    const payload = { method, params, ...(chainId && { chainId: Number.parseInt(chainId, 16) }), ...(sponsorGas && { sponsorGas }) }
    return wallet.frame.request('APP_RPC_REQUEST', payload).catch((error: unknown) => {
      if ((error as EmbeddedWalletError).frameCode === 'NOT_ALLOWED') onNotAllowed()
      throw providerError(error)
    })
  }

  return {
    request: (args) => request(args).catch((error: unknown) => Promise.reject(providerError(error))),
    on(event, listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener as Listener))
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as Listener)
    },
    announceAccounts() {
      const address = wallet.accountOf('eip155')
      emit('accountsChanged', address ? [address] : [])
    },
  }
}
