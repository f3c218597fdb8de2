import { ViemNotInstalledError } from './loadEvmClient.js'

/** The WalletConnect body of the chain, with Foyer's own WalletConnect client. */
export type WalletConnectModule = typeof import('./walletConnect.js')

/**
 * Loads the WalletConnect body on first use (style 3): when a WalletConnect view opens or a stored
 * session is restored. It needs no SDK (the client is Foyer's own); a missing viem, which the
 * connection path uses, gives an error that names the package.
 *
 * @example
 * const walletConnect = await loadWalletConnect()
 */
export async function loadWalletConnect(
  load: () => Promise<WalletConnectModule> = () => import('./walletConnect.js'),
): Promise<WalletConnectModule> {
  try {
    return await load()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/\bviem\b/.test(message)) throw new ViemNotInstalledError({ cause: error, details: `Run \`npm install viem\`. (${message})` })
    throw error
  }
}
