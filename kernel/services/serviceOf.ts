import type { Token } from '../core/container.js'
import type { Kernel } from '../core/createKernel.js'
import type { ServiceUrls } from '../core/options.js'
import { FetchToken } from '../core/tokens.js'

/** What every client of a Foyer service is made from. */
export interface ServiceClientOptions {
  /** http(s) URL of the service. */
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}

/**
 * One of the kernel's services: the host's replacement registered under `token` if there is one,
 * else a client of `services[url]` made once with `create`, else undefined, because Foyer calls
 * nobody the host did not configure.
 */
export function serviceOf<T>(
  kernel: Kernel,
  { token, url, create }: { token: Token<T>; url: keyof ServiceUrls; create(options: ServiceClientOptions): T },
): T | undefined {
  if (kernel.container.has(token)) return kernel.container.resolve(token)
  const baseUrl = kernel.options.services[url]
  if (!baseUrl) return undefined
  const created = create({ baseUrl, projectId: kernel.options.projectId ?? '', fetch: kernel.container.resolve(FetchToken) })
  kernel.container.provide(token, created)
  return created
}
