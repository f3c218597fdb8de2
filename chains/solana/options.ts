import * as v from 'valibot'
import type { CaipNetworkId } from 'foyer'
import {
  CurrencySchema,
  defaultRpcUrls,
  describeIssues,
  ExplorerSchema,
  networkIdProblem,
  networkSchema,
  networksSchema,
  pickNetwork,
  RpcUrlSchema,
  InvalidOptionsError,
  isSafeImageUrl,
  isSameNetwork,
  type Network,
} from 'foyer'
import { SOLANA_NAMESPACE, type SolanaConfig } from './session.js'

/** What {@link solanaNetwork} builds a network from. */
export interface SolanaNetworkParameters {
  /** The cluster's genesis hash in base58, as its RPC answers `getGenesisHash`. */
  genesisHash: string
  name: string
  /** The cluster's JSON-RPC endpoint; http(s) only (rules §5). */
  rpcUrl: string
  /** @default { name: 'Solana', symbol: 'SOL', decimals: 9 } */
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  /** An older CAIP-2 id wallets may still send for this cluster (rules §3). */
  deprecatedCaipNetworkId?: CaipNetworkId
  /** An icon for lists: https or data:image only. */
  imageUrl?: string
}

/** Options of {@link solana}. */
export interface SolanaOptions {
  /**
   * The clusters the site supports, in the order the Networks view lists them; the first is the
   * default. Build them with `solanaMainnet`, `solanaDevnet`, `solanaLocalnet(…)` or `solanaNetwork(…)`.
   *
   * @example
   * solana({ networks: [solanaMainnet, solanaDevnet] })
   */
  networks: readonly Network[]
  /**
   * RPC URLs by CAIP-2 id that replace a network's own for the reads Foyer makes (balances), e.g.
   * a keyed provider instead of the rate-limited public endpoint. http(s) only (rules §5).
   *
   * @example
   * solana({ networks: [solanaMainnet], rpcUrls: { [solanaMainnet.caipNetworkId]: 'https://rpc.example.com/my-key' } })
   */
  rpcUrls?: Readonly<Record<string, string>>
}

/** The native currency of every Solana cluster. */
export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

// The schemas are built on first use: this module sits in the kernel's first-paint chunk (build/kernelChunk.mjs) for
// the Solana chain's lazy code, and a call at the top of a module is code a host's bundler keeps, so every host, one
// without Solana too, built them before its Connect button (docs/budgets.md, the phone).
let schemas: ReturnType<typeof buildSchemas> | undefined
const schemasOf = () => (schemas ??= buildSchemas())

function buildSchemas() {
  // A genesis hash is 32 bytes in base58: 32 to 44 characters of the base58 alphabet.
  const GenesisHashSchema = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 genesis hash'))
  const CaipIdSchema = v.pipe(
    v.string(),
    v.regex(/^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/, 'must be a CAIP-2 id such as solana:<32 characters of the genesis hash>'),
  )
  const ParametersSchema = v.strictObject({
    genesisHash: GenesisHashSchema,
    name: v.pipe(v.string(), v.nonEmpty()),
    rpcUrl: RpcUrlSchema,
    nativeCurrency: v.optional(CurrencySchema),
    blockExplorer: v.optional(ExplorerSchema),
    testnet: v.optional(v.boolean()),
    deprecatedCaipNetworkId: v.optional(CaipIdSchema),
    imageUrl: v.optional(v.string()),
  })
  const NetworkSchema = networkSchema({
    id: v.pipe(v.string(), v.nonEmpty()),
    chainNamespace: v.literal(SOLANA_NAMESPACE, 'must be "solana": build Solana networks with solanaNetwork()'),
    caipNetworkId: CaipIdSchema,
    deprecatedCaipNetworkId: v.optional(CaipIdSchema),
  })
  const OptionsSchema = v.strictObject(
    {
      networks: networksSchema(NetworkSchema, 'such as [solanaMainnet] from foyer/chains/solana'),
      rpcUrls: v.optional(v.record(CaipIdSchema, RpcUrlSchema)),
    },
    'must be an object such as { networks: [solanaMainnet] }',
  )
  return { ParametersSchema, OptionsSchema }
}

/**
 * Builds a Solana network (a cluster): CAIP-2 id `solana:` plus the first 32 characters of the
 * genesis hash (rules §3), native currency SOL with 9 decimals.
 *
 * @throws {InvalidOptionsError} naming the field, e.g. an RPC URL that is not http(s) (rules §5).
 * @example
 * solanaNetwork({ genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG', name: 'Solana Devnet', rpcUrl: 'https://api.devnet.solana.com' })
 * // { id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', chainNamespace: 'solana', … }
 */
export function solanaNetwork(parameters: SolanaNetworkParameters): Network {
  const result = v.safeParse(schemasOf().ParametersSchema, parameters)
  if (!result.success) {
    throw new InvalidOptionsError(
      `solanaNetwork(): ${describeIssues(result.issues, { unknownKey: (path) => `unknown field \`${path}\`.` })}`,
    )
  }
  const { genesisHash, name, rpcUrl, nativeCurrency = SOL, blockExplorer, testnet, deprecatedCaipNetworkId, imageUrl } = result.output
  const reference = genesisHash.slice(0, 32)
  return {
    id: reference,
    name,
    nativeCurrency: { name: nativeCurrency.name, symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals },
    rpcUrls: { default: { http: [rpcUrl] } },
    ...(blockExplorer && { blockExplorers: { default: { name: blockExplorer.name, url: blockExplorer.url } } }),
    ...(testnet !== undefined && { testnet }),
    chainNamespace: SOLANA_NAMESPACE,
    caipNetworkId: `${SOLANA_NAMESPACE}:${reference}`,
    ...(deprecatedCaipNetworkId && { deprecatedCaipNetworkId: deprecatedCaipNetworkId as CaipNetworkId }),
    ...(isSafeImageUrl(imageUrl) && { imageUrl }),
  }
}

/**
 * Checks the options of `solana()`.
 *
 * @throws {InvalidOptionsError} naming the option and saying how to fix it.
 */
export function parseSolanaOptions(options: unknown): SolanaConfig {
  const fail = (details: string): never => {
    throw new InvalidOptionsError(`solana(): ${details}`)
  }
  const result = v.safeParse(schemasOf().OptionsSchema, options)
  if (!result.success) {
    return fail(
      describeIssues(result.issues, { unknownKey: (path) => `unknown option \`${path}\`; solana() takes \`networks\` and \`rpcUrls\`.` }),
    )
  }
  const problem = networkIdProblem(result.output.networks, SOLANA_NAMESPACE)
  if (problem) fail(problem)
  const networks = result.output.networks.map((network) =>
    pickNetwork(network, { chainNamespace: SOLANA_NAMESPACE, caipNetworkId: network.caipNetworkId as CaipNetworkId }),
  )
  const rpcUrls = defaultRpcUrls(networks)
  for (const [networkId, url] of Object.entries(result.output.rpcUrls ?? {})) {
    const network = networks.find((candidate) => isSameNetwork(candidate, networkId))
    if (!network) fail(`\`rpcUrls\` has a URL for ${networkId}, which \`networks\` does not list.`)
    rpcUrls.set(network!.caipNetworkId, url)
  }
  return { networks, rpcUrls }
}
