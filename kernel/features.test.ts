import { describe, expect, it } from 'vitest'

import {
  applyRemoteFeatures,
  DEFAULT_FEATURES,
  isFeatureEnabled,
  REMOTE_FEATURES,
  remoteConfigToFeatures,
  resolveLocalFeatures,
  SOCIAL_PROVIDERS,
} from './features.js'

describe('feature defaults (§9)', () => {
  it('behavior: the remote features are on by default', () => {
    expect(REMOTE_FEATURES).toEqual(['email', 'socials', 'swaps', 'onramp', 'activity', 'branding', 'multiWallet'])
    for (const name of REMOTE_FEATURES) expect(isFeatureEnabled(DEFAULT_FEATURES, name), name).toBe(true)
  })

  it('behavior: the local defaults are exactly those of §9', () => {
    expect(DEFAULT_FEATURES).toEqual({
      email: true,
      socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
      swaps: true,
      onramp: true,
      activity: true,
      branding: true,
      multiWallet: true,
      receive: true,
      send: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
      walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
    })
  })
})

describe('isFeatureEnabled', () => {
  it('behavior: a list is on while it is not empty; false is off', () => {
    expect(isFeatureEnabled({ ...DEFAULT_FEATURES, socials: ['google'] }, 'socials')).toBe(true)
    expect(isFeatureEnabled({ ...DEFAULT_FEATURES, socials: [] }, 'socials')).toBe(false)
    expect(isFeatureEnabled({ ...DEFAULT_FEATURES, socials: false }, 'socials')).toBe(false)
    expect(isFeatureEnabled(DEFAULT_FEATURES, 'pay')).toBe(false)
  })
})

describe('resolveLocalFeatures', () => {
  it('behavior: the host options win over the defaults', () => {
    const state = resolveLocalFeatures({ swaps: false, pay: true })
    expect(state.flags).toMatchObject({ swaps: false, pay: true, send: true })
    expect(state).toMatchObject({ remoteApplied: false, ignoredLocal: [] })
  })
})

describe('applyRemoteFeatures (§1)', () => {
  it('behavior: remote wins, and only local settings it overrode with another value are reported', () => {
    const local = { swaps: true, email: false, onramp: true, send: false }
    const state = applyRemoteFeatures(resolveLocalFeatures(local), local, {
      swaps: false, // differs from local: ignored
      email: false, // same as local: not reported
      activity: false, // not set locally: not reported
    })
    expect(state.flags).toMatchObject({ swaps: false, email: false, activity: false, onramp: true, send: false })
    expect(state.remoteApplied).toBe(true)
    expect(state.ignoredLocal).toEqual(['swaps'])
  })

  it('behavior: lists compare by value', () => {
    const local = { socials: ['google', 'x'] as const }
    const same = applyRemoteFeatures(resolveLocalFeatures(local), local, { socials: ['google', 'x'] })
    expect(same.ignoredLocal).toEqual([])
    const other = applyRemoteFeatures(resolveLocalFeatures(local), local, { socials: ['github'] })
    expect(other.ignoredLocal).toEqual(['socials'])
  })
})

describe('remoteConfigToFeatures', () => {
  it('behavior: maps remote feature ids to flags and ignores unknown ids', () => {
    expect(
      remoteConfigToFeatures({
        features: [
          { id: 'swaps', isEnabled: false },
          { id: 'multiWallet', isEnabled: true },
          { id: 'send', isEnabled: false }, // local only: the remote may not set it
          { id: 'someFutureThing', isEnabled: true },
        ],
      }),
    ).toEqual({ swaps: false, multiWallet: true })
  })

  it('behavior: socials takes its providers from config, drops unknown ones, and is false when disabled', () => {
    const socials = (isEnabled: boolean, config?: string[] | null) =>
      remoteConfigToFeatures({ features: [{ id: 'socials', isEnabled, config }] }).socials
    expect(socials(true, ['github', 'myspace', 'google'])).toEqual(['github', 'google'])
    expect(socials(true, null)).toEqual([...SOCIAL_PROVIDERS])
    expect(socials(false, ['google'])).toBe(false)
  })
})
