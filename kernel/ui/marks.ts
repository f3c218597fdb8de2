// Brand marks from @web3icons/core (MIT) for what Foyer names by a known id: a wallet by its name, a network by its CAIP-2
// id. Each mark is a module of its own behind `import()`, so a view pays for the marks it shows and nothing loads
// before the first paint (docs/looks.md#marks). Anything not listed here keeps its own image or its letter tile.

/** The kinds of marks Foyer looks up. */
export type MarkKind = 'wallet' | 'network'

/** What a lookup names: the kind, and the wallet's name or the network's CAIP-2 id. */
export type MarkRef = readonly [kind: MarkKind, id: string]

type MarkModule = () => Promise<{ default: string }>

/**
 * A wallet's name reduced to what tells brands apart, as the directory service does (services/directory/brandMarks.mjs):
 * lower case, letters and digits only, without a trailing "wallet" ('Coinbase Wallet' → 'coinbase', 'WalletConnect'
 * → 'walletconnect', 'Safe{Wallet}' → 'safe').
 */
export function walletMarkKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/wallet$/, '')
}

/** Every wallet @web3icons/core draws, by walletMarkKey of its name. */
const WALLETS: Record<string, MarkModule> = {
  alfa1: () => import('@web3icons/core/svgs/wallets/branded/alfa1.svg.js'),
  alpha: () => import('@web3icons/core/svgs/wallets/branded/alpha-wallet.svg.js'),
  argent: () => import('@web3icons/core/svgs/wallets/branded/argent.svg.js'),
  atomic: () => import('@web3icons/core/svgs/wallets/branded/atomic.svg.js'),
  backpack: () => import('@web3icons/core/svgs/wallets/branded/backpack.svg.js'),
  bitbox: () => import('@web3icons/core/svgs/wallets/branded/bitbox.svg.js'),
  blue: () => import('@web3icons/core/svgs/wallets/branded/blue.svg.js'),
  clave: () => import('@web3icons/core/svgs/wallets/branded/clave.svg.js'),
  coin98: () => import('@web3icons/core/svgs/wallets/branded/coin98.svg.js'),
  coinbase: () => import('@web3icons/core/svgs/wallets/branded/coinbase.svg.js'),
  cypherock: () => import('@web3icons/core/svgs/wallets/branded/cypherock.svg.js'),
  daimo: () => import('@web3icons/core/svgs/wallets/branded/daimo.svg.js'),
  enkrypt: () => import('@web3icons/core/svgs/wallets/branded/enkrypt.svg.js'),
  exodus: () => import('@web3icons/core/svgs/wallets/branded/exodus.svg.js'),
  glow: () => import('@web3icons/core/svgs/wallets/branded/glow.svg.js'),
  imtoken: () => import('@web3icons/core/svgs/wallets/branded/imtoken.svg.js'),
  keplr: () => import('@web3icons/core/svgs/wallets/branded/keplr.svg.js'),
  kraken: () => import('@web3icons/core/svgs/wallets/branded/kraken.svg.js'),
  kukai: () => import('@web3icons/core/svgs/wallets/branded/kukai.svg.js'),
  ledger: () => import('@web3icons/core/svgs/wallets/branded/ledger.svg.js'),
  lit: () => import('@web3icons/core/svgs/wallets/branded/lit.svg.js'),
  metamask: () => import('@web3icons/core/svgs/wallets/branded/metamask.svg.js'),
  myether: () => import('@web3icons/core/svgs/wallets/branded/my-ether-wallet.svg.js'),
  obvious: () => import('@web3icons/core/svgs/wallets/branded/obvious.svg.js'),
  okx: () => import('@web3icons/core/svgs/wallets/branded/okx.svg.js'),
  phantom: () => import('@web3icons/core/svgs/wallets/branded/phantom.svg.js'),
  pillar: () => import('@web3icons/core/svgs/wallets/branded/pillar.svg.js'),
  portal: () => import('@web3icons/core/svgs/wallets/branded/portal.svg.js'),
  rabby: () => import('@web3icons/core/svgs/wallets/branded/rabby.svg.js'),
  rainbow: () => import('@web3icons/core/svgs/wallets/branded/rainbow.svg.js'),
  ronin: () => import('@web3icons/core/svgs/wallets/branded/ronin.svg.js'),
  safe: () => import('@web3icons/core/svgs/wallets/branded/safe.svg.js'),
  sender: () => import('@web3icons/core/svgs/wallets/branded/sender.svg.js'),
  sequence: () => import('@web3icons/core/svgs/wallets/branded/sequence.svg.js'),
  solflare: () => import('@web3icons/core/svgs/wallets/branded/solflare.svg.js'),
  soul: () => import('@web3icons/core/svgs/wallets/branded/soul.svg.js'),
  squads: () => import('@web3icons/core/svgs/wallets/branded/squads.svg.js'),
  temple: () => import('@web3icons/core/svgs/wallets/branded/temple.svg.js'),
  tokenpocket: () => import('@web3icons/core/svgs/wallets/branded/token-pocket.svg.js'),
  trezor: () => import('@web3icons/core/svgs/wallets/branded/trezor.svg.js'),
  trust: () => import('@web3icons/core/svgs/wallets/branded/trust.svg.js'),
  unipass: () => import('@web3icons/core/svgs/wallets/branded/unipass.svg.js'),
  venly: () => import('@web3icons/core/svgs/wallets/branded/venly.svg.js'),
  wallet3: () => import('@web3icons/core/svgs/wallets/branded/wallet-3.svg.js'),
  walletconnect: () => import('@web3icons/core/svgs/wallets/branded/wallet-connect.svg.js'),
  xdefi: () => import('@web3icons/core/svgs/wallets/branded/xdefi.svg.js'),
  zengo: () => import('@web3icons/core/svgs/wallets/branded/zengo.svg.js'),
  zerion: () => import('@web3icons/core/svgs/wallets/branded/zerion.svg.js'),
}

/**
 * Networks by CAIP-2 id. A test network shows the mark of the chain it tests (Sepolia and Holesky Ethereum's, Solana's
 * devnet and testnet Solana's): the package draws none of its own, and a visitor knows them by their parent's.
 */
const NETWORKS: Record<string, MarkModule> = {
  'eip155:1': () => import('@web3icons/core/svgs/networks/branded/ethereum.svg.js'),
  'eip155:10': () => import('@web3icons/core/svgs/networks/branded/optimism.svg.js'),
  'eip155:56': () => import('@web3icons/core/svgs/networks/branded/binance-smart-chain.svg.js'),
  'eip155:100': () => import('@web3icons/core/svgs/networks/branded/gnosis.svg.js'),
  'eip155:137': () => import('@web3icons/core/svgs/networks/branded/polygon.svg.js'),
  'eip155:250': () => import('@web3icons/core/svgs/networks/branded/fantom.svg.js'),
  'eip155:324': () => import('@web3icons/core/svgs/networks/branded/zksync.svg.js'),
  'eip155:1101': () => import('@web3icons/core/svgs/networks/branded/polygon-zkevm.svg.js'),
  'eip155:5000': () => import('@web3icons/core/svgs/networks/branded/mantle.svg.js'),
  'eip155:8453': () => import('@web3icons/core/svgs/networks/branded/base.svg.js'),
  'eip155:42161': () => import('@web3icons/core/svgs/networks/branded/arbitrum-one.svg.js'),
  'eip155:42170': () => import('@web3icons/core/svgs/networks/branded/arbitrum-nova.svg.js'),
  'eip155:42220': () => import('@web3icons/core/svgs/networks/branded/celo.svg.js'),
  'eip155:43114': () => import('@web3icons/core/svgs/networks/branded/avalanche.svg.js'),
  'eip155:59144': () => import('@web3icons/core/svgs/networks/branded/linea.svg.js'),
  'eip155:81457': () => import('@web3icons/core/svgs/networks/branded/blast.svg.js'),
  'eip155:534352': () => import('@web3icons/core/svgs/networks/branded/scroll.svg.js'),
  'eip155:7777777': () => import('@web3icons/core/svgs/networks/branded/zora.svg.js'),
  'eip155:1329': () => import('@web3icons/core/svgs/networks/branded/sei-network.svg.js'),
  'eip155:130': () => import('@web3icons/core/svgs/networks/branded/unichain.svg.js'),
  'eip155:146': () => import('@web3icons/core/svgs/networks/branded/sonic.svg.js'),
  'eip155:480': () => import('@web3icons/core/svgs/networks/branded/world.svg.js'),
  'eip155:2741': () => import('@web3icons/core/svgs/networks/branded/abstract.svg.js'),
  'eip155:57073': () => import('@web3icons/core/svgs/networks/branded/ink.svg.js'),
  'eip155:25': () => import('@web3icons/core/svgs/networks/branded/cronos.svg.js'),
  'eip155:1284': () => import('@web3icons/core/svgs/networks/branded/moonbeam.svg.js'),
  'eip155:8217': () => import('@web3icons/core/svgs/networks/branded/kaia.svg.js'),
  'eip155:1313161554': () => import('@web3icons/core/svgs/networks/branded/aurora.svg.js'),
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': () => import('@web3icons/core/svgs/networks/branded/solana.svg.js'),
  'bip122:000000000019d6689c085ae165831e93': () => import('@web3icons/core/svgs/networks/branded/bitcoin.svg.js'),
  'eip155:11155111': () => import('@web3icons/core/svgs/networks/branded/ethereum.svg.js'),
  'eip155:17000': () => import('@web3icons/core/svgs/networks/branded/ethereum.svg.js'),
  'eip155:84532': () => import('@web3icons/core/svgs/networks/branded/base.svg.js'),
  'eip155:11155420': () => import('@web3icons/core/svgs/networks/branded/optimism.svg.js'),
  'eip155:421614': () => import('@web3icons/core/svgs/networks/branded/arbitrum-one.svg.js'),
  'eip155:80002': () => import('@web3icons/core/svgs/networks/branded/polygon.svg.js'),
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': () => import('@web3icons/core/svgs/networks/branded/solana.svg.js'),
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': () => import('@web3icons/core/svgs/networks/branded/solana.svg.js'),
}

const TABLES: Record<MarkKind, Record<string, MarkModule>> = { wallet: WALLETS, network: NETWORKS }

const keyOf = ([kind, id]: MarkRef) => (kind === 'wallet' ? walletMarkKey(id) : id)

/** True when a package draws this wallet or network. */
export function hasMark(mark: MarkRef): boolean {
  return Object.hasOwn(TABLES[mark[0]], keyOf(mark))
}

/** Marks already loaded, as data URLs, by kind and key: a view drawn again shows them in its first frame. */
const loaded = new Map<string, string>()

/** The mark as an image URL (`data:image/svg+xml,…`) once loaded; undefined until then or when no package draws it. */
export function loadedMark(mark: MarkRef): string | undefined {
  return loaded.get(`${mark[0]}:${keyOf(mark)}`)
}

/** Loads the mark's module and gives it as an image URL; undefined when no package draws it. */
export async function loadMark(mark: MarkRef): Promise<string | undefined> {
  const key = keyOf(mark)
  const load = Object.hasOwn(TABLES[mark[0]], key) ? TABLES[mark[0]][key] : undefined
  if (!load) return undefined
  const url = `data:image/svg+xml,${encodeURIComponent((await load()).default.trim())}`
  loaded.set(`${mark[0]}:${key}`, url)
  return url
}
