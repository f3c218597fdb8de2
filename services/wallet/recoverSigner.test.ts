// recoverSigner.mjs swaps viem's curve step for WebAssembly; these check it answers what viem answers, signature by
// signature: the signer of a valid one, another address for a wrong signer, and no signer (where viem throws) for
// malformed ones, which relay.mjs then refuses as not the wallet's.
import {
  type Hex,
  hashMessage,
  recoverAddress,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  serializeTransaction,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'

import { recoverMessageSigner, recoverSigner, recoverTransactionSigner, recoverTypedDataSigner } from './recoverSigner.mjs'

const account = privateKeyToAccount(generatePrivateKey())
const other = privateKeyToAccount(generatePrivateKey())
/** The curve's order n, in hex. */
const N = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'

/** viem's answer, or undefined where it throws. */
const viemSigner = (recovery: Promise<Hex>) => recovery.catch(() => undefined)

const typedData = {
  domain: { name: 'Foyer test', version: '1', chainId: 31337, verifyingContract: '0x0000000000000000000000000000000000000001' },
  types: {
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0x0000000000000000000000000000000000000002', contents: 'hello' },
} as const

describe('recoverSigner', () => {
  it('answers viem’s signer for text, raw bytes and typed data', async () => {
    for (const message of ['hello', { raw: '0xdeadbeef' as Hex }, '']) {
      const signature = await account.signMessage({ message })
      expect(recoverMessageSigner(message, signature)).toBe(account.address)
      expect(recoverMessageSigner(message, signature)).toBe(await recoverMessageAddress({ message, signature }))
    }
    const signature = await account.signTypedData(typedData)
    expect(recoverTypedDataSigner(typedData, signature)).toBe(account.address)
    expect(recoverTypedDataSigner(typedData, signature)).toBe(await recoverTypedDataAddress({ ...typedData, signature }))
  })

  it('answers another address, as viem does, for another signer or another message', async () => {
    const byOther = await other.signMessage({ message: 'hello' })
    expect(recoverMessageSigner('hello', byOther)).toBe(other.address)
    const mine = await account.signMessage({ message: 'hello' })
    const signer = recoverMessageSigner('hello!', mine)
    expect(signer).not.toBe(account.address)
    expect(signer).toBe(await recoverMessageAddress({ message: 'hello!', signature: mine }))
  })

  it('reads the recovery byte as 0, 1, 27 or 28', async () => {
    const signature = await account.signMessage({ message: 'parity' })
    const v = Number.parseInt(signature.slice(130), 16)
    const asParity = `${signature.slice(0, 130)}0${v - 27}` as Hex
    expect(recoverMessageSigner('parity', asParity)).toBe(account.address)
    expect(await recoverMessageAddress({ message: 'parity', signature: asParity })).toBe(account.address)
  })

  it('answers no signer for a malformed signature, where viem throws', async () => {
    const hash = hashMessage('malformed')
    const valid = await account.sign({ hash })
    const r = valid.slice(2, 66)
    const s = valid.slice(66, 130)
    const malformed = {
      'a recovery byte of 2': `0x${r}${s}02`,
      'a recovery byte of 29': `0x${r}${s}1d`,
      'r of zero': `0x${'0'.repeat(64)}${s}1b`,
      's of zero': `0x${r}${'0'.repeat(64)}1b`,
      'r of the order': `0x${N}${s}1b`,
      's above the order': `0x${r}${'f'.repeat(64)}1b`,
      'an r that is no point’s x': `0x${'0'.repeat(63)}5${s}1b`,
      '64 bytes': `0x${r}${s}`,
      'not hex': `0x${r}${s.slice(0, 62)}zz1b`,
    } as Record<string, Hex>
    for (const [what, signature] of Object.entries(malformed)) {
      expect(recoverSigner(hash, signature), what).toBeUndefined()
      expect(await viemSigner(recoverAddress({ hash, signature })), what).toBeUndefined()
    }
  })

  it('answers viem’s signer for each kind of transaction, and none for a transaction with a broken signature', async () => {
    const base = { to: other.address, value: 1n, chainId: 31337, nonce: 3, gas: 21_000n }
    const transactions = [
      { ...base, type: 'legacy', gasPrice: 1n },
      { ...base, type: 'legacy', gasPrice: 1n, chainId: undefined },
      { ...base, type: 'eip2930', gasPrice: 1n, accessList: [] },
      { ...base, type: 'eip1559', maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, data: '0x1234' },
    ] as const
    for (const transaction of transactions) {
      const serializedTransaction = await account.signTransaction(transaction as never)
      expect(recoverTransactionSigner(serializedTransaction), transaction.type).toBe(account.address)
      expect(recoverTransactionSigner(serializedTransaction)).toBe(
        await recoverTransactionAddress({ serializedTransaction: serializedTransaction as never }),
      )
    }
    const unsigned = { ...base, type: 'eip1559', maxFeePerGas: 2n, maxPriorityFeePerGas: 1n } as const
    const broken = serializeTransaction(unsigned, { r: `0x${N}`, s: '0x01', yParity: 0 })
    expect(recoverTransactionSigner(broken)).toBeUndefined()
    expect(await viemSigner(recoverTransactionAddress({ serializedTransaction: broken as never }))).toBeUndefined()
  })
})
