import { raiseAlertForHttpError } from '../core/alerts.js'
import type { Kernel } from '../core/createKernel.js'
import * as v from 'valibot'
import { declareFlags, type FeatureName, type Features, type FeaturesState, type FlagDeclaration } from '../core/features.js'
import { createHttpClient } from './http.js'
import { FetchToken } from '../core/tokens.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'

// One lazy chunk for what the kernel asks the directory after the first paint.
export { checkAllowedOrigin } from './allowedOrigins.js'

/**
 * Fetches the remote project configuration (rules §7 `GET /appkit/v1/config`) when the host configured a
 * directory service, and lets it override the local values of the flags declared `remote` (rules §1).
 * Never throws: a failure keeps the local flags.
 */
export async function loadRemoteFeatures(kernel: Kernel): Promise<void> {
  const { directory } = kernel.options.services
  if (!directory || !kernel.options.projectId || kernel.isDestroyed()) return
  const http = createHttpClient({
    baseUrl: directory,
    fetch: kernel.container.resolve(FetchToken),
    query: { projectId: kernel.options.projectId, st: SDK_TYPE, sv: SDK_VERSION },
  })
  try {
    const config = await http.get('/appkit/v1/config', { schema: RemoteConfigSchema })
    if (kernel.isDestroyed()) return
    const remote = remoteConfigToFeatures(config)
    const declared = declareFlags(kernel.plugins)
    kernel.store.update('features', (state) => applyRemoteFeatures(state, declared, kernel.options.features, remote))
    const { ignoredLocal } = kernel.store.getState().features
    if (ignoredLocal.length > 0) {
      kernel.logger.warn(`Local configuration ignored: ${ignoredLocal.join(', ')} come from the project configuration.`)
      kernel.bus.emit('features:local-config-ignored', { features: ignoredLocal })
    }
  } catch (error) {
    if (kernel.isDestroyed()) return
    kernel.logger.warn('The remote project configuration could not be loaded; local settings apply.', error)
    raiseAlertForHttpError(kernel, error)
  }
}

// The remote configuration's shape and rules live here, in the lazy module that fetches it, not in
// the first paint.

/**
 * Applies the remote project configuration: it wins for the flags declared `remote`, ignores the
 * others, and reports in `ignoredLocal` every local setting it overrode with another value (rules §1).
 */
export function applyRemoteFeatures(
  state: FeaturesState,
  declared: Record<string, FlagDeclaration>,
  local: Partial<Features>,
  remote: RemoteFeatures,
): FeaturesState {
  const settable = Object.keys(remote).filter((name) => declared[name]?.remote) as FeatureName[]
  const flags = { ...state.flags, ...Object.fromEntries(settable.map((name) => [name, remote[name]])) }
  const ignoredLocal = settable.filter((name) => name in local && !sameValue(local[name], remote[name]))
  return { flags, remoteApplied: true, ignoredLocal }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The shape of `GET /appkit/v1/config` from the wallet directory service (rules §7). Unknown feature ids
 * are ignored so that a newer server does not break an older client.
 */
export const RemoteConfigSchema = v.object({
  features: v.array(
    v.object({
      id: v.string(),
      isEnabled: v.boolean(),
      config: v.optional(v.nullable(v.array(v.string()))),
    }),
  ),
})

/** Flag values from the remote configuration, by feature id; which ones apply is up to the declarations. */
export type RemoteFeatures = Partial<Record<string, boolean | readonly string[]>>

/**
 * Turns a parsed remote configuration into flag values: a feature with a `config` list (the social
 * providers, say) is that list while enabled, every other feature its `isEnabled`; `reownBranding` (rules §9) is
 * read as `branding`.
 */
export function remoteConfigToFeatures(config: v.InferOutput<typeof RemoteConfigSchema>): RemoteFeatures {
  return Object.fromEntries(
    config.features.map(({ id, isEnabled, config: list }) => [REMOTE_ALIASES[id] ?? id, isEnabled && list ? list : isEnabled]),
  )
}

/** rules §9 names the branding feature `reownBranding`; it sets the kernel's `branding` flag. */
const REMOTE_ALIASES: Record<string, string> = { reownBranding: 'branding' }
