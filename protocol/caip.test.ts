import { describe, expect, it } from 'vitest'

import { BaseError } from './BaseError.mjs'
import {
  CHAIN_NAMESPACES,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.mjs'

/** A Foyer error of that name: the kernel's isFoyerError, which reads `name` and `shortMessage`. */
const isFoyerError = (error: unknown, name: string) => error instanceof BaseError && error.name === name && 'shortMessage' in error

const EVM = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('CHAIN_NAMESPACES', () => {
  it('lists the five rules §3 namespaces', () => {
    expect(CHAIN_NAMESPACES).toEqual(['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'])
  })

  it('isChainNamespace accepts only those', () => {
    for (const namespace of CHAIN_NAMESPACES) expect(isChainNamespace(namespace)).toBe(true)
    for (const other of ['tezos', 'EIP155', '', undefined, 1]) expect(isChainNamespace(other)).toBe(false)
  })
})

describe('parseCaipNetworkId', () => {
  it.each([
    ['eip155:1', 'eip155', '1'],
    ['eip155:137', 'eip155', '137'],
    [SOLANA_MAINNET, 'solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    ['bip122:000000000019d6689c085ae165831e93', 'bip122', '000000000019d6689c085ae165831e93'],
    ['cosmos:cosmoshub-4', 'cosmos', 'cosmoshub-4'],
    ['polkadot:91b171bb158e2d3848fa23a9f1c25182', 'polkadot', '91b171bb158e2d3848fa23a9f1c25182'],
    ['abc:a_b-C', 'abc', 'a_b-C'],
  ])('splits %s', (id, namespace, reference) => {
    expect(parseCaipNetworkId(id)).toEqual({ namespace, reference })
  })

  it.each([
    '',
    'eip155',
    'eip155:',
    ':1',
    'eip155:1:2',
    'EIP155:1',
    'ab:1',
    'toolongns:1',
    'eip155:1.5',
    'eip155:has space',
    `eip155:${'a'.repeat(33)}`,
  ])('rejects %j with the rules §5 message', (id) => {
    const error = thrown(() => parseCaipNetworkId(id))
    expect(isFoyerError(error, 'InvalidCaip2NetworkIdError')).toBe(true)
    expect((error as Error).message).toBe(`Invalid CAIP-2 network id: ${id}`)
  })

  it('rejects a non-string from untrusted input without crashing', () => {
    const error = thrown(() => parseCaipNetworkId(42 as unknown as string))
    expect(isFoyerError(error, 'InvalidCaip2NetworkIdError')).toBe(true)
    expect((error as Error).message).toBe('Invalid CAIP-2 network id: 42')
  })

  it('accepts the longest reference allowed', () => {
    expect(parseCaipNetworkId(`eip155:${'a'.repeat(32)}`).reference).toHaveLength(32)
  })
})

describe('parseCaipAddress', () => {
  it('splits an EVM account id', () => {
    expect(parseCaipAddress(`eip155:1:${EVM}`)).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: EVM,
      networkId: 'eip155:1',
    })
  })

  it('splits a Solana account id', () => {
    const address = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
    expect(parseCaipAddress(`${SOLANA_MAINNET}:${address}`)).toMatchObject({ address, networkId: SOLANA_MAINNET })
  })

  it('accepts the CAIP-10 address charset (dots, percent, hyphens)', () => {
    expect(parseCaipAddress('cosmos:cosmoshub-4:a.b%20-c').address).toBe('a.b%20-c')
    expect(parseCaipAddress(`eip155:1:${'a'.repeat(128)}`).address).toHaveLength(128)
  })

  it.each(['', 'eip155:1', EVM, 'eip155:1:0xab:extra', `a:b:c:d:e`])('%j without three parts is an Invalid CAIP Address', (address) => {
    const error = thrown(() => parseCaipAddress(address))
    expect(isFoyerError(error, 'InvalidCaipAddressError')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('Invalid CAIP Address')
  })

  it.each([null, undefined, 12, {}])('a non-string (%j) is an Invalid CAIP Address', (address) => {
    const error = thrown(() => parseCaipAddress(address as unknown as string))
    expect(isFoyerError(error, 'InvalidCaipAddressError')).toBe(true)
  })

  it.each([
    '::',
    `eip155::${EVM}`,
    `:1:${EVM}`,
    'eip155:1:',
    `E:1:${EVM}`,
    `eip155:1:0x ab`,
    `eip155:1:${'a'.repeat(129)}`,
    `eip155:1.0:${EVM}`,
  ])('malformed parts in %j give the CAIP-10 message', (address) => {
    const error = thrown(() => parseCaipAddress(address))
    expect(isFoyerError(error, 'InvalidCaip10AddressError')).toBe(true)
    expect((error as Error).message).toBe(`Invalid CAIP-10 address: ${address}`)
  })
})

describe('isCaipNetworkId', () => {
  it('says whether parseCaipNetworkId would read the value, without throwing', () => {
    for (const id of ['eip155:1', SOLANA_MAINNET, 'bip122:000000000019d6689c085ae165831e93']) expect(isCaipNetworkId(id)).toBe(true)
    for (const id of ['eip155', 'eip155:1:0xab', 'EIP155:1', 'ab:1', 'eip155:', '', 42, undefined]) expect(isCaipNetworkId(id)).toBe(false)
  })
})

describe('formatCaipNetworkId', () => {
  it('joins namespace and reference', () => {
    expect(formatCaipNetworkId('eip155', '10')).toBe('eip155:10')
  })

  it('round-trips through parseCaipNetworkId', () => {
    const id = formatCaipNetworkId('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(id).toBe(SOLANA_MAINNET)
    expect(parseCaipNetworkId(id)).toEqual({ namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
  })

  it.each([
    ['', '1'],
    ['eip155', ''],
    ['eip155', '1:2'],
    ['Eip155', '1'],
  ])('refuses to build a malformed id from %j and %j', (namespace, reference) => {
    expect(
      isFoyerError(
        thrown(() => formatCaipNetworkId(namespace, reference)),
        'InvalidCaip2NetworkIdError',
      ),
    ).toBe(true)
  })
})

describe('formatCaipAddress', () => {
  it('joins network id and address', () => {
    expect(formatCaipAddress('eip155:1', EVM)).toBe(`eip155:1:${EVM}`)
  })

  it('round-trips through parseCaipAddress', () => {
    const caipAddress = formatCaipAddress('eip155:8453', EVM)
    expect(parseCaipAddress(caipAddress)).toMatchObject({ networkId: 'eip155:8453', address: EVM })
  })

  it('refuses an empty or malformed address', () => {
    expect(
      isFoyerError(
        thrown(() => formatCaipAddress('eip155:1', '')),
        'InvalidCaip10AddressError',
      ),
    ).toBe(true)
    expect(
      isFoyerError(
        thrown(() => formatCaipAddress('eip155:1', 'a b')),
        'InvalidCaip10AddressError',
      ),
    ).toBe(true)
  })

  it('refuses an address that smuggles in another part', () => {
    expect(
      isFoyerError(
        thrown(() => formatCaipAddress('eip155:1', 'x:y')),
        'InvalidCaipAddressError',
      ),
    ).toBe(true)
  })
})
