import type { CaipNetworkId } from 'foyer/protocol'
import { isSafeImageUrl, type Account, type Connector } from '../model/network.js'

/** Connection status of one namespace (rules §4). */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** What one namespace is connected to. EVM and Solana keep theirs apart, so a visitor may hold both (rules §4). */
export interface NamespaceConnection {
  status: ConnectionStatus
  connectorId?: string
  accounts: readonly Account[]
  /** The active account's address. */
  address?: string
  networkId?: CaipNetworkId
  /** The rules §8 wording of the last failure, cleared by the next attempt. */
  error?: string
}

export interface ConnectionState {
  namespaces: Readonly<Record<string, NamespaceConnection>>
  /** The namespace the Account view shows. */
  activeNamespace?: string
  /**
   * The namespace the visitor was shown when the page was left (rules §4): sessions restored from before, in whatever
   * order they come back, never take its place, so a reload never changes the visitor's account. Set at start; over once
   * the visitor connects or picks a namespace, or when it cannot be restored.
   */
  restoring?: string
  /** Every connector the chain plugins offer, in the order they were found. */
  connectors: readonly Connector[]
}

/** Every change to the connection state is one of these (style 7). */
export type ConnectionAction =
  | { type: 'connecting'; namespace: string; connectorId: string }
  | {
      type: 'connected'
      namespace: string
      connectorId: string
      accounts: readonly Account[]
      networkId: CaipNetworkId
      /** The visitor connected it just now (`connect()`); otherwise it is a session a chain restored from before. */
      byVisitor?: boolean
    }
  | { type: 'accounts-changed'; namespace: string; accounts: readonly Account[] }
  | { type: 'network-changed'; namespace: string; networkId: CaipNetworkId }
  | { type: 'failed'; namespace: string; error: string }
  | { type: 'disconnected'; namespace: string }
  | { type: 'namespace-activated'; namespace: string }
  /** At start: the namespace that was shown is being restored. */
  | { type: 'restore-started'; namespace: string }
  /** Its restore did not start in time: the namespaces that connected are shown as usual. */
  | { type: 'restore-abandoned' }
  | { type: 'connector-added'; connector: Connector }
  | { type: 'connector-removed'; connectorId: string }

export const INITIAL_CONNECTION: ConnectionState = { namespaces: {}, connectors: [] }

const DISCONNECTED: NamespaceConnection = { status: 'disconnected', accounts: [] }

export function connectionReducer(state: ConnectionState, action: ConnectionAction): ConnectionState {
  switch (action.type) {
    case 'connecting':
      return withNamespace(state, action.namespace, { status: 'connecting', connectorId: action.connectorId, accounts: [] })
    case 'connected': {
      if (action.accounts.length === 0) return disconnect(state, action.namespace)
      const next = withNamespace(state, action.namespace, {
        status: 'connected',
        connectorId: action.connectorId,
        accounts: action.accounts,
        address: action.accounts[0]?.address,
        networkId: action.networkId,
      })
      if (action.byVisitor) return activate({ ...next, restoring: undefined }, action.namespace)
      // A restored session: the namespace that was shown comes back in front, and no other takes its place, whichever
      // comes back first; with none remembered, the first one restored is shown.
      if (state.restoring !== undefined) return state.restoring === action.namespace ? activate(next, action.namespace) : next
      return isConnected(state, state.activeNamespace) ? next : activate(next, action.namespace)
    }
    case 'accounts-changed': {
      const current = state.namespaces[action.namespace]
      if (current?.status !== 'connected') return state
      // A wallet that reports no accounts has disconnected this site.
      if (action.accounts.length === 0) return disconnect(state, action.namespace)
      return withNamespace(state, action.namespace, {
        ...current,
        accounts: action.accounts,
        address: action.accounts[0]?.address,
      })
    }
    case 'network-changed': {
      const current = state.namespaces[action.namespace]
      if (current?.status !== 'connected' || current.networkId === action.networkId) return state
      return withNamespace(state, action.namespace, { ...current, networkId: action.networkId })
    }
    case 'failed':
      // Through disconnect, so that an active namespace whose reconnect failed hands over to another.
      return withNamespace(disconnect(state, action.namespace), action.namespace, { ...DISCONNECTED, error: action.error })
    case 'disconnected':
      return disconnect(state, action.namespace)
    case 'namespace-activated':
      // The visitor's own choice ends any restore.
      return state.namespaces[action.namespace]?.status === 'connected'
        ? activate({ ...state, restoring: undefined }, action.namespace)
        : state
    case 'restore-started':
      return { ...state, restoring: action.namespace }
    case 'restore-abandoned':
      return endRestore(state)
    case 'connector-added': {
      const connector = sanitizeConnector(action.connector)
      const others = state.connectors.filter((existing) => existing.id !== connector.id)
      return { ...state, connectors: [...others, connector] }
    }
    case 'connector-removed':
      return { ...state, connectors: state.connectors.filter((connector) => connector.id !== action.connectorId) }
  }
}

function withNamespace(state: ConnectionState, namespace: string, connection: NamespaceConnection): ConnectionState {
  return { ...state, namespaces: { ...state.namespaces, [namespace]: connection } }
}

function activate(state: ConnectionState, namespace: string): ConnectionState {
  return state.activeNamespace === namespace ? state : { ...state, activeNamespace: namespace }
}

function disconnect(state: ConnectionState, namespace: string): ConnectionState {
  const next = withNamespace(state, namespace, DISCONNECTED)
  // The namespace being restored could not be: the others are shown as usual.
  if (state.restoring === namespace) return endRestore(next)
  if (state.activeNamespace !== namespace) return next
  return { ...next, activeNamespace: firstConnected(next) }
}

/** No namespace is waited for any more; the Account view shows the active one if it is connected, else another. */
function endRestore(state: ConnectionState): ConnectionState {
  const shown = isConnected(state, state.activeNamespace) ? state.activeNamespace : firstConnected(state)
  return { ...state, restoring: undefined, activeNamespace: shown }
}

function isConnected(state: ConnectionState, namespace: string | undefined): boolean {
  return namespace !== undefined && state.namespaces[namespace]?.status === 'connected'
}

function firstConnected(state: ConnectionState): string | undefined {
  return Object.entries(state.namespaces).find(([, connection]) => connection.status === 'connected')?.[0]
}

// Connector names and icons may come from untrusted wallets: icons must be https or data:image.
function sanitizeConnector(connector: Connector): Connector {
  if (connector.imageUrl === undefined || isSafeImageUrl(connector.imageUrl)) return connector
  const { imageUrl: _unsafe, ...rest } = connector
  return rest
}

/** The connection the Account view shows, when a namespace is connected. */
export function selectActiveConnection(state: ConnectionState): (NamespaceConnection & { namespace: string }) | undefined {
  const namespace = state.activeNamespace
  const connection = namespace ? state.namespaces[namespace] : undefined
  return namespace && connection?.status === 'connected' ? { ...connection, namespace } : undefined
}

/** True when any namespace has a connected address. */
export function selectIsConnected(state: ConnectionState): boolean {
  return Object.values(state.namespaces).some((connection) => connection.status === 'connected')
}
