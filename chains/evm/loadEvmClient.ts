import { BaseError, type BaseErrorOptions } from 'foyer'

/** The EVM chain's body: connections, balances, switching and signatures. */
export type EvmClient = typeof import('./client.js')

/** viem, an optional peer dependency, is not installed. */
export class ViemNotInstalledError extends BaseError {
  override name = 'ViemNotInstalledError'
  constructor(options?: BaseErrorOptions) {
    super('Install viem to use foyer/chains/evm', options)
  }
}

/**
 * Loads a part of the chain on first use (style 3). Sends and contract reads need viem (the connection path
 * does not, #21); when viem is missing the error names the package; any other failure (a chunk that did not
 * load) is passed on as it is.
 *
 * @example
 * const { transfer } = await loadWithViem(() => import('./transfer.js'))
 */
export async function loadWithViem<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/\bviem\b/.test(message)) throw new ViemNotInstalledError({ cause: error, details: `Run \`npm install viem\`. (${message})` })
    throw error
  }
}

/** Loads the chain's body (client.ts) on first use. */
export function loadEvmClient(load: () => Promise<EvmClient> = () => import('./client.js')): Promise<EvmClient> {
  return loadWithViem(load)
}
