import { describe, expect, it } from 'vitest'
import { orderConnectors } from './connectorOrder.js'
import type { Connector } from '../model/network.js'

const connector = (id: string, type: Connector['type']): Connector => ({ id, name: id, namespaces: ['eip155'], type })

describe('orderConnectors', () => {
  it('groups follow rules §2 (walletConnect, recent, injected, featured, custom, external, recommended)', () => {
    const ordered = orderConnectors(
      [
        connector('recommended', 'external'),
        connector('external', 'external'),
        connector('custom', 'custom'),
        connector('featured', 'external'),
        connector('injected', 'announced'),
        connector('recent', 'external'),
        connector('wc', 'walletConnect'),
      ],
      { recentIds: ['recent'], featuredIds: ['featured'], recommendedIds: ['recommended'] },
    )
    expect(ordered.map(({ connector }) => connector.id)).toEqual([
      'wc',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
    expect(ordered.map(({ group }) => group)).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
  })

  it('recent wallets keep recency order; others keep the order they were found', () => {
    const ordered = orderConnectors(
      [connector('a', 'injected'), connector('b', 'injected'), connector('c', 'injected'), connector('d', 'injected')],
      { recentIds: ['d', 'b'] },
    )
    expect(ordered.map(({ connector }) => connector.id)).toEqual(['d', 'b', 'a', 'c'])
  })

  it('auth connectors are left out (email and social are connect methods)', () => {
    expect(orderConnectors([connector('email', 'auth'), connector('x', 'injected')]).map(({ connector }) => connector.id)).toEqual(['x'])
  })
})
