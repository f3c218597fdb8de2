// An in-memory names service for stories, standing in for the profile calls of services/api where no server can
// run (a story runs in the browser; services/api needs Node, anvil and a database). It answers like the service:
// the name asked about first with whether it is taken, then free names close to it. The real service is tested in
// services/api/names and, through the plugin, in plugins/names and the end-to-end names test.
import { NameServiceError, type NameProfile, type NamesService, type NameSuggestion } from '../plugins/names/namesService.js'

/** How one call answers: as the service would, never ('pending'), or refused (with the service's reason, or without). */
export type NamesAnswer = 'answer' | 'pending' | { reason?: { name: string; description: string } }

export interface MemoryNamesServiceOptions {
  /** Full names already registered ('alice.foyer.id'). @default [] */
  taken?: readonly string[]
  /** Registered names and the address each belongs to, for names an account already has. @default {} */
  owned?: Readonly<Record<string, string>>
  /** @default 'answer' */
  suggestions?: NamesAnswer
  /** @default 'answer' */
  register?: NamesAnswer
}

/** A names service that keeps registrations in memory and answers as told; `calls` counts what was asked. */
export function memoryNamesService(
  options: MemoryNamesServiceOptions = {},
): NamesService & { calls: { suggestions: string[]; register: string[] } } {
  const profile = (name: string, address?: string): [string, NameProfile] => [
    name,
    { name, registeredAt: '2026-01-01T00:00:00.000Z', addresses: address ? { '60': { address } } : {}, attributes: {} },
  ]
  const registered = new Map<string, NameProfile>([
    ...(options.taken ?? []).map((name) => profile(name)),
    ...Object.entries(options.owned ?? {}).map(([name, address]) => profile(name, address)),
  ])
  const calls = { suggestions: [] as string[], register: [] as string[] }
  const settle = async (answer: NamesAnswer | undefined, call: NameServiceError['call'], name: string) => {
    if (answer === 'pending') return new Promise<void>(() => {})
    if (answer && answer !== 'answer') throw new NameServiceError(call, { name, reason: answer.reason })
  }
  return {
    calls,
    async getProfile(name) {
      return registered.get(name)
    },
    async getSuggestions(name) {
      calls.suggestions.push(name)
      await settle(options.suggestions, 'suggestions', name)
      const [label, ...zone] = name.split('.')
      const close = ['1', '2', '3', '7']
        .map((digits) => `${label}${digits}.${zone.join('.')}`)
        .filter((candidate) => !registered.has(candidate))
      const suggestions: NameSuggestion[] = [
        { name, registered: registered.has(name) },
        ...close.slice(0, 3).map((candidate) => ({ name: candidate, registered: false })),
      ]
      return suggestions
    },
    async getNamesOf(address) {
      return [...registered.values()].filter((profile) =>
        Object.values(profile.addresses).some((entry) => entry.address.toLowerCase() === address.toLowerCase()),
      )
    },
    async register({ name, coinType, address }) {
      calls.register.push(name)
      await settle(options.register, 'register', name)
      if (registered.has(name))
        throw new NameServiceError('register', { name, reason: { name: 'NAME_TAKEN', description: `The name ${name} is taken` } })
      registered.set(name, { name, registeredAt: new Date().toISOString(), addresses: { [String(coinType)]: { address } }, attributes: {} })
    },
  }
}
