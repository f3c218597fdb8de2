// The networks the embedded wallet serves, each with the RPC the SERVICE is configured with: a page never names
// the URL a request goes to (a URL from the page would let any site make this server fetch anything: SSRF).

/**
 * @typedef {object} WalletNetwork
 * @property {string} id canonical: '31337' (EVM) or 'solana:<genesis hash prefix>'
 * @property {'eip155' | 'solana'} namespace
 * @property {string} rpcUrl
 * @property {string} [bundlerUrl] EVM: the ERC-4337 bundler for EntryPoint v0.8; with it, the user's smart account
 */

/**
 * @param {object} options
 * @param {readonly { chainId: number, rpcUrl: string, bundlerUrl?: string }[]} [options.evm]
 * @param {readonly { chainId: string, rpcUrl: string }[]} [options.solana] chainId `solana:<genesis hash prefix>`
 * @returns {WalletNetwork[]}
 */
export function walletNetworks({ evm = [], solana = [] }) {
  const networks = [
    ...evm.map(({ chainId, rpcUrl, bundlerUrl }) => ({
      id: String(chainId),
      namespace: /** @type {const} */ ('eip155'),
      rpcUrl,
      ...(bundlerUrl && { bundlerUrl }),
    })),
    ...solana.map(({ chainId, rpcUrl }) => ({ id: chainId, namespace: /** @type {const} */ ('solana'), rpcUrl })),
  ]
  for (const network of networks) {
    if (!canonicalChainId(network.id)) throw new TypeError(`Not a chain id: ${JSON.stringify(network.id)}`)
    if (!/^https?:\/\//.test(network.rpcUrl)) throw new TypeError(`The RPC of ${network.id} must be an http(s) URL`)
    if ('bundlerUrl' in network && !/^https?:\/\//.test(String(network.bundlerUrl)))
      throw new TypeError(`The bundler of ${network.id} must be an http(s) URL`)
  }
  if (networks.length === 0) throw new TypeError('The wallet needs at least one network')
  return networks
}

/**
 * rules §5: a chain id is a string or a number: 31337, '31337', '0x7a69', 'eip155:31337' or 'solana:<genesis prefix>'.
 *
 * @param {unknown} chainId
 * @returns {string | undefined} canonical, or undefined when it is none of these
 */
export function canonicalChainId(chainId) {
  if (typeof chainId === 'number') return Number.isSafeInteger(chainId) && chainId > 0 ? String(chainId) : undefined
  if (typeof chainId !== 'string') return undefined
  if (/^solana:[1-9A-HJ-NP-Za-km-z]{1,44}$/.test(chainId)) return chainId
  const evm = /^(?:eip155:)?(\d{1,16}|0x[0-9a-f]{1,14})$/i.exec(chainId)?.[1]
  return evm === undefined ? undefined : canonicalChainId(Number(evm))
}

/**
 * The chain id as the host's client expects it: a number on EVM, the CAIP-2 string on Solana.
 *
 * @param {WalletNetwork} network
 */
export const wireChainId = (network) => (network.namespace === 'eip155' ? Number(network.id) : network.id)

/**
 * @param {readonly WalletNetwork[]} networks
 * @param {unknown} chainId
 */
export function findNetwork(networks, chainId) {
  const id = canonicalChainId(chainId)
  return networks.find((network) => network.id === id)
}
