import * as v from 'valibot'
import { isSafeImageUrl, type Connector } from 'foyer'
import { isEip1193Provider, type Eip1193Provider } from './provider.js'

/** EIP-6963: the site asks wallets to announce themselves. */
export const REQUEST_PROVIDER_EVENT = 'eip6963:requestProvider'

/** EIP-6963: a wallet announces itself, once per request and once when it loads. */
export const ANNOUNCE_PROVIDER_EVENT = 'eip6963:announceProvider'

/** The id of the connector for `window.ethereum` when no wallet announces itself. */
export const INJECTED_CONNECTOR_ID = 'injected'

/**
 * How long discovery waits for an EIP-6963 announcement before it offers `window.ethereum`.
 * Wallets answer a request within the same task; this leaves room for one that answers late.
 */
export const LEGACY_PROVIDER_WAIT_MS = 50

// Announcements come from any script on the page: anything not shaped like EIP-6963 is ignored.
const AnnouncementSchema = v.object({
  info: v.object({
    uuid: v.pipe(v.string(), v.nonEmpty()),
    name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100)),
    icon: v.string(),
    rdns: v.optional(v.string()),
  }),
  provider: v.custom<Eip1193Provider>(isEip1193Provider),
})

/** A wallet found in the page and the connector that offers it. */
export interface DiscoveredWallet {
  connector: Connector
  provider: Eip1193Provider
}

export interface DiscoverWalletsParameters {
  /** The page's `window`: the events go through it and `ethereum` is read from it. */
  target: EventTarget
  /** The name of the `window.ethereum` connector, in the visitor's language. */
  injectedName: string
  /** A timer the owner can cancel. */
  schedule(callback: () => void, ms: number): () => void
  found(wallet: DiscoveredWallet): void
  lost(connectorId: string): void
}

/**
 * Finds the page's EVM wallets: every EIP-6963 announcement is a connector (id `info.rdns`, else
 * `info.uuid`). `window.ethereum` is offered as the 'injected' connector only when nothing has
 * announced after {@link LEGACY_PROVIDER_WAIT_MS}; a later announcement replaces it, so a wallet that
 * both injects and announces is listed once. Returns the function that stops listening.
 */
export function discoverWallets({ target, injectedName, schedule, found, lost }: DiscoverWalletsParameters): () => void {
  const providers = new Map<string, Eip1193Provider>()
  let legacyListed = false

  const onAnnounce = (event: Event) => {
    const result = v.safeParse(AnnouncementSchema, (event as CustomEvent<unknown>).detail)
    if (!result.success) return
    const { info, provider } = result.output
    const id = info.rdns || info.uuid
    // Wallets answer every request, also those of other kernels on the page; the first one with an id keeps it.
    if (providers.has(id)) return
    providers.set(id, provider)
    if (legacyListed) {
      legacyListed = false
      lost(INJECTED_CONNECTOR_ID)
    }
    found({
      connector: {
        id,
        name: info.name,
        namespaces: ['eip155'],
        type: 'announced',
        ...(info.rdns && { info: { rdns: info.rdns } }),
        ...(isSafeImageUrl(info.icon) && { imageUrl: info.icon }),
        installed: true,
      },
      provider,
    })
  }

  target.addEventListener(ANNOUNCE_PROVIDER_EVENT, onAnnounce)
  target.dispatchEvent(new Event(REQUEST_PROVIDER_EVENT))
  const cancel = schedule(() => {
    const injected = (target as { ethereum?: unknown }).ethereum
    if (providers.size > 0 || !isEip1193Provider(injected)) return
    legacyListed = true
    found({
      connector: { id: INJECTED_CONNECTOR_ID, name: injectedName, namespaces: ['eip155'], type: 'injected', installed: true },
      provider: injected,
    })
  }, LEGACY_PROVIDER_WAIT_MS)

  return () => {
    cancel()
    target.removeEventListener(ANNOUNCE_PROVIDER_EVENT, onAnnounce)
  }
}
