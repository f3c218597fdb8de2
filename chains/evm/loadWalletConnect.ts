import { BaseError, type BaseErrorOptions } from '../../kernel/core/errors/BaseError.js'
import { ViemNotInstalledError } from './loadEvmClient.js'

/** The WalletConnect body of the chain, which needs @walletconnect/sign-client. */
export type WalletConnectModule = typeof import('./walletConnect.js')

/** `@walletconnect/sign-client`, an optional peer dependency, is not installed. */
export class WalletConnectNotInstalledError extends BaseError {
  override name = 'WalletConnectNotInstalledError'
  constructor(options?: BaseErrorOptions) {
    super('Install @walletconnect/sign-client to use WalletConnect', options)
  }
}

/**
 * Loads the WalletConnect body on first use (STYLE 3): when a WalletConnect view opens or a stored
 * session is restored. A missing SDK gives an error that names the package.
 *
 * @example
 * const walletConnect = await loadWalletConnect()
 */
export async function loadWalletConnect(load: () => Promise<WalletConnectModule> = () => import('./walletConnect.js')): Promise<WalletConnectModule> {
  try {
    return await load()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/@walletconnect\//.test(message)) {
      throw new WalletConnectNotInstalledError({ cause: error, details: `Run \`npm install @walletconnect/sign-client\`. (${message})` })
    }
    if (/\bviem\b/.test(message)) throw new ViemNotInstalledError({ cause: error, details: `Run \`npm install viem\`. (${message})` })
    throw error
  }
}
