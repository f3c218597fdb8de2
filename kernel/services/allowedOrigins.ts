import * as v from 'valibot'

import { raiseAlert } from '../core/alerts.js'
import type { Kernel } from '../core/createKernel.js'
import { isFoyerError } from '../core/errors/BaseError.js'
import type { HttpStatusError } from '../core/errors/catalogue.js'
import { FetchToken } from '../core/tokens.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'
import { originMatches } from 'foyer/protocol'
import { createHttpClient } from './http.js'

const AllowedOriginsSchema = v.object({ allowedOrigins: v.array(v.string()) })

/**
 * The project's allowed origins from the directory (rules §7 `GET /projects/v1/origins`). rules §8: a 429 raises Rate
 * Limited and 500–599 Server Error, and any failure (those included) gives an empty list.
 */
export async function fetchAllowedOrigins(kernel: Kernel): Promise<readonly string[]> {
  const { directory } = kernel.options.services
  const { projectId } = kernel.options
  if (!directory || !projectId) return []
  const http = createHttpClient({
    baseUrl: directory,
    fetch: kernel.container.resolve(FetchToken),
    query: { projectId, st: SDK_TYPE, sv: SDK_VERSION },
  })
  try {
    return (await http.get('/projects/v1/origins', { schema: AllowedOriginsSchema })).allowedOrigins
  } catch (error) {
    if (kernel.isDestroyed()) return []
    kernel.logger.warn('The allowed origins could not be read; the page is not checked.', error)
    if (isFoyerError<HttpStatusError>(error, 'HttpStatusError')) {
      if (error.status === 429) raiseAlert(kernel, 'RATE_LIMITED')
      else if (error.status >= 500 && error.status <= 599) raiseAlert(kernel, 'SERVER_ERROR')
    }
    return []
  }
}

/**
 * rules §5: the page's origin must be one of the project's allowed origins, else 'Invalid App Configuration' shows
 * (once, rules §4). An empty list (none configured, or a failed lookup) checks nothing. Never throws.
 */
export async function checkAllowedOrigin(kernel: Kernel): Promise<void> {
  const origin = (globalThis.location as Location | undefined)?.origin
  if (!origin) return
  const allowed = await fetchAllowedOrigins(kernel)
  if (kernel.isDestroyed() || allowed.length === 0) return
  if (!allowed.some((pattern) => originMatches(pattern, origin))) {
    kernel.logger.warn(`${origin} is not an allowed origin of project '${kernel.options.projectId}' (${allowed.join(', ')}).`)
    raiseAlert(kernel, 'INVALID_APP_CONFIGURATION')
  }
}
