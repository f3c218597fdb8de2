import { createWalletClient, defineChain, getAddress, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

import { ANVIL_ACCOUNTS, NAME_RESOLVER_OWNER } from './anvilAccounts.mjs'
import { createRpc, waitForReceipts } from './rpc.mjs'

/**
 * @typedef {object} ChainFixtures
 * @property {string} rpcUrl
 * @property {`0x${string}`} usdc FixtureToken, 'USD Coin' (USDC), 6 decimals
 * @property {`0x${string}`} usdt TetherStyleToken, 'Tether Style USD' (USDTS), 6 decimals; transfer returns nothing
 * @property {`0x${string}`} nft FixtureNft, tokens 1-3 owned by account #0
 * @property {`0x${string}`} nameResolver FoyerNameResolver, owned by NAME_RESOLVER_OWNER (#7): account names for
 *   viem's ENS actions, written by the data service
 */

/**
 * Deploys the fixture contracts from anvil account #0 on a fresh chain and leaves some history behind:
 * USDC and USDTS balances on accounts #0 and #1 and a few transfers between #0, #1 and #2. The name resolver comes
 * from account #7, meanwhile, so it changes none of that.
 * On a fresh anvil the addresses are the same on every chain (same deployer, same nonces).
 *
 * @param {object} options
 * @param {string} options.rpcUrl
 * @param {number} options.chainId
 * @param {Record<string, import('./compileContracts.mjs').ContractArtifact>} options.artifacts from `compileContracts()`
 * @returns {Promise<ChainFixtures>}
 */
export async function deployFixtures({ rpcUrl, chainId, artifacts }) {
  const chain = defineChain({
    id: chainId,
    name: `Foyer dev chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  // viem gives up on a request after 10 s; anvil on a machine busy with a whole test run once took longer to take a
  // contract's deployment, and a stack that fails to start fails every file that shares it.
  const transport = http(rpcUrl, { timeout: 60_000 })
  const rpc = createRpc(rpcUrl)
  const [first, second, third] = ANVIL_ACCOUNTS.map((account) =>
    createWalletClient({ account: privateKeyToAccount(account.privateKey), chain, transport }),
  )
  if (!first || !second || !third) throw new Error('ANVIL_ACCOUNTS lists fewer than three accounts')

  /** @param {Promise<`0x${string}`>} sent */
  const confirm = async (sent) => {
    const hash = await sent
    const [receipt] = await waitForReceipts(rpc, [hash], 'Deploying the fixtures')
    if (receipt?.status !== '0x1') throw new Error(`Fixture transaction ${hash} reverted`)
    return receipt
  }
  /**
   * @param {string} name
   * @param {unknown[]} args
   */
  const deploy = async (name, args) => {
    const artifact = artifacts[name]
    if (!artifact) throw new Error(`No compiled contract named ${name}`)
    const receipt = await confirm(first.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args }))
    if (!receipt.contractAddress) throw new Error(`Deploying ${name} created no contract`)
    return getAddress(receipt.contractAddress)
  }
  /**
   * @param {typeof first} wallet
   * @param {`0x${string}`} address
   * @param {string} name
   * @param {string} functionName
   * @param {unknown[]} args
   */
  const write = (wallet, address, name, functionName, args) =>
    confirm(wallet.writeContract({ address, abi: /** @type {any} */ (artifacts[name]).abi, functionName, args }))

  const usd = (/** @type {string} */ amount) => parseUnits(amount, 6)
  const [a0, a1, a2] = [first.account.address, second.account.address, third.account.address]

  // #7's first transaction, alongside #0's: the same address on every fresh chain.
  const resolverArtifact = artifacts['FoyerNameResolver']
  if (!resolverArtifact) throw new Error('No compiled contract named FoyerNameResolver')
  const owner = createWalletClient({ account: privateKeyToAccount(NAME_RESOLVER_OWNER.privateKey), chain, transport })
  const resolverDeployment = confirm(owner.deployContract({ abi: resolverArtifact.abi, bytecode: resolverArtifact.bytecode, args: [] }))
  // Awaited below; until then a failure must not count as an unhandled rejection.
  resolverDeployment.catch(() => {})

  // In order: each transaction from #0 takes the next nonce, so the addresses do not depend on timing.
  const usdc = await deploy('FixtureToken', ['USD Coin', 'USDC', 6, usd('1000000')])
  const usdt = await deploy('TetherStyleToken', ['Tether Style USD', 'USDTS', 6, usd('1000000')])
  const nft = await deploy('FixtureNft', [])

  await write(first, usdc, 'FixtureToken', 'mint', [a1, usd('10000')])
  await write(first, usdt, 'TetherStyleToken', 'mint', [a1, usd('5000')])
  await write(first, usdc, 'FixtureToken', 'transfer', [a1, usd('250.75')])
  await write(second, usdc, 'FixtureToken', 'transfer', [a0, usd('12.5')])
  await write(first, usdt, 'TetherStyleToken', 'transfer', [a1, usd('42')])
  await write(first, usdc, 'FixtureToken', 'transfer', [a2, usd('100')])

  const { contractAddress: nameResolver } = await resolverDeployment
  if (!nameResolver) throw new Error('Deploying FoyerNameResolver created no contract')
  return { rpcUrl, usdc, usdt, nft, nameResolver: getAddress(nameResolver) }
}
