import * as v from 'valibot'
import type { CaipNetworkId } from 'foyer'
import {
  defaultRpcUrls,
  describeIssues,
  networkSchema,
  networksSchema,
  pickNetwork,
  RpcUrlSchema,
  InvalidOptionsError,
  isHttpUrl,
  type Network,
} from 'foyer'
import type { EvmConfig, WalletConnectConfig } from './session.js'

/**
 * A viem `Chain` (`import { mainnet } from 'viem/chains'`), or anything shaped like one. Only these
 * fields are read; viem's others (contracts, formatters …) are ignored.
 */
export interface EvmChainLike {
  /** The EIP-155 chain id. */
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Only http(s) URLs (rules §5). The first is the one Foyer reads balances from. */
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  /**
   * The network's mark (https, data:image, or http on loopback). Without it the views show the mark a package draws
   * for the chain id, else the directory's, else its letter.
   */
  imageUrl?: string
}

/** Options of {@link evm}. */
export interface EvmOptions {
  /**
   * The networks the site supports, in the order the Networks view lists them; the first is the
   * default. viem chains or Foyer networks.
   *
   * @example
   * import { mainnet, base } from 'viem/chains'
   * evm({ networks: [mainnet, base] })
   */
  networks: readonly (EvmChainLike | Network)[]
  /**
   * RPC URLs by chain id that replace a network's first http URL for the reads Foyer makes
   * (balances). The wallet is still offered the network's own URLs. http(s) only (rules §5).
   *
   * @example
   * evm({ networks: [mainnet], rpcUrls: { 1: 'https://rpc.example.com/my-key' } })
   */
  rpcUrls?: Readonly<Record<number, string>>
  /**
   * Connects wallets on other devices and wallet apps through WalletConnect: a QR code or a link
   * (the ConnectingWalletConnect views and a 'WalletConnect' entry first on Connect). Leave it out
   * and nothing of WalletConnect loads. Needs no other package: Foyer's own WalletConnect client and QR encoder
   * load only when a WalletConnect view opens or a stored WalletConnect session is restored.
   *
   * @example
   * evm({ networks: [mainnet], walletConnect: { projectId: 'my-walletconnect-project-id' } })
   */
  walletConnect?: EvmWalletConnectOptions
}

/** Options of {@link EvmOptions.walletConnect}. */
export interface EvmWalletConnectOptions {
  /** The project id the relay knows the site by. */
  projectId: string
  /**
   * The relay's WebSocket URL (ws or wss).
   * @default WalletConnect's public relay, `wss://relay.walletconnect.org`
   * @example 'ws://127.0.0.1:8787' // services/dev/relay, for development
   */
  relayUrl?: string
  /**
   * What wallets show about the site when they are asked to connect.
   * @default the kernel's `metadata`, its url defaulting to the page's origin
   */
  metadata?: { name: string; description?: string; url?: string; icons?: readonly string[] }
}

const NetworkSchema = networkSchema({
  id: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  chainNamespace: v.optional(v.literal('eip155')),
  caipNetworkId: v.optional(v.string()),
  deprecatedCaipNetworkId: v.optional(v.string()),
})

const example = 'such as [mainnet] from viem/chains'

const WalletConnectSchema = v.strictObject(
  {
    projectId: v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty')),
    relayUrl: v.optional(v.pipe(v.string(), v.regex(/^wss?:\/\/[^/]/i, 'must be a ws:// or wss:// URL'))),
    metadata: v.optional(
      v.object({
        name: v.string(),
        description: v.optional(v.string()),
        url: v.optional(v.pipe(v.string(), v.check(isHttpUrl, 'must be an http(s) URL'))),
        icons: v.optional(v.array(v.string())),
      }),
    ),
  },
  'must be an object such as { projectId }',
)

const OptionsSchema = v.strictObject(
  {
    networks: networksSchema(NetworkSchema, example),
    rpcUrls: v.optional(v.record(v.pipe(v.string(), v.regex(/^\d+$/)), RpcUrlSchema)),
    walletConnect: v.optional(WalletConnectSchema),
  },
  'must be an object such as { networks: [mainnet] }',
)

function describe(issues: readonly v.BaseIssue<unknown>[], root?: string): string {
  return describeIssues(issues, {
    root,
    unknownKey: (path) =>
      path.startsWith('walletConnect.')
        ? `unknown option \`${path}\`; walletConnect takes \`projectId\`, \`relayUrl\` and \`metadata\`.`
        : `unknown option \`${path}\`; evm() takes \`networks\`, \`rpcUrls\` and \`walletConnect\`.`,
  })
}

const toNetwork = (chain: v.InferOutput<typeof NetworkSchema>): Network =>
  pickNetwork(chain, { chainNamespace: 'eip155', caipNetworkId: `eip155:${chain.id}` })

/**
 * Turns a viem chain (or anything shaped like one) into a Foyer network: `caipNetworkId`
 * `eip155:<id>`, `chainNamespace` `eip155`.
 *
 * @throws {InvalidOptionsError} naming the field, e.g. an RPC URL that is not http(s) (rules §5).
 * @example
 * import { mainnet } from 'viem/chains'
 * evmNetwork(mainnet) // { id: 1, name: 'Ethereum', caipNetworkId: 'eip155:1', chainNamespace: 'eip155', … }
 */
export function evmNetwork(chain: EvmChainLike): Network {
  const result = v.safeParse(NetworkSchema, chain)
  if (!result.success) throw new InvalidOptionsError(`evmNetwork(): ${describe(result.issues, 'chain')}`)
  return toNetwork(result.output)
}

/**
 * Checks the options of `evm()` and converts its networks.
 *
 * @throws {InvalidOptionsError} naming the option and saying how to fix it.
 */
export function parseEvmOptions(options: unknown): EvmConfig {
  const fail = (details: string) => {
    throw new InvalidOptionsError(`evm(): ${details}`)
  }
  const result = v.safeParse(OptionsSchema, options)
  if (!result.success) return fail(describe(result.issues))
  const networks = result.output.networks.map(toNetwork)
  networks.forEach(({ id, caipNetworkId }, index) => {
    const given = result.output.networks[index]?.caipNetworkId
    if (given !== undefined && given !== caipNetworkId)
      fail(`\`networks.${index}.caipNetworkId\` is '${given}'; chain ${id} is '${caipNetworkId}'.`)
    if (networks.findIndex((other) => other.id === id) !== index) fail(`\`networks\` lists chain ${id} twice. Keep one.`)
  })
  const rpcUrls = defaultRpcUrls(networks)
  for (const [chainId, url] of Object.entries(result.output.rpcUrls ?? {})) {
    const networkId: CaipNetworkId = `eip155:${Number(chainId)}`
    if (!rpcUrls.has(networkId)) fail(`\`rpcUrls.${chainId}\` is for chain ${chainId}, which \`networks\` does not list.`)
    rpcUrls.set(networkId, url)
  }
  return { networks, rpcUrls, walletConnect: toWalletConnectConfig(result.output.walletConnect) }
}

function toWalletConnectConfig(options: v.InferOutput<typeof WalletConnectSchema> | undefined): WalletConnectConfig | undefined {
  if (!options) return undefined
  const { projectId, relayUrl, metadata } = options
  return { projectId, relayUrl, metadata }
}
