import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSignature } from 'viem'
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
