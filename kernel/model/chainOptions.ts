// What every chain plugin checks in its options: networks shaped as rules §3 says, RPC URLs http(s)
// only (rules §5), and the house wording of the message (style 4). Built on valibot, as every check
// at a trust boundary is; chains/evm and chains/solana compose the schemas into their own,
// a third-party chain calls parseNetworks.
import * as v from 'valibot'
import type { CaipNetworkId } from 'foyer/protocol'
import { InvalidOptionsError } from '../core/errors/catalogue.js'
import { isHttpUrl, isSafeImageUrl, type Network } from './network.js'

// rules §5: the HTTP RPC transport takes http(s) URLs only; the message names the URL that is not.
// Other messages are valibot's own: the path they come with says where to look.
/** An RPC URL a chain reads from: http(s) only (rules §5). */
export const RpcUrlSchema = v.pipe(
  v.string(),
  v.check(isHttpUrl, (issue) => `must be an http(s) URL, not '${String(issue.input)}'`),
)

/** A network's native currency (rules §3). */
export const CurrencySchema = v.looseObject({
  name: v.string(),
  symbol: v.string(),
  decimals: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
})

/** A block explorer (rules §3). */
export const ExplorerSchema = v.looseObject({ name: v.string(), url: v.string() })

type FieldSchema = v.GenericSchema
/** The fields whose rules differ between chain families. */
interface NetworkIdentitySchemas<
  Id extends FieldSchema,
  Namespace extends FieldSchema,
  Caip extends FieldSchema,
  Deprecated extends FieldSchema,
> {
  id: Id
  chainNamespace: Namespace
  caipNetworkId: Caip
  deprecatedCaipNetworkId: Deprecated
}

/**
 * A network as rules §3 shapes it, with the rules for its ids from the chain family. Loose: a host's
 * object may carry more (a viem chain does); {@link pickNetwork} leaves the rest out.
 */
export function networkSchema<
  Id extends FieldSchema,
  Namespace extends FieldSchema,
  Caip extends FieldSchema,
  Deprecated extends FieldSchema,
>(identity: NetworkIdentitySchemas<Id, Namespace, Caip, Deprecated>) {
  return v.looseObject({
    id: identity.id,
    name: v.pipe(v.string(), v.nonEmpty()),
    nativeCurrency: CurrencySchema,
    rpcUrls: v.looseObject({ default: v.looseObject({ http: v.pipe(v.array(RpcUrlSchema), v.minLength(1)) }) }),
    blockExplorers: v.optional(v.looseObject({ default: ExplorerSchema })),
    testnet: v.optional(v.boolean()),
    chainNamespace: identity.chainNamespace,
    caipNetworkId: identity.caipNetworkId,
    deprecatedCaipNetworkId: identity.deprecatedCaipNetworkId,
    imageUrl: v.optional(v.string()),
  })
}

/**
 * The `networks` option: a non-empty array of `network`. `example` ends both messages, e.g.
 * 'such as [mainnet] from viem/chains'.
 */
export function networksSchema<Item extends FieldSchema>(network: Item, example: string) {
  return v.pipe(v.array(network, `must be an array of networks, ${example}`), v.minLength(1, `needs at least one network, ${example}`))
}

/** How {@link describeIssues} words an issue. */
export interface DescribeIssuesOptions {
  /** Put before every path, e.g. 'chain' for a function whose argument is a chain. */
  root?: string
  /** The message for a key a strict object does not take, from its dot path. @default valibot's message */
  unknownKey?: (path: string) => string
}

/**
 * The first issue as one sentence that names the option: '`networks.0.name` is required.',
 * '`rpcUrls.abc`: Invalid format: ….' The caller puts its own name in front ('evm(): ').
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], { root, unknownKey }: DescribeIssuesOptions = {}): string {
  const issue = issues[0]!
  const path = [root, v.getDotPath(issue)].filter(Boolean).join('.')
  // A key a strict object does not take: valibot reports it with `expected` 'never'.
  if (unknownKey && issue.type === 'strict_object' && issue.expected === 'never' && path) return unknownKey(path)
  // A missing key is reported by its object, with the object's message: say what is missing instead.
  if (issue.type.endsWith('_object') && issue.input === undefined && path) return `\`${path}\` is required.`
  return `\`${path || 'options'}\`: ${issue.message}.`
}

/** What {@link pickNetwork} reads: a network {@link networkSchema} has checked. */
export interface NetworkFields {
  id: number | string
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  deprecatedCaipNetworkId?: string
  imageUrl?: string
}

/**
 * A copy with only the fields of rules §3, so that whatever else a host's object carries stays out;
 * an unsafe `imageUrl` is dropped. The chain family gives the ids.
 */
export function pickNetwork(network: NetworkFields, identity: { chainNamespace: string; caipNetworkId: CaipNetworkId }): Network {
  const { id, name, nativeCurrency: currency, rpcUrls, blockExplorers: explorers, testnet, deprecatedCaipNetworkId, imageUrl } = network
  return {
    id,
    name,
    nativeCurrency: { name: currency.name, symbol: currency.symbol, decimals: currency.decimals },
    rpcUrls: { default: { http: [...rpcUrls.default.http] } },
    ...(explorers && { blockExplorers: { default: { name: explorers.default.name, url: explorers.default.url } } }),
    ...(testnet !== undefined && { testnet }),
    chainNamespace: identity.chainNamespace,
    caipNetworkId: identity.caipNetworkId,
    ...(deprecatedCaipNetworkId?.includes(':') && { deprecatedCaipNetworkId: deprecatedCaipNetworkId as CaipNetworkId }),
    ...(isSafeImageUrl(imageUrl) && { imageUrl }),
  }
}

/** The URL Foyer reads each network from: its first http URL, until a chain's `rpcUrls` option replaces it. */
export function defaultRpcUrls(networks: readonly Network[]): Map<CaipNetworkId, string> {
  return new Map(networks.map((network) => [network.caipNetworkId, network.rpcUrls.default.http[0]!]))
}

/**
 * What is wrong with the networks' ids, if anything: a `caipNetworkId` that is not
 * `<chainNamespace>:<id>`, or a network listed twice. The message names the option.
 */
export function networkIdProblem(
  networks: readonly { id: number | string; name: string; caipNetworkId: string }[],
  chainNamespace: string,
): string | undefined {
  for (const [index, { id, caipNetworkId }] of networks.entries()) {
    if (caipNetworkId !== `${chainNamespace}:${id}`)
      return `\`networks.${index}.caipNetworkId\` is '${caipNetworkId}'; network '${id}' is '${chainNamespace}:${id}'.`
  }
  for (const [index, { name, caipNetworkId }] of networks.entries()) {
    if (networks.findIndex((other) => other.caipNetworkId === caipNetworkId) !== index)
      return `\`networks\` lists ${name} (${caipNetworkId}) twice. Keep one.`
  }
  return undefined
}

/** Options of {@link parseNetworks}. */
export interface ParseNetworksOptions {
  /** Whose option it is, at the start of every message: `'bitcoin()'`. */
  caller: string
  /** The CAIP-2 namespace every network must have, e.g. `'bip122'`. */
  chainNamespace: string
  /** Ends the message for a `networks` that is no array, e.g. `'such as [bitcoinMainnet]'`. */
  example: string
}

/**
 * Checks a chain plugin's `networks` option as the built-in chains check theirs: each a network
 * of rules §3 in `chainNamespace`, its `caipNetworkId` `<chainNamespace>:<id>`, RPC URLs http(s) only
 * (rules §5), none twice. Returns copies with only the fields of rules §3.
 *
 * @throws {InvalidOptionsError} naming the option and saying how to fix it, e.g.
 * "bitcoin(): `networks.0.rpcUrls.default.http.0`: must be an http(s) URL, not 'ftp://node'."
 * @example
 * import { defineChain, parseNetworks } from 'foyer'
 *
 * export function bitcoin(options: BitcoinOptions = {}) {
 *   const networks = parseNetworks(options.networks ?? [bitcoinMainnet], {
 *     caller: 'bitcoin()',
 *     chainNamespace: 'bip122',
 *     example: 'such as [bitcoinMainnet]',
 *   })
 *   return defineChain({ namespace: 'bip122', networks, … })
 * }
 */
export function parseNetworks(networks: unknown, { caller, chainNamespace, example }: ParseNetworksOptions): Network[] {
  const fail = (details: string): never => {
    throw new InvalidOptionsError(`${caller}: ${details}`)
  }
  const schema = networkSchema({
    id: v.union([v.pipe(v.string(), v.nonEmpty()), v.number()]),
    chainNamespace: v.literal(chainNamespace, `must be "${chainNamespace}"`),
    caipNetworkId: v.string(),
    deprecatedCaipNetworkId: v.optional(v.string()),
  })
  const result = v.safeParse(networksSchema(schema, example), networks)
  if (!result.success) return fail(describeIssues(result.issues, { root: 'networks' }))
  const problem = networkIdProblem(result.output, chainNamespace)
  if (problem) fail(problem)
  return result.output.map((network) => pickNetwork(network, { chainNamespace, caipNetworkId: network.caipNetworkId as CaipNetworkId }))
}
