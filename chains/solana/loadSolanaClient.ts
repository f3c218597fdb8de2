import { BaseError, type BaseErrorOptions } from 'foyer'

/** The Solana chain's body, which needs @solana/kit. */
export type SolanaClient = typeof import('./client.js')

/** @solana/kit, an optional peer dependency, is not installed. */
export class SolanaKitNotInstalledError extends BaseError {
  override name = 'SolanaKitNotInstalledError'
  constructor(options?: BaseErrorOptions) {
    super('Install @solana/kit to use foyer/chains/solana', options)
  }
}

/**
 * Loads the @solana/kit-using body of the chain on first use (style 3). When @solana/kit is
 * missing the error names the package; any other failure (a chunk that did not load) is passed on
 * as it is.
 *
 * The caller writes the `import()`: this module sits in the package's first-paint chunk, which every host
 * bundles, and an `import('./client.js')` here would make an EVM-only host's bundler resolve @solana/kit
 * (docs/packaging.md).
 *
 * @example
 * const client = await loadSolanaClient(() => import('./client.js'))
 */
export async function loadSolanaClient(load: () => Promise<SolanaClient>): Promise<SolanaClient> {
  try {
    return await load()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/@solana\/kit\b/.test(message)) {
      throw new SolanaKitNotInstalledError({ cause: error, details: `Run \`npm install @solana/kit\`. (${message})` })
    }
    throw error
  }
}
