import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSignature, parseTransaction, recoverTransactionAddress } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { describe, expect, it } from 'vitest'

import { EIP7702_DELEGATE as DEPLOYED_DELEGATE } from '../delegationFramework.mjs'
import { evmKeyOf } from './shares.js'
import { EIP7702_DELEGATE, runJob } from './signing.js'

/** A secret whose EVM key is known, as the keyring rebuilds it. */
function secretAndAddress() {
  const secret = crypto.getRandomValues(new Uint8Array(32))
  const key = `0x${Buffer.from(evmKeyOf(secret)).toString('hex')}` as const
  return { secret, address: privateKeyToAccount(key).address }
}

describe('the frame signs an EIP-7702 authorization only to the wallet’s own delegate', () => {
  it('knows the delegate the dev chains deploy', () => {
    expect(EIP7702_DELEGATE).toBe(DEPLOYED_DELEGATE)
  })

  it('signs one to the delegate (or the zero address, to undo it), on one chain, recoverable to the account', async () => {
    const { secret, address } = secretAndAddress()
    for (const target of [EIP7702_DELEGATE, `0x${'0'.repeat(40)}`] as const) {
      const asked = { chainId: 31337, address: target, nonce: 3 }
      const { signature } = await runJob(secret, { kind: 'evm_authorization', authorization: asked })
      const { r, s, yParity } = parseSignature(signature as `0x${string}`)
      expect(await recoverAuthorizationAddress({ authorization: { ...asked, r, s, yParity: yParity! } })).toBe(address)
    }
  })

  it('refuses another delegate, chain 0 (good on every chain) or a missing nonce, whatever the service asks', async () => {
    const { secret } = secretAndAddress()
    const other = privateKeyToAccount(generatePrivateKey()).address
    const sign = (authorization: unknown) => runJob(secret, { kind: 'evm_authorization', authorization } as never)
    await expect(sign({ chainId: 31337, address: other, nonce: 0 })).rejects.toThrow('only to its own delegate')
    await expect(sign({ chainId: 0, address: EIP7702_DELEGATE, nonce: 0 })).rejects.toThrow('one chain and a nonce')
    await expect(sign({ chainId: 31337, address: EIP7702_DELEGATE })).rejects.toThrow('one chain and a nonce')
  })
})

describe('the frame signs an undelegation only as a transaction from the account to itself, to the zero address', () => {
  const ZERO = `0x${'0'.repeat(40)}` as const
  const asked = (address: `0x${string}`, changes: Record<string, unknown> = {}) => ({
    kind: 'evm_undelegation' as const,
    authorization: { chainId: 31337, address: ZERO, nonce: 5 },
    transaction: {
      chainId: '0x7a69',
      nonce: '0x4',
      to: address,
      value: '0x0',
      data: '0x',
      gas: '0xea60',
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x1',
      ...changes,
    },
  })

  it('signs a type-4 transaction to itself carrying its authorization to the zero address', async () => {
    const { secret, address } = secretAndAddress()
    const { transaction } = await runJob(secret, asked(address))
    const parsed = parseTransaction(transaction as `0x${string}`)
    expect(parsed).toMatchObject({ type: 'eip7702', chainId: 31337, nonce: 4, to: address.toLowerCase() })
    expect(parsed.value ?? 0n).toBe(0n)
    expect(await recoverTransactionAddress({ serializedTransaction: transaction as never })).toBe(address)
    const [authorization, ...others] = parsed.authorizationList ?? []
    expect(others).toEqual([])
    expect(authorization).toMatchObject({ chainId: 31337, address: ZERO, nonce: 5 })
    expect(await recoverAuthorizationAddress({ authorization: authorization! })).toBe(address)
  })

  it('refuses the delegate or another address, value, a call, another recipient or a nonce out of step', async () => {
    const { secret, address } = secretAndAddress()
    const other = privateKeyToAccount(generatePrivateKey()).address
    const sign = (job: unknown) => runJob(secret, job as never)
    await expect(sign({ ...asked(address), authorization: { chainId: 31337, address: EIP7702_DELEGATE, nonce: 5 } })).rejects.toThrow(
      'zero address only',
    )
    await expect(sign({ ...asked(address), authorization: { chainId: 31337, address: other, nonce: 5 } })).rejects.toThrow(
      'only to its own delegate',
    )
    for (const changes of [{ value: '0x1' }, { data: '0xa9059cbb' }, { to: other }, { nonce: '0x5' }, { chainId: '0x1' }]) {
      await expect(sign(asked(address, changes))).rejects.toThrow('to itself that moves nothing')
    }
  })
})
