import { readFile } from 'node:fs/promises'

import {
  createPublicClient,
  createWalletClient,
  hashMessage,
  http,
  parseAbi,
  parseEther,
  parseErc6492Signature,
  type Chain,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { createBundlerClient, type BundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import {
  ANVIL_ACCOUNTS,
  buildFoyerAccountArtifact,
  DELEGATION_MANAGER,
  DEV_PAYMASTER,
  EIP7702_DELEGATE,
  ENFORCERS,
  ENTRY_POINT_08,
  FOYER_ACCOUNT_ARTIFACT_PATH,
  FOYER_ACCOUNT_FACTORY,
  startDevChains,
  type DevChains,
} from '../devchain/index.mjs'
import { startBundler, toFoyerAccount, type Bundler } from './index.mjs'

const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
])
const erc1271 = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])
const spender = '0x000000000000000000000000000000000000dEaD'
const recipient = '0x0000000000000000000000000000000000000B0b'

/** The local addresses listening on `port` over IPv4 and IPv6, as the kernel lists them (hex, e.g. 0100007F). */
async function listeningAddresses(port: number): Promise<string[]> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  const tables = await Promise.all(['/proc/net/tcp', '/proc/net/tcp6'].map((file) => readFile(file, 'utf8').catch(() => '')))
  return (
    tables
      .flatMap((table) => table.split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      // field 1: local address:port; field 3: state, 0A = LISTEN
      .filter((fields) => fields[3] === '0A' && fields[1]?.endsWith(`:${hexPort}`))
      .map((fields) => (fields[1] as string).split(':')[0] as string)
  )
}

describe('the local bundler on anvil', () => {
  let dev: DevChains
  let bundler: Bundler
  let client: PublicClient
  let bundlerClient: BundlerClient
  let usdc: `0x${string}`
  /** Anvil #0, which funds the accounts. */
  let funder: WalletClient<ReturnType<typeof http>, Chain, ReturnType<typeof privateKeyToAccount>>

  beforeAll(async () => {
    dev = await startDevChains({ ports: [0], chainIds: [31337] })
    const chain = dev.chains[0]!
    usdc = dev.fixtures.chains['31337']!.usdc
    // A generous limit: on a loaded machine alto takes well over its usual seconds to load.
    bundler = await startBundler({ rpcUrl: chain.url, entryPoint: ENTRY_POINT_08, timeoutMs: 180_000 })
    const viemChain = { ...anvilChain, rpcUrls: { default: { http: [chain.url] } } }
    client = createPublicClient({ chain: viemChain, transport: http(chain.url) })
    bundlerClient = createBundlerClient({ client, chain: viemChain, transport: http(bundler.url), pollingInterval: 50 })
    funder = createWalletClient({
      account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey),
      chain: viemChain,
      transport: http(chain.url),
    })
  }, 300_000)

  afterAll(async () => {
    await bundler?.stop()
    await dev?.stop()
  })

  test('the committed FoyerAccount build is what contracts/FoyerAccount.sol compiles to', async () => {
    // Regenerate with `node services/dev/devchain/foyerAccountArtifact.mjs` after changing the contract.
    expect(JSON.parse(await readFile(FOYER_ACCOUNT_ARTIFACT_PATH, 'utf8'))).toEqual(await buildFoyerAccountArtifact())
  }, 300_000)

  test('the EntryPoint sits at its canonical v0.8 address, the account factory and the paymaster at their own, and the fixtures say so', async () => {
    expect(dev.fixtures.chains['31337']!.accountAbstraction).toEqual({
      entryPoint: ENTRY_POINT_08,
      accountFactory: FOYER_ACCOUNT_FACTORY,
      paymaster: DEV_PAYMASTER,
      // The Delegation Framework's addresses (delegation.integration.test.ts checks what is deployed there).
      delegation: { delegationManager: DELEGATION_MANAGER, delegate: EIP7702_DELEGATE, enforcers: ENFORCERS },
    })
    expect((await client.getCode({ address: ENTRY_POINT_08 }))?.length).toBeGreaterThan(1000)
    // The factory was built for this EntryPoint.
    const factoryEntryPoint = await client.readContract({
      address: FOYER_ACCOUNT_FACTORY,
      abi: parseAbi(['function accountImplementation() view returns (address)']),
      functionName: 'accountImplementation',
    })
    const implementationEntryPoint = await client.readContract({
      address: factoryEntryPoint,
      abi: parseAbi(['function entryPoint() view returns (address)']),
      functionName: 'entryPoint',
    })
    expect(implementationEntryPoint).toBe(ENTRY_POINT_08)
  })

  test('the bundler answers on 127.0.0.1 only, for that EntryPoint and chain', async () => {
    expect(bundler.url).toBe(`http://127.0.0.1:${bundler.port}`)
    expect(await bundlerClient.getSupportedEntryPoints()).toEqual([ENTRY_POINT_08])
    expect(await bundlerClient.getChainId()).toBe(31337)
    const addresses = await listeningAddresses(bundler.port)
    // 0100007F is 127.0.0.1; 00000000 (0.0.0.0) or an IPv6 wildcard would be every interface.
    expect(addresses).toEqual(['0100007F'])
  })

  test('a batch (ERC-20 approve + transfer) goes through as one user operation that deploys the account', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toFoyerAccount({ client, owner })
    expect(await client.getCode({ address: account.address })).toBeUndefined()

    // Anvil #0 funds the counterfactual address: ETH for gas, USDC to move.
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }) })
    await client.waitForTransactionReceipt({
      hash: await funder.writeContract({ address: usdc, abi: erc20, functionName: 'transfer', args: [account.address, 50_000_000n] }),
    })

    const hash = await bundlerClient.sendUserOperation({
      account,
      calls: [
        { to: usdc, abi: erc20, functionName: 'approve', args: [spender, 5_000_000n] },
        { to: usdc, abi: erc20, functionName: 'transfer', args: [recipient, 7_000_000n] },
      ],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account.address)
    // One transaction, sent by the bundler's executor to the EntryPoint.
    expect(receipt.receipt.to?.toLowerCase()).toBe(ENTRY_POINT_08.toLowerCase())
    expect((await client.getCode({ address: account.address }))?.length).toBeGreaterThan(2)
    expect(await client.readContract({ address: usdc, abi: erc20, functionName: 'allowance', args: [account.address, spender] })).toBe(
      5_000_000n,
    )
    expect(await client.readContract({ address: usdc, abi: erc20, functionName: 'balanceOf', args: [recipient] })).toBe(7_000_000n)
    expect(await client.readContract({ address: usdc, abi: erc20, functionName: 'balanceOf', args: [account.address] })).toBe(43_000_000n)
    // The owner paid nothing itself: the account paid for its operation.
    expect(await client.getBalance({ address: owner.address })).toBe(0n)
    expect(await client.getBalance({ address: account.address })).toBeLessThan(parseEther('1'))

    // The second operation needs no initCode and uses the next nonce.
    const second = await bundlerClient.sendUserOperation({ account, calls: [{ to: recipient, value: 1000n }] })
    const secondReceipt = await bundlerClient.waitForUserOperationReceipt({ hash: second })
    expect(secondReceipt.success).toBe(true)
    expect(secondReceipt.nonce).toBe(1n)
    expect(await client.getBalance({ address: recipient })).toBe(1000n)
  }, 60_000)

  test('an operation signed by another key is refused by the bundler', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toFoyerAccount({ client, owner })
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }) })
    const impostor = privateKeyToAccount(generatePrivateKey())
    const forged = { ...account, signUserOperation: (await toFoyerAccount({ client, owner: impostor })).signUserOperation }
    await expect(bundlerClient.sendUserOperation({ account: forged, calls: [{ to: recipient, value: 1n }] })).rejects.toThrow(
      /AA24|signature/i,
    )
    expect(await client.getCode({ address: account.address })).toBeUndefined()
  }, 60_000)

  test('messages and typed data verify against the smart account, with ERC-6492 before it is deployed and ERC-1271 after', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toFoyerAccount({ client, owner })
    const typedData = {
      domain: { name: 'Foyer test', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const

    const undeployed = await account.signMessage({ message: 'sign in' })
    // Wrapped: the factory and its call, so a verifier can deploy the account in its eth_call.
    const wrapped = parseErc6492Signature(undeployed)
    expect(wrapped.address).toBe(FOYER_ACCOUNT_FACTORY)
    expect(await client.verifyMessage({ address: account.address, message: 'sign in', signature: undeployed })).toBe(true)
    expect(await client.verifyMessage({ address: account.address, message: 'sign out', signature: undeployed })).toBe(false)
    expect(
      await client.verifyTypedData({ address: account.address, ...typedData, signature: await account.signTypedData(typedData) }),
    ).toBe(true)
    // Not the owner's own signature of the message: the account vouches for a hash the owner signed in its domain.
    expect(await client.verifyMessage({ address: owner.address, message: 'sign in', signature: wrapped.signature })).toBe(false)

    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }) })
    await bundlerClient.waitForUserOperationReceipt({
      hash: await bundlerClient.sendUserOperation({ account, calls: [{ to: recipient, value: 1n }] }),
    })
    expect((await client.getCode({ address: account.address }))?.length).toBeGreaterThan(2)

    const deployed = await account.signMessage({ message: 'sign in' })
    expect(deployed).toBe(wrapped.signature)
    expect(
      await client.readContract({
        address: account.address,
        abi: erc1271,
        functionName: 'isValidSignature',
        args: [hashMessage('sign in'), deployed],
      }),
    ).toBe('0x1626ba7e')
    expect(await client.verifyMessage({ address: account.address, message: 'sign in', signature: deployed })).toBe(true)
    expect(
      await client.verifyTypedData({ address: account.address, ...typedData, signature: await account.signTypedData(typedData) }),
    ).toBe(true)
    // Another key's signature, and the same owner's signature for another of its accounts, are refused.
    const impostor = await toFoyerAccount({ client, owner: privateKeyToAccount(generatePrivateKey()) })
    const other = await toFoyerAccount({ client, owner, salt: 1n })
    for (const signer of [impostor, other]) {
      const { signature } = parseErc6492Signature(await signer.signMessage({ message: 'sign in' }))
      expect(
        await client.readContract({
          address: account.address,
          abi: erc1271,
          functionName: 'isValidSignature',
          args: [hashMessage('sign in'), signature],
        }),
      ).toBe('0xffffffff')
    }
  }, 60_000)
})
