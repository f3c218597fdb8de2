// Uniswap V2 on a dev chain: WETH9, the factory and Router02 from the published build artifacts of
// @uniswap/v2-core and @uniswap/v2-periphery (GPL-3.0-or-later, devDependencies of the local stack only: deployed
// here, never bundled into dist/ and never copied into this repository). The pair's bytecode hashes to the init
// code hash built into Router02, so nothing is recompiled.
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import {
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  keccak256,
  numberToHex,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

import { createRpc, waitForReceipts } from './rpc.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const require = createRequire(path.join(root, 'package.json'))

/**
 * Anvil account #9 of the public test mnemonic: the AMM's deployer and liquidity provider. An account of its own,
 * so the fixture contracts keep their addresses (CREATE from #0) and accounts #0-#2 keep their histories.
 * Local chains only.
 */
export const AMM_DEPLOYER = Object.freeze({
  address: /** @type {`0x${string}`} */ ('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'),
  privateKey: /** @type {`0x${string}`} */ ('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'),
})

/**
 * The pools seeded at start, at the blockchain API's default prices (services/api DEFAULT_PRICES: ETH 3000, USDC 1,
 * USDTS 1): amounts in whole units, ETH and the two 6-decimal fixture tokens.
 */
export const AMM_POOLS = Object.freeze({
  'ETH/USDC': { ETH: '100', USDC: '300000' },
  'ETH/USDTS': { ETH: '100', USDTS: '300000' },
  'USDC/USDTS': { USDC: '500000', USDTS: '500000' },
})

// The fixture tokens keep `balanceOf` in slot 3 and `totalSupply` in slot 2 (FixtureToken.sol, TetherStyleToken.sol:
// name, symbol, totalSupply, balanceOf, allowance; decimals and owner are immutable).
const TOTAL_SUPPLY_SLOT = 2n
const BALANCES_SLOT = 3n

// Gas limits given up front, so no transaction waits for an estimate: each is well above what it uses.
const DEPLOY_GAS = 6_000_000n
const CALL_GAS = 4_000_000n

const factoryAbi = parseAbi(['function createPair(address tokenA, address tokenB) returns (address pair)'])
const pairAbi = parseAbi(['function mint(address to) returns (uint256 liquidity)'])
const wethAbi = parseAbi(['function deposit() payable', 'function transfer(address to, uint256 value) returns (bool)'])

/**
 * @typedef {object} AmmFixtures
 * @property {`0x${string}`} weth WETH9
 * @property {`0x${string}`} factory UniswapV2Factory (fee setter: AMM_DEPLOYER)
 * @property {`0x${string}`} router UniswapV2Router02
 * @property {Record<keyof typeof AMM_POOLS, `0x${string}`>} pairs the pools, by 'A/B'
 */

/** @param {string} name @param {string} pkg */
function artifact(pkg, name) {
  /** @type {{ abi: import('viem').Abi, bytecode: string }} */
  const json = require(`${pkg}/build/${name}.json`)
  return { abi: json.abi, bytecode: /** @type {`0x${string}`} */ (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) }
}

/**
 * The UniswapV2Pair address for two tokens, as the factory's CREATE2 makes it (and Router02 computes it).
 *
 * @param {`0x${string}`} factory
 * @param {`0x${string}`} tokenA
 * @param {`0x${string}`} tokenB
 */
export function pairAddress(factory, tokenA, tokenB) {
  const [token0, token1] = tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA]
  const salt = keccak256(/** @type {`0x${string}`} */ (`0x${token0.slice(2)}${token1.slice(2)}`.toLowerCase()))
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode: artifact('@uniswap/v2-core', 'UniswapV2Pair').bytecode })
}

/**
 * Deploys WETH9, the factory and Router02 from AMM_DEPLOYER and seeds ETH/USDC, ETH/USDTS and USDC/USDTS
 * (AMM_POOLS). Fast by design (`npm start` waits for it): every transaction is signed here with its nonce and a
 * fixed gas limit and sent in one JSON-RPC batch, and only then are the receipts awaited (anvil mines each on
 * arrival, in nonce order) and every status checked. The three contracts and the WETH deposit need no fixture
 * token, so they go out at once, while `tokens` (the fixtures) may still be deploying; the pools follow.
 *
 * The pools' fixture tokens are written into the pairs' balances (`anvil_setStorageAt`, each token's total supply
 * raised to match) rather than minted by #0 or moved from it, so the fixture tokens' transfer logs and the
 * accounts' histories stay exactly as deployFixtures left them. Each pair then mints its liquidity tokens to
 * AMM_DEPLOYER as after any deposit.
 *
 * @param {object} options
 * @param {string} options.rpcUrl
 * @param {number} options.chainId
 * @param {Promise<{ usdc: `0x${string}`, usdt: `0x${string}` }> | { usdc: `0x${string}`, usdt: `0x${string}` }} options.tokens
 *   the fixture tokens (usdt: the USDT-style one), or a promise of them
 * @returns {Promise<AmmFixtures>}
 * @example
 * const { router } = await deployAmm({ rpcUrl, chainId: 31337, tokens: { usdc, usdt } });
 */
export async function deployAmm({ rpcUrl, chainId, tokens }) {
  const account = privateKeyToAccount(AMM_DEPLOYER.privateKey)
  const rpc = createRpc(rpcUrl)
  const [nonceHex, block] = await rpc.batch([
    ['eth_getTransactionCount', [account.address, 'pending']],
    ['eth_getBlockByNumber', ['latest', false]],
  ])
  let nonce = Number(nonceHex)
  // Any price anvil accepts will do: the deployer holds 10,000 ETH. Twice the base fee survives its changes.
  const maxFeePerGas = BigInt(/** @type {{ baseFeePerGas: string }} */ (block).baseFeePerGas) * 2n + 1_000_000_000n
  /** @param {Array<{ to?: `0x${string}`, data: `0x${string}`, value?: bigint, gas: bigint }>} transactions */
  const sign = (transactions) => {
    const first = nonce
    nonce += transactions.length
    return Promise.all(
      transactions.map((transaction, index) =>
        account.signTransaction({
          type: 'eip1559',
          chainId,
          nonce: first + index,
          maxFeePerGas,
          maxPriorityFeePerGas: 1_000_000_000n,
          ...transaction,
        }),
      ),
    )
  }
  /** @param {string[]} raw */
  const sendRaw = (raw) => raw.map((transaction) => /** @type {[string, unknown[]]} */ (['eth_sendRawTransaction', [transaction]]))

  const weth = getContractAddress({ from: account.address, nonce: BigInt(nonce) })
  const factory = getContractAddress({ from: account.address, nonce: BigInt(nonce + 1) })
  const router = getContractAddress({ from: account.address, nonce: BigInt(nonce + 2) })
  const wethArtifact = artifact('@uniswap/v2-periphery', 'WETH9')
  const factoryArtifact = artifact('@uniswap/v2-core', 'UniswapV2Factory')
  const routerArtifact = artifact('@uniswap/v2-periphery', 'UniswapV2Router02')
  const ethInPools = parseEther(AMM_POOLS['ETH/USDC'].ETH) + parseEther(AMM_POOLS['ETH/USDTS'].ETH)
  const contracts = /** @type {`0x${string}`[]} */ (
    await rpc.batch(
      sendRaw(
        await sign([
          { data: wethArtifact.bytecode, gas: DEPLOY_GAS },
          {
            data: encodeDeployData({ abi: factoryArtifact.abi, bytecode: factoryArtifact.bytecode, args: [account.address] }),
            gas: DEPLOY_GAS,
          },
          {
            data: encodeDeployData({ abi: routerArtifact.abi, bytecode: routerArtifact.bytecode, args: [factory, weth] }),
            gas: DEPLOY_GAS,
          },
          { to: weth, data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }), value: ethInPools, gas: CALL_GAS },
        ]),
      ),
    )
  )

  const { usdc, usdt } = await tokens
  const pairs = {
    'ETH/USDC': pairAddress(factory, weth, usdc),
    'ETH/USDTS': pairAddress(factory, weth, usdt),
    'USDC/USDTS': pairAddress(factory, usdc, usdt),
  }
  // The pools' token sides, written straight into the pairs' balances, and each token's total supply raised by as much.
  const supplySlot = numberToHex(TOTAL_SUPPLY_SLOT, { size: 32 })
  const supplies = await rpc.batch([usdc, usdt].map((token) => ['eth_getStorageAt', [token, supplySlot, 'latest']]))
  /** @type {Array<[string, unknown[]]>} */
  const storage = []
  for (const [index, [symbol, token]] of /** @type {const} */ ([
    ['USDC', usdc],
    ['USDTS', usdt],
  ]).entries()) {
    let minted = 0n
    for (const [name, pool] of Object.entries(AMM_POOLS)) {
      const amount = /** @type {Record<string, string>} */ (pool)[symbol]
      if (amount === undefined) continue
      const units = parseUnits(amount, 6)
      minted += units
      storage.push([
        'anvil_setStorageAt',
        [token, balanceSlot(pairs[/** @type {keyof typeof pairs} */ (name)]), numberToHex(units, { size: 32 })],
      ])
    }
    storage.push([
      'anvil_setStorageAt',
      [token, supplySlot, numberToHex(BigInt(/** @type {string} */ (supplies[index])) + minted, { size: 32 })],
    ])
  }
  const pools = await sign([
    ...[
      [weth, usdc],
      [weth, usdt],
      [usdc, usdt],
    ].map(([a, b]) => ({
      to: factory,
      data: encodeFunctionData({
        abi: factoryAbi,
        functionName: 'createPair',
        args: [/** @type {`0x${string}`} */ (a), /** @type {`0x${string}`} */ (b)],
      }),
      gas: CALL_GAS,
    })),
    .../** @type {const} */ (['ETH/USDC', 'ETH/USDTS']).map((name) => ({
      to: weth,
      data: encodeFunctionData({ abi: wethAbi, functionName: 'transfer', args: [pairs[name], parseEther(AMM_POOLS[name].ETH)] }),
      gas: CALL_GAS,
    })),
    ...Object.values(pairs).map((pair) => ({
      to: pair,
      data: encodeFunctionData({ abi: pairAbi, functionName: 'mint', args: [account.address] }),
      gas: CALL_GAS,
    })),
  ])
  // The storage writes come first in the batch and are answered before the next entry: the mints read them.
  const seeded = /** @type {`0x${string}`[]} */ ((await rpc.batch([...storage, ...sendRaw(pools)])).slice(storage.length))
  const hashes = [...contracts, ...seeded]
  const receipts = await waitForReceipts(rpc, hashes, 'Deploying Uniswap V2')
  const failed = receipts.findIndex((receipt) => receipt.status !== '0x1')
  if (failed !== -1) throw new Error(`Deploying Uniswap V2: transaction ${failed + 1} of ${hashes.length} (${hashes[failed]}) reverted`)
  return { weth, factory, router, pairs }
}

/** The storage slot of `balanceOf[holder]` in the fixture tokens. @param {`0x${string}`} holder */
function balanceSlot(holder) {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, BALANCES_SLOT]))
}
