import * as v from 'valibot'
import type { CaipNetworkId } from '../../kernel/caip.js'
import { InvalidOptionsError } from '../../kernel/errors/catalogue.js'
import { isSafeImageUrl, type Network } from '../../kernel/network.js'

/**
 * A viem `Chain` (`import { mainnet } from 'viem/chains'`), or anything shaped like one. Only these
 * fields are read; viem's others (contracts, formatters …) are ignored.
 */
export interface EvmChainLike {
  /** The EIP-155 chain id. */
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Only http(s) URLs (§5). The first is the one Foyer reads balances from. */
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
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
   * (balances). The wallet is still offered the network's own URLs. http(s) only (§5).
   *
   * @example
   * evm({ networks: [mainnet], rpcUrls: { 1: 'https://rpc.example.com/my-key' } })
   */
  rpcUrls?: Readonly<Record<number, string>>
}

/** The options with every network converted to a Foyer network. */
export interface ResolvedEvmOptions {
  networks: readonly Network[]
  /** The URL Foyer reads each network from, by CAIP-2 id. */
  rpcUrls: ReadonlyMap<CaipNetworkId, string>
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

// §5: the HTTP RPC transport takes http(s) URLs only; the message names the URL that is not.
const RpcUrlSchema = v.pipe(
  v.string('must be a URL string'),
  v.check(isHttpUrl, (issue) => `must be an http(s) URL; '${String(issue.input)}' is not (only http and https RPC URLs are supported)`),
)

const NetworkSchema = v.looseObject({
  id: v.pipe(v.number('must be the numeric EIP-155 chain id'), v.integer('must be an integer'), v.minValue(1, 'must be positive')),
  name: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')),
  nativeCurrency: v.looseObject(
    {
      name: v.string('must be a string'),
      symbol: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')),
      decimals: v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(0, 'must not be negative')),
    },
    'must be { name, symbol, decimals }',
  ),
  rpcUrls: v.looseObject(
    {
      default: v.looseObject(
        { http: v.pipe(v.array(RpcUrlSchema, 'must be an array of URLs'), v.minLength(1, 'needs at least one http(s) URL')) },
        'must be { http: [url] }',
      ),
    },
    'must be { default: { http: [url] } }',
  ),
  blockExplorers: v.optional(
    v.looseObject({ default: v.looseObject({ name: v.string('must be a string'), url: v.string('must be a string') }) }, 'must be { default: { name, url } }'),
  ),
  testnet: v.optional(v.boolean('must be true or false')),
  chainNamespace: v.optional(v.literal('eip155', "must be 'eip155' (this is the EVM chain)")),
  caipNetworkId: v.optional(v.string('must be a string')),
  imageUrl: v.optional(v.string('must be a string')),
  deprecatedCaipNetworkId: v.optional(v.string('must be a string')),
})

const OptionsSchema = v.strictObject(
  {
    networks: v.pipe(
      v.array(NetworkSchema, 'must be an array of networks, such as [mainnet] from viem/chains'),
      v.minLength(1, 'needs at least one network, such as [mainnet] from viem/chains'),
    ),
    rpcUrls: v.optional(
      v.record(v.pipe(v.string(), v.regex(/^\d+$/, 'keys must be chain ids')), RpcUrlSchema, 'must map chain ids to URLs'),
    ),
  },
  'must be an object such as { networks: [mainnet] }',
)

function describe(issues: readonly v.BaseIssue<unknown>[], caller: string, root?: string): string {
  const issue = issues[0]!
  const path = [root, v.getDotPath(issue)].filter(Boolean).join('.')
  if (issue.type === 'strict_object' && issue.input !== undefined) {
    return `${caller}: unknown option \`${path}\`. evm() takes \`networks\` and \`rpcUrls\`.`
  }
  // A missing key is reported by its object, with the object's message: say what is missing instead.
  if ((issue.type === 'strict_object' || issue.type === 'loose_object') && issue.input === undefined && path) {
    return `${caller}: \`${path}\` is required${path === 'networks' ? ': the networks the site supports, such as [mainnet] from viem/chains' : ''}.`
  }
  return `${caller}: \`${path || 'options'}\` ${issue.message}.`
}

function toNetwork(chain: v.InferOutput<typeof NetworkSchema>): Network {
  const { id, name, nativeCurrency, rpcUrls, blockExplorers, testnet, imageUrl, deprecatedCaipNetworkId } = chain
  return {
    id,
    name,
    nativeCurrency: { name: nativeCurrency.name, symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals },
    rpcUrls: { default: { http: [...rpcUrls.default.http] } },
    ...(blockExplorers && { blockExplorers: { default: { name: blockExplorers.default.name, url: blockExplorers.default.url } } }),
    ...(testnet !== undefined && { testnet }),
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
    ...(isSafeImageUrl(imageUrl) && { imageUrl }),
    ...(deprecatedCaipNetworkId?.includes(':') && { deprecatedCaipNetworkId: deprecatedCaipNetworkId as CaipNetworkId }),
  }
}

/**
 * Turns a viem chain (or anything shaped like one) into a Foyer network: `caipNetworkId`
 * `eip155:<id>`, `chainNamespace` `eip155`.
 *
 * @throws {InvalidOptionsError} naming the field, e.g. an RPC URL that is not http(s) (§5).
 * @example
 * import { mainnet } from 'viem/chains'
 * evmNetwork(mainnet) // { id: 1, name: 'Ethereum', caipNetworkId: 'eip155:1', chainNamespace: 'eip155', … }
 */
export function evmNetwork(chain: EvmChainLike): Network {
  const result = v.safeParse(NetworkSchema, chain)
  if (!result.success) throw new InvalidOptionsError(describe(result.issues, 'evmNetwork()', 'chain'))
  return toNetwork(result.output)
}

/**
 * Checks the options of `evm()` and converts its networks.
 *
 * @throws {InvalidOptionsError} naming the option and saying how to fix it.
 */
export function parseEvmOptions(options: unknown): ResolvedEvmOptions {
  const result = v.safeParse(OptionsSchema, options)
  if (!result.success) throw new InvalidOptionsError(describe(result.issues, 'evm()'))
  const networks = result.output.networks.map(toNetwork)
  networks.forEach((network, index) => {
    const given = result.output.networks[index]?.caipNetworkId
    if (given !== undefined && given !== network.caipNetworkId) {
      throw new InvalidOptionsError(`evm(): \`networks.${index}.caipNetworkId\` is '${given}' but its id is ${network.id}; expected '${network.caipNetworkId}'.`)
    }
    if (networks.findIndex((other) => other.id === network.id) !== index) {
      throw new InvalidOptionsError(`evm(): \`networks\` lists chain ${network.id} twice. Keep one.`)
    }
  })
  const rpcUrls = new Map<CaipNetworkId, string>(networks.map((network) => [network.caipNetworkId, network.rpcUrls.default.http[0]!]))
  for (const [chainId, url] of Object.entries(result.output.rpcUrls ?? {})) {
    const networkId: CaipNetworkId = `eip155:${Number(chainId)}`
    if (!rpcUrls.has(networkId)) {
      throw new InvalidOptionsError(`evm(): \`rpcUrls.${chainId}\` is for chain ${chainId}, which is not in \`networks\`. Add the network or remove the URL.`)
    }
    rpcUrls.set(networkId, url)
  }
  return { networks, rpcUrls }
}
