// The "foyer" entry: the headless kernel. No React here (style 20); the modal is in "foyer/react".

export { createKernel } from './core/createKernel.js'
export type { Kernel } from './core/createKernel.js'
export type { FoyerOptions, ResolvedOptions, AppMetadata, CustomWallet, ServiceUrls } from './core/options.js'

export { definePlugin, pluginApi, DuplicatePluginError, MissingPluginError, PluginApiNotFoundError } from './core/plugin.js'
export type {
  Availability,
  Plugin,
  PluginApis,
  PluginDefinition,
  PluginOption,
  PluginSlotEntry,
  PluginView,
  Teardown,
} from './core/plugin.js'
export { defineChain, isChainPlugin } from './core/chain.js'
export type {
  ChainCapabilities,
  ChainDefinition,
  ChainPlugin,
  ChainRegistry,
  CapabilityName,
  ConnectResult,
  ContractRead,
  NativeBalance,
  SignInFields,
  SignInMessage,
  StarterWallet,
  InstallLinks,
  TransactionRequest,
  TransferParameters,
  TransferToken,
  TypedData,
} from './core/chain.js'

export type { Bus, EventName, EventHandler, FoyerEvents, Unsubscribe } from './core/bus.js'
export { createToken } from './core/container.js'
export type { Container, Token } from './core/container.js'
export type { FoyerState, SliceName, Store } from './core/store.js'
export type { RequestableView, RouteArgs, RouteEntry, Router, RouterModal, RouterState, ViewResults } from './core/router.js'
export { whenViewLeaves } from './core/router.js'
export { UnknownViewError } from './core/views.js'
export type { SlotEntry, SlotName, Slots, ViewDefinition, ViewId, ViewParams, ViewRegistry } from './core/views.js'
export { KERNEL_FLAGS, isFeatureEnabled } from './core/features.js'
export type { FeatureFlags, FeatureName, Features, FeaturesState, FlagDeclaration, FlagDeclarations } from './core/features.js'
export type { I18n, LocaleLoader, LocaleMessages, MessageKey, MessageParams, Messages, Translations } from './core/i18n.js'
export { LOG_BUFFER_CHARS } from './core/logger.js'
export type { LogLevel, Logger } from './core/logger.js'

export { openModal, closeModal, goBack, shakeModal, setModalLoading, SHAKE_MS, MOBILE_MAX_WIDTH } from './core/modal.js'
export type { ModalState, OpenModalParameters } from './core/modal.js'
export { showToast, hideToast, TOAST_RESHOW_MS, TOAST_AUTO_CLOSE_MS } from './core/toast.js'
export { DEBOUNCE_MS, ERROR_MESSAGE_DELAY_MS } from './core/timing.js'
export type { ShowToastParameters, ToastState, ToastVariant } from './core/toast.js'
export { ALERTS, alertMessages, dismissAlert, raiseAlert } from './core/alerts.js'
export type { AlertCode, AlertsState } from './core/alerts.js'
export { selectActiveConnection, selectIsConnected } from './core/connection.js'
export { getAccount, setAccountDetails, setAddressLabel } from './core/account.js'
export type { AccountDetails, AccountSlice, AccountState, AccountTokenBalance, AccountUser, ConnectedWalletInfo } from './core/account.js'
export type {
  ConnectorCapabilities,
  ConnectorCapabilityName,
  ConnectorProviders,
  ConnectorRegistration,
  ConnectorRegistry,
  NamespaceProviders,
} from './core/connectors.js'
export type { AfterConnectContext, PluginHooks } from './core/lifecycle.js'
export type { ConnectionAction, ConnectionState, ConnectionStatus, NamespaceConnection } from './core/connection.js'
export { isSafeImageUrl, isSameNetwork } from './model/network.js'
export { parseNetworks } from './model/chainOptions.js'
export type { ParseNetworksOptions } from './model/chainOptions.js'
// For chain plugins: the pieces parseNetworks is built from, to compose a chain family's own option schema.
export {
  CurrencySchema,
  ExplorerSchema,
  RpcUrlSchema,
  defaultRpcUrls,
  describeIssues,
  networkIdProblem,
  networkSchema,
  networksSchema,
  pickNetwork,
} from './model/chainOptions.js'
export type { DescribeIssuesOptions, NetworkFields } from './model/chainOptions.js'
export { isHttpUrl } from './model/network.js'
export { CONNECTOR_ORDER, orderConnectors } from './core/connectorOrder.js'
export type { ConnectorGroup, OrderedConnector } from './core/connectorOrder.js'
export type { Account, AccountType, Connector, ConnectorType, Network } from './model/network.js'
export type { SentTransaction } from './model/transaction.js'
export type { Asset } from './model/asset.js'
export { canSwitchAccountType, DEFAULT_ACCOUNT_TYPES, defaultAccountType } from './model/accountTypes.js'
export type { AccountTypeRules } from './model/accountTypes.js'

export { connect } from './actions/connect.js'
export type { ConnectErrorType, ConnectParameters, ConnectReturnType } from './actions/connect.js'
export { disconnect } from './actions/disconnect.js'
export { downloadLogs } from './actions/downloadLogs.js'
export type { DownloadLogsParameters } from './actions/downloadLogs.js'
export type { DisconnectParameters } from './actions/disconnect.js'
export { InvalidConnectionStatusError, switchConnection } from './actions/switchConnection.js'
export type { ConnectionSwitchStatus, SwitchConnectionErrorType, SwitchConnectionParameters } from './actions/switchConnection.js'
export { switchNetwork } from './actions/switchNetwork.js'
export type { SwitchNetworkParameters } from './actions/switchNetwork.js'
export { signMessage } from './actions/signMessage.js'
export type { SignMessageParameters, SignMessageReturnType } from './actions/signMessage.js'
export { getNativeBalance, nativeBalanceQuery, NATIVE_BALANCE_TTL_MS } from './actions/getNativeBalance.js'
export type { GetNativeBalanceParameters, GetNativeBalanceReturnType } from './actions/getNativeBalance.js'
export { getIdentity, identityQuery, IDENTITY_STALE_MS } from './actions/getIdentity.js'
export type { GetIdentityParameters, GetIdentityReturnType } from './actions/getIdentity.js'

export { fetchKernelQuery } from './services/kernelQuery.js'
export type { KernelQuery } from './services/kernelQuery.js'
// For code that sets a persisted query's answer itself (a name just registered is the identity): kept or forgotten in
// storage as the query client's cache is.
export { forgetPersisted, readPersisted, writePersisted } from './services/queryCache.js'
export type { PersistedAnswer } from './services/queryCache.js'

export { FetchToken, StorageToken } from './core/tokens.js'
export { afterFirstPaint } from './core/idle.js'
export { createStorage, createMemoryBackend, readRecentWallets, addRecentWallet, RECENT_WALLETS_LIMIT } from './services/storage.js'
export type { RecentWallet, StorageBackend, StorageService } from './services/storage.js'

// CAIP ids are the protocol layer's (foyer/protocol), re-exported for hosts that read them here. One chain family's
// formats (isEvmAddress, isSolanaAddress, transaction hashes …) are not the kernel's: import them from 'foyer/protocol'.
export {
  CHAIN_NAMESPACES,
  formatCaipAddress,
  formatCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from 'foyer/protocol'
export type { CaipAddress, CaipNetworkId, ChainNamespace, ParsedCaipAddress, ParsedCaipNetworkId } from 'foyer/protocol'
export * from './model/addresses.js'
export * from './model/format.js'
export { THEMES, resolveTheme, setThemeMode, themeToCss, cssVariableName } from './core/theme.js'
export type { ThemeMode, ThemeName, ThemeState, ThemeTokens, ThemeVariables } from './core/theme.js'
export { SDK_TYPE, SDK_VERSION } from './core/version.js'

export { BaseError, isFoyerError, visibleMessage } from './core/errors/BaseError.js'
export type { BaseErrorOptions } from './core/errors/BaseError.js'
export { isUserRejection } from './core/errors/isUserRejection.js'
export * from './core/errors/catalogue.js'
