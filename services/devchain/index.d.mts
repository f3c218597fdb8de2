// Types for index.mjs (the modules are plain JavaScript so `node scripts/start.mjs` runs them on Node 20 as they are).
import type { Abi, Address, Hex } from 'viem';

/** Anvil accounts #0-#2 of the public test mnemonic. Local chains only. */
export declare const ANVIL_ACCOUNTS: ReadonlyArray<{ address: Address; privateKey: Hex }>;
/** Anvil account #7: deploys and owns FoyerNameResolver on the local chains; the data service writes names with it. */
export declare const NAME_RESOLVER_OWNER: Readonly<{ address: Address; privateKey: Hex }>;

export declare const CONTRACTS_DIR: string;
export declare const CONTRACTS_CACHE_DIR: string;
/** `services/devchain/.generated/fixtures.json`, the file the demo imports. */
export declare const FIXTURES_PATH: string;

export type ContractArtifact = { abi: Abi; bytecode: Hex };

/** Compiles `contracts/*.sol` with solc-js, cached by a hash of the sources. */
export declare function compileContracts(options?: { cacheDir?: string }): Promise<Record<string, ContractArtifact>>;

export type ChainFixtures = {
  rpcUrl: string;
  /** FixtureToken: 'USD Coin' (USDC), 6 decimals. */
  usdc: Address;
  /** TetherStyleToken: 'Tether Style USD' (USDTS), 6 decimals; transfer, transferFrom and approve return nothing. */
  usdt: Address;
  /** FixtureNft: tokens 1-3 owned by account #0. */
  nft: Address;
  /**
   * FoyerNameResolver, deployed by NAME_RESOLVER_OWNER: an ENS Universal Resolver (v3) stand-in that serves the
   * data service's account names to viem's `getEnsName` / `getEnsAddress` (`chain.contracts.ensUniversalResolver`).
   */
  nameResolver: Address;
};

/** Deploys the fixture contracts from account #0 (the name resolver from #7) and leaves balances and transfers behind. */
export declare function deployFixtures(options: {
  rpcUrl: string;
  chainId: number;
  artifacts: Record<string, ContractArtifact>;
}): Promise<ChainFixtures>;

export { PortInUseError, assertPortFree, findFreePort } from '../listen.mjs';

export type AnvilInstance = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  chainId: number;
  port: number;
  /** The anvil process itself (the one running now, after a restart). */
  readonly pid: number;
  /** Settles when the process ends, for whatever reason. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM to `pid` (SIGKILL after 5 s), then waits for the exit. */
  stop: () => Promise<void>;
  /**
   * Takes the chain's state (`anvil_dumpState`: accounts, contracts, blocks, receipts) and stops the process as `stop`
   * does: the node is gone, for tests of what its clients do then.
   */
  halt: () => Promise<void>;
  /**
   * After `halt`: a new anvil on the same port and chain id, started from the state taken (`--load-state`, so it
   * never answers with an empty chain); resolves once it answers.
   */
  restart: () => Promise<void>;
};

export type StartAnvilOptions = {
  /** 0 picks a free port. @default 8545 */
  port?: number;
  /** @default 31337 */
  chainId?: number;
  /** Named in the error when the port is taken. @default 'FOYER_ANVIL_PORT' */
  portEnv?: string;
  /** @default 15000 */
  timeoutMs?: number;
  signal?: AbortSignal;
};

/** One anvil on 127.0.0.1, instant mining, resolved once it answers `eth_chainId`. */
export declare function startAnvil(options?: StartAnvilOptions): Promise<AnvilInstance>;

/** Uniswap V2 on a dev chain, deployed from AMM_DEPLOYER. */
export type AmmFixtures = {
  weth: Address;
  factory: Address;
  router: Address;
  /** The seeded pools by 'A/B'. */
  pairs: Record<'ETH/USDC' | 'ETH/USDTS' | 'USDC/USDTS', Address>;
};

/** Anvil account #9: the AMM's deployer and liquidity provider. Local chains only. */
export declare const AMM_DEPLOYER: Readonly<{ address: Address; privateKey: Hex }>;
/** The pools seeded at start, whole units: ETH/USDC 100 : 300,000; ETH/USDTS 100 : 300,000; USDC/USDTS 500,000 : 500,000. */
export declare const AMM_POOLS: Readonly<Record<'ETH/USDC' | 'ETH/USDTS' | 'USDC/USDTS', Readonly<Record<string, string>>>>;
/** Deploys WETH9, UniswapV2Factory and Router02 from the published artifacts and seeds AMM_POOLS. */
export declare function deployAmm(options: {
  rpcUrl: string;
  chainId: number;
  /** The fixture tokens, or a promise of them: the contracts deploy meanwhile. */
  tokens: { usdc: Address; usdt: Address } | Promise<{ usdc: Address; usdt: Address }>;
}): Promise<AmmFixtures>;
/** The pair address of two tokens, as the factory's CREATE2 (and Router02) computes it. */
export declare function pairAddress(factory: Address, tokenA: Address, tokenB: Address): Address;

/** A minimal JSON-RPC client for a dev chain: one call, or a batch in one HTTP request; any error throws. */
export type DevChainRpc = {
  batch(calls: Array<[method: string, params: unknown[]]>): Promise<unknown[]>;
  call(method: string, params: unknown[]): Promise<unknown>;
};
export declare function createRpc(url: string): DevChainRpc;
/**
 * Waits until every transaction has a receipt, mining a block now and then for one anvil's automine left in its pool;
 * throws naming `what` ('Deploying Uniswap V2') after 30 s.
 */
export declare function waitForReceipts(rpc: DevChainRpc, hashes: Hex[], what: string): Promise<Array<{ status: string; contractAddress?: Address | null }>>;

/** ERC-4337 v0.8 on a dev chain, at the canonical addresses of its public deployments. */
export type AccountAbstractionFixtures = {
  /** EntryPoint v0.8 (ENTRY_POINT_08). */
  entryPoint: Address;
  /** FoyerAccountFactory (FOYER_ACCOUNT_FACTORY): SimpleAccount v0.8 accounts that also sign as themselves (ERC-1271). */
  accountFactory: Address;
};

/** Anvil account #8: sends the ERC-4337 deployments. Local chains only. */
export declare const ACCOUNT_ABSTRACTION_DEPLOYER: Readonly<{ address: Address; privateKey: Hex }>;
/** The deterministic deployment proxy anvil predeploys (CREATE2 of salt ‖ init code). */
export declare const DETERMINISTIC_DEPLOYER: Address;
/** `0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108` */
export declare const ENTRY_POINT_08: Address;
/** FoyerAccount's committed build (artifacts/FoyerAccount.json): the account's ABI, the factory's ABI and creation code. */
export declare const FOYER_ACCOUNT_ARTIFACT: { account: { abi: Abi }; factory: { abi: Abi; bytecode: Hex } };
/** FoyerAccountFactory's address for ENTRY_POINT_08: CREATE2 through DETERMINISTIC_DEPLOYER with salt 0. */
export declare const FOYER_ACCOUNT_FACTORY: Address;
/** Where FoyerAccount's committed build lives. */
export declare const FOYER_ACCOUNT_ARTIFACT_PATH: string;
/** Builds FoyerAccount's artifact from contracts/FoyerAccount.sol with compileContracts (what the committed file must equal). */
export declare function buildFoyerAccountArtifact(options?: { cacheDir?: string }): Promise<{ account: { abi: Abi }; factory: { abi: Abi; bytecode: Hex } }>;
/**
 * Deploys EntryPoint v0.8 from `@account-abstraction/contracts` 0.8.0's artifact at its canonical address (throws when
 * the artifact would land elsewhere) and FoyerAccountFactory at FOYER_ACCOUNT_FACTORY.
 */
export declare function deployAccountAbstraction(options: { rpcUrl: string; chainId: number }): Promise<AccountAbstractionFixtures>;

export type DevChainFixtures = {
  /** By chain id ('31337', '31338'). */
  chains: Record<string, ChainFixtures & { amm: AmmFixtures; accountAbstraction: AccountAbstractionFixtures }>;
  /** Anvil accounts #0, #1 and #2. */
  accounts: Address[];
};

export type StartDevChainsOptions = {
  /** 0 picks a free port. @default [8545, 8546] */
  ports?: number[];
  /** One per port. @default [31337, 31338] */
  chainIds?: number[];
  /** @default ['FOYER_ANVIL_PORT', 'FOYER_ANVIL_PORT_B'] */
  portEnvs?: string[];
  /** Where the addresses are written, or false for nowhere (`npm start` passes FIXTURES_PATH). @default false */
  fixturesPath?: string | false;
  signal?: AbortSignal;
};

export type DevChains = {
  /** One per port, in order. */
  chains: AnvilInstance[];
  fixtures: DevChainFixtures;
  /** Stops every anvil and waits for the exits. */
  stop: () => Promise<void>;
};

/** Anvils with the fixture contracts deployed on each; addresses written to `fixturesPath` when given. */
export declare function startDevChains(options?: StartDevChainsOptions): Promise<DevChains>;
