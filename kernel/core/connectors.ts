// The connector registry: every way to reach a wallet, from any plugin. EIP-6963 and `window.ethereum`,
// the Wallet Standard, WalletConnect and the embedded wallet all register here; chains take the
// provider they need from it. One connector may serve several namespaces (one login, an EVM and a
// Solana account). The store keeps what views show (`connection.connectors`); providers, which are
// live objects, stay here.
import type { Unsubscribe } from './bus.js'
import type { ConnectionAction } from './connection.js'
import type { Connector } from '../model/network.js'
import type { RouteEntry } from './router.js'
import type { SignInFields, SignInMessage } from './chain.js'

/**
 * What a connector hands a chain, by namespace. Each chain declares its own by declaration merging:
 *
 * @example
 * declare module 'foyer' {
 *   interface NamespaceProviders { eip155: Eip1193Provider }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty on purpose; plugins add members by declaration merging
export interface NamespaceProviders {}

/** A connector's providers: one per namespace it serves. */
export type ConnectorProviders = { [N in keyof NamespaceProviders]?: NamespaceProviders[N] } & Record<string, unknown>

/**
 * What a connector may offer beyond reaching a wallet, as a chain offers capabilities: whoever needs one asks the
 * registry for it by name (`kernel.connectors.capability(connectorId, 'signInAtLogin')`) and does without where the
 * connector lacks it. Today the embedded wallet offers both; any connector may offer either. Plugins add their own
 * by declaration merging.
 */
export interface ConnectorCapabilities {
  /**
   * For a connector whose accounts come in types (the embedded wallet: eoa or smartAccount): settles the type of
   * `namespace`'s account when a connection is switched to (rules §4): smartAccount when `address` is its smart account
   * and the network offers one, otherwise eoa.
   */
  switchAccountType?: (parameters: { namespace: string; address?: string }) => Promise<void>
  /**
   * For a connector whose login is already the user's approval (the embedded wallet, rules §3 `siwxMessage`): signs
   * rules §3's sign-in message as part of the login that just happened, without asking again; the wallet writes the text
   * and checks the fields. Resolves undefined when it cannot (no login just now): the chain's signIn asks then.
   */
  signInAtLogin?: (parameters: {
    namespace: string
    message: SignInFields
  }) => Promise<{ message: SignInMessage; signature: string } | undefined>
}

export type ConnectorCapabilityName = keyof ConnectorCapabilities & string

/** What a plugin registers. */
export interface ConnectorRegistration {
  /** What views show; `namespaces` lists those it connects. */
  connector: Connector
  /** The wallet, per namespace. A connector whose wallet comes later (a pairing) registers again with it. */
  providers?: ConnectorProviders
  /** Where choosing the connector on Connect leads. @default ConnectingExternal, which asks the wallet at once */
  route?: () => RouteEntry
  /**
   * For a connector that can reach any wallet of the directory (WalletConnect): where choosing a
   * directory wallet leads.
   */
  directoryRoute?: (walletId: string) => RouteEntry
  /** What the connector offers beyond reaching a wallet; most connectors offer nothing more. */
  capabilities?: ConnectorCapabilities
}

/** The connectors of one kernel. */
export interface ConnectorRegistry {
  /**
   * Adds a connector, or replaces the one with the same id. Returns the function that removes it
   * (a no-op once a later registration has replaced it).
   */
  register(registration: ConnectorRegistration): Unsubscribe
  get(connectorId: string): ConnectorRegistration | undefined
  /** The connector's capability `name`, when the connector is registered and offers it. */
  capability<C extends ConnectorCapabilityName>(connectorId: string, name: C): ConnectorCapabilities[C] | undefined
  /** The connector's provider for `namespace`, when it serves that namespace and has one yet. */
  provider<N extends keyof NamespaceProviders & string>(connectorId: string, namespace: N): NamespaceProviders[N] | undefined
  all(): readonly ConnectorRegistration[]
  /** Where choosing the connector on Connect leads. */
  routeOf(connectorId: string): RouteEntry
  /** Where choosing a directory wallet leads, when a connector can reach directory wallets. */
  directoryRouteOf(walletId: string): RouteEntry | undefined
}

/** Creates the registry; every change is reported to the store through `dispatch`. */
export function createConnectorRegistry(dispatch: (action: ConnectionAction) => void): ConnectorRegistry {
  const registrations = new Map<string, ConnectorRegistration>()
  return {
    register(registration) {
      const { id } = registration.connector
      registrations.set(id, registration)
      dispatch({ type: 'connector-added', connector: registration.connector })
      return () => {
        if (registrations.get(id) !== registration) return
        registrations.delete(id)
        dispatch({ type: 'connector-removed', connectorId: id })
      }
    },
    get: (connectorId) => registrations.get(connectorId),
    capability: (connectorId, name) => registrations.get(connectorId)?.capabilities?.[name],
    provider(connectorId, namespace) {
      const registration = registrations.get(connectorId)
      if (!registration?.connector.namespaces.includes(namespace)) return undefined
      return registration.providers?.[namespace] as NamespaceProviders[typeof namespace] | undefined
    },
    all: () => [...registrations.values()],
    routeOf(connectorId) {
      const route = registrations.get(connectorId)?.route
      return route ? route() : { view: 'ConnectingExternal', params: { connectorId } }
    },
    directoryRouteOf(walletId) {
      for (const registration of registrations.values()) {
        if (registration.directoryRoute) return registration.directoryRoute(walletId)
      }
      return undefined
    },
  }
}
