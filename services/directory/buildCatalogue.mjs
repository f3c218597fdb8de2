#!/usr/bin/env node
// The source of truth of the wallet catalogue: the table below, one wallet per line. `node
// services/directory/buildCatalogue.mjs` turns it into wallets.json (committed, what the directory serves);
// a test fails when the two differ.
//
// Columns, separated by `|`:  name | rdns | chains | mobile_link | desktop_link | webapp_link | badge | id
//  - rows are in popularity order: the line's position is the entry's `order` (the first 4 are the recommended
//    wallets of rules §9). The ranking is editorial: our reading of how widely each wallet is used.
//  - rdns: the EIP-6963 reverse-DNS id the wallet announces, left empty when we do not know it.
//  - chains: CAIP-2 ids or the short names of CHAIN_GROUPS, separated by spaces.
//  - links: the base the modal appends `wc?uri=<pairing uri>` to (an app scheme or an https universal link
//    ending in `/`); webapp_link: where the web wallet opens. Only links the wallet itself published (its own
//    documentation, or its listing in the public WalletConnect registry) are filled; an unknown link stays empty.
//  - badge: `certified` marks a widely used wallet whose rdns and links were checked against the wallet's
//    published connector details (Foyer's curation, not a third-party certification); empty is `none`.
//  - id: only for a renamed wallet, which keeps its old id. Otherwise the id is the slug of the name.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { CATALOGUE_URL, imageIdFor, normalizeWallets, walletId } from './catalogue.mjs'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'

/** Short names for the chain column. @type {Record<string, string[]>} */
export const CHAIN_GROUPS = {
  eth: ['eip155:1'],
  // The EVM networks nearly every EVM wallet offers: Ethereum, OP Mainnet, BNB Smart Chain, Polygon, Base, Arbitrum One.
  evm: ['eip155:1', 'eip155:10', 'eip155:56', 'eip155:137', 'eip155:8453', 'eip155:42161'],
  bsc: ['eip155:56'],
  polygon: ['eip155:137'],
  base: ['eip155:8453'],
  avax: ['eip155:43114'],
  gnosis: ['eip155:100'],
  celo: ['eip155:42220'],
  ronin: ['eip155:2020'],
  zksync: ['eip155:324'],
  sol: [SOLANA],
  btc: [BITCOIN],
  dot: ['polkadot:91b171bb158e2d3848fa23a9f1c25182'],
  ksm: ['polkadot:b0a8d493285c2df73290dfb7e61f870f'],
  atom: ['cosmos:cosmoshub-4'],
  osmo: ['cosmos:osmosis-1'],
  tron: ['tron:0x2b6653dc'],
  ton: ['ton:-239'],
  sui: ['sui:mainnet'],
  apt: ['aptos:1'],
  near: ['near:mainnet'],
  xlm: ['stellar:pubnet'],
  xrp: ['xrpl:0'],
  algo: ['algorand:wGHE2Pwdvd7S12BL5FaOP20EGYesN73k'],
  hbar: ['hedera:mainnet'],
  xtz: ['tezos:NetXdQprcVkpaWU'],
  ada: ['cip34:1-764824073'],
  strk: ['starknet:SN_MAIN'],
  egld: ['mvx:1'],
}

export const WALLET_TABLE = `
MetaMask | io.metamask | evm sol | metamask:// | | | certified
Trust Wallet | com.trustwallet.app | evm sol btc atom tron ton | trust:// | | | certified
Coinbase Wallet | com.coinbase.wallet | evm sol | cbwallet:// | | | certified
Phantom | app.phantom | sol evm btc sui | | | | certified
Rabby Wallet | io.rabby | evm avax gnosis | | | | certified
OKX Wallet | com.okex.wallet | evm sol btc sui apt ton tron | okex://main/ | | | certified
Binance Wallet | com.binance.wallet | evm sol btc | bnc://app.binance.com/cedefi/ | | | certified
Bitget Wallet | com.bitget.web3 | evm sol btc sui ton tron | bitkeep:// | | | certified
Rainbow | me.rainbow | evm | rainbow:// | | | certified
Uniswap Wallet | org.uniswap.app | evm | uniswap:// | | | certified
Zerion | io.zerion.wallet | evm sol | zerion:// | | https://app.zerion.io/ | certified
Ledger Live | | evm sol btc dot atom xrp ada xtz algo near xlm ton | ledgerlive:// | ledgerlive:// | | certified
Safe{Wallet} | | evm gnosis avax zksync | | | https://app.safe.global/ | certified
Backpack | app.backpack.mobile | sol evm | | | | certified
Solflare | | sol | | | | certified
Argent | | eth zksync | argent://app/ | | | certified
TokenPocket | pro.tokenpocket | evm sol tron btc | tpoutside:// | | | certified
imToken | | evm btc | imtokenv2:// | | | certified
SafePal | | evm sol btc tron | safepalwallet:// | | | certified
Exodus | | evm sol btc | https://exodus.com/m/ | | | certified
OneKey | so.onekey.app.wallet | evm sol btc | | | | certified
Crypto.com Onchain | | evm eip155:25 atom | cryptowallet:// | | | certified
Coin98 | com.coin98 | evm sol | coin98:// | | | certified
Magic Eden Wallet | io.magiceden.wallet | evm sol btc | | | | certified
Core | app.core.extension | evm avax btc | | | | certified
Brave Wallet | com.brave.wallet | evm sol | | | | certified
Kraken Wallet | | evm sol | krakenwallet:// | | | certified
Gate Wallet | io.gate.wallet | evm sol btc | gtweb3wallet:// | | | certified
Bybit Wallet | com.bybit | evm sol btc | | | | certified
Ronin Wallet | com.roninchain.wallet | ronin eth | roninwallet:// | | | certified
Talisman | xyz.talisman | evm dot ksm | | | | certified
SubWallet | app.subwallet | evm dot ksm | subwallet:// | | | certified
Zeal | app.zeal | evm | zeal:// | | | certified
Frame | sh.frame | evm | | | | certified
Enkrypt | com.enkrypt | evm dot ksm btc sol | | | | certified
Ctrl Wallet | xyz.ctrl | evm sol btc atom | | | | certified
1inch Wallet | | evm | oneinch:// | | | certified
Best Wallet | | evm sol btc | bw://connect/ | | | certified
Keplr | | atom osmo | | | | certified
Xverse | | btc | | | | certified
Tangem | | evm sol btc | tangem:// | | | certified
Trezor Suite | | btc evm sol ada | | | https://suite.trezor.io/web/ | certified
Nova Wallet | io.novawallet | dot ksm evm | novawallet:// | | |
Omni | | evm sol atom | omni:// | | |
Bitcoin.com Wallet | | evm btc | bitcoincom:// | | |
MEW wallet | | evm | https://mewwallet.com/ | | |
MyEtherWallet | | evm | | | https://www.myetherwallet.com/ |
Gemini Wallet | com.gemini.wallet | evm | | | |
Frontier | xyz.frontier.wallet | evm | frontier:// | | |
xPortal | com.elrond.maiar.wallet | egld | xportal:// | | |
Valora | | celo | celo://wallet/ | | |
Atomic Wallet | | evm sol btc | | | |
Guarda Wallet | | evm sol btc | | | |
Edge Wallet | | evm btc | https://deep.edge.app/ | | |
Zengo | | evm btc | https://get.zengo.com/ | | |
Unstoppable Wallet | | evm sol btc | moneyunstoppable:// | | |
Robinhood Wallet | | evm sol btc | | | |
Coinomi | | eth bsc btc | coinomi:// | | |
MathWallet | | evm dot atom | mathwallet:// | | |
ONTO | | evm | ontoprovider:// | | |
BitPay Wallet | | eth btc | bitpay:// | | |
D'CENT Wallet | | eth bsc polygon eip155:30 | dcent:// | | |
Ellipal | | evm btc | ellipal:// | | |
CoolWallet | | evm btc | coolwallet:// | | |
Ambire Wallet | | evm | ambire:// | | |
Sequence | | evm | | | https://sequence.app/ |
Infinity Wallet | | evm | | infinity:// | |
Tokenary | | evm | | tokenary:// | |
Klever Wallet | | evm tron | kleverwallet:// | | |
AlphaWallet | | evm | awallet:// | | |
Status | | eth | | | |
Pillar | | eth | pillarwallet:// | | |
Spot | | eth | spot:// | | |
Defiant | | eth eip155:30 | defiantapp:// | | |
Arculus Wallet | | eth | arculuswc:// | | |
Coingrig | | evm | coingrig:// | | |
Bifrost Wallet | com.bifrostwallet | evm eip155:14 | https://app.bifrostwallet.com/ | | |
Wigwam | com.wigwam.wallet | evm | | | |
Universal Profiles | io.universaleverything.universalprofiles | eip155:42 | | | |
Nest Wallet | xyz.nestwallet | evm | | | |
Meco Wallet | com.meco.wallet | evm | mecowallet:// | | |
Kresus | | evm | com.kresus.superapp:// | | |
Bitverse | | evm | bitverseapp://open/wallet/ | | |
Bloom Wallet | | eth | | bloom://wallet-connect/ | |
FoxWallet | | evm sol | foxwallet:// | | |
Okto | | evm sol | okto:// | | |
ioPay | | eip155:4689 eth bsc | iopay:// | | |
Kaia Wallet | | eip155:8217 | | | |
Taho | | evm | | | |
Safeheron | | evm | | | |
Ramper Wallet | | evm sol | | | |
Desig Wallet | | evm sol | | | |
Dawn Wallet | | eth | | | |
CLV Wallet | | evm dot | | | |
Porto | xyz.ithaca.porto | evm | | | |
BeraSig | app.berasig | eip155:80094 | | | |
Seif | com.passkeywallet.seif | eip155:1329 | | | |
Anchorage Digital | com.anchorage.connect | eth | | | |
Base Account | app.base.account | base eth | | | |
Compass Wallet | io.leapwallet.CompassWallet | cosmos:pacific-1 eip155:1329 | | | |
Leap Wallet | | atom osmo cosmos:injective-1 | | | |
Cosmostation | | atom osmo evm | | | |
Station | | cosmos:phoenix-1 | | | |
Fin Wallet | | cosmos:pacific-1 | | | |
Keystone | | evm btc sol | | | |
GridPlus Lattice1 | | evm btc | | | |
BitBox | | btc eth | | | |
Cypherock | | evm btc sol | | | |
NGRAVE | | evm btc | | | |
SecuX | | evm btc | secux:// | secux:// | |
KeepKey | | evm btc | | | |
Blockstream Green | | btc | | | |
Coldcard | | btc | | | |
Foundation Passport | | btc | | | |
Bitkey | | btc | | | |
Sparrow Wallet | | btc | | | |
Electrum | | btc | | | |
BlueWallet | | btc | | | |
Muun | | btc | | | |
Wasabi Wallet | | btc | | | |
Nunchuk | | btc | | | |
Phoenix Wallet | | btc | | | |
Wallet of Satoshi | | btc | | | |
Breez | | btc | | | |
Zeus | | btc | | | |
Aqua Wallet | | btc | | | |
Leather | | btc | | | |
UniSat Wallet | | btc | | | |
Mycelium | | btc eth | | | |
Specter Desktop | | btc | | | |
Cake Wallet | | btc | | | |
Casa | | btc | | | |
Alby | | btc | | | |
Bitcoin Keeper | | btc | | | |
Bitpie | | evm btc | bitpie:// | | |
Tonkeeper | | ton | | | |
MyTonWallet | | ton | | | |
Tonhub | | ton | | | |
Wallet in Telegram | | ton | | | |
TronLink | | tron evm | | | |
Petra | | apt | | | |
Pontem Wallet | | apt | | | |
Martian Wallet | | apt sui | | | |
Slush | | sui | | | |
Suiet | | sui | | | |
Surf Wallet | | sui | | | |
Nightly | | sol sui apt near | | | |
Glow | | sol | | | |
Jupiter Mobile | | sol | | | |
TipLink | | sol | | | https://tiplink.io/ |
Argent X | | strk | | | |
Braavos | | strk | | | |
Eternl | | ada | | | |
Yoroi | | ada | | | |
Lace | | ada | | | |
Typhon Wallet | | ada | | | |
GeroWallet | | ada | | | |
NuFi | | ada btc evm sol | | | |
Vespr | | ada | | | |
Begin Wallet | | ada | | | |
Daedalus | | ada | | | |
Tokeo | | ada | | | |
MyNearWallet | | near | | | https://app.mynearwallet.com/ |
Meteor Wallet | | near | | | https://wallet.meteorwallet.app/ |
HOT Wallet | | near | | | |
Sender Wallet | | near | | | |
Temple Wallet | | xtz | | | |
Kukai | | xtz | | | https://wallet.kukai.app/ |
Umami | | xtz | | | |
AirGap Wallet | | xtz btc eth | airgap-wallet:// | | |
Pera Wallet | | algo | | | |
Defly Wallet | | algo | | | |
HashPack | | hbar | | | |
Kabila Wallet | | hbar | | | |
Xaman | | xrp | | | |
GemWallet | | xrp | | | |
Crossmark | | xrp | | | |
LOBSTR | | xlm | https://lobstr.co/uni/ | | |
Freighter | | xlm | | | |
Albedo | | xlm | | | https://albedo.link/ |
xBull Wallet | | xlm | | | |
Solar Wallet | | xlm | | | |
Hana Wallet | | xlm | | | |
Flow Wallet | | eip155:747 | | | |
Blocto | | evm | | | |
Polkadot.js extension | | dot ksm | | | |
Fearless Wallet | | dot ksm | | | |
PolkaGate | | dot ksm | | | |
Polkadot Vault | | dot ksm | | | |
Venly | | evm | | | |
Opera Crypto Browser | | evm | cryptobrowser:// | | |
Daimo | | base | | | |
Family | | evm | | | |
Obvious | | evm | | | |
Abstract Global Wallet | | eip155:2741 | | | |
Clave | | zksync | | | |
Holdstation Wallet | | zksync evm | | | |
HaHa Wallet | | evm | | | |
Echooo Wallet | | evm | | | |
Enjin Wallet | | eth | | | |
MultiversX DeFi Wallet | | egld | | | |
Fireblocks | | evm | fireblocks-wc:// | | |
BitGo | | evm btc | | | |
MPCVault | | evm | | | |
Fordefi | | evm sol | | | |
ZelCore | | eth btc | zel:// | | |
Loopring Wallet | | eth | | | |
TrustVault | | eth | | | |
MYKEY | | eth | mykeywalletconnect:// | | |
CYBAVO Wallet | | eth | cybavowallet:// | | |
Spatium | | eth | | | |
Infinito Wallet | | eth | | | |
wallet.io | | eth | | | |
Ownbit | | eth btc | | | |
EasyPocket | | eth | easypocket:// | | |
Bridge Wallet | | eth | bridgewallet:// | | |
SparkPoint | | eth | sparkpoint:// | | |
ViaWallet | | eth | | | |
PEAKDEFI Wallet | | eth | peakdefiwallet:// | | |
HaloDeFi Wallet | | eth | halodefiwallet:// | | |
Dok Wallet | | eth | | | |
AT.Wallet | | eth | | | |
Midas Wallet | | eth | | | |
Aktionariat | | eth | aktionariat:// | | |
Talken Wallet | | eth | talken-wallet:// | | |
Flare Wallet | | eip155:14 eth | flare:// | | |
AToken Wallet | | eth | atoken:// | | |
Tongue Wallet | | eth | tongue:// | | |
RWallet | | eth eip155:30 | rwallet:// | | |
PlasmaPay | | eth | plasmapay:// | | |
O3 Wallet | | eth | o3wallet:// | | |
HashKey Me | | eth | hashme:// | | |
Trustee Wallet | | eth btc | | | |
CoinUs | | eth | | | |
QuiverX | | eth | | | |
Celo Wallet | | celo | celowallet:// | | https://celowallet.app/ |
Elastos Essentials | | eth eip155:20 | essentials:// | | |
fuse.cash | | eip155:122 | fuse.cash:// | | |
Stasis Wallet | | eth | stasis:// | | |
JulWallet | | evm | julwallet:// | | |
f(x) Wallet | | eth | | | |
Bull App | | eth | | | |
Anybit | | eth | | | |
Minerva Wallet | | eth gnosis | | | |
ArchiPage | | eth | archipage:// | | |
Chainge Finance | | evm | | | |
Coinhub | | eth | | | |
GoPocket | | eth | | | |
Wallet 3 | | evm | wallet3:// | wallet3:// | |
yiToken | | eth | yitoken:// | | |
DID Wallet | | eth | abt:// | | |
StarBase | | eth | | | |
Shinobi Wallet | | eth | | | |
GD Wallet | | bsc | gdwalletwc:// | | |
PayTube | | eth | | | |
BlockBank | | eth | | | |
Orange Wallet | | polygon | orangewallet:// | | |
NEFTiPEDiA | | bsc | | | |
Avacus | | eth | avacus:// | | |
Krystal | | evm avax | krystalwallet:// | | |
Xcapit | | eth bsc polygon eip155:30 | | | |
THORWallet | | evm avax | thorwallet:// | | |
CoinStats | | eth bsc polygon | coinstats:// | | |
Abra Wallet | | eth | abra:// | | |
DopamineApp | | evm sol | | | |
Keywallet Touch | | eth | | | |
Enno Wallet | | eth | ennowallet:// | | |
SoCap Wallet | | eth bsc polygon | | | |
Talk+ | | eth | talkapp:// | | |
A4 Wallet | | evm avax | | | |
Verso | | eth polygon | | | |
PunkWallet | | evm | | | https://punkwallet.io/ |
KryptoGO Wallet | | eth bsc polygon | | | |
Snowball | | eth bsc polygon | | | |
Okse Wallet | | evm | oksewallet:// | | |
BRISE Wallet | | eth bsc | | | |
LZ Wallet | | eth | | | |
HyperPay | | evm | | | |
TTM Wallet | | bsc eth | ttmwalletapp:// | | |
Qubic Wallet | | eth polygon | qubic:// | | https://wallet.qubic.app/ |
BeeWallet | | eth | | | |
Dentacoin Wallet | | eth | dentacoin-wallet:// | | |
XFUN Wallet | | eth polygon | | | |
UvToken | | eth bsc dot | uvtoken:// | | |
MyWalliD | | eth | | | |
LocalTrade Wallet | | eth bsc | | | |
Hideout Wallet | | eth | | | |
Fundamenta Mobile | | evm | | | |
Ancrypto Wallet | | eth bsc dot | | | |
LATOKEN Multichain DeFi Wallet | | evm avax | dfwallet:// | | |
TK Finance | | eth bsc | tk:// | | |
Lead Wallet | | eth celo polygon bsc xlm dot | leadwallet://wallet-connect/ | | |
Oxalus Wallet | | evm avax | oxalus:// | | |
Nitrogen Wallet | | sol | | | |
ApolloX | | bsc | | | |
CoinCircle | | eth | | | |
3S Wallet | | evm sol dot | bhcwallet:// | | |
SahalWallet | | eth bsc polygon | | | |
Vision Crypto Wallet | | eth bsc polygon | | | |
helix id | | eth polygon | | | |
Ballet Crypto | | eth bsc | | | |
The Parallel | | bsc | | | |
CeloDance | | celo | | | |
Monarch Wallet | | bsc eth | | | |
RiceWallet | | evm avax | | | |
SafeMoon | | eth bsc | safemoon:// | | |
SimpleHold | | evm sol dot | | | |
KEYRING PRO | | evm | keyring:// | keyring:// | |
Dohrnii Wallet | | eth bsc polygon | | | |
GoldBit | | eth | goldbit:// | | |
Bitizen | | eth | bitizen://wallet/ | | |
Slavi Wallet | | eth | slaviwallet:// | | |
NeftiWallet | | bsc | | | |
Arianee Wallet | | polygon eth | | | |
Neon Wallet | | neo3:mainnet | | | |
NOW Wallet | | evm avax | walletnow:// | | |
PayBolt | | eth bsc polygon | | | |
Feral File | | eth xtz | | | |
Mask Network | | evm gnosis | | | |
Uniblow | | evm | | | |
WATT ME | | eth bsc polygon | wattwallet://wallet-connect/ | | |
Cryptnox Wallet | | eth | | | |
Boo! | | bsc | | | |
FirstWallet | | evm avax | | | |
HUMBL Wallet | | eth | | | |
Zelus | | eth polygon avax bsc | zeluswallet:// | | |
Candide | | eth eip155:10 eip155:42161 | | | https://app.candidewallet.com/ |
Safematrix | | eth bsc | | | |
Earth Wallet | | eth | earthwallet:// | | |
Card Wallet | | gnosis eth | cardwallet:// | | |
FILWallet | | eth bsc | | | |
RealT Wallet | | eth gnosis | | | |
PLT Wallet | | eth | pltwallet:// | | |
BCERTin Wallet | | eth polygon | | | |
Bycoin | | eth | | | |
Assure | | eth bsc dot | assure:// | | |
`

// Where the best-known wallets install, for the visitor who has none yet. Columns, separated by `|`:
//   id | homepage | Chrome Web Store item | Firefox Add-ons slug | Safari extension (Mac App Store id) | App Store id | Google Play package
// Each cell is the part of the store's address that names the wallet's own listing, as the wallet links to it from
// its download page; an empty cell is a store the wallet is not in, or one whose listing we could not check against a
// second published source (the visitor then gets the wallet's own page, which never sends them to a look-alike).
export const INSTALL_TABLE = `
metamask | https://metamask.io/download/ | nkbihfbeogaeaoehlefnkodbefgpgknn | ether-metamask | | 1438144202 | io.metamask
trust-wallet | https://trustwallet.com/download | egjidjbpglichdcondbcbdnbeeppgdph | | | 1288339409 | com.wallet.crypto.trustapp
coinbase-wallet | https://www.coinbase.com/wallet/downloads | hnfanknocfeofbddgcijnmhnfnkdnaad | | | 1278383455 | org.toshi
phantom | https://phantom.com/download | bfnaelmomeimhlpmgjnjophhpkkoljpa | phantom-app | | 1598432977 | app.phantom
rabby-wallet | https://rabby.io/ | acmacodkjbdgmoleebolmdjonilkdbch | | | |
okx-wallet | https://web3.okx.com/download | mcohilncbfahbmgdjkbpemcciiolgcge | | | 1327268470 | com.okinc.okex.gp
rainbow | https://rainbow.me/download | | | | 1457119021 | me.rainbow
uniswap-wallet | https://wallet.uniswap.org/ | | | | 6443944476 |
zerion | https://zerion.io/download | klghhnkeealcohjjanjjdaeeggmfmlpl | | | 1456732565 | io.zerion.android
ledger-live | https://www.ledger.com/ledger-live | | | | 1361671700 | com.ledger.live
safe-wallet | https://safe.global/wallet | | | | |
backpack | https://backpack.app/downloads | aflkmfhebedbjioipglgcbcmnbpgliof | | | |
solflare | https://solflare.com/download | | | | |
`

/** The store addresses the cells of {@link INSTALL_TABLE} complete. @type {Record<string, (cell: string) => string>} */
const STORES = {
  chrome_store: (item) => `https://chromewebstore.google.com/detail/${item}`,
  firefox_store: (slug) => `https://addons.mozilla.org/firefox/addon/${slug}/`,
  safari_store: (id) => `https://apps.apple.com/app/id${id}`,
  app_store: (id) => `https://apps.apple.com/app/id${id}`,
  play_store: (app) => `https://play.google.com/store/apps/details?id=${app}`,
}

/**
 * The install links of {@link INSTALL_TABLE} by wallet id.
 *
 * @param {string} table
 * @returns {Map<string, Record<string, string>>}
 */
export function installLinks(table = INSTALL_TABLE) {
  const rows = table
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  return new Map(
    rows.map((line) => {
      const cells = line.split('|').map((cell) => cell.trim())
      if (cells.length !== 7) throw new TypeError(`Install row needs 7 cells: ${line}`)
      const [id, homepage, ...stores] = /** @type {[string, string, string, string, string, string, string]} */ (cells)
      const entries = Object.entries(STORES).map(([field, address], index) => [field, stores[index] ? address(stores[index]) : ''])
      return [id, { homepage, ...Object.fromEntries(entries) }]
    }),
  )
}

/**
 * The catalogue built from {@link WALLET_TABLE}: checked, with ids, image ids and ranks filled in, and the install
 * links of {@link INSTALL_TABLE}.
 *
 * @param {string} [table]
 * @param {string} [installTable]
 */
export function buildCatalogue(table = WALLET_TABLE, installTable = INSTALL_TABLE) {
  const install = installLinks(installTable)
  const rows = table
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const wallets = rows.map((line, index) => {
    const cells = line.split('|').map((cell) => cell.trim())
    if (cells.length < 7 || cells.length > 8) throw new TypeError(`Row ${index + 1} needs 7 or 8 cells: ${line}`)
    const [name, rdns, chains, mobile_link, desktop_link, webapp_link, badge, id] =
      /** @type {[string, string, string, string, string, string, string, string?]} */ (cells)
    return {
      id: id || walletId(name),
      name,
      image_id: imageIdFor(name),
      rdns: rdns || null,
      chains: chains
        .split(/\s+/)
        .filter(Boolean)
        .flatMap((chain) => CHAIN_GROUPS[chain] ?? [chain]),
      mobile_link,
      desktop_link,
      webapp_link,
      ...install.get(id || walletId(name)),
      badge_type: badge || 'none',
      order: index + 1,
    }
  })
  const unknown = [...install.keys()].filter((id) => !wallets.some((wallet) => wallet.id === id))
  if (unknown.length > 0) throw new TypeError(`INSTALL_TABLE names wallets the table does not have: ${unknown.join(', ')}`)
  return normalizeWallets(wallets, 'WALLET_TABLE')
}

/**
 * One entry per line: short, and a change shows as a one-line diff.
 *
 * @param {import('./catalogue.mjs').WalletEntry[]} wallets
 */
export function formatCatalogue(wallets) {
  return `[\n${wallets.map((wallet) => `  ${JSON.stringify(wallet)}`).join(',\n')}\n]\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wallets = buildCatalogue()
  writeFileSync(CATALOGUE_URL, formatCatalogue(wallets))
  console.log(`Wrote ${wallets.length} wallets to ${fileURLToPath(CATALOGUE_URL)}`)
}
