// The client of the blockchain API's convert calls (rules §7): tokens, quotes, allowance, gas price, swap and approve
// calldata. Loaded with the Swap view, never with the manifest. Every answer is checked with valibot, and the
// transactions the service builds are checked against what was asked before any wallet sees them.
import * as v from 'valibot'
import { BaseError, createToken, isSafeImageUrl, SDK_TYPE, SDK_VERSION, type Kernel } from 'foyer'
import { createHttpClient, fetchWithRefusals, serviceOf } from 'foyer/query'
import type { SwapQuote, SwapToken } from './swapState.js'

/** The convert calls' id of a network's native coin. */
export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** rules §8: the service does not swap on this network. */
export class NetworkNotSupportedForSwapsError extends BaseError {
  override name = 'NetworkNotSupportedForSwapsError'
  constructor(options?: { details?: string; cause?: unknown }) {
    super('Network not supported for Swaps', options)
  }
}

/** rules §8: the service has no gas price for this network. */
export class NetworkNotSupportedForGasPriceError extends BaseError {
  override name = 'NetworkNotSupportedForGasPriceError'
  constructor(options?: { details?: string; cause?: unknown }) {
    super('Network not supported for Gas Price', options)
  }
}

/** The service refused a convert call; the message is its own (`{ error }`), e.g. 'No pool connects these tokens'. */
export class ConvertRequestError extends BaseError {
  override name = 'ConvertRequestError'
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.status = status
  }
}

/** A transaction the service built, checked: `to` a plain address, `value` and gas in the smallest unit. */
export interface SwapTransaction {
  to: `0x${string}`
  data: `0x${string}`
  value: bigint
  gas?: bigint
  gasPrice: bigint
}

/** The convert calls. Replace `ConvertApiToken` to serve them from anywhere (the stories do). */
export interface ConvertApi {
  getTokens(networkId: string): Promise<SwapToken[]>
  getQuote(params: {
    networkId: string
    userAddress: string
    from: string
    to: string
    amount: bigint
    gasPrice?: bigint
  }): Promise<SwapQuote>
  getAllowance(params: { networkId: string; userAddress: string; tokenAddress: string }): Promise<bigint>
  getGasPrice(networkId: string): Promise<{ standard: bigint; fast: bigint; instant: bigint }>
  /** USD prices (rules §7 `POST /v1/fungible/price`) by CAIP-10 id; a token the service does not price is left out. */
  getPrices(tokens: readonly string[]): Promise<Record<string, number>>
  /** The swap itself; `slippage` in percent (rules §9: 1). */
  buildTransaction(params: {
    networkId: string
    userAddress: string
    from: string
    to: string
    amount: bigint
    slippage: number
    /**
     * rules §7 `disableEstimate`: true builds the swap without the service's gas estimate (one that would revert, an
     * approval still missing). @default false: the wallet gets the service's gas, which leaves room for a later block
     */
    disableEstimate?: boolean
  }): Promise<SwapTransaction & { toAmountMin?: bigint }>
  /** The approval of `amount` of `from`; `reset` when it is the reset to 0 a token like USDT needs first. */
  buildApprove(params: {
    networkId: string
    userAddress: string
    from: string
    to: string
    amount: bigint
  }): Promise<SwapTransaction & { reset: boolean }>
}

/** The kernel's convert client; a host or a story may register its own. */
export const ConvertApiToken = createToken<ConvertApi>('swaps:convertApi')

const text = v.pipe(v.string(), v.maxLength(200))
const uint = v.pipe(
  v.string(),
  v.regex(/^\d{1,78}$/),
  v.transform((digits: string) => BigInt(digits)),
)
const hex = v.pipe(v.string(), v.regex(/^0x(?:[0-9a-fA-F]{2})*$/), v.maxLength(100_000))
const caip10 = v.pipe(v.string(), v.regex(/^eip155:\d{1,20}:0x[0-9a-fA-F]{40}$/))

const TokensSchema = v.object({
  tokens: v.array(
    v.object({
      name: text,
      symbol: text,
      address: caip10,
      decimals: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
      logoUri: v.nullish(v.string()),
    }),
  ),
})
const QuotesSchema = v.object({
  quotes: v.pipe(
    v.array(
      v.object({
        fromAmount: uint,
        toAmount: uint,
        route: v.optional(v.array(caip10)),
        priceImpact: v.optional(v.pipe(v.number(), v.finite())),
        fees: v.optional(v.array(v.object({ token: caip10, amount: uint, percent: v.pipe(v.number(), v.finite()) }))),
        eip155: v.optional(v.object({ gas: v.optional(uint) })),
      }),
    ),
    v.minLength(1),
  ),
})
/** The most gas one transaction may have (EIP-7825); the wallet gets the service's limit, so a larger one is refused. */
const MAX_TRANSACTION_GAS = 16_777_216n
const TransactionSchema = v.object({
  from: caip10,
  to: caip10,
  data: hex,
  amount: v.optional(uint),
  value: v.optional(uint),
  // v.check, not v.maxValue: valibot's code sits in the first-paint chunk, and only this would bring maxValue there.
  eip155: v.object({
    gas: v.optional(
      v.pipe(
        uint,
        v.check((gas) => gas <= MAX_TRANSACTION_GAS),
      ),
    ),
    gasPrice: uint,
  }),
})
const BuiltSchema = v.object({ tx: TransactionSchema, toAmountMin: v.optional(uint), reset: v.optional(v.boolean()) })
const GasPriceSchema = v.object({ standard: uint, fast: uint, instant: uint })
const AllowanceSchema = v.object({ allowance: uint })
const PricesSchema = v.object({ fungibles: v.array(v.unknown()) })
const FungibleSchema = v.object({ address: v.string(), price: v.pipe(v.number(), v.finite(), v.minValue(0)) })

/** `approve(address,uint256)`: the only call an approval may make. */
const APPROVE_SELECTOR = '0x095ea7b3'

const plainAddress = (id: string) => id.split(':').at(-1) as `0x${string}`
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * Creates the client of the convert calls of the blockchain API at `baseUrl`. A refusal (4xx with `{ error }`)
 * rejects with the service's own words, as the rules §8 errors where they are; anything else with 'HTTP status code: N'.
 *
 * @example
 * const convert = createConvertApi({ baseUrl: 'https://api.example.com', projectId })
 * const tokens = await convert.getTokens('eip155:1')
 */
export function createConvertApi(options: { baseUrl: string; projectId: string; fetch?: typeof fetch }): ConvertApi {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    query: { st: SDK_TYPE, sv: SDK_VERSION, projectId: options.projectId },
    fetch: fetchWithRefusals(refusalError, options.fetch),
  })

  /**
   * The transaction as the wallet will get it, once it is checked: from the user, on the network asked about.
   */
  const checked = (
    tx: v.InferOutput<typeof TransactionSchema>,
    { networkId, userAddress }: { networkId: string; userAddress: string },
  ): SwapTransaction => {
    if (!tx.to.startsWith(`${networkId}:`) || !sameAddress(plainAddress(tx.from), userAddress)) {
      throw new ConvertRequestError('The service built a transaction for another account or network', 502)
    }
    return {
      to: plainAddress(tx.to),
      data: tx.data as `0x${string}`,
      value: tx.amount ?? tx.value ?? 0n,
      gas: tx.eip155.gas,
      gasPrice: tx.eip155.gasPrice,
    }
  }

  return {
    async getTokens(networkId) {
      const { tokens } = await http.get('/v1/convert/tokens', { query: { chainId: networkId }, schema: TokensSchema })
      // A uint256 has at most 77 decimal digits: more decimals than that is not a token.
      return tokens
        .filter((token) => token.address.startsWith(`${networkId}:`) && token.decimals <= 77)
        .map((token) => ({ ...token, logoUri: isSafeImageUrl(token.logoUri) ? token.logoUri : undefined }))
    },
    async getQuote({ userAddress, from, to, amount, gasPrice, networkId }) {
      const { quotes } = await http.get('/v1/convert/quotes', {
        query: { amount: amount.toString(), userAddress: `${networkId}:${userAddress}`, from, to, gasPrice: gasPrice?.toString() },
        schema: QuotesSchema,
      })
      const quote = quotes[0]!
      return {
        fromAmount: quote.fromAmount,
        toAmount: quote.toAmount,
        route: quote.route ?? [from, to],
        priceImpact: quote.priceImpact,
        fees: quote.fees ?? [],
        gas: quote.eip155?.gas,
      }
    },
    async getAllowance({ networkId, userAddress, tokenAddress }) {
      const query = { tokenAddress, userAddress: `${networkId}:${userAddress}` }
      return (await http.get('/v1/convert/allowance', { query, schema: AllowanceSchema })).allowance
    },
    async getGasPrice(networkId) {
      return http.get('/v1/convert/gas-price', { query: { chainId: networkId }, schema: GasPriceSchema })
    },
    async getPrices(tokens) {
      // The price call names a network's coin `<network>:native`, where the convert calls use 0xeeee…eeee.
      const asked = new Map(
        tokens.map((id) => [(plainAddress(id).toLowerCase() === NATIVE_TOKEN ? id.replace(/[^:]+$/, 'native') : id).toLowerCase(), id]),
      )
      const body = { currency: 'usd', addresses: [...asked.keys()], projectId: options.projectId }
      const { fungibles } = await http.post('/v1/fungible/price', { body, schema: PricesSchema })
      const prices: Record<string, number> = {}
      for (const entry of fungibles) {
        const parsed = v.safeParse(FungibleSchema, entry)
        const id = parsed.success ? asked.get(parsed.output.address.toLowerCase()) : undefined
        if (parsed.success && id) prices[id] = parsed.output.price
      }
      return prices
    },
    async buildTransaction({ networkId, userAddress, from, to, amount, slippage, disableEstimate = false }) {
      const body = {
        projectId: options.projectId,
        amount: amount.toString(),
        eip155: { slippage: String(slippage) },
        from,
        to,
        userAddress: `${networkId}:${userAddress}`,
        disableEstimate,
      }
      const built = await http.post('/v1/convert/build-transaction', { body, schema: BuiltSchema })
      const tx = checked(built.tx, { networkId, userAddress })
      // The coin goes along only when it is what is paid, and then exactly the amount.
      const expected = plainAddress(from).toLowerCase() === NATIVE_TOKEN ? amount : 0n
      if (tx.value !== expected) throw new ConvertRequestError('The service built a swap that pays another amount', 502)
      return { ...tx, toAmountMin: built.toAmountMin }
    },
    async buildApprove({ networkId, userAddress, from, to, amount }) {
      const query = { userAddress: `${networkId}:${userAddress}`, from, to, amount: amount.toString() }
      const built = await http.get('/v1/convert/build-approve', { query, schema: BuiltSchema })
      const tx = checked(built.tx, { networkId, userAddress })
      // An approval is approve() on the token being paid, and carries no coin.
      if (!sameAddress(tx.to, plainAddress(from)) || !tx.data.startsWith(APPROVE_SELECTOR) || tx.value !== 0n) {
        throw new ConvertRequestError('The service built an approval of something else', 502)
      }
      return { ...tx, reset: built.reset === true }
    },
  }
}

function refusalError(message: string, status: number): BaseError {
  if (message === 'Network not supported for Swaps') return new NetworkNotSupportedForSwapsError()
  if (message === 'Network not supported for Gas Price') return new NetworkNotSupportedForGasPriceError()
  return new ConvertRequestError(message, status)
}

/** The kernel's convert client: the host's replacement if it registered one, else `services.api`'s, else none. */
export function convertApiOf(kernel: Kernel): ConvertApi | undefined {
  return serviceOf(kernel, { token: ConvertApiToken, url: 'api', create: createConvertApi })
}
