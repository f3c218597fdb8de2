import { describe, expect, it } from 'vitest'

import { applyRemoteFeatures, remoteConfigToFeatures } from '../services/remoteConfig.js'
import { declareFlags, isFeatureEnabled, KERNEL_FLAGS, resolveLocalFeatures } from './features.js'
import { definePlugin } from './plugin.js'

declare module 'foyer' {
  interface Features {
    testLocal: boolean
    testRemote: boolean
    testList: readonly string[] | false
  }
}

const flagsPlugin = definePlugin({
  name: 'test-flags',
  flags: {
    testLocal: { default: true },
    testRemote: { default: true, remote: true },
    testList: { default: ['a', 'b'], remote: true },
  },
})
const declared = declareFlags([flagsPlugin])

describe('declareFlags', () => {
  it('the kernel declares its own flags with the rules §9 defaults, smartSessions among them', () => {
    expect(declareFlags([])).toEqual({
      allWallets: { default: true },
      analytics: { default: true },
      branding: { default: true, remote: true },
      legalCheckbox: { default: false },
      collapseWallets: { default: false },
      walletFeaturesOrder: { default: ['onramp', 'swaps', 'receive', 'send'] },
      smartSessions: { default: false },
    })
  })

  it("a plugin's flags join the kernel's", () => {
    expect(Object.keys(declared)).toEqual([...Object.keys(KERNEL_FLAGS), 'testLocal', 'testRemote', 'testList'])
    expect(declared.testRemote).toEqual({ default: true, remote: true })
  })

  it('a flag declared by two plugins, or by a plugin and the kernel, is refused', () => {
    const again = definePlugin({ name: 'again', flags: { testLocal: { default: false } } })
    expect(() => declareFlags([flagsPlugin, again])).toThrow(
      "[again] declares the feature flag 'testLocal', which 'test-flags' declares too. Rename one of them.",
    )
    const kernelFlag = definePlugin({ name: 'mine', flags: { branding: { default: false } } })
    expect(() => declareFlags([kernelFlag])).toThrow("[mine] declares the feature flag 'branding', which the kernel declares too.")
  })

  it('a plugin gated by a flag nobody declares is refused', () => {
    const gated = definePlugin({ name: 'gated', feature: 'testLocal' })
    expect(() => declareFlags([gated])).toThrow("[gated] is gated by the feature flag 'testLocal', which no plugin declares.")
    expect(() => declareFlags([flagsPlugin, gated])).not.toThrow()
  })
})

describe('isFeatureEnabled', () => {
  it('a list is on while it is not empty; false and an undeclared flag are off', () => {
    expect(isFeatureEnabled({ testList: ['a'] }, 'testList')).toBe(true)
    expect(isFeatureEnabled({ testList: [] }, 'testList')).toBe(false)
    expect(isFeatureEnabled({ testList: false }, 'testList')).toBe(false)
    expect(isFeatureEnabled({}, 'testLocal')).toBe(false)
  })
})

describe('resolveLocalFeatures', () => {
  it('the host options win over the declared defaults', () => {
    const state = resolveLocalFeatures(declared, { testLocal: false, allWallets: false })
    expect(state.flags).toEqual({
      allWallets: false,
      analytics: true,
      branding: true,
      legalCheckbox: false,
      collapseWallets: false,
      walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
      smartSessions: false,
      testLocal: false,
      testRemote: true,
      testList: ['a', 'b'],
    })
    expect(state).toMatchObject({ remoteApplied: false, ignoredLocal: [] })
  })

  it('undeclared names are refused, saying a flag comes with its plugin', () => {
    expect(() => resolveLocalFeatures(declareFlags([]), { testLocal: true, swaps: false } as never)).toThrow(
      "Unknown feature 'testLocal', 'swaps' in `features`. A feature flag exists when its plugin is in `plugins`; " +
        'known flags: allWallets, analytics, branding, legalCheckbox, collapseWallets, walletFeaturesOrder, smartSessions.',
    )
  })
})

describe('flag values', () => {
  it.each([
    [{ legalCheckbox: 'yes' }, '`features.legalCheckbox`: must be true or false.'],
    [{ collapseWallets: 1 }, '`features.collapseWallets`: must be true or false.'],
    [{ walletFeaturesOrder: 'send' }, '`features.walletFeaturesOrder`: must be a list of strings, or false.'],
    [{ walletFeaturesOrder: ['send', 2] }, '`features.walletFeaturesOrder`: must be a list of strings, or false.'],
    [{ walletFeaturesOrder: ['send', 'swaps', 'send'] }, "`features.walletFeaturesOrder`: lists 'send' twice."],
    [{ testList: true }, '`features.testList`: must be a list of strings, or false.'],
  ])('%j is refused with the flag named', (local, message) => {
    expect(() => resolveLocalFeatures(declared, local as never)).toThrow(message)
  })

  it('values of the kind of the default are taken; a list flag may be false', () => {
    const { flags } = resolveLocalFeatures(declared, {
      collapseWallets: true,
      legalCheckbox: true,
      walletFeaturesOrder: ['send', 'names'],
      testList: false,
    })
    expect(flags).toMatchObject({ collapseWallets: true, legalCheckbox: true, walletFeaturesOrder: ['send', 'names'], testList: false })
  })
})

describe('applyRemoteFeatures (rules §1, §9)', () => {
  it('remote wins for the remote flags, and only local settings it overrode with another value are reported', () => {
    const local = { testRemote: true, branding: false, testLocal: true }
    const state = applyRemoteFeatures(resolveLocalFeatures(declared, local), declared, local, {
      testRemote: false, // differs from local: ignored
      branding: false, // same as local: not reported
      testList: ['b'], // not set locally: not reported
    })
    expect(state.flags).toMatchObject({ testRemote: false, branding: false, testList: ['b'], testLocal: true })
    expect(state.remoteApplied).toBe(true)
    expect(state.ignoredLocal).toEqual(['testRemote'])
  })

  it('flags not declared remote, and ids nobody declares, are left alone', () => {
    const state = applyRemoteFeatures(resolveLocalFeatures(declared), declared, {}, { testLocal: false, allWallets: false, swaps: false })
    expect(state.flags).toEqual(resolveLocalFeatures(declared).flags)
    expect(state.ignoredLocal).toEqual([])
  })

  it('lists compare by value', () => {
    const local = { testList: ['a', 'b'] }
    const same = applyRemoteFeatures(resolveLocalFeatures(declared, local), declared, local, { testList: ['a', 'b'] })
    expect(same.ignoredLocal).toEqual([])
    const other = applyRemoteFeatures(resolveLocalFeatures(declared, local), declared, local, { testList: ['c'] })
    expect(other.ignoredLocal).toEqual(['testList'])
  })
})

describe('remoteConfigToFeatures', () => {
  it('each feature id becomes its isEnabled, or its config list while enabled', () => {
    expect(
      remoteConfigToFeatures({
        features: [
          { id: 'swaps', isEnabled: false },
          { id: 'multiWallet', isEnabled: true, config: null },
          { id: 'socials', isEnabled: true, config: ['github', 'google'] },
          { id: 'other', isEnabled: false, config: ['google'] },
        ],
      }),
    ).toEqual({ swaps: false, multiWallet: true, socials: ['github', 'google'], other: false })
  })
})
