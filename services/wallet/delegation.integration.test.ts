// EIP-7702 and on-chain permissions against real parts: anvil with EntryPoint v0.8, FoyerPaymaster and MetaMask's
// Delegation Framework as the dev chain deploys them, the local bundler (alto). Keys stand in for the frame, which
// signs in the wallet (KEYS.md): each test signs with a viem local account what the service's modules prepare.
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  hashMessage,
  http,
  parseAbi,
  parseEther,
  toFunctionSelector,
  type PrivateKeyAccount,
  type PublicClient,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startBundler, type Bundler } from '../dev/bundler/index.mjs'
import {
  ANVIL_ACCOUNTS,
  DELEGATION_MANAGER,
  DEV_PAYMASTER,
  DEV_PAYMASTER_SIGNER,
  EIP7702_DELEGATE,
  ENFORCERS,
  ENTRY_POINT_08,
  startDevChains,
  type DevChains,
} from '../dev/devchain/index.mjs'
import {
  authorizationRequest,
  checkAuthorization,
  delegationState,
  prepareDelegatedOperation,
  sendDelegatedOperation,
  sendUndelegation,
  undelegationRequest,
} from './delegation.mjs'
import { DELEGATION_ABIS } from './delegationFramework.mjs'
import type { WalletNetwork } from './networks.mjs'
import {
  delegationOf,
  delegationTypedData,
  grantAnswer,
  parsePermissionRequest,
  permissionContextOf,
  permissionStatus,
  redemptionCall,
  revocationCalls,
  signedDelegation,
  summarizeGrant,
  tokenOf,
} from './permissions.mjs'

const SLOW = { timeout: 90_000 }
const DAY = 86_400

let dev: DevChains
let bundler: Bundler
let chain: PublicClient
let network: WalletNetwork
let usdc: `0x${string}`
let funder: ReturnType<typeof createWalletClient>

beforeAll(async () => {
  dev = await startDevChains({ ports: [0], chainIds: [31337] })
  const [only] = dev.chains as [DevChains['chains'][number]]
  bundler = await startBundler({ rpcUrl: only.url, entryPoint: ENTRY_POINT_08 })
  chain = createPublicClient({ chain: anvil, transport: http(only.url) })
  network = { id: '31337', namespace: 'eip155', rpcUrl: only.url, bundlerUrl: bundler.url }
  usdc = dev.fixtures.chains['31337']!.usdc
  funder = createWalletClient({ chain: anvil, account: privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey), transport: http(only.url) })
}, 180_000)

afterAll(async () => {
  await bundler?.stop()
  await dev?.stop()
})

/** The site's paymaster, its policy saying yes (the policy's rules are sponsorship's tests): every cost recorded. */
const costs: bigint[] = []
const sponsor = () => ({
  paymaster: DEV_PAYMASTER,
  signerKey: DEV_PAYMASTER_SIGNER.privateKey,
  reserve: async (cost: bigint) => {
    costs.push(cost)
    return `sponsorship-${costs.length}`
  },
  now: Date.now(),
})

const someone = () => privateKeyToAccount(generatePrivateKey()).address
const mined = async (hash: Promise<`0x${string}`>) => chain.waitForTransactionReceipt({ hash: await hash })
const usdcOf = (address: `0x${string}`) => chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const deposit = () =>
  chain.readContract({ address: ENTRY_POINT_08, abi: entryPoint08Abi, functionName: 'balanceOf', args: [DEV_PAYMASTER] })
const transfer = (to: `0x${string}`, amount: bigint) => ({
  to: usdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

/** A new user (the frame's key stands in) holding `amount` USDC and no ETH. */
async function newUser(amount = 20_000_000n) {
  const key = privateKeyToAccount(generatePrivateKey())
  await mined(
    funder.writeContract({
      chain: anvil,
      account: funder.account!,
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [key.address, amount],
    }),
  )
  return key
}

/** One user operation from `owner`'s own address, signed as the frame would; with `upgrade`, its authorization too. */
async function operate(owner: PrivateKeyAccount, calls: { to: `0x${string}`; data?: `0x${string}` }[], { upgrade = false } = {}) {
  const authorization = upgrade
    ? await checkAuthorization(
        await authorizationRequest(network, owner.address),
        owner.address,
        await owner.signAuthorization(await authorizationRequest(network, owner.address)),
      )
    : undefined
  const prepared = await prepareDelegatedOperation(network, owner.address, calls, {
    ...(authorization && { authorization }),
    sponsor: sponsor(),
  })
  return sendDelegatedOperation(network, owner.address, prepared.serialized, await owner.signTypedData(prepared.typedData))
}

describe('the dev chain', () => {
  it('runs a hardfork with EIP-7702 and deploys the delegate, the DelegationManager and the enforcers at their fixed addresses', async () => {
    expect(dev.fixtures.chains['31337']!.accountAbstraction.delegation).toEqual({
      delegationManager: DELEGATION_MANAGER,
      delegate: EIP7702_DELEGATE,
      enforcers: ENFORCERS,
    })
    for (const address of [DELEGATION_MANAGER, EIP7702_DELEGATE, ...Object.values(ENFORCERS)]) {
      expect(await chain.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/)
    }
    // The delegate serves the EntryPoint the bundler and the paymaster serve, and this DelegationManager.
    const delegate = { address: EIP7702_DELEGATE, abi: DELEGATION_ABIS.delegator } as const
    expect(await chain.readContract({ ...delegate, functionName: 'entryPoint' })).toBe(ENTRY_POINT_08)
    expect(await chain.readContract({ ...delegate, functionName: 'delegationManager' })).toBe(DELEGATION_MANAGER)
  })
})

describe('EIP-7702: one address, upgraded in place', () => {
  it('an EOA with 0 ETH upgrades with one authorization and sends a sponsored batch from its own address', SLOW, async () => {
    const user = await newUser()
    expect(await delegationState(network, user.address)).toEqual({ delegate: undefined, upgraded: false, nonce: 0 })
    const asked = await authorizationRequest(network, user.address)
    expect(asked).toEqual({ chainId: 31337, address: EIP7702_DELEGATE, nonce: 0 })

    const [first, second] = [someone(), someone()]
    const before = await deposit()
    const sent = await operate(user, [transfer(first, 1_000_000n), transfer(second, 2_000_000n)], { upgrade: true })
    expect(sent.success).toBe(true)

    // The same address, now with code that points to the delegate; its ETH still 0; the paymaster's deposit paid.
    expect(await chain.getCode({ address: user.address })).toBe(`0xef0100${EIP7702_DELEGATE.slice(2).toLowerCase()}`)
    expect(await chain.getBalance({ address: user.address })).toBe(0n)
    expect(before - (await deposit())).toBe(sent.actualGasCost)
    expect([await usdcOf(first), await usdcOf(second), await usdcOf(user.address)]).toEqual([1_000_000n, 2_000_000n, 17_000_000n])
    // One transaction, to the EntryPoint, carried both calls and the authorization.
    const transaction = await chain.getTransaction({ hash: sent.transactionHash })
    expect(transaction.to).toBe(ENTRY_POINT_08.toLowerCase())
    expect(transaction.authorizationList).toHaveLength(1)
    expect(await delegationState(network, user.address)).toMatchObject({ delegate: EIP7702_DELEGATE.toLowerCase(), upgraded: true })

    // Later operations need no authorization.
    const later = await operate(user, [transfer(first, 5n)])
    expect(later.success).toBe(true)
    expect(await usdcOf(first)).toBe(1_000_005n)
  })

  it('the first operation needs the authorization, and an operation signed by another key is refused before it is sent', SLOW, async () => {
    const user = await newUser()
    await expect(prepareDelegatedOperation(network, user.address, [transfer(someone(), 1n)])).rejects.toThrow(
      'This account is not upgraded yet: its first operation carries the authorization',
    )
    await operate(user, [transfer(someone(), 1n)], { upgrade: true })
    const prepared = await prepareDelegatedOperation(network, user.address, [transfer(someone(), 1n)], { sponsor: sponsor() })
    const thief = privateKeyToAccount(generatePrivateKey())
    await expect(
      sendDelegatedOperation(network, user.address, prepared.serialized, await thief.signTypedData(prepared.typedData)),
    ).rejects.toThrow('The signature is not the wallet’s')
  })

  it('an authorization for another delegate, chain or nonce, or signed by another key, is refused', async () => {
    const user = privateKeyToAccount(generatePrivateKey())
    const asked = await authorizationRequest(network, user.address)
    for (const other of [{ address: someone() }, { chainId: 0 }, { chainId: 31338 }, { nonce: 1 }]) {
      await expect(checkAuthorization(asked, user.address, await user.signAuthorization({ ...asked, ...other }))).rejects.toThrow(
        'The authorization is not the one the wallet asked for',
      )
    }
    const thief = privateKeyToAccount(generatePrivateKey())
    await expect(checkAuthorization(asked, user.address, await thief.signAuthorization(asked))).rejects.toThrow(
      'The authorization is not signed by the wallet’s key',
    )
    await expect(checkAuthorization(asked, user.address, await user.signAuthorization(asked))).resolves.toMatchObject(asked)
  })

  it('ERC-1271: the upgraded account vouches for what its key signed, and for nothing another key signed', SLOW, async () => {
    const user = await newUser()
    await operate(user, [transfer(someone(), 1n)], { upgrade: true })
    const erc1271 = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])
    const signature = await user.signMessage({ message: 'hello' })
    expect(
      await chain.readContract({
        address: user.address,
        abi: erc1271,
        functionName: 'isValidSignature',
        args: [hashMessage('hello'), signature],
      }),
    ).toBe('0x1626ba7e')
    expect(await chain.verifyMessage({ address: user.address, message: 'hello', signature })).toBe(true)
    const other = await privateKeyToAccount(generatePrivateKey()).signMessage({ message: 'hello' })
    expect(await chain.verifyMessage({ address: user.address, message: 'hello', signature: other })).toBe(false)
  })

  it('undelegation (an authorization to the zero address, in the account’s own transaction) clears the code', SLOW, async () => {
    const user = await newUser()
    await operate(user, [transfer(someone(), 1n)], { upgrade: true })
    await mined(funder.sendTransaction({ chain: anvil, account: funder.account!, to: user.address, value: parseEther('0.01') }))

    const asked = await undelegationRequest(network, user.address)
    // The upgrade's authorization took nonce 0; the transaction takes 1, the authorization it carries 2.
    expect(asked.authorization).toEqual({ chainId: 31337, address: '0x0000000000000000000000000000000000000000', nonce: 2 })
    expect(asked.transaction).toMatchObject({ type: 'eip7702', nonce: 1, to: user.address, value: 0n })
    const sign = async (authorization: typeof asked.authorization) =>
      user.signTransaction({ ...asked.transaction, authorizationList: [await user.signAuthorization(authorization)] })
    // An authorization to another contract in the same transaction is refused before anything is sent.
    await expect(
      sendUndelegation(network, user.address, asked, await sign({ ...asked.authorization, address: someone() })),
    ).rejects.toThrow('The authorization is not the one the wallet asked for')
    expect(await delegationState(network, user.address)).toMatchObject({ upgraded: true })

    const hash = await sendUndelegation(network, user.address, asked, await sign(asked.authorization))
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await chain.getCode({ address: user.address })).toBeUndefined()
    expect(await delegationState(network, user.address)).toMatchObject({ delegate: undefined, upgraded: false })
    // Its tokens are where they were, now under the plain key.
    expect(await usdcOf(user.address)).toBe(20_000_000n - 1n)
  })
})

describe('permissions enforced on chain (ERC-7715 → ERC-7710 delegations)', () => {
  /** The chain's time, not the wall clock's: the enforcers read the block's, which lags it between blocks. */
  const now = async () => Number((await chain.getBlock()).timestamp) * 1000

  /** The DelegationManager's custom errors by selector, to read a revert's reason. */
  const managerErrors = new Map(
    DELEGATION_ABIS.delegationManager
      .filter((item) => item.type === 'error')
      .map((item) => [toFunctionSelector(`${item.name}(${item.inputs.map((input) => input.type).join(',')})`), item.name] as const),
  )

  /** Runs `calls` inside a permission as its signer's own account does: a plain transaction to the DelegationManager. */
  async function redeemDirectly(signer: PrivateKeyAccount, context: `0x${string}`, calls: { to: `0x${string}`; data: `0x${string}` }[]) {
    const call = redemptionCall(context, calls)
    const reason = await chain.call({ account: signer.address, ...call }).then(
      () => undefined,
      (error: Error) => {
        const selector = /custom error (0x[0-9a-f]{8})/.exec(error.message)?.[1]
        return (selector && managerErrors.get(selector as `0x${string}`)) ?? error.message
      },
    )
    // Sent with its gas set, so the chain itself, not an estimate, decides.
    const receipt = await mined(
      createWalletClient({ chain: anvil, account: signer, transport: http(network.rpcUrl) }).sendTransaction({ ...call, gas: 600_000n }),
    )
    return { status: receipt.status, reason }
  }

  it('10 USDC a day: spent within the period, refused on chain beyond it, and refused once revoked', SLOW, async () => {
    const user = await newUser()
    await operate(user, [transfer(someone(), 1n)], { upgrade: true })
    // The frame's session key for this browser (a `wallet` signer): it redeems the site's requests inside the grant.
    const session = privateKeyToAccount(generatePrivateKey())
    const expiry = Math.floor((await now()) / 1000) + 30 * DAY
    const grant = parsePermissionRequest(
      {
        chainId: '0x7a69',
        expiry,
        signer: { type: 'wallet' },
        permissions: [{ type: 'erc20-token-periodic', data: { tokenAddress: usdc, periodAmount: '0x989680', periodDuration: DAY } }],
      },
      { chainId: 31337, account: user.address, now: await now(), sessionAddress: session.address },
    )
    const summary = summarizeGrant(grant, await tokenOf(network, usdc))
    expect(summary).toContain(`spend up to 10 USDC (${usdc}) a day from your account ${user.address}, without asking you each time, until`)

    const delegation = delegationOf(grant, await now())
    const signed = await signedDelegation(delegation, 31337, await user.signTypedData(delegationTypedData(delegation, 31337)))
    const answer = grantAnswer(grant, signed)
    expect(answer).toMatchObject({
      chainId: '0x7a69',
      address: user.address,
      expiry,
      signerMeta: { delegationManager: DELEGATION_MANAGER },
    })
    expect(answer.context).toBe(permissionContextOf(signed))

    // 6 USDC, redeemed by the session account through a sponsored user operation of its own (its first carries
    // its authorization; the user signs nothing more).
    const shop = someone()
    const tip = await operate(session, [redemptionCall(answer.context, [transfer(shop, 6_000_000n)])], { upgrade: true })
    expect(tip.success).toBe(true)
    expect(await usdcOf(shop)).toBe(6_000_000n)
    expect(await chain.getBalance({ address: user.address })).toBe(0n)
    expect(await permissionStatus(network, signed, await now())).toEqual({ status: 'active', availableThisPeriod: 4_000_000n })

    // 5 more is beyond the day's 10: the DelegationManager's enforcer reverts it, on chain.
    await mined(funder.sendTransaction({ chain: anvil, account: funder.account!, to: session.address, value: parseEther('0.1') }))
    const beyond = await redeemDirectly(session, answer.context, [transfer(shop, 5_000_000n)])
    expect(beyond).toEqual({ status: 'reverted', reason: expect.stringContaining('ERC20PeriodTransferEnforcer:transfer-amount-exceeded') })
    // Anything but the token's transfer is outside it too.
    const approve = { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [shop, 1n] }) }
    expect((await redeemDirectly(session, answer.context, [approve])).status).toBe('reverted')
    expect(await usdcOf(shop)).toBe(6_000_000n)

    // Revoked by the user's own account (disableDelegation, sponsored): 4 USDC, within the day's limit, now fails.
    expect((await operate(user, revocationCalls(signed))).success).toBe(true)
    expect(await permissionStatus(network, signed, await now())).toEqual({ status: 'revoked' })
    const after = await redeemDirectly(session, answer.context, [transfer(shop, 4_000_000n)])
    expect(after).toEqual({ status: 'reverted', reason: expect.stringContaining('CannotUseADisabledDelegation') })
    expect(await usdcOf(shop)).toBe(6_000_000n)
  })

  it('call one method of one contract: the site’s own key calls it, and any other method or contract reverts', SLOW, async () => {
    const user = await newUser()
    await operate(user, [transfer(someone(), 1n)], { upgrade: true })
    // An `account` signer: the site's session account, which redeems itself (ERC-7710) and pays its own gas.
    const site = privateKeyToAccount(generatePrivateKey())
    await mined(funder.sendTransaction({ chain: anvil, account: funder.account!, to: site.address, value: parseEther('0.1') }))
    const grant = parsePermissionRequest(
      {
        chainId: '0x7a69',
        expiry: Math.floor((await now()) / 1000) + DAY,
        signer: { type: 'account', data: { address: site.address } },
        permissions: [{ type: 'contract-call', data: { address: usdc, functions: ['approve(address,uint256)'] } }],
      },
      { chainId: 31337, account: user.address, now: await now() },
    )
    expect(summarizeGrant(grant)).toContain(`The site’s key ${site.address} may call approve(address,uint256) on ${usdc}`)
    const delegation = delegationOf(grant, await now())
    const context = permissionContextOf(
      await signedDelegation(delegation, 31337, await user.signTypedData(delegationTypedData(delegation, 31337))),
    )

    const spender = someone()
    const approve = { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 7n] }) }
    expect((await redeemDirectly(site, context, [approve])).status).toBe('success')
    expect(await chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [user.address, spender] })).toBe(7n)
    const other = await redeemDirectly(site, context, [transfer(spender, 1n)])
    expect(other).toEqual({ status: 'reverted', reason: expect.stringContaining('AllowedMethodsEnforcer:method-not-allowed') })
    // A delegation carried to a signer it does not name is refused by the DelegationManager.
    const stranger = privateKeyToAccount(generatePrivateKey())
    await mined(funder.sendTransaction({ chain: anvil, account: funder.account!, to: stranger.address, value: parseEther('0.1') }))
    expect((await redeemDirectly(stranger, context, [approve])).reason).toContain('InvalidDelegate')
  })

  it('a delegation signed by another key than the account’s is refused before it is answered', async () => {
    const user = privateKeyToAccount(generatePrivateKey())
    const grant = parsePermissionRequest(
      {
        chainId: '0x7a69',
        expiry: Math.floor((await now()) / 1000) + DAY,
        signer: { type: 'account', data: { address: someone() } },
        permissions: [{ type: 'contract-call', data: { address: usdc, functions: ['0x095ea7b3'] } }],
      },
      { chainId: 31337, account: user.address, now: await now() },
    )
    const delegation = delegationOf(grant, await now())
    const thief = privateKeyToAccount(generatePrivateKey())
    await expect(signedDelegation(delegation, 31337, await thief.signTypedData(delegationTypedData(delegation, 31337)))).rejects.toThrow(
      'The permission is not signed by the wallet’s key',
    )
  })
})
