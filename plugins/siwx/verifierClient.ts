// The reference verifier's client (lazy): the sign-in calls of the blockchain API (`services.api`, rules §7 sessions). A
// session's id is kept in the kernel's storage by account, so a reload finds it; the service says whether it lives.
import * as v from 'valibot'
import { FetchToken, SDK_TYPE, SDK_VERSION, StorageToken, type Kernel } from 'foyer'
import { createHttpClient } from 'foyer/query'
import { SignInRefusedError } from './signIn.js'
import type { SiwxConfig } from './types.js'

const STORAGE_KEY = 'siwx.sessions'
const text = v.pipe(v.string(), v.maxLength(8 * 1024))
const StoredSchema = v.record(v.string(), v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)) }))
const NonceSchema = v.object({ nonce: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,128}$/)) })
const SessionSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
  status: v.picklist(['active', 'revoked', 'expired']),
  chainId: text,
  address: text,
  message: text,
  signature: text,
})
type Session = v.InferOutput<typeof SessionSchema>
const RefusalSchema = v.object({ error: v.pipe(v.string(), v.maxLength(300)) })

/** The service said no: its status and its `error`, thrown by the fetch below. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The client of the reference verifier at `services.api`. */
export function createVerifierClient(kernel: Kernel): SiwxConfig {
  const baseUrl = kernel.options.services.api
  if (!baseUrl) throw new SignInRefusedError('No verifier', { details: 'siwx() needs `siwx`, `siweConfig` or `services.api`.' })
  const projectId = kernel.options.projectId ?? ''
  const fetcher = kernel.container.resolve(FetchToken)
  const storage = kernel.container.resolve(StorageToken)
  const http = createHttpClient({
    baseUrl,
    query: { projectId, st: SDK_TYPE, sv: SDK_VERSION },
    // A refusal's body says why (`{ error, reason }`): that is what the view shows.
    fetch: async (url, init) => {
      const response = await fetcher(url, init)
      if (response.ok) return response
      const refusal = v.safeParse(RefusalSchema, await response.json().catch(() => undefined))
      throw new Refusal(response.status, refusal.success ? refusal.output.error : `HTTP status code: ${response.status}`)
    },
  })
  const refused = (error: unknown) => new SignInRefusedError(error instanceof Error ? error.message : String(error), { cause: error })
  const stored = () => storage.read(STORAGE_KEY, StoredSchema) ?? {}
  const keep = (key: string, entry: { id: string } | undefined) => {
    const { [key]: _, ...rest } = stored()
    storage.write(STORAGE_KEY, entry ? { ...rest, [key]: entry } : rest)
  }

  return {
    async getNonce() {
      try {
        return (await http.post('/v1/sessions/nonce', { body: { projectId }, schema: NonceSchema })).nonce
      } catch (error) {
        throw refused(error)
      }
    },
    async addSession({ data, message, signature }) {
      let session: Session
      try {
        session = await http.post('/v1/sessions', { body: { projectId, message, signature }, schema: SessionSchema })
      } catch (error) {
        throw refused(error)
      }
      // The service's reading of the message must be the account that signed here.
      if (session.chainId !== data.chainId || session.address.toLowerCase() !== data.accountAddress.toLowerCase()) {
        throw new SignInRefusedError('The verifier kept another account')
      }
      keep(`${data.chainId}:${data.accountAddress}`, { id: session.id })
    },
    async getSessions(chainId, address) {
      const key = `${chainId}:${address}`
      const entry = stored()[key]
      if (!entry) return []
      let session: Session
      try {
        session = await http.get(`/v1/sessions/${entry.id}`, { schema: SessionSchema })
      } catch (error) {
        // A service that is down keeps the id for next time; one that no longer has the session forgets it.
        if (error instanceof Refusal && error.status === 404) keep(key, undefined)
        return []
      }
      if (session.status !== 'active' || session.chainId !== chainId || session.address.toLowerCase() !== address.toLowerCase()) {
        keep(key, undefined)
        return []
      }
      return [{ data: { accountAddress: address, chainId }, message: session.message, signature: session.signature }]
    },
    async revokeSession(chainId, address) {
      const key = `${chainId}:${address}`
      const entry = stored()[key]
      if (!entry) return
      keep(key, undefined)
      try {
        await http.post(`/v1/sessions/${entry.id}/revoke`, { body: { projectId, pci: entry.id }, schema: SessionSchema })
      } catch (error) {
        if (!(error instanceof Refusal && error.status === 404)) throw refused(error)
      }
    },
  }
}
