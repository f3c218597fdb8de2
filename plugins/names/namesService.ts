// The profile calls of the blockchain data service (rules §7): look a name up, an address's names, suggestions,
// register. Every answer is checked with valibot; every failure becomes a NameServiceError in rules §8's words, or in
// the service's own when it gave a reason.
import * as v from 'valibot'
import {
  BaseError,
  createToken,
  FetchToken,
  isSafeImageUrl,
  SDK_TYPE,
  SDK_VERSION,
  type BaseErrorOptions,
  type Kernel,
  type Token,
} from 'foyer'
import { createHttpClient } from 'foyer/query'

/** A registered name (rules §7), checked. */
export interface NameProfile {
  /** The full name, lower-case: 'alice.foyer.id'. */
  name: string
  /** ISO 8601 */
  registeredAt: string
  /** By ENSIP-11 coin type ('2147514685' for chain 31337; '60' for Ethereum). */
  addresses: Record<string, { address: string }>
  /** Free-form strings; `avatar` only when it is a safe image URL. */
  attributes: Record<string, string>
}

/** A name close to the one asked about, and whether it is taken (rules §3 name suggestions). */
export interface NameSuggestion {
  name: string
  registered: boolean
}

/** What a registration posts (rules §7): the coin type of the account's chain, the address, the signed message. */
export interface NameRegistration {
  coinType: number
  address: string
  message: string
  signature: string
}

/** The profile calls. Replace `NamesServiceToken` to serve names from anywhere. */
export interface NamesService {
  /** Undefined when nobody has the name. Throws 'Error resolving name' (or the service's reason). */
  getProfile(name: string): Promise<NameProfile | undefined>
  /** The name asked about first, then free ones close to it. Throws 'Error fetching name suggestions'. */
  getSuggestions(name: string, zone: string): Promise<NameSuggestion[]>
  /** Newest first. Throws 'Error fetching names for address'. */
  /** `sender` (rules §7) is the connected account that asks, when there is one. */
  getNamesOf(address: string, options?: { sender?: string }): Promise<NameProfile[]>
  /** Throws 'Error registering name {name}' (or the service's reason: taken, stale, …). */
  register(registration: NameRegistration & { name: string }): Promise<void>
}

/** Which call failed; each has its rules §8 message. */
export type NameServiceCall = 'resolve' | 'suggestions' | 'reverse' | 'register'

const FALLBACK: Record<NameServiceCall, (name: string) => string> = {
  resolve: () => 'Error resolving name',
  suggestions: () => 'Error fetching name suggestions',
  reverse: () => 'Error fetching names for address',
  register: (name) => `Error registering name ${name}`,
}

/**
 * rules §8: a profile call failed. The message is the service's first reason's description when it gave one
 * (`reason` then names it, e.g. 'NAME_TAKEN'), else the call's rules §8 message.
 */
export class NameServiceError extends BaseError {
  override name = 'NameServiceError'
  readonly call: NameServiceCall
  readonly reason?: string
  constructor(call: NameServiceCall, options: BaseErrorOptions & { name?: string; reason?: { name: string; description: string } } = {}) {
    super(options.reason?.description ?? FALLBACK[call](options.name ?? ''), options)
    this.call = call
    this.reason = options.reason?.name
  }
}

/** The service's container token; `namesServiceOf` makes one from `services.api` when nobody provided it. */
export const NamesServiceToken: Token<NamesService> = createToken('names:service')

const text = v.pipe(v.string(), v.maxLength(300))
const ProfileSchema = v.object({
  name: text,
  registered_at: v.nullish(text),
  addresses: v.nullish(v.record(v.string(), v.object({ address: text }))),
  attributes: v.nullish(v.record(v.string(), v.string())),
})
const ReasonsSchema = v.object({ reasons: v.pipe(v.array(v.object({ name: text, description: text })), v.minLength(1)) })
const SuggestionsSchema = v.object({ suggestions: v.array(v.object({ name: text, registered: v.boolean() })) })

function toProfile(profile: v.InferOutput<typeof ProfileSchema>): NameProfile {
  return withSafeAvatar({
    name: profile.name,
    registeredAt: profile.registered_at ?? '',
    addresses: profile.addresses ?? {},
    attributes: profile.attributes ?? {},
  })
}

function withSafeAvatar(profile: NameProfile): NameProfile {
  const attributes = Object.fromEntries(
    Object.entries(profile.attributes).filter(([key, value]) => key !== 'avatar' || isSafeImageUrl(value)),
  )
  return { ...profile, attributes }
}

/** A profile as the kernel's storage keeps it (rules §3 name cache): checked again when read back, its avatar too. */
export const KeptProfileSchema = v.pipe(
  v.object({
    name: text,
    registeredAt: text,
    addresses: v.record(v.string(), v.object({ address: text })),
    attributes: v.record(v.string(), v.string()),
  }),
  v.transform(withSafeAvatar),
)

/** A refusal the service explained, thrown by the fetch below and turned into a NameServiceError by each call. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: { name: string; description: string } | undefined,
  ) {
    super(`HTTP status code: ${status}`)
  }
}

/**
 * Creates the client of the profile calls on the blockchain data service (`services/api`). Every call sends the
 * sdk type, sdk version and project id (rules §7).
 *
 * @example
 * const names = createNamesService({ baseUrl: 'https://api.example.com', projectId })
 * const suggestions = await names.getSuggestions('alice', 'foyer.id')
 */
export function createNamesService(options: { baseUrl: string; projectId: string; fetch?: typeof fetch }): NamesService {
  const fetcher = options.fetch ?? ((url, init) => globalThis.fetch(url, init))
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    query: { st: SDK_TYPE, sv: SDK_VERSION, projectId: options.projectId, apiVersion: 2 },
    // A refusal's body says why: its first reason is what the visitor sees (rules §8).
    fetch: async (url, init) => {
      const response = await fetcher(url, init)
      if (response.ok) return response
      const body: unknown = await response.json().catch(() => undefined)
      const parsed = v.safeParse(ReasonsSchema, body)
      throw new Refusal(response.status, parsed.success ? parsed.output.reasons[0] : undefined)
    },
  })
  const fail = (call: NameServiceCall, cause: unknown, name?: string) =>
    new NameServiceError(call, { cause, name, reason: cause instanceof Refusal ? cause.reason : undefined })
  const path = (segment: string) => encodeURIComponent(segment)

  return {
    async getProfile(name) {
      try {
        return toProfile(await http.get(`/v1/profile/account/${path(name)}`, { schema: ProfileSchema }))
      } catch (error) {
        if (error instanceof Refusal && error.status === 404) return undefined
        throw fail('resolve', error)
      }
    },
    async getSuggestions(name, zone) {
      try {
        return (await http.get(`/v1/profile/suggestions/${path(name)}`, { schema: SuggestionsSchema, query: { zone } })).suggestions
      } catch (error) {
        throw fail('suggestions', error)
      }
    },
    async getNamesOf(address, { sender } = {}) {
      try {
        const query = { sender }
        return (await http.get(`/v1/profile/reverse/${path(address)}`, { schema: v.array(ProfileSchema), query })).map(toProfile)
      } catch (error) {
        throw fail('reverse', error)
      }
    },
    async register({ name, coinType, address, message, signature }) {
      try {
        await http.post('/v1/profile/account', { body: { coin_type: coinType, address, message, signature } })
      } catch (error) {
        throw fail('register', error, name)
      }
    },
  }
}

/** The kernel's names service: the one provided under `NamesServiceToken`, else a client of `services.api`. */
export function namesServiceOf(kernel: Kernel): NamesService {
  return kernel.container.ensure(NamesServiceToken, () => {
    const baseUrl = kernel.options.services.api
    // The manifest registers the views only with a service: reaching here without one is a host's direct call.
    if (!baseUrl) throw new NameServiceError('resolve', { details: 'names() needs `services.api`, the blockchain data service.' })
    return createNamesService({ baseUrl, projectId: kernel.options.projectId ?? '', fetch: kernel.container.resolve(FetchToken) })
  })
}
