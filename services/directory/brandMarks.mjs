// Brand marks from @web3icons/core (MIT): the real logos of the wallets, networks and tokens it covers, read from the
// package one file at a time, on first use. Anything it does not cover keeps the generated image (images.mjs).
import { networks, tokens, wallets } from '@web3icons/common'

/**
 * A name reduced to what tells brands apart: lower case, letters and digits only, without a trailing "wallet" or
 * "mainnet" ('Trust Wallet' and 'trust-wallet' → 'trust', 'Safe{Wallet}' → 'safe', 'OP Mainnet' → 'op').
 *
 * @param {string} name
 */
export function brandKey(name) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/(wallet|mainnet)$/, '')
}

/** Networks whose usual name in viem differs from the package's. */
const NETWORK_ALIASES = { op: 'optimism' }

/**
 * @param {ReadonlyArray<{ variants: readonly string[] }>} entries
 * @param {(entry: any) => string[]} keys
 * @param {(entry: any) => string} file
 */
function index(entries, keys, file) {
  /** @type {Map<string, string>} */
  const files = new Map()
  for (const entry of entries) {
    if (!entry.variants.includes('branded')) continue
    // The first entry wins a shared key: the package lists tokens by market capitalisation.
    for (const key of keys(entry)) if (key && !files.has(key)) files.set(key, file(entry))
  }
  return files
}

const FILES = {
  wallet: index(
    wallets,
    (wallet) => [brandKey(wallet.id), brandKey(wallet.name)],
    (wallet) => `wallets/branded/${wallet.id}`,
  ),
  asset: index(
    networks,
    (network) => [brandKey(network.id), brandKey(network.name), brandKey(network.shortName ?? ''), network.caip2id ?? ''],
    (network) => `networks/branded/${network.id}`,
  ),
  token: index(
    [...tokens].sort((a, b) => (a.marketCapRank ?? Infinity) - (b.marketCapRank ?? Infinity)),
    (token) => [token.symbol.toLowerCase()],
    // 'token:USDC' is tokens/branded/USDC; a chain's own coin may point at its network's mark ('network:ton').
    (token) => token.filePath.replace(/^(token|network):/, '$1s/branded/'),
  ),
}

/** @type {Map<string, Promise<string | undefined>>} */
const loaded = new Map()

/**
 * The brand mark of a wallet (by its directory id or name), a network (by its name or CAIP-2 id) or a token (by its
 * symbol), as SVG text; `undefined` when the package has none.
 *
 * @param {'wallet' | 'asset' | 'token'} kind
 * @param {readonly string[]} names the candidates, best first
 * @returns {Promise<string | undefined>}
 */
export async function brandMark(kind, names) {
  const files = FILES[kind]
  const keys = names.flatMap((name) => (kind === 'token' ? [name.toLowerCase()] : [name, brandKey(name)]))
  const aliased = kind === 'asset' ? keys.map((key) => NETWORK_ALIASES[/** @type {'op'} */ (key)] ?? key) : keys
  const file = aliased.map((key) => files.get(key)).find((found) => found !== undefined)
  if (file === undefined) return undefined
  let mark = loaded.get(file)
  if (!mark) {
    mark = loadMark(file)
    loaded.set(file, mark)
  }
  return mark
}

/**
 * The SVG text of one of the package's files, or `undefined` when it is missing: the package's list names a few marks
 * its build does not ship (the wallet 'ambire' in 4.0.56), and a wallet without its mark gets the generated image.
 *
 * @param {string} file
 * @returns {Promise<string | undefined>}
 */
async function loadMark(file) {
  try {
    const module = await import(`@web3icons/core/svgs/${file}.svg.js`)
    return typeof module.default === 'string' ? module.default.trim() : undefined
  } catch {
    return undefined
  }
}
