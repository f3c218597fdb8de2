import { getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type Address } from '@solana/kit'
import { parseSignInMessageText } from '@solana/wallet-standard-util'
import { describe, expect, it } from 'vitest'
import { TEST_WALLET_ADDRESS, TEST_WALLET_KEYPAIR } from '../../services/dev/solana/devKeys.mjs'
import { createSolanaWallet } from '../../test/solanaWallet.js'
import type { SolanaSession } from './session.js'
import { parseSignInMessage } from 'foyer/protocol/evm'
import { formatSiwsMessage, signIn } from './signIn.js'
import type { StandardWallet } from './walletStandard.js'

const fields = {
  accountAddress: TEST_WALLET_ADDRESS as string,
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
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

async function connected(options: { signIn: boolean }) {
  const test = createSolanaWallet({ name: 'Test Solana Wallet', keypair: TEST_WALLET_KEYPAIR, signIn: options.signIn })
  await (test.wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
  const session: SolanaSession = {
    epoch: 0,
    active: { connectorId: 'w', wallet: test.wallet as unknown as StandardWallet, unwatch: () => {} },
  }
  return { test, session }
}

async function verifies(text: string, signature: string) {
  const key = await getPublicKeyFromAddress(TEST_WALLET_ADDRESS as Address)
  return verifySignature(key, getBase58Encoder().encode(signature) as never, getUtf8Encoder().encode(text))
}

describe('the Solana signIn capability', () => {
  it('a wallet with solana:signIn writes and signs the message itself; every rules §3 field reads back', async () => {
    const { test, session } = await connected({ signIn: true })
    const { message, signature } = await signIn(session, { message: fields })
    expect(test.calls).toEqual(['standard:connect', 'solana:signIn'])
    expect(parseSignInMessageText(message.serializedMessage)).toMatchObject({
      domain: 'shop.example.com',
      address: TEST_WALLET_ADDRESS,
      chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      nonce: 'abcdef123456',
      requestId: 'req-7',
      resources: ['https://shop.example.com/terms'],
      notBefore: fields.notBefore,
      expirationTime: fields.expirationTime,
    })
    expect(message).toMatchObject(fields)
    expect(await verifies(message.serializedMessage, signature)).toBe(true)
  })

  it('a wallet without it signs the Sign In With Solana text through solana:signMessage', async () => {
    const { test, session } = await connected({ signIn: false })
    const { message, signature } = await signIn(session, { message: fields })
    expect(test.calls).toEqual(['standard:connect', 'solana:signMessage'])
    expect(message.serializedMessage).toMatch(/^shop\.example\.com wants you to sign in with your Solana account:\n/)
    expect(await verifies(message.serializedMessage, signature)).toBe(true)
  })

  it("a host's own text is signed as it is, even by a wallet with solana:signIn", async () => {
    const { test, session } = await connected({ signIn: true })
    const { message, signature } = await signIn(session, { message: { ...fields, serializedMessage: 'host text' } })
    expect(test.calls.at(-1)).toBe('solana:signMessage')
    expect(message.serializedMessage).toBe('host text')
    expect(await verifies('host text', signature)).toBe(true)
  })

  it('a wallet that signs another message, or with another account, is refused', async () => {
    const { test, session } = await connected({ signIn: true })
    const honest = (test.wallet.features['solana:signIn'] as { signIn(...inputs: object[]): Promise<object[]> }).signIn
    const features = test.wallet.features as Record<string, unknown>
    features['solana:signIn'] = { version: '1.0.0', signIn: (input: object) => honest({ ...input, domain: 'evil.example' }) }
    await expect(signIn(session, { message: fields })).rejects.toThrow('signed a message other than the sign-in asked for')
    features['solana:signIn'] = { version: '1.0.0', signIn: (input: object) => honest({ ...input, nonce: 'othernonce123' }) }
    await expect(signIn(session, { message: fields })).rejects.toThrow('signed a message other than the sign-in asked for')
    await expect(signIn(session, { message: { ...fields, chainId: 'eip155:1' } })).rejects.toThrow('Unsupported chain')
  })

  it('the text it writes is what the verifier reads back, field for field', () => {
    expect(parseSignInMessage(formatSiwsMessage(fields))).toMatchObject({ ...fields, namespace: 'solana' })
  })
})
