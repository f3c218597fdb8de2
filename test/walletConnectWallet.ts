// A real WalletConnect wallet for tests: an unmodified @walletconnect/sign-client on the wallet side,
// in Node, that pairs with the URI the modal shows, approves (or rejects) the proposal with an
// anvil account, and answers requests: personal_sign is signed with the private key through viem,
// wallet_switchEthereumChain is accepted. Storage in memory, one Core per client (set
// DISABLE_GLOBAL_CORE=true in the test, as services/dev/relay/relay.integration.test.ts does). Lives only in test/.
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** How the wallet answers: as the visitor approving, the visitor saying no, or an error. */
export type WalletConnectAnswer = 'approve' | 'reject' | 'fail'

export interface WalletConnectWalletOptions {
  relayUrl: string
  privateKey: Hex
  /** The chains it approves, each with the account. @default [31337] */
  chains?: readonly number[]
  /** @default 'approve' */
  proposal?: WalletConnectAnswer
}

type Client = InstanceType<typeof SignClient>

/** A fresh in-memory key-value store: no two wallets share keys, sessions or a client id. */
export function memoryKeyValueStorage() {
  const entries = new Map<string, unknown>()
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <T>() => [...entries.entries()] as [string, T][],
    getItem: async <T>(key: string) => entries.get(key) as T | undefined,
    setItem: async (key: string, value: unknown) => void entries.set(key, value),
    removeItem: async (key: string) => void entries.delete(key),
  }
}

export async function createWalletConnectWallet(options: WalletConnectWalletOptions) {
  const account = privateKeyToAccount(options.privateKey)
  const chains = (options.chains ?? [31337]).map((id) => `eip155:${id}`)
  const client: Client = await SignClient.init({
    projectId: 'foyer-test-wallet',
    relayUrl: options.relayUrl,
    storage: memoryKeyValueStorage(),
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name: 'Test WalletConnect Wallet', description: 'A wallet in the test process', url: 'http://127.0.0.1', icons: [] },
  })
  const answers = { proposal: options.proposal ?? 'approve', requests: new Map<string, WalletConnectAnswer>() }
  const requests: Array<{ topic: string; chainId: string; method: string; params: unknown }> = []
  const settled: SessionTypes.Struct[] = []
  const waiters: Array<(session: SessionTypes.Struct) => void> = []

  client.on('session_proposal', async ({ id, params }: SignClientTypes.EventArguments['session_proposal']) => {
    if (answers.proposal !== 'approve') {
      await client.reject({ id, reason: answers.proposal === 'reject' ? getSdkError('USER_REJECTED') : getSdkError('UNSUPPORTED_CHAINS') })
      return
    }
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains,
          methods: params.optionalNamespaces['eip155']?.methods ?? ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
          accounts: chains.map((chain) => `${chain}:${account.address}`),
        },
      },
    })
    const { acknowledged } = await client.approve({ id, namespaces })
    const session = await acknowledged()
    settled.push(session)
    for (const wake of waiters.splice(0)) wake(session)
  })

  client.on('session_request', async ({ id, topic, params }: SignClientTypes.EventArguments['session_request']) => {
    const { method, params: args } = params.request
    requests.push({ topic, chainId: params.chainId, method, params: args })
    const answer = answers.requests.get(method) ?? 'approve'
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } })
    if (answer === 'reject') return respond({ error: getSdkError('USER_REJECTED') })
    if (answer === 'fail') return respond({ error: { code: -32603, message: `The test wallet fails ${method}.` } })
    switch (method) {
      case 'personal_sign': {
        const [message] = args as [Hex, string]
        const signature = await account.signMessage({ message: isHex(message) ? { raw: message } : message })
        return respond({ result: signature })
      }
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain':
        return respond({ result: null })
      default:
        return respond({ error: { code: 4200, message: `The test wallet does not do ${method}.` } })
    }
  })

  return {
    client,
    address: account.address,
    requests,
    /** Change how the wallet answers a proposal or a method from now on. */
    answer(what: 'proposal' | string, answer: WalletConnectAnswer) {
      if (what === 'proposal') answers.proposal = answer
      else answers.requests.set(what, answer)
    },
    /** Pairs with `uri`; resolves once a session it approved is settled (never, if it rejects). */
    async pair(uri: string): Promise<SessionTypes.Struct> {
      const session = new Promise<SessionTypes.Struct>((resolve) => waiters.push(resolve))
      await client.pair({ uri })
      return session
    },
    sessions: () => client.session.getAll(),
    /** Ends a session from the wallet's side, as a visitor disconnecting in the app. */
    async disconnect(topic = settled.at(-1)?.topic) {
      if (topic) await client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') })
    },
    /** Sends a session event (accountsChanged, chainChanged) to the site. */
    async emit(name: 'accountsChanged' | 'chainChanged', data: unknown, chainId: string, topic = settled.at(-1)!.topic) {
      await client.emit({ topic, event: { name, data }, chainId })
    },
    async close() {
      await client.core.relayer.transportClose().catch(() => {})
      client.core.heartbeat.stop()
    },
  }
}

export type WalletConnectWallet = Awaited<ReturnType<typeof createWalletConnectWallet>>
