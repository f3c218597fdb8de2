// The wallet's networks from its options, and the default list an operator gets by setting none (rules §6).
import { describe, expect, it } from 'vitest'

import { DEFAULT_WALLET_NETWORKS, canonicalChainId, walletNetworks } from './networks.mjs'

describe('the embedded wallet’s networks', () => {
  it('with none set, about 26 networks: EVM ones and 3 Solana, each on a public https RPC that needs no key', () => {
    const networks = walletNetworks({})
    const solana = networks.filter((network) => network.namespace === 'solana')
    expect(networks.length).toBeGreaterThanOrEqual(24)
    expect(networks.length).toBeLessThanOrEqual(28)
    expect(solana.map((network) => network.id)).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VL2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    ])
    expect(new Set(networks.map((network) => network.id)).size).toBe(networks.length)
    for (const network of networks) {
      expect(canonicalChainId(network.id)).toBe(network.id)
      expect(network.rpcUrl).toMatch(/^https:\/\/[a-z0-9.-]+(\/[\w/.-]*)?$/)
      // No key in a URL: a default is public configuration, committed as it is.
      expect(network.rpcUrl).not.toMatch(/key|token|[0-9a-f]{24}/i)
      // No bundler without an operator's own: smart accounts need one.
      expect(network).not.toHaveProperty('bundlerUrl')
    }
    expect(networks.map((network) => network.id)).toEqual(expect.arrayContaining(['1', '10', '137', '8453', '42161', '11155111']))
    expect(networks.find((network) => network.id === '137')?.nativeCurrency).toEqual({ name: 'POL', symbol: 'POL', decimals: 18 })
  })

  it('a network supports EIP-7702 accounts only when it says so and has a bundler to send them through', () => {
    const [flagged, bare, plain] = walletNetworks({
      evm: [
        { chainId: 1, rpcUrl: 'http://127.0.0.1:1', bundlerUrl: 'http://127.0.0.1:2', eip7702: true },
        { chainId: 2, rpcUrl: 'http://127.0.0.1:1', eip7702: true },
        { chainId: 3, rpcUrl: 'http://127.0.0.1:1', bundlerUrl: 'http://127.0.0.1:2' },
      ],
    })
    expect(flagged).toMatchObject({ id: '1', eip7702: true })
    expect(bare).not.toHaveProperty('eip7702')
    expect(plain).not.toHaveProperty('eip7702')
  })

  it('the networks an operator sets replace the defaults entirely', () => {
    const networks = walletNetworks({ evm: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }] })
    expect(networks).toEqual([{ id: '31337', namespace: 'eip155', rpcUrl: 'http://127.0.0.1:8545' }])
    expect(walletNetworks({ solana: [DEFAULT_WALLET_NETWORKS.solana[0]!] })).toHaveLength(1)
  })

  it('an operator who sets an empty list, a bad chain id or a non-http RPC is refused at start', () => {
    expect(() => walletNetworks({ evm: [] })).toThrow('The wallet needs at least one network')
    expect(() => walletNetworks({ evm: [{ chainId: -1, rpcUrl: 'http://127.0.0.1:8545' }] })).toThrow('Not a chain id: "-1"')
    expect(() => walletNetworks({ evm: [{ chainId: 1, rpcUrl: 'file:///etc/passwd' }] })).toThrow('The RPC of 1 must be an http(s) URL')
  })
})
