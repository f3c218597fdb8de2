// A sign-in verifier in memory (plugins/siwx's SiwxConfig), for stories and unit tests: it keeps what it is given,
// records revocations, and refuses when told to.
import type { SiwxConfig, SiwxSession } from '../plugins/siwx/index.js'

export type MemorySiwxVerifier = SiwxConfig & {
  readonly sessions: SiwxSession[]
  readonly revoked: string[]
  /** When set, addSession throws an Error with this message. */
  refuse: string | undefined
}

export function memorySiwxVerifier(): MemorySiwxVerifier {
  const sessions: SiwxSession[] = []
  const verifier: MemorySiwxVerifier = {
    sessions,
    revoked: [],
    refuse: undefined,
    getNonce: async () => 'nonce12345678',
    async addSession(session) {
      if (verifier.refuse) throw new Error(verifier.refuse)
      sessions.push(session)
    },
    async getSessions(chainId, address) {
      return sessions.filter((session) => session.data.chainId === chainId && session.data.accountAddress === address)
    },
    async revokeSession(chainId, address) {
      verifier.revoked.push(`${chainId}:${address}`)
      sessions.splice(
        0,
        sessions.length,
        ...sessions.filter((session) => session.data.chainId !== chainId || session.data.accountAddress !== address),
      )
    },
  }
  return verifier
}
