// wallet_getAssets (EIP-7811, rules §3's Asset): the user's native and ERC20 balances, read from the chain on the RPC the
// service is configured with. Safe (rules §6): it reads, so it runs without an approval.
import * as v from 'valibot'

import { invalidRequest } from './errors.mjs'
import { jsonRpcCall } from './jsonRpcCall.mjs'
import { findNetwork } from './networks.mjs'
import { evmAccountOf } from './rpc.mjs'

/** A request reads at most this many networks, and this many tokens on each: every one is a call to a node. */
const MAX_CHAINS = 5
const MAX_TOKENS = 20
/** What a network without its own currency set pays in (every EVM network the local stack runs). */
const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }

const ADDRESS = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'an address starting with 0x'))
const CHAIN = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,14}$/, 'a chain id in hex'))
const ASSET_TYPE = v.pipe(v.string(), v.toUpperCase(), v.picklist(['NATIVE', 'ERC20'], "an asset type: 'NATIVE' or 'ERC20'"))
const PARAMS = v.tuple([
  v.object({
    account: ADDRESS,
    chainFilter: v.optional(v.pipe(v.array(CHAIN), v.maxLength(MAX_CHAINS, `at most ${MAX_CHAINS} chains`))),
    assetTypeFilter: v.optional(v.array(ASSET_TYPE)),
    assetFilter: v.optional(
      v.record(
        CHAIN,
        v.pipe(
          v.array(v.object({ address: v.union([ADDRESS, v.literal('native')]), type: ASSET_TYPE })),
          v.maxLength(MAX_TOKENS, `at most ${MAX_TOKENS} assets a chain`),
        ),
      ),
    ),
  }),
])

/**
 * @typedef {object} Asset rules §3: one balance of the account.
 * @property {'native' | `0x${string}`} address the token's contract; 'native' for the network's own currency
 * @property {`0x${string}`} balance in the token's smallest unit, hex
 * @property {'NATIVE' | 'ERC20'} type
 * @property {{ name: string, symbol: string, decimals: number }} metadata
 */

/**
 * The account's assets by chain (hex chain id): on each network asked for (`chainFilter`, else the current one), the
 * native balance, and the ERC20 tokens `assetFilter` lists (the wallet keeps no token list of its own).
 *
 * @param {import('./rpc.mjs').RpcDeps} deps
 * @param {import('./accounts.mjs').WalletUser} user
 * @param {unknown} params
 * @param {import('./networks.mjs').WalletNetwork} current the request's network
 * @returns {Promise<Record<string, Asset[]>>}
 */
export async function walletAssets(deps, user, params, current) {
  const parsed = v.safeParse(PARAMS, params)
  if (!parsed.success) throw invalidRequest(`Invalid params for wallet_getAssets: ${parsed.issues[0].message}`)
  const [{ account, chainFilter, assetTypeFilter, assetFilter }] = parsed.output
  const evmNetworks = deps.networks.filter((network) => network.namespace === 'eip155')
  const networks = chainFilter
    ? chainFilter.map((chainId) => findNetwork(evmNetworks, chainId)).filter((network) => network !== undefined)
    : [current.namespace === 'eip155' ? current : evmNetworks[0]].filter((network) => network !== undefined)
  const types = new Set(assetTypeFilter ?? ['NATIVE', 'ERC20'])
  const entries = await Promise.all(
    networks.map(async (network) => {
      const { address: preferred, smartAccount } = await evmAccountOf(network, user)
      const own = [user.evmAddress, preferred, smartAccount?.address].filter(Boolean)
      // Another address's balances are public, but this wallet answers for its own accounts only.
      if (!own.some((address) => address?.toLowerCase() === account.toLowerCase()))
        throw invalidRequest(`wallet_getAssets names ${account}, not this wallet's account`)
      const chainId = `0x${Number(network.id).toString(16)}`
      const listed = assetFilter && Object.entries(assetFilter).find(([id]) => Number.parseInt(id, 16) === Number(network.id))?.[1]
      const wanted = (listed ?? [{ address: /** @type {const} */ ('native'), type: 'NATIVE' }]).filter((asset) => types.has(asset.type))
      const assets = await Promise.all(wanted.map((asset) => readAsset(network, account, asset)))
      return [chainId, assets.filter((asset) => asset !== undefined)]
    }),
  )
  return Object.fromEntries(entries)
}

/**
 * @param {import('./networks.mjs').WalletNetwork} network @param {string} account
 * @param {{ address: string, type: string }} asset
 * @returns {Promise<Asset | undefined>} undefined for a contract that does not answer as an ERC20
 */
async function readAsset(network, account, asset) {
  if (asset.type === 'NATIVE') {
    const balance = await jsonRpcCall(network.rpcUrl, 'eth_getBalance', [account, 'latest'])
    return { address: 'native', balance, type: 'NATIVE', metadata: { ...(network.nativeCurrency ?? ETHER) } }
  }
  if (asset.address === 'native') return undefined
  const token = /** @type {`0x${string}`} */ (asset.address)
  const { decodeFunctionResult, encodeFunctionData, erc20Abi, toHex } = await import('viem')
  /** @param {'balanceOf' | 'decimals' | 'symbol' | 'name'} functionName */
  const read = async (functionName) => {
    const args = functionName === 'balanceOf' ? [account] : []
    const data = encodeFunctionData({ abi: erc20Abi, functionName, args: /** @type {any} */ (args) })
    const result = await jsonRpcCall(network.rpcUrl, 'eth_call', [{ to: token, data }, 'latest'])
    return decodeFunctionResult({ abi: erc20Abi, functionName, data: result })
  }
  try {
    const [balance, decimals, symbol, name] = await Promise.all([read('balanceOf'), read('decimals'), read('symbol'), read('name')])
    return {
      address: token,
      balance: toHex(BigInt(balance)),
      type: 'ERC20',
      metadata: { name: String(name), symbol: String(symbol), decimals: Number(decimals) },
    }
  } catch {
    // No contract there, or one without the ERC20 views: not an asset of this account.
    return undefined
  }
}
