import { BaseError, type BaseErrorOptions } from '../../kernel/core/errors/BaseError.js'

/** The EVM chain's body, which needs viem. */
export type EvmClient = typeof import('./client.js')

/** viem, an optional peer dependency, is not installed. */
export class ViemNotInstalledError extends BaseError {
  override name = 'ViemNotInstalledError'
  constructor(options?: BaseErrorOptions) {
    super('Install viem to use foyer/chains/evm', options)
  }
}

/**
 * Loads the viem-using body of the chain on first use (STYLE 3). When viem is missing the error
 * names the package; any other failure (a chunk that did not load) is passed on as it is.
 *
 * @example
 * const client = await loadEvmClient()
 */
export async function loadEvmClient(load: () => Promise<EvmClient> = () => import('./client.js')): Promise<EvmClient> {
  try {
    return await load()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/\bviem\b/.test(message)) throw new ViemNotInstalledError({ cause: error, details: `Run \`npm install viem\`. (${message})` })
    throw error
  }
}
