import { describe, expect, it } from 'vitest'
import { parseNetworks } from './chainOptions.js'
import { isFoyerError } from '../core/errors/BaseError.js'
import type { Network } from './network.js'

const bitcoin: Network = {
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
}

const options = { caller: 'bitcoin()', chainNamespace: 'bip122', example: 'such as [bitcoinMainnet]' }

describe('parseNetworks', () => {
  it('returns copies with only the fields of rules §3', () => {
    const [network] = parseNetworks([{ ...bitcoin, extra: 1, imageUrl: 'javascript:alert(1)' }], options)
    expect(network).toEqual(bitcoin)
  })

  it.each<[string, unknown, string]>([
    ['networks that are not an array', bitcoin, 'bitcoin(): `networks`: must be an array of networks, such as [bitcoinMainnet].'],
    ['empty networks', [], 'bitcoin(): `networks`: needs at least one network, such as [bitcoinMainnet].'],
    [
      'a network without a name',
      [{ ...bitcoin, name: undefined }],
      'bitcoin(): `networks.0.name`: Invalid type: Expected string but received undefined.',
    ],
    ['a network without RPC URLs', [{ ...bitcoin, rpcUrls: undefined }], 'bitcoin(): `networks.0.rpcUrls` is required.'],
    [
      'a websocket RPC URL',
      [{ ...bitcoin, rpcUrls: { default: { http: ['wss://node'] } } }],
      "bitcoin(): `networks.0.rpcUrls.default.http.0`: must be an http(s) URL, not 'wss://node'.",
    ],
    [
      'a network of another namespace',
      [{ ...bitcoin, chainNamespace: 'eip155' }],
      'bitcoin(): `networks.0.chainNamespace`: must be "bip122".',
    ],
    [
      'a CAIP id that does not match the id',
      [{ ...bitcoin, caipNetworkId: 'bip122:1' }],
      "bitcoin(): `networks.0.caipNetworkId` is 'bip122:1'; network '000000000019d6689c085ae165831e93' is 'bip122:000000000019d6689c085ae165831e93'.",
    ],
    [
      'a network twice',
      [bitcoin, { ...bitcoin, name: 'Again' }],
      'bitcoin(): `networks` lists Again (bip122:000000000019d6689c085ae165831e93) twice. Keep one.',
    ],
  ])('%s is refused, naming the option', (_, networks, message) => {
    let error: unknown
    try {
      parseNetworks(networks, options)
    } catch (thrown) {
      error = thrown
    }
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect((error as Error).message).toContain(message)
  })
})
