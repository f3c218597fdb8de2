// The "foyer/query" entry: the kernel's remote data for plugins and hosts, so nobody imports kernel
// internals. It holds @tanstack/query-core and the blockchain data service's client: import it from
// lazily loaded code only (a view, a service behind import()). The light pieces live in the first-paint
// entries: `KernelQuery`, `fetchKernelQuery`, `getNativeBalance` and `getIdentity` in "foyer",
// `useKernelQuery` in "foyer/react".

export { queryClientOf, QUERY_KEY_PREFIX } from './services/queryClient.js'
export { QueryClientToken, BlockchainApiToken } from './core/tokens.js'

export { blockchainApiOf, createBlockchainApi, identitySender } from './services/blockchainApi.js'
export type {
  BlockchainApi,
  BlockchainApiOptions,
  GetHistoryParameters,
  HistoryPage,
  Identity,
  TokenBalance,
  Transaction,
  TransactionTransfer,
} from './services/blockchainApi.js'

export {
  getTokenBalances,
  tokenBalancesQuery,
  TokenBalanceUnavailableError,
  PORTFOLIO_STALE_MS,
  BALANCE_RETRY_WAIT_MS,
} from './actions/getTokenBalances.js'
export type { GetTokenBalancesErrorType, GetTokenBalancesParameters, GetTokenBalancesReturnType } from './actions/getTokenBalances.js'
export { getHistoryPage, historyPageQuery } from './actions/getHistoryPage.js'
export type { GetHistoryPageParameters, GetHistoryPageReturnType } from './actions/getHistoryPage.js'

// For plugins' and chains' lazy code: a client of one of the kernel's services, the public RPC a chain reads through,
// the directory's images and wallets, a transaction's explorer page. Lazy too, so none of it is in the first paint.
export { serviceOf } from './services/serviceOf.js'
// The HTTP client those services are built on, for a plugin's own backend (as the swaps' and the exchange's).
export { createHttpClient, fetchWithRefusals, InvalidResponseError } from './services/http.js'
export type { HttpClient, HttpClientOptions, HttpRequestOptions } from './services/http.js'
export type { ServiceClientOptions } from './services/serviceOf.js'
export { rpcUrlFor } from './services/publicRpc.js'
export { directoryImageUrl, rememberedDirectoryWallet } from './services/directory.js'
export type { DirectoryImageKind, DirectoryWallet } from './services/directory.js'
export { transactionUrl } from './model/explorer.js'
