import { describe, expect, it } from 'vitest'

import { canSwitchAccountType, DEFAULT_ACCOUNT_TYPES, defaultAccountType } from './accountTypes.js'

describe('account types (rules §6)', () => {
  it('the defaults per namespace are rules §6’s', () => {
    expect(DEFAULT_ACCOUNT_TYPES).toEqual({ eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' })
  })

  it('eip155 starts as a smart account only where smart accounts are offered', () => {
    expect(defaultAccountType('eip155', { smartAccounts: true })).toBe('smartAccount')
    expect(defaultAccountType('eip155', { smartAccounts: false })).toBe('eoa')
    expect(defaultAccountType('solana', { smartAccounts: true })).toBe('eoa')
    expect(defaultAccountType('bip122', { smartAccounts: false })).toBe('payment')
    expect(defaultAccountType('cosmos', { smartAccounts: true })).toBeUndefined()
  })

  it('to smartAccount only when enabled and the current type is eoa', () => {
    expect(canSwitchAccountType('eoa', 'smartAccount', { smartAccounts: true })).toBe(true)
    expect(canSwitchAccountType('eoa', 'smartAccount', { smartAccounts: false })).toBe(false)
    expect(canSwitchAccountType('smartAccount', 'smartAccount', { smartAccounts: true })).toBe(false)
    expect(canSwitchAccountType('payment', 'smartAccount', { smartAccounts: true })).toBe(false)
    expect(canSwitchAccountType(undefined, 'smartAccount', { smartAccounts: true })).toBe(false)
  })

  it('back to eoa only from a smart account; other targets are no switch', () => {
    expect(canSwitchAccountType('smartAccount', 'eoa', { smartAccounts: true })).toBe(true)
    expect(canSwitchAccountType('smartAccount', 'eoa', { smartAccounts: false })).toBe(true)
    expect(canSwitchAccountType('eoa', 'eoa', { smartAccounts: true })).toBe(false)
    expect(canSwitchAccountType('eoa', 'payment', { smartAccounts: true })).toBe(false)
  })
})
