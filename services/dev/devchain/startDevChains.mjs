import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { assertPortFree } from '../../listen.mjs'
import { ANVIL_ACCOUNTS } from './anvilAccounts.mjs'
import { compileContracts } from './compileContracts.mjs'
import { deployAccountAbstraction } from './deployAccountAbstraction.mjs'
import { deployAmm } from './deployAmm.mjs'
import { deployFixtures } from './deployFixtures.mjs'
import { installMulticall3 } from './installMulticall3.mjs'
import { startAnvil } from './startAnvil.mjs'

/** The file the demo imports: the fixture addresses of the chains `npm start` runs. Gitignored. */
export const FIXTURES_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), '.generated', 'fixtures.json')

/**
 * @typedef {object} DevChainFixtures
 * @property {Record<string, import('./deployFixtures.mjs').ChainFixtures & { amm: import('./deployAmm.mjs').AmmFixtures,
 *   accountAbstraction: import('./deployAccountAbstraction.mjs').AccountAbstractionFixtures, multicall3: `0x${string}` }>}
 *   chains by chain id; `amm` is Uniswap V2 (WETH9, factory, Router02) with the ETH/USDC, ETH/USDTS and USDC/USDTS pools;
 *   `multicall3` is Multicall3 at its canonical address (installMulticall3);
 *   `accountAbstraction` is ERC-4337's EntryPoint v0.8 at its canonical address and FoyerAccountFactory at its own
 * @property {`0x${string}`[]} accounts anvil accounts #0, #1 and #2
 */

/**
 * @typedef {object} DevChains
 * @property {import('./startAnvil.mjs').AnvilInstance[]} chains one per port, in order
 * @property {DevChainFixtures} fixtures
 * @property {() => Promise<void>} stop stops every anvil and waits for them to exit
 */

/**
 * Starts one anvil per chain, compiles and deploys the fixture contracts on each, then Uniswap V2 with seeded pools
 * (from anvil #9, so #0-#2 keep their histories; see deployAmm) and ERC-4337's EntryPoint and FoyerAccountFactory
 * (from anvil #8, through the deterministic deployment proxy; see deployAccountAbstraction), and writes their
 * addresses to `fixturesPath` when given. On any failure, whatever was started is stopped before the error is thrown.
 *
 * @param {object} [options]
 * @param {number[]} [options.ports=[8545, 8546]] 0 picks a free port.
 * @param {number[]} [options.chainIds=[31337, 31338]] one per port.
 * @param {string[]} [options.portEnvs=['FOYER_ANVIL_PORT', 'FOYER_ANVIL_PORT_B']] the variables named when a port is
 *   taken, one per port.
 * @param {string | false} [options.fixturesPath=false] where to write the addresses, or false for nowhere.
 *   `npm start` passes FIXTURES_PATH; the default writes nothing, so tests and benchmarks running beside
 *   `npm start` (on other ports) never overwrite the file its demo reads.
 * @param {AbortSignal} [options.signal] aborting stops what was started and rejects
 * @returns {Promise<DevChains>}
 * @example
 * const dev = await startDevChains({ ports: [0, 0] });
 * const { usdc } = dev.fixtures.chains['31337'];
 * await dev.stop();
 */
export async function startDevChains({
  ports = [8545, 8546],
  chainIds = [31337, 31338],
  portEnvs = ['FOYER_ANVIL_PORT', 'FOYER_ANVIL_PORT_B'],
  fixturesPath = false,
  signal,
} = {}) {
  if (ports.length !== chainIds.length) {
    throw new Error(`startDevChains: ${ports.length} ports for ${chainIds.length} chain ids; give one port per chain`)
  }
  const envFor = (/** @type {number} */ index) => portEnvs[index] ?? `port #${index + 1} of startDevChains`
  // Every fixed port is checked before anything starts, so a taken second port leaves nothing running.
  for (const [index, port] of ports.entries()) if (port !== 0) await assertPortFree(port, envFor(index))

  const compiled = compileContracts()
  const started = await Promise.allSettled(
    ports.map((port, index) => startAnvil({ port, chainId: /** @type {number} */ (chainIds[index]), portEnv: envFor(index), signal })),
  )
  const chains = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = async () => {
    await Promise.all(chains.map((chain) => chain.stop()))
  }

  try {
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw /** @type {PromiseRejectedResult} */ (failed).reason
    const artifacts = await compiled
    signal?.throwIfAborted()
    const deployed = await Promise.all(
      chains.map(async (chain) => {
        const tokens = deployFixtures({ rpcUrl: chain.url, chainId: chain.chainId, artifacts })
        // The AMM's contracts deploy from their own account while the fixtures do; its pools wait for the tokens.
        const [fixtures, amm, accountAbstraction, multicall3] = await Promise.all([
          tokens,
          deployAmm({ rpcUrl: chain.url, chainId: chain.chainId, tokens }),
          deployAccountAbstraction({ rpcUrl: chain.url, chainId: chain.chainId }),
          installMulticall3({ rpcUrl: chain.url, artifacts }),
        ])
        return /** @type {const} */ ([String(chain.chainId), { ...fixtures, amm, accountAbstraction, multicall3 }])
      }),
    )
    signal?.throwIfAborted()
    /** @type {DevChainFixtures} */
    const fixtures = {
      chains: Object.fromEntries(deployed),
      accounts: ANVIL_ACCOUNTS.map((account) => account.address),
    }
    if (fixturesPath) {
      await mkdir(path.dirname(fixturesPath), { recursive: true })
      const temporary = `${fixturesPath}.${process.pid}.tmp`
      await writeFile(temporary, `${JSON.stringify(fixtures, null, 2)}\n`)
      await rename(temporary, fixturesPath)
    }
    return { chains, fixtures, stop }
  } catch (error) {
    await compiled.catch(() => undefined)
    await stop()
    throw error
  }
}
