// The embedded wallet as a Wallet Standard wallet, so the Solana chain connects, signs and sends
// through it exactly as through an extension. Signing is an APP_RPC_REQUEST the user approves in the
// frame's own panel (rules §6); the key stays in the wallet service.
import type { EmbeddedWallet } from './embeddedWallet.js'
import type { EmbeddedWalletError } from './frameClient.js'
import { decodeBase58, encodeBase58 } from 'foyer/protocol'

/** The Wallet Standard chains the embedded wallet serves; the service answers for its configured clusters. */
const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:localnet'] as const
const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
// A plain envelope, drawn here: Wallet Standard icons are data URLs.
const ICON =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20viewBox%3D%220%200%2024%2024%22%3E%3Crect%20x%3D%222%22%20y%3D%225%22%20width%3D%2220%22%20height%3D%2214%22%20rx%3D%222%22%20fill%3D%22%23555%22%2F%3E%3Cpath%20d%3D%22M3%206l9%207%209-7%22%20stroke%3D%22%23fff%22%20fill%3D%22none%22%2F%3E%3C%2Fsvg%3E'

interface Account {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
}
type ChangeListener = (properties: { accounts?: readonly Account[] }) => void

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

/** The Solana side of the embedded wallet, as a Wallet Standard wallet (structural, like the chain reads it). */
export function createSolanaWallet(
  wallet: EmbeddedWallet,
  { chainId, onNotAllowed }: { chainId(): string | undefined; onNotAllowed(): void },
) {
  const listeners = new Set<ChangeListener>()
  let accounts: readonly Account[] = []
  const setAccounts = (next: readonly Account[]) => {
    accounts = next
    for (const listener of [...listeners]) listener({ accounts })
  }
  const accountFor = (address: string | undefined): Account[] =>
    address ? [Object.freeze({ address, publicKey: base58Bytes(address), chains: CHAINS, features: FEATURES })] : []
  // With the Solana network's id (`solana:<genesis prefix>`, as the service names it): without one the
  // frame takes the user's current chain, an EVM one after an EVM request, and refuses Solana methods.
  const rpc = <T>(method: string, params: object) => {
    const chain = chainId()
    return wallet.frame.request<T>('APP_RPC_REQUEST', { method, params, ...(chain && { chainId: chain }) }).catch((error: unknown) => {
      if ((error as EmbeddedWalletError).frameCode === 'NOT_ALLOWED') onNotAllowed()
      throw error
    })
  }

  return {
    version: '1.0.0' as const,
    name: 'Email',
    icon: ICON,
    chains: CHAINS,
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect({ silent = false }: { silent?: boolean } = {}) {
          await wallet.getUser({ silent })
          setAccounts(accountFor(wallet.accountOf('solana')))
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          setAccounts([])
          await wallet.signOut()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: ChangeListener) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: ReadonlyArray<{ account: Account; message: Uint8Array }>) {
          const outputs = []
          for (const { account, message } of inputs) {
            const { signature } = await rpc<{ signature: string }>('solana_signMessage', {
              message: encodeBase58(message),
              pubkey: account.address,
            })
            outputs.push({ signedMessage: message, signature: base58Bytes(signature), signatureType: 'ed25519' as const })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: ReadonlyArray<{ transaction: Uint8Array }>) {
          const outputs = []
          for (const { transaction } of inputs) {
            const signed = await rpc<{ transaction: string }>('solana_signTransaction', { transaction: base64(transaction) })
            outputs.push({ signedTransaction: fromBase64(signed.transaction) })
          }
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: ReadonlyArray<{ transaction: Uint8Array }>) {
          const outputs = []
          for (const { transaction } of inputs) {
            const { signature } = await rpc<{ signature: string }>('solana_signAndSendTransaction', { transaction: base64(transaction) })
            outputs.push({ signature: base58Bytes(signature) })
          }
          return outputs
        },
      },
    },
  }
}

/** Base58 text from the frame as bytes: anything else is an answer no frame gives, so it fails the request. */
function base58Bytes(text: string): Uint8Array {
  const bytes = decodeBase58(text)
  if (!bytes) throw new Error(`'${text}' is not base58 text.`)
  return bytes
}
