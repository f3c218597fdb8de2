// MetaMask's Delegation Framework (v1.3.0, audited; the builds `@metamask/delegation-abis` ships, MIT-0 or
// Apache-2.0) as this wallet deploys and uses it: the EIP-7702 delegate every upgraded account points to
// (EIP7702StatelessDeleGator), the DelegationManager that checks and redeems permissions, and the caveat enforcers
// the wallet's permissions are made of. Each is created through the deterministic deployment proxy with salt 0, so
// its address follows from its build and arguments alone and is the same on every chain (docs/wallets.md#eip-7702-the-visitors-own-address-as-a-smart-account).
//
// The delegate is built for EntryPoint v0.8, the one the wallet's bundlers and FoyerPaymaster serve: the DeleGator
// checks a user operation's signature over its own EIP-712 hash and ignores the EntryPoint's, so the v0.7-era build
// runs unchanged on v0.8. (The kit's own deployment pairs it with an EntryPoint v0.7 of its own, which this stack has
// no bundler or paymaster for.)
import * as abis from '@metamask/delegation-abis'
import * as bytecode from '@metamask/delegation-abis/bytecode'
import { concat, encodeDeployData, getAbiItem, getContractAddress, toFunctionSelector } from 'viem'

import { DETERMINISTIC_DEPLOYER, ENTRY_POINT_08 } from './foyerAccount.mjs'

const SALT = /** @type {`0x${string}`} */ (`0x${'0'.repeat(64)}`)

/**
 * The DelegationManager's owner, who may only pause every redemption (Ownable2Step): nobody. An address no key
 * controls, so the deployment is the same on every chain and no one, the operator included, can freeze the
 * permissions users granted.
 */
export const DELEGATION_MANAGER_OWNER = /** @type {`0x${string}`} */ ('0x000000000000000000000000000000000000dEaD')

/** The ABIs the wallet calls. */
export const DELEGATION_ABIS = Object.freeze({
  delegationManager: /** @type {import('viem').Abi} */ (abis.DelegationManager),
  delegator: /** @type {import('viem').Abi} */ (abis.EIP7702StatelessDeleGator),
  erc20PeriodTransfer: /** @type {import('viem').Abi} */ (abis.ERC20PeriodTransferEnforcer),
})

/**
 * @param {import('viem').Abi} abi @param {`0x${string}`} code @param {readonly unknown[]} [args]
 * @returns {{ address: `0x${string}`, data: `0x${string}` }} where the proxy creates it, and the proxy's calldata
 */
function creation(abi, code, args = []) {
  const init = encodeDeployData({ abi, bytecode: code, args: /** @type {any} */ (args) })
  return {
    address: getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: SALT, bytecode: init }),
    data: concat([SALT, init]),
  }
}

// The caveat enforcers the wallet's permissions use (permissions.mjs), each its name, ABI and build; none takes
// constructor arguments.
/** @type {Record<'erc20PeriodTransfer' | 'allowedTargets' | 'allowedMethods' | 'timestamp' | 'valueLte', [string, unknown, string]>} */
const ENFORCER_BUILDS = {
  erc20PeriodTransfer: ['ERC20PeriodTransferEnforcer', abis.ERC20PeriodTransferEnforcer, bytecode.ERC20PeriodTransferEnforcer],
  allowedTargets: ['AllowedTargetsEnforcer', abis.AllowedTargetsEnforcer, bytecode.AllowedTargetsEnforcer],
  allowedMethods: ['AllowedMethodsEnforcer', abis.AllowedMethodsEnforcer, bytecode.AllowedMethodsEnforcer],
  timestamp: ['TimestampEnforcer', abis.TimestampEnforcer, bytecode.TimestampEnforcer],
  valueLte: ['ValueLteEnforcer', abis.ValueLteEnforcer, bytecode.ValueLteEnforcer],
}

const managerCreation = creation(DELEGATION_ABIS.delegationManager, /** @type {`0x${string}`} */ (bytecode.DelegationManager), [
  DELEGATION_MANAGER_OWNER,
])
const delegateCreation = creation(DELEGATION_ABIS.delegator, /** @type {`0x${string}`} */ (bytecode.EIP7702StatelessDeleGator), [
  managerCreation.address,
  ENTRY_POINT_08,
])
const enforcerCreations = Object.fromEntries(
  Object.entries(ENFORCER_BUILDS).map(([key, [name, abi, code]]) => [
    key,
    { name, ...creation(/** @type {import('viem').Abi} */ (abi), /** @type {`0x${string}`} */ (code)) },
  ]),
)

/** The DelegationManager: checks a delegation's signature and caveats, and runs it (ERC-7710 `redeemDelegations`). */
export const DELEGATION_MANAGER = managerCreation.address
/** The EIP-7702 delegate: MetaMask's EIP7702StatelessDeleGator for DELEGATION_MANAGER and EntryPoint v0.8. */
export const EIP7702_DELEGATE = delegateCreation.address
/** The DelegationManager's `disableDelegation`, by which a user revokes a permission: a site's sponsorship policy names it. */
export const DISABLE_DELEGATION_SELECTOR = toFunctionSelector(
  /** @type {import('viem').AbiFunction} */ (getAbiItem({ abi: DELEGATION_ABIS.delegationManager, name: 'disableDelegation' })),
)

/** @typedef {keyof typeof ENFORCER_BUILDS} EnforcerName */

/** The caveat enforcers, by the name permissions.mjs uses. @type {Readonly<Record<EnforcerName, `0x${string}`>>} */
export const ENFORCERS = Object.freeze(
  /** @type {Record<EnforcerName, `0x${string}`>} */ (
    Object.fromEntries(Object.entries(enforcerCreations).map(([key, { address }]) => [key, address]))
  ),
)

/**
 * What deploys the framework on a chain that has the deterministic deployment proxy: one call to the proxy each, in
 * this order (the delegate's address names the manager's, not its code, so the order only keeps it readable).
 *
 * @returns {{ name: string, address: `0x${string}`, data: `0x${string}` }[]}
 */
export function delegationFrameworkDeployments() {
  return [
    { name: 'DelegationManager', ...managerCreation },
    { name: 'EIP7702StatelessDeleGator', ...delegateCreation },
    ...Object.values(enforcerCreations),
  ]
}
