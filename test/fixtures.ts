// Shared fixtures for unit tests and stories: a real in-memory chain plugin and a kernel factory.
// Browser-safe on purpose (no node: imports), so stories can use them too. Lives only in test/.
import { getIdentity } from '../kernel/actions/getIdentity.js'
import { isEvmAddress, isSolanaAddress, withHexPrefix, type CaipNetworkId } from 'foyer/protocol'
import {
  defineChain,
  type ChainCapabilities,
  type ChainPlugin,
  type ConnectResult,
  type ContractRead,
  type NativeBalance,
  type StarterWallet,
  type TransactionRequest,
  type TransferParameters,
} from '../kernel/core/chain.js'
import { createKernel, type Kernel } from '../kernel/core/createKernel.js'
import type { Account, AccountType, Connector, Network } from '../kernel/model/network.js'
import type { FoyerOptions } from '../kernel/core/options.js'
import { createMemoryBackend } from '../kernel/services/storage.js'

/** An EVM network that reaches nothing: the test chain never calls an RPC. */
export const testNetwork: Network = {
  id: 1,
  name: 'Testnet One',
  nativeCurrency: { name: 'Test Ether', symbol: 'TETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Testscan', url: 'https://testscan.example' } },
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
}

/** A second EVM network, for switching. */
export const testNetworkB: Network = {
  ...testNetwork,
  id: 10,
  name: 'Testnet Ten',
  caipNetworkId: 'eip155:10',
}

/** A Solana network, for a second namespace next to EVM. */
export const testSolanaNetwork: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana Test',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
}

/** Addresses the test wallets hand out by default, per namespace. */
export const testAddresses = {
  eip155: ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'],
  solana: ['7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy'],
} as const

/** What `run` throws, to check more than its message; fails the test when it does not throw. */
export function failure(run: () => unknown): Error {
  try {
    run()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a throw')
}

/** The error a wallet throws when the visitor says no (EIP-1193 code 4001). */
export function userRejectedError(): Error & { code: number } {
  return Object.assign(new Error('User rejected the request.'), { code: 4001 })
}

/**
 * What Node throws when a lazily loaded chunk imports an optional package the app did not install,
 * for the "Install <package> to use …" errors.
 */
export function missingPackageError(packageName: string): Error & { code: string } {
  const message = `Cannot find package '${packageName}' imported from /app/node_modules/foyer/dist/chunks/client.js`
  return Object.assign(new Error(message), { code: 'ERR_MODULE_NOT_FOUND' })
}

/** What a browser throws when a lazy chunk cannot be fetched (offline, or removed by a deploy). */
export function chunkLoadError(): TypeError {
  return new TypeError('Failed to fetch dynamically imported module: https://example.com/chunks/client-1a2b.js')
}

/** What a test wallet does when asked: say yes, say no (4001), or fail. */
export type TestWalletAnswer = 'approve' | 'reject' | 'fail'

export interface TestChainOptions {
  /** @default 'eip155' */
  namespace?: string
  /** The plugin name. @default `chain:<namespace>` */
  name?: string
  /** @default [testNetwork, testNetworkB] for eip155, [testSolanaNetwork] for solana */
  networks?: readonly Network[]
  /** Registered at setup in `kernel.connectors`. @default one injected connector `test-wallet-<namespace>` */
  connectors?: readonly Connector[]
  /** The addresses a connection returns. @default testAddresses[namespace] */
  accounts?: readonly string[]
  /** @default 'eoa' */
  accountType?: AccountType
  /** The wallets Connect offers to install when none is reachable (the `starterWallets` capability). @default none */
  starterWallets?: readonly StarterWallet[]
  /** How `connect` answers. @default 'approve' */
  connect?: TestWalletAnswer
  /** How `disconnect` answers ('reject' fails too). @default 'approve' */
  disconnect?: TestWalletAnswer
  /** Milliseconds `connect` waits before answering, for loading states. @default 0 (answers without a timer) */
  connectDelayMs?: number
  /** The native balance in the smallest unit; `false` leaves out the balance capability. @default 1.5 coins */
  balance?: bigint | false
  /** `false` leaves out the switchNetwork capability. @default 'approve' */
  switchNetwork?: TestWalletAnswer | false
  /** `false` leaves out the signMessage capability; 'pending' never answers, for the signing state. @default 'approve' */
  signMessage?: TestWalletAnswer | 'pending' | false
  /** How the transfer capability answers; 'pending' never answers, for the sending state. Absent leaves the capability out. */
  transfer?: TestWalletAnswer | 'pending'
  /** What the transfer capability's `estimateFee` answers; absent leaves it out. */
  transferFee?: bigint
  /** How the sendTransaction capability answers; 'pending' never answers. Absent leaves the capability out. */
  sendTransaction?: TestWalletAnswer | 'pending'
  /** What the readContract capability answers for a read; absent leaves the capability out. */
  readContract?: (params: ContractRead) => unknown
  /** What the simulate capability answers for a preview (docs/previews.md); absent leaves the capability out. */
  simulate?: NonNullable<ChainCapabilities['simulate']>['simulate']
  /** The address capability. @default the real chains' rules for eip155 and solana (rules §5); none elsewhere */
  addressRules?: NonNullable<ChainCapabilities['address']>
  /** false: a chain whose history no data service keeps (no Activity tab, rules §6). @default true */
  history?: false
}

/** The in-memory wallet behind a test chain: change its answers mid-test and read what it was asked. */
export interface TestWallet {
  connectAnswer: TestWalletAnswer
  disconnectAnswer: TestWalletAnswer
  /** 'pending' never answers, for loading states. */
  balanceAnswer: 'approve' | 'fail' | 'pending'
  switchAnswer: TestWalletAnswer
  signAnswer: TestWalletAnswer | 'pending'
  transferAnswer: TestWalletAnswer | 'pending'
  /** Every transfer the wallet was asked to send, in order. */
  readonly transfers: TransferParameters[]
  sendTransactionAnswer: TestWalletAnswer | 'pending'
  /** Every transaction the wallet was asked to send (sendTransaction capability), in order. */
  readonly transactions: TransactionRequest[]
  accounts: readonly string[]
  balance: bigint
  /** The network the wallet is on. */
  networkId: CaipNetworkId
  /** How often each method was called. */
  readonly calls: { connect: number; disconnect: number; getBalance: number; switchNetwork: number; signMessage: number }
  /** The wallet switches accounts by itself (an empty list means it disconnected the site). */
  changeAccounts(addresses: readonly string[]): void
  /** The wallet moves to another network by itself. */
  changeNetwork(networkId: CaipNetworkId): void
}

export type TestChain = ChainPlugin & { readonly wallet: TestWallet }

/**
 * A real chain plugin over an in-memory wallet: it announces its connectors at setup, connects,
 * disconnects, reads balances, switches networks and signs, answering as told.
 *
 * @example
 * const chain = testChain({ connect: 'reject' })
 * const kernel = testKernel({ plugins: [chain] })
 * await expect(connect(kernel, { connectorId: 'test-wallet-eip155' })).rejects.toThrow('Connection rejected')
 */
export function testChain(options: TestChainOptions = {}): TestChain {
  const namespace = options.namespace ?? 'eip155'
  const networks = options.networks ?? (namespace === 'solana' ? [testSolanaNetwork] : [testNetwork, testNetworkB])
  const connectors = options.connectors ?? [testConnector({ namespaces: [namespace] })]
  const accountType = options.accountType ?? 'eoa'
  const firstNetwork = networks[0]
  if (!firstNetwork) throw new Error('testChain needs at least one network.')
  // The kernels this plugin object is set up in: the same object may serve several.
  const kernels = new Set<Kernel>()

  const toAccounts = (addresses: readonly string[]): Account[] => addresses.map((address) => ({ namespace, address, type: accountType }))

  const wallet: TestWallet = {
    connectAnswer: options.connect ?? 'approve',
    disconnectAnswer: options.disconnect ?? 'approve',
    balanceAnswer: 'approve',
    switchAnswer: options.switchNetwork || 'approve',
    signAnswer: options.signMessage || 'approve',
    transferAnswer: options.transfer ?? 'approve',
    transfers: [],
    sendTransactionAnswer: options.sendTransaction ?? 'approve',
    transactions: [],
    accounts: options.accounts ?? testAddresses[namespace as keyof typeof testAddresses] ?? ['test-address'],
    balance: options.balance === false ? 0n : (options.balance ?? 15n * 10n ** BigInt(firstNetwork.nativeCurrency.decimals - 1)),
    networkId: firstNetwork.caipNetworkId,
    calls: { connect: 0, disconnect: 0, getBalance: 0, switchNetwork: 0, signMessage: 0 },
    changeAccounts(addresses) {
      wallet.accounts = addresses
      for (const kernel of kernels) kernel.dispatchConnection({ type: 'accounts-changed', namespace, accounts: toAccounts(addresses) })
    },
    changeNetwork(networkId) {
      wallet.networkId = networkId
      for (const kernel of kernels) kernel.dispatchConnection({ type: 'network-changed', namespace, networkId })
    },
  }

  const answer = async (given: TestWalletAnswer, what: string) => {
    if (given === 'reject') throw userRejectedError()
    if (given === 'fail') throw new Error(`The test wallet could not ${what}.`)
  }

  const plugin = defineChain({
    namespace,
    name: options.name,
    networks,
    defaultAccountType: accountType,
    setup(setupKernel) {
      kernels.add(setupKernel)
      const unregister = connectors.map((connector) => setupKernel.connectors.register({ connector }))
      return () => {
        for (const stop of unregister) stop()
        kernels.delete(setupKernel)
      }
    },
    async connect(_kernel, { networkId }): Promise<ConnectResult> {
      wallet.calls.connect++
      // No timer unless asked for one, so tests with fake timers need not advance them.
      if (options.connectDelayMs) await new Promise((resolve) => setTimeout(resolve, options.connectDelayMs))
      await answer(wallet.connectAnswer, 'connect')
      if (networkId) wallet.networkId = networkId
      return { accounts: toAccounts(wallet.accounts), networkId: wallet.networkId }
    },
    async disconnect() {
      wallet.calls.disconnect++
      await answer(wallet.disconnectAnswer, 'disconnect')
    },
    capabilities: {
      ...(options.starterWallets && { starterWallets: { load: async () => options.starterWallets! } }),
      ...((options.addressRules ?? DEFAULT_ADDRESS_RULES[namespace]) && {
        address: options.addressRules ?? DEFAULT_ADDRESS_RULES[namespace]!,
      }),
      // As evm() offers it: names and avatars from the blockchain data service (EVM only, rules §6).
      ...(namespace === 'eip155' && {
        identity: { getIdentity },
      }),
      // As evm() and solana() offer it: the data service keeps their history (Activity, rules §6).
      ...(options.history !== false && { history: {} }),
      ...(options.simulate && { simulate: { simulate: options.simulate } }),
      ...(options.balance !== false && {
        balance: {
          async getBalance(_kernel, { networkId }): Promise<NativeBalance> {
            wallet.calls.getBalance++
            if (wallet.balanceAnswer === 'fail') throw new Error('The test RPC is down.')
            if (wallet.balanceAnswer === 'pending') await new Promise(() => {})
            const network = networks.find((candidate) => candidate.caipNetworkId === networkId) ?? firstNetwork
            return { value: wallet.balance, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
          },
        },
      }),
      ...(options.switchNetwork !== false && {
        switchNetwork: {
          async switchNetwork(_kernel, { networkId }) {
            wallet.calls.switchNetwork++
            await answer(wallet.switchAnswer, 'switch networks')
            wallet.networkId = networkId
          },
        },
      }),
      ...(options.signMessage !== false && {
        signMessage: {
          async signMessage(_kernel, { address, message }) {
            wallet.calls.signMessage++
            if (wallet.signAnswer === 'pending') await new Promise(() => {})
            else await answer(wallet.signAnswer, 'sign')
            return fakeSignature(`${address}:${message}`)
          },
        },
      }),
      // Sign-in as the real chains write it (EIP-4361, Sign In With Solana), signed like a message; any other
      // namespace writes a plain text of its own, as a third-party chain might. Answers as signMessage does.
      ...(options.signMessage !== false && {
        signIn: {
          async signIn(_kernel, { message }) {
            wallet.calls.signMessage++
            if (wallet.signAnswer === 'pending') await new Promise(() => {})
            else await answer(wallet.signAnswer, 'sign in')
            const serializedMessage =
              message.serializedMessage ??
              (namespace === 'eip155'
                ? (await import('../chains/evm/signIn.js')).formatSiweMessage(message)
                : namespace === 'solana'
                  ? (await import('../chains/solana/signIn.js')).formatSiwsMessage(message)
                  : `${message.domain} asks ${message.accountAddress} on ${message.chainId} to sign in. Nonce: ${message.nonce}`)
            return {
              message: { ...message, serializedMessage },
              signature: fakeSignature(`${message.accountAddress}:${serializedMessage}`),
            }
          },
        },
      }),
      ...(options.transfer !== undefined && {
        transfer: {
          async transfer(_kernel, params) {
            wallet.transfers.push(params)
            if (wallet.transferAnswer === 'pending') await new Promise(() => {})
            else await answer(wallet.transferAnswer, 'transfer')
            return { hash: `0x${wallet.transfers.length.toString(16).padStart(64, '0')}` }
          },
          ...(options.transferFee !== undefined && { estimateFee: async () => options.transferFee! }),
        },
      }),
      ...(options.sendTransaction !== undefined && {
        sendTransaction: {
          async sendTransaction(_kernel, params) {
            wallet.transactions.push(params)
            if (wallet.sendTransactionAnswer === 'pending') await new Promise(() => {})
            else await answer(wallet.sendTransactionAnswer, 'send the transaction')
            // Counted apart from transfers: 0x…a01, 0x…a02 …
            return { hash: `0x${(0xa00 + wallet.transactions.length).toString(16).padStart(64, '0')}` }
          },
        },
      }),
      ...(options.readContract && { readContract: { readContract: async (_kernel, params) => options.readContract!(params) } }),
    },
  })
  return Object.freeze({ ...plugin, wallet })
}

// The address rules evm() and solana() offer (rules §5), so that a test chain checks addresses as they do.
const DEFAULT_ADDRESS_RULES: Record<string, NonNullable<ChainCapabilities['address']> | undefined> = {
  eip155: { isValid: isEvmAddress, normalize: withHexPrefix },
  solana: { isValid: isSolanaAddress },
}

/** A connector as a chain plugin announces it. */
export function testConnector(overrides: Partial<Connector> = {}): Connector {
  const namespaces = overrides.namespaces ?? ['eip155']
  return {
    id: `test-wallet-${namespaces.join('+')}`,
    name: 'Test Wallet',
    namespaces,
    type: 'injected',
    info: { rdns: 'example.test-wallet' },
    imageUrl: 'https://example.com/test-wallet.png',
    installed: true,
    ...overrides,
  }
}

/**
 * A kernel for tests: a project id, memory storage, desktop width, a silent logger. Options win
 * over these defaults.
 */
export function testKernel(options: FoyerOptions = {}): Kernel {
  return createKernel({
    projectId: 'test-project',
    storage: createMemoryBackend(),
    isMobile: () => false,
    logLevel: 'silent',
    ...options,
  })
}

// Deterministic, 0x plus 130 hex digits like an EVM signature; it proves nothing, it only looks right.
function fakeSignature(text: string): string {
  const hex = [...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `0x${hex.slice(0, 130).padEnd(130, '0')}`
}
