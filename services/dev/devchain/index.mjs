// The dev-chain launcher: anvil processes with Foyer's fixture contracts, for `npm start` and the tests.
// Import from this file, not from the modules behind it; their JSDoc is the types.
export { ANVIL_ACCOUNTS, NAME_RESOLVER_OWNER } from './anvilAccounts.mjs'
export { CONTRACTS_CACHE_DIR, CONTRACTS_DIR, compileContracts } from './compileContracts.mjs'
export { deployFixtures } from './deployFixtures.mjs'
export {
  FOYER_ACCOUNT_ARTIFACT_PATH,
  FOYER_PAYMASTER_ARTIFACT_PATH,
  buildFoyerAccountArtifact,
  buildFoyerPaymasterArtifact,
} from './foyerAccountArtifact.mjs'
export {
  ACCOUNT_ABSTRACTION_DEPLOYER,
  DELEGATION_MANAGER,
  DETERMINISTIC_DEPLOYER,
  DEV_PAYMASTER,
  DEV_PAYMASTER_DEPOSIT,
  DEV_PAYMASTER_SIGNER,
  EIP7702_DELEGATE,
  ENFORCERS,
  ENTRY_POINT_08,
  FOYER_ACCOUNT_ARTIFACT,
  FOYER_ACCOUNT_FACTORY,
  deployAccountAbstraction,
} from './deployAccountAbstraction.mjs'
export { AMM_DEPLOYER, AMM_POOLS, deployAmm, pairAddress } from './deployAmm.mjs'
export { MULTICALL3_ADDRESS, installMulticall3 } from './installMulticall3.mjs'
export { createRpc, waitForReceipts } from './rpc.mjs'
export { PortInUseError, assertPortFree, findFreePort } from '../../listen.mjs'
export { startAnvil } from './startAnvil.mjs'
export { FIXTURES_PATH, startDevChains } from './startDevChains.mjs'

/**
 * @typedef {import('./deployAccountAbstraction.mjs').AccountAbstractionFixtures} AccountAbstractionFixtures
 * @typedef {import('./deployAmm.mjs').AmmFixtures} AmmFixtures
 * @typedef {import('./startAnvil.mjs').AnvilInstance} AnvilInstance
 * @typedef {import('./deployFixtures.mjs').ChainFixtures} ChainFixtures
 * @typedef {import('./compileContracts.mjs').ContractArtifact} ContractArtifact
 * @typedef {import('./startDevChains.mjs').DevChainFixtures} DevChainFixtures
 * @typedef {import('./rpc.mjs').DevChainRpc} DevChainRpc
 * @typedef {import('./startDevChains.mjs').DevChains} DevChains
 */
