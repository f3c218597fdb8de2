// Links to a network's block explorer, for views only: kept out of network.ts, which every page loads before its
// first paint (#21).
import { isHttpUrl, type Network } from './network.js'

/**
 * The page of transaction `hash` on the network's block explorer, or undefined when there is no hash or the explorer
 * the host named is not an http(s) URL (never a script URL from options).
 *
 * @example transactionUrl(mainnet, '0xabc…') // 'https://etherscan.io/tx/0xabc…'
 */
export function transactionUrl(network: Pick<Network, 'blockExplorers'> | undefined, hash: string | undefined): string | undefined {
  const explorer = network?.blockExplorers?.default.url
  if (!hash || !explorer || !isHttpUrl(explorer)) return undefined
  return `${explorer.replace(/\/+$/, '')}/tx/${encodeURIComponent(hash)}`
}
