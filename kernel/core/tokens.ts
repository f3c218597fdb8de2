import { createToken } from './container.js'
import type { StorageService } from '../services/storage.js'

/** The kernel's storage service (recent wallets, caches), namespaced by project. */
export const StorageToken = createToken<StorageService>('Storage')

/** The `fetch` every HTTP client uses; replace it to route or observe requests. */
export const FetchToken = createToken<typeof fetch>('fetch')

/** The wallet directory (rules §7) behind All Wallets and the recommended wallets; see `walletDirectoryOf`. */
export const WalletDirectoryToken = createToken<import('../services/directory.js').WalletDirectory>('WalletDirectory')

/** The blockchain data service (rules §7) behind the Tokens, NFTs and Activity tabs; see `blockchainApiOf`. */
export const BlockchainApiToken = createToken<import('../services/blockchainApi.js').BlockchainApi>('BlockchainApi')

/** The kernel's TanStack Query client, made on first use; pass `queryClient` to `createKernel` to share yours. See `queryClientOf`. */
export const QueryClientToken = createToken<import('@tanstack/query-core').QueryClient>('QueryClient')

/** Directory wallets the visitor picked, by id; see `rememberDirectoryWallet`. */
export const PickedWalletsToken = createToken<Map<string, import('../services/directory.js').DirectoryWallet>>('PickedWallets')
