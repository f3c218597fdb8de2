import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { parseSignInMessage } from 'foyer/protocol/evm'
import type { EvmSession } from './session.js'
import { formatSiweMessage, signIn } from './signIn.js'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const fields = {
  accountAddress: account.address.toLowerCase(),
  chainId: 'eip155:10',
  domain: 'shop.example.com',
  uri: 'https://shop.example.com',
  version: '1' as const,
  nonce: 'abcdef123456',
  statement: 'Welcome.',
  resources: ['https://shop.example.com/terms'],
  requestId: 'req-7',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expirationTime: '2026-01-02T00:00:00.000Z',
  notBefore: '2026-01-01T00:00:00.000Z',
}

describe('the EVM signIn capability', () => {
  it('EIP-4361 text carries every rules §3 field, signed with personal_sign by the wallet', async () => {
    const asked: unknown[] = []
    const provider = {
      async request({ method, params }: { method: string; params?: unknown }) {
        asked.push(method)
        if (method !== 'personal_sign') throw new Error(`unexpected ${method}`)
        const [hex] = params as [`0x${string}`]
        return account.signMessage({ message: { raw: hex } })
      },
      on() {},
      removeListener() {},
    }
    const session = { active: { connectorId: 'w', provider, unwatch: () => {} }, epoch: 0 } as unknown as EvmSession
    const { message, signature } = await signIn(session, { message: fields })
    expect(asked).toEqual(['personal_sign'])
    expect(parseSiweMessage(message.serializedMessage)).toMatchObject({
      address: account.address,
      chainId: 10,
      domain: 'shop.example.com',
      nonce: 'abcdef123456',
      requestId: 'req-7',
      resources: ['https://shop.example.com/terms'],
      statement: 'Welcome.',
    })
    expect(
      await verifyMessage({ address: account.address, message: message.serializedMessage, signature: signature as `0x${string}` }),
    ).toBe(true)
  })

  it('a non-eip155 chain id is an Unsupported chain (rules §8)', () => {
    expect(() => formatSiweMessage({ ...fields, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toThrow('Unsupported chain')
  })

  it('the text it writes is what the verifier reads back, field for field', () => {
    const { accountAddress: _, ...rest } = fields
    expect(parseSignInMessage(formatSiweMessage(fields))).toMatchObject({ ...rest, accountAddress: account.address, namespace: 'eip155' })
  })

  it('a statement the grammar refuses is refused when the message is written, not sent to the wallet', () => {
    expect(() => formatSiweMessage({ ...fields, statement: 'Bienvenue au café.' })).toThrow(
      'Line 4: the statement may hold only printable ASCII',
    )
  })
})
