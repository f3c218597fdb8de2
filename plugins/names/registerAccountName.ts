// The names plugin's actions, as plain functions over a kernel (style 9): register a name (rules §4), and the lookups
// behind the views, each a KernelQuery cached 5 minutes (rules §9's name cache).
import * as v from 'valibot'
import {
  AddressOrAuthConnectorNotFoundError,
  BaseError,
  fetchKernelQuery,
  forgetPersisted,
  identityQuery,
  selectActiveConnection,
  UnsupportedChainError,
  writePersisted,
  type Kernel,
  type KernelQuery,
} from 'foyer'
import { identitySender, QUERY_KEY_PREFIX, queryClientOf } from 'foyer/query'
import { coinTypeOf, normalizeLabel, validateLabel } from './nameRules.js'
import { KeptProfileSchema, namesServiceOf, type NameProfile, type NameSuggestion } from './namesService.js'
import { viewTexts } from './texts.js'

/** rules §9: names, suggestions and an address's names are fresh for 5 minutes. */
export const NAME_CACHE_MS = 5 * 60_000

/** The first part of every names query key, so a registration can make them all stale at once. */
const NAMES_KEY = 'names'

/** rules §5: the name breaks a rule; the message says which. */
export class InvalidAccountNameError extends BaseError {
  override name = 'InvalidAccountNameError'
}

export interface RegisterAccountNameParameters {
  /** The label ('alice') or the full name ('alice.foyer.id'); any case. */
  name: string
  /** Extra attributes kept with the name, such as `avatar` (an https or data:image URL). @default {} */
  attributes?: Record<string, string>
}

export interface RegisterAccountNameReturnType {
  /** The full name, lower-case: 'alice.foyer.id'. */
  name: string
  address: string
}

export interface ResolveNameParameters {
  /** The label ('alice') or the full name ('alice.foyer.id'). */
  name: string
}

/** The zone of the kernel's names plugin ('foyer.id'). */
export function zoneOf(kernel: Kernel): string {
  return kernel.store.getState().names?.zone ?? 'foyer.id'
}

/**
 * The full, lower-case name of what the visitor typed, after rules §5's rules.
 *
 * @throws {InvalidAccountNameError} with the rule's words when it breaks one.
 */
export function fullName(kernel: Kernel, typed: string): string {
  const zone = zoneOf(kernel)
  const label = normalizeLabel(typed, zone)
  const problem = validateLabel(label)
  if (problem) throw new InvalidAccountNameError(viewTexts[problem])
  return `${label}.${zone}`
}

/**
 * The name asked about (first, with whether it is taken) and free names close to it, as a query
 * fresh for 5 minutes (rules §9).
 *
 * @example
 * const suggestions = useKernelQuery(suggestionsQuery(kernel, { name: 'alice' }))
 */
export function suggestionsQuery(kernel: Kernel, { name }: ResolveNameParameters): KernelQuery<NameSuggestion[]> {
  const full = fullName(kernel, name)
  return {
    key: [NAMES_KEY, 'suggestions', full],
    staleTime: NAME_CACHE_MS,
    load: () => namesServiceOf(kernel).getSuggestions(full, zoneOf(kernel)),
  }
}

/** A name's profile as a query, fresh for 5 minutes (rules §9); null when nobody has it (a query's answer is never undefined). */
export function nameProfileQuery(kernel: Kernel, { name }: ResolveNameParameters): KernelQuery<NameProfile | null> {
  const full = fullName(kernel, name)
  return {
    key: [NAMES_KEY, 'profile', full],
    staleTime: NAME_CACHE_MS,
    // rules §3: the name cache is kept across reloads, with its time.
    persist: v.nullable(KeptProfileSchema),
    load: async () => (await namesServiceOf(kernel).getProfile(full)) ?? null,
  }
}

/** An address's names, newest first, as a query fresh for 5 minutes (rules §9). */
export function namesOfQuery(kernel: Kernel, { address }: { address: string }): KernelQuery<NameProfile[]> {
  return {
    key: [NAMES_KEY, 'reverse', address.toLowerCase()],
    staleTime: NAME_CACHE_MS,
    persist: v.array(KeptProfileSchema),
    load: () => namesServiceOf(kernel).getNamesOf(address, { sender: identitySender(kernel) }),
  }
}

/**
 * The profile of a name, undefined when nobody has it; cached 5 minutes (rules §9).
 *
 * @throws {NameServiceError} 'Error resolving name', or the service's reason.
 * @example
 * const profile = await resolveName(kernel, { name: 'alice' })
 */
export async function resolveName(kernel: Kernel, parameters: ResolveNameParameters): Promise<NameProfile | undefined> {
  return (await fetchKernelQuery(kernel, nameProfileQuery(kernel, parameters))) ?? undefined
}

/**
 * An address's names, newest first; cached 5 minutes (rules §9).
 *
 * @throws {NameServiceError} 'Error fetching names for address', or the service's reason.
 */
export function getNamesOfAddress(kernel: Kernel, parameters: { address: string }): Promise<NameProfile[]> {
  return fetchKernelQuery(kernel, namesOfQuery(kernel, parameters))
}

/**
 * Registers a name for the connected account (rules §4): the wallet signs the registration message (the
 * name, the address and the time, as JSON), the data service checks the signature on the account's
 * chain and keeps the name, and the kernel stores it as the account's identity (Account, the connect
 * button), emitting 'names:registered'. A refused signature rejects as the wallet's error (check it
 * with `isUserRejection`) and registers nothing.
 *
 * @throws {InvalidAccountNameError} rules §5: the name breaks a rule.
 * @throws {AddressOrAuthConnectorNotFoundError} nobody is connected.
 * @throws {UnsupportedChainError} the account's chain has no names (rules §6: EVM only).
 * @throws {NameServiceError} the service refused (its reason, e.g. the name is taken) or failed ('Error registering name {name}').
 * @example
 * const { name } = await registerAccountName(kernel, { name: 'alice' })
 */
export async function registerAccountName(
  kernel: Kernel,
  { name: typed, attributes = {} }: RegisterAccountNameParameters,
): Promise<RegisterAccountNameReturnType> {
  const name = fullName(kernel, typed)
  const connection = selectActiveConnection(kernel.store.getState().connection)
  if (connection?.status !== 'connected' || !connection.address || !connection.networkId) throw new AddressOrAuthConnectorNotFoundError()
  const { namespace, address, networkId } = connection
  // The network's reference: CAIP-2 ids are `namespace:reference` (the kernel's parser stays out of this chunk,
  // whose import of it would split the first-paint code into one more file).
  const chainId = Number(networkId.slice(networkId.indexOf(':') + 1))
  const capabilities = kernel.chains.get(namespace)?.capabilities
  // rules §6: names are for chains with identities (EVM), whose networks have numeric ids, and that can sign.
  if (!capabilities?.identity || !capabilities.signMessage || !Number.isSafeInteger(chainId)) {
    throw new UnsupportedChainError({ details: `The ${namespace} chain has no account names.` })
  }
  const message = JSON.stringify({ name, address, attributes, timestamp: Math.floor(Date.now() / 1000) })
  const signature = await capabilities.signMessage.signMessage(kernel, { address, message })
  await namesServiceOf(kernel).register({ name, coinType: coinTypeOf(chainId), address, message, signature })

  // rules §4: the profile name is stored: the account's identity is this name from now on, without asking again.
  const client = queryClientOf(kernel)
  const identity = identityQuery(kernel, { address })
  if (identity) {
    const registered = { name, ...(attributes['avatar'] && { avatar: attributes['avatar'] }) }
    client.setQueryData([QUERY_KEY_PREFIX, ...identity.key], registered)
    // And kept across a reload (rules §3), as an answer of the service would be.
    writePersisted(kernel, identity, registered)
  }
  // Stale, not read again now: the view asking about this name is about to leave. What a reload would show is forgotten.
  await client.invalidateQueries({ queryKey: [QUERY_KEY_PREFIX, NAMES_KEY], refetchType: 'none' })
  forgetPersisted(kernel, namesOfQuery(kernel, { address }).key)
  forgetPersisted(kernel, nameProfileQuery(kernel, { name }).key)
  kernel.bus.emit('names:registered', { name, address })
  return { name, address }
}
