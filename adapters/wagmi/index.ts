// The "foyer/wagmi" entry: Foyer's connection as wagmi's. It loads only when a host imports it, so a
// host without wagmi pays nothing for it; wagmi, @wagmi/core and viem are the host's (optional peers).
export { ANNOUNCE_RETRY_MAX_MS, ANNOUNCE_RETRY_MS, FOYER_CONNECTOR_ID, foyerConnector } from './foyerConnector.js'
export type { FoyerConnectorParameters, FoyerEip1193Provider } from './foyerConnector.js'
