import * as v from 'valibot'

import { BaseError, type BaseErrorOptions } from '../core/errors/BaseError.js'
import { HttpStatusError, InvalidOptionsError } from '../core/errors/catalogue.js'

/** One query parameter: `undefined` and `null` are left out, arrays are joined with commas. */
export type QueryValue = string | number | boolean | bigint | null | undefined | readonly (string | number | bigint)[]

/** Query parameters by name. */
export type QueryParams = Record<string, QueryValue>

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions {
  /** Every path is resolved under this http(s) URL, e.g. `https://api.example.com`. Put parameters in `query`. */
  baseUrl: string
  /**
   * The fetch implementation, e.g. one a test or host put in the container.
   * @default globalThis.fetch, looked up at each call
   */
  fetch?: typeof fetch
  /** Headers sent with every call; a call's own headers win. */
  headers?: Record<string, string>
  /** Query parameters added to every call, e.g. `{ projectId }`; a call's own parameters win. */
  query?: QueryParams
}

/** Options of one call. */
export interface HttpRequestOptions<TSchema extends v.GenericSchema | undefined = undefined> {
  query?: QueryParams
  /** Sent as JSON with `content-type: application/json`. */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** When given, the response body must match it and the call resolves to its output. */
  schema?: TSchema
}

/** What a call resolves to: the schema's output, else the parsed JSON (`undefined` for an empty body). */
export type HttpResult<TSchema> = TSchema extends v.GenericSchema ? v.InferOutput<TSchema> : unknown

/** One JSON call of an {@link HttpClient}. */
export type HttpCall = <TSchema extends v.GenericSchema | undefined = undefined>(
  path: string,
  options?: HttpRequestOptions<TSchema>,
) => Promise<HttpResult<TSchema>>

/** A JSON client bound to one base URL (rules §7 "generic HTTP client"). */
export interface HttpClient {
  get: HttpCall
  post: HttpCall
  put: HttpCall
  delete: HttpCall
  /** Fetches binary data such as a wallet or token image. */
  getBlob(path: string, options?: Omit<HttpRequestOptions, 'body' | 'schema'>): Promise<Blob>
}

/** The response body was not JSON or did not match the expected schema; `details` says how. */
export class InvalidResponseError extends BaseError {
  override name = 'InvalidResponseError'
  constructor(options?: BaseErrorOptions) {
    super('Invalid response', options)
  }
}

const RefusalSchema = v.object({ error: v.pipe(v.string(), v.maxLength(300)) })

/**
 * A fetch for a service that says why it refuses (the blockchain API's convert, on-ramp and exchange calls): a 4xx
 * whose body is `{ error }` rejects with `toError(error, status)`, the service's own words; any other answer goes on
 * to the client, which makes a non-OK status an `HttpStatusError`.
 *
 * @example
 * createHttpClient({ baseUrl, fetch: fetchWithRefusals((reason) => new OnrampRequestError(reason), options.fetch) })
 */
export function fetchWithRefusals(
  toError: (reason: string, status: number) => Error,
  fetcher: typeof fetch = (...args) => globalThis.fetch(...args),
): typeof fetch {
  return async (url, init) => {
    const response = await fetcher(url, init)
    if (response.status >= 400 && response.status < 500) {
      const refusal = v.safeParse(
        RefusalSchema,
        await response
          .clone()
          .json()
          .catch(() => undefined),
      )
      if (refusal.success) throw toError(refusal.output.error, response.status)
    }
    return response
  }
}

type AnyRequestOptions = HttpRequestOptions<v.GenericSchema | undefined>

// Enough of an error body to see the service's reason without flooding a log.
const MAX_ERROR_BODY = 500

/**
 * Creates a JSON HTTP client. Calls reject with `HttpStatusError` ('HTTP status code: N', rules §7) on a non-OK
 * status and with {@link InvalidResponseError} when the body is not JSON or does not match `schema`.
 *
 * @throws {InvalidOptionsError} when `baseUrl` is not an http(s) URL.
 * @example
 * const api = createHttpClient({ baseUrl: 'https://api.example.com', query: { projectId } })
 * const { name } = await api.get(`/v1/identity/${address}`, { schema: IdentitySchema })
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = checkBaseUrl(options.baseUrl)
  const fetcher = options.fetch

  const send = async (method: string, path: string, request: AnyRequestOptions, accept: string) => {
    const url = buildUrl(base, path, { ...options.query, ...request.query })
    const hasBody = request.body !== undefined
    const init: RequestInit = {
      method,
      headers: mergeHeaders({ accept, ...(hasBody && { 'content-type': 'application/json' }) }, options.headers, request.headers),
      body: hasBody ? JSON.stringify(request.body) : null,
      signal: request.signal ?? null,
    }
    // Never called as a method of another object: a browser's fetch throws "Illegal invocation" then.
    const response = await (fetcher ? fetcher(url, init) : globalThis.fetch(url, init))
    if (!response.ok) throw await statusError(response, `${method} ${url}`)
    return response
  }

  const call =
    (method: string): HttpCall =>
    async (path, request = {}) => {
      const response = await send(method, path, request, 'application/json')
      const data = await readJson(response)
      return (request.schema ? validate(request.schema, data, `${method} ${path}`) : data) as never
    }

  return {
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    delete: call('DELETE'),
    getBlob: async (path, request = {}) => (await send('GET', path, request, '*/*')).blob(),
  }
}

function checkBaseUrl(baseUrl: string): string {
  if (!/^https?:$/.test(protocolOf(baseUrl))) {
    throw new InvalidOptionsError(`baseUrl must be an http(s) URL, got ${String(baseUrl)}`)
  }
  return baseUrl.replace(/\/+$/, '')
}

function protocolOf(url: string): string {
  try {
    return new URL(url).protocol
  } catch {
    return ''
  }
}

function buildUrl(base: string, path: string, query: QueryParams): string {
  const url = new URL(`${base}/${path.replace(/^\/+/, '')}`)
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    url.searchParams.set(key, typeof value === 'object' ? value.join(',') : String(value))
  }
  return url.href
}

function mergeHeaders(...sources: (Record<string, string> | undefined)[]): Headers {
  // Headers compares names case-insensitively, so a caller's 'Content-Type' replaces ours instead of doubling it.
  const headers = new Headers()
  for (const source of sources) for (const [name, value] of Object.entries(source ?? {})) headers.set(name, value)
  return headers
}

async function statusError(response: Response, request: string): Promise<HttpStatusError> {
  const body = await response.text().catch(() => '')
  const details = body ? `${request}\n${body.slice(0, MAX_ERROR_BODY)}` : request
  return new HttpStatusError(response.status, { details })
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch (cause) {
    const type = response.headers.get('content-type') ?? 'no content-type'
    throw new InvalidResponseError({ details: `Body is not JSON (${type}): ${text.slice(0, MAX_ERROR_BODY)}`, cause })
  }
}

function validate(schema: v.GenericSchema, data: unknown, request: string): unknown {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  throw new InvalidResponseError({ details: `${request}\n${v.summarize(result.issues)}` })
}
