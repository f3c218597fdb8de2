import { raiseAlertForHttpError } from '../core/alerts.js'
import type { Kernel } from '../core/createKernel.js'
import { applyRemoteFeatures, declareFlags, RemoteConfigSchema, remoteConfigToFeatures } from '../core/features.js'
import { createHttpClient } from './http.js'
import { FetchToken } from '../core/tokens.js'
import { SDK_TYPE, SDK_VERSION } from '../core/version.js'

/**
 * Fetches the remote project configuration (§7 `GET /appkit/v1/config`) when the host configured a
 * directory service, and lets it override the local values of the flags declared `remote` (§1).
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
