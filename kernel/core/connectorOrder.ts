import type { Connector } from '../model/network.js'

/** Where a connector's entry sits on the Connect view (rules §2 connector order). */
export type ConnectorGroup = 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended'

/** rules §2: walletConnect, recent, injected, featured, custom, external, recommended. */
export const CONNECTOR_ORDER: readonly ConnectorGroup[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]

export interface OrderedConnector {
  connector: Connector
  group: ConnectorGroup
}

/**
 * Orders the connectors for the Connect view: by rules §2's groups, and inside a group in the order they
 * were found. A recent wallet moves up to the recent group; `featuredIds` and `recommendedIds`
 * (from the wallet directory, when there is one) place the wallets they name. Auth connectors are
 * left out: email and social are connect methods of their own.
 */
export function orderConnectors(
  connectors: readonly Connector[],
  {
    recentIds = [],
    featuredIds = [],
    recommendedIds = [],
  }: { recentIds?: readonly string[]; featuredIds?: readonly string[]; recommendedIds?: readonly string[] } = {},
): OrderedConnector[] {
  // Listed ids (recent, featured, recommended) are the host's or visitor's explicit wishes, so they
  // are checked before the groups that come from a connector's type.
  const groupOf = (connector: Connector): ConnectorGroup | undefined => {
    if (connector.type === 'auth') return undefined
    if (connector.type === 'walletConnect') return 'walletConnect'
    if (recentIds.includes(connector.id)) return 'recent'
    if (connector.type === 'injected' || connector.type === 'announced') return 'injected'
    if (featuredIds.includes(connector.id)) return 'featured'
    if (recommendedIds.includes(connector.id)) return 'recommended'
    return connector.type
  }
  return connectors
    .flatMap((connector, found) => {
      const group = groupOf(connector)
      // Recent wallets keep the order of recency, most recent first; others the order they were found.
      const within = group === 'recent' ? recentIds.indexOf(connector.id) : found
      return group ? [{ connector, group, rank: [CONNECTOR_ORDER.indexOf(group), within] as const }] : []
    })
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1])
    .map(({ connector, group }) => ({ connector, group }))
}
