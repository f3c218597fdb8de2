// The setup the chain tests share: one real node per test file (anvil, or litesvm behind Solana's
// JSON-RPC), started in beforeAll and stopped in afterAll (style 17), the `window` a wallet
// announces itself through, and the test wallet on the dev key. Node only (it spawns anvil).
//
// Call a use* function at the top of a test file: it registers the hooks and returns objects that
// are filled in by its beforeAll, so destructure them at once and read their fields in tests.
import { afterAll, afterEach, beforeAll, beforeEach, type Mock, vi } from 'vitest'
import { evmNetwork } from '../chains/evm/index.js'
import { solanaLocalnet } from '../chains/solana/index.js'
import type { Network } from '../kernel/model/network.js'
import {
  ANVIL_ACCOUNTS,
  compileContracts,
  deployAmm,
  deployFixtures,
  startAnvil,
  type AmmFixtures,
  type AnvilInstance,
  type ChainFixtures,
} from '../services/dev/devchain/index.mjs'
import { DEV_WALLET_KEYPAIR, LOCAL_GENESIS_HASH, startSolanaRpc, type SolanaRpcNode } from '../services/dev/solana/index.mjs'
import { announceWallet, createEip1193Wallet, type Eip1193WalletOptions } from './eip1193Wallet.js'
import { createSolanaWallet, registerSolanaWallet, type SolanaWalletOptions } from './solanaWallet.js'

/** The rdns the EVM test wallet announces, hence its connector id. */
export const EVM_TEST_CONNECTOR_ID = 'test.foyer.wallet'
/** The name the Solana test wallet registers, and its connector id. */
export const SOLANA_TEST_WALLET_NAME = 'Test Solana Wallet'
export const SOLANA_TEST_CONNECTOR_ID = `solana:${SOLANA_TEST_WALLET_NAME}`
/** A test wallet's icon: an empty SVG, so no test loads an image. */
export const TEST_WALLET_ICON = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'

/** An EVM network that anvil at `rpcUrl` serves (one anvil answers any chain id the wallet asks for). */
export function anvilNetwork(rpcUrl: string, id: number, name: string): Network {
  return evmNetwork({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
}

/**
 * One anvil (chain 31337) for this file, and `local`, its network. With `fixtures`, the fixture
 * contracts (USDC, the USDT-style token, the NFT) are compiled and deployed before the tests; with
 * `amm`, the Uniswap V2 router and pools over them too.
 */
export function useAnvil({ fixtures: deploy = false, amm: deployPools = false }: { fixtures?: boolean; amm?: boolean } = {}) {
  const anvil = {} as AnvilInstance
  const local = {} as Network
  const fixtures = {} as ChainFixtures
  const amm = {} as AmmFixtures
  beforeAll(
    async () => {
      Object.assign(anvil, await startAnvil({ port: 0, chainId: 31337 }))
      Object.assign(local, anvilNetwork(anvil.url, 31337, 'Anvil'))
      if (deploy || deployPools)
        Object.assign(fixtures, await deployFixtures({ rpcUrl: anvil.url, chainId: 31337, artifacts: await compileContracts() }))
      if (deployPools) Object.assign(amm, await deployAmm({ rpcUrl: anvil.url, chainId: 31337, tokens: fixtures }))
    },
    deploy || deployPools ? 120_000 : 30_000,
  )
  afterAll(async () => {
    await anvil.stop?.()
  })
  return { anvil, local, fixtures, amm }
}

/**
 * Gas for a one-pool swap on useAnvil's pools, sent as is rather than estimated. An estimate holds for the second it
 * ran in: a swap mined a second after the pool's last trade also writes the pool's two price accumulators, still zero
 * after seeding, and ran out of gas when the clock ticked in between (measured: estimated 115,692, needed 161,016).
 * The convert API pads its estimates for the same reason (ACCUMULATOR_GAS_PER_POOL).
 */
export const SWAP_GAS = 300_000n

/** The `window` of the current test; `reload()` gives the test a new one, as a page load would. */
export interface TestPage {
  readonly current: EventTarget
  reload(): EventTarget
}

/**
 * Node has no window: each test gets a fresh EventTarget as `window`, the only stand-in in the EVM
 * chain tests. Wallets announce themselves through it as browser extensions do (EIP-6963).
 */
export function usePage(): TestPage {
  let current = new EventTarget()
  const page: TestPage = {
    get current() {
      return current
    },
    reload() {
      current = new EventTarget()
      vi.stubGlobal('window', current)
      return current
    },
  }
  beforeEach(() => void page.reload())
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  return page
}

/**
 * A real EIP-1193 wallet on anvil's first account, announced through `page` as the extension
 * 'Test Wallet' ({@link EVM_TEST_CONNECTOR_ID}).
 */
export function announceTestWallet(page: EventTarget, rpcUrl: string, options: Partial<Eip1193WalletOptions> = {}) {
  const wallet = createEip1193Wallet({ privateKey: ANVIL_ACCOUNTS[0]!.privateKey, rpcUrl, ...options })
  announceWallet(page, wallet, { name: 'Test Wallet', rdns: EVM_TEST_CONNECTOR_ID, icon: TEST_WALLET_ICON })
  return wallet
}

/**
 * One local SVM node for this file, funded with `fund`, and `local`, its cluster.
 *
 * @wallet-standard/app's getWallets() keeps one registry per module instance and talks to wallets
 * through `window` events: it listens on the first `window` it sees. The files of a worker share their
 * module instances (the integration tier runs them without isolation), so they share one EventTarget
 * as `window` too ({@link workerPage}, with a `location` for the browse links), and a file gets a
 * `document` for its visibility. `register` adds the test wallet on the dev key; it and everything
 * pushed to `cleanups` goes at the end of each test, so no test sees another's.
 */
export function useSolanaNode({ fund }: { fund: ReadonlyArray<{ address: string; lamports: bigint }> }) {
  const node = {} as SolanaRpcNode
  const local = {} as Network
  const page = workerPage()
  const visibility = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
  const cleanups: Array<() => unknown> = []

  beforeAll(async () => {
    vi.stubGlobal('window', page)
    vi.stubGlobal('document', visibility)
    Object.assign(node, await startSolanaRpc({ port: 0, fund }))
    Object.assign(local, solanaLocalnet(node.url, LOCAL_GENESIS_HASH, 'Foyer Solana Local'))
    // The manifest loads the wallet side at setup through import(): loaded here once, it is there
    // a task after a kernel is created.
    await import('../chains/solana/walletSession.js')
  }, 30_000)
  afterAll(async () => {
    vi.unstubAllGlobals()
    await node.stop?.()
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    page.location.assign.mockClear()
    visibility.visibilityState = 'visible'
  })

  function register(options: Partial<SolanaWalletOptions> = {}) {
    const wallet = createSolanaWallet({ name: SOLANA_TEST_WALLET_NAME, keypair: DEV_WALLET_KEYPAIR, ...options })
    cleanups.push(registerSolanaWallet(wallet.wallet, page))
    return wallet
  }

  return { node, local, page, visibility, cleanups, register }
}

const WORKER_PAGE = Symbol.for('foyer.test.solanaPage')
type WorkerPage = EventTarget & { location: { href: string; origin: string; assign: Mock<(url: string) => void> } }

/** The one `window` of this worker's Solana files, made by the first of them. */
function workerPage(): WorkerPage {
  const worker = globalThis as typeof globalThis & { [WORKER_PAGE]?: WorkerPage }
  worker[WORKER_PAGE] ??= Object.assign(new EventTarget(), {
    location: { href: 'https://shop.example/cart?item=1', origin: 'https://shop.example', assign: vi.fn<(url: string) => void>() },
  })
  return worker[WORKER_PAGE]
}
