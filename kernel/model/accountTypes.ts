import type { AccountType } from './network.js'

/**
 * rules §6: the account type a connection starts with, by namespace. EVM starts as a smart account where one is
 * offered (the embedded wallet on a network with a bundler), Bitcoin as a payment account, the rest as EOAs.
 */
export const DEFAULT_ACCOUNT_TYPES: Readonly<Record<string, AccountType>> = Object.freeze({
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
})

export interface AccountTypeRules {
  /** Whether the wallet offers smart accounts on this network (the embedded wallet with a bundler there). */
  smartAccounts: boolean
}

/**
 * rules §6: the type a new connection of `namespace` starts with: the namespace's default, except that a smart
 * account needs `smartAccounts` (otherwise eoa). Undefined for a namespace rules §6 gives no default.
 *
 * @example
 * defaultAccountType('eip155', { smartAccounts: false }) // 'eoa'
 */
export function defaultAccountType(namespace: string, { smartAccounts }: AccountTypeRules): AccountType | undefined {
  const type = DEFAULT_ACCOUNT_TYPES[namespace]
  return type === 'smartAccount' && !smartAccounts ? 'eoa' : type
}

/**
 * rules §6: whether an account of type `from` may switch to `to`. To smartAccount only when smart accounts are on and
 * the account is an eoa; back to eoa only from a smart account; staying on the same type is no switch.
 *
 * @example
 * canSwitchAccountType('eoa', 'smartAccount', { smartAccounts: true }) // true
 */
export function canSwitchAccountType(from: AccountType | undefined, to: AccountType, { smartAccounts }: AccountTypeRules): boolean {
  if (to === 'smartAccount') return smartAccounts && from === 'eoa'
  if (to === 'eoa') return from === 'smartAccount'
  return false
}
