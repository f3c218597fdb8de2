// Discovery through the real Wallet Standard registry (@wallet-standard/app's getWallets). Node has
// no window: one EventTarget stands in for it for the whole file, because the registry is created
// once per module instance and listens on the window it first saw.
import { getWallets } from '@wallet-standard/app'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { vi } from 'vitest'
import type { Connector } from 'foyer'
import { DEV_WALLET_KEYPAIR } from '../../services/dev/solana/index.mjs'
import { createSolanaWallet, registerSolanaWallet } from '../../test/solanaWallet.js'
import { discoverSolanaWallets, solanaConnectorId, type DiscoveredSolanaWallet } from './discovery.js'
import { isSolanaWallet } from './walletStandard.js'

const page = new EventTarget()
beforeAll(() => {
  vi.stubGlobal('window', page)
})
afterAll(() => {
  vi.unstubAllGlobals()
})

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

function discover({ mobile = false } = {}) {
  const listed = new Map<string, DiscoveredSolanaWallet>()
  const events: string[] = []
  const stop = discoverSolanaWallets({
    wallets: getWallets(),
    isMobile: () => mobile,
    found: (entry) => {
      listed.set(entry.connector.id, entry)
      events.push(`+${entry.connector.id}`)
    },
    lost: (id) => {
      listed.delete(id)
      events.push(`-${id}`)
    },
  })
  cleanups.push(stop)
  return { connectors: (): Connector[] => [...listed.values()].map((entry) => entry.connector), listed, events, stop }
}

function register(wallet: object) {
  const unregister = registerSolanaWallet(wallet as never, page)
  cleanups.push(unregister)
  return unregister
}

const solanaWallet = (name: string) => createSolanaWallet({ name, keypair: DEV_WALLET_KEYPAIR }).wallet

describe('discoverSolanaWallets', () => {
  it('ids are namespaced, so a wallet on both standards never collides with its EVM entry (rdns)', () => {
    expect(solanaConnectorId('MetaMask')).toBe('solana:MetaMask')
    register(solanaWallet('MetaMask'))
    expect(
      discover()
        .connectors()
        .map((connector) => connector.id),
    ).toEqual(['solana:MetaMask'])
  })

  it('wallets without a solana: chain or without standard:connect are left to others', () => {
    const { wallet } = createSolanaWallet({ name: 'Any', keypair: DEV_WALLET_KEYPAIR })
    register({ ...wallet, name: 'EVM only', chains: ['eip155:1'] })
    register({ ...wallet, name: 'No connect', features: { 'standard:events': wallet.features['standard:events'] } })
    register({ ...wallet, name: 'Broken connect', features: { 'standard:connect': { version: '1.0.0' } } })
    register({ ...wallet, name: '   ' })
    register(solanaWallet('Good'))
    expect(
      discover()
        .connectors()
        .map((connector) => connector.name),
    ).toEqual(['Good'])
  })

  it('a wallet registered twice under one name is listed once, the first keeping it', () => {
    const first = solanaWallet('Twin')
    register(first)
    register(solanaWallet('Twin'))
    const { listed } = discover()
    expect([...listed.keys()]).toEqual(['solana:Twin'])
    expect((listed.get('solana:Twin') as { wallet: unknown }).wallet).toBe(first)
  })

  it('an icon that is not https or data:image is dropped', () => {
    register({ ...solanaWallet('Tracker'), icon: 'http://tracker.example/pixel.png' })
    expect(discover().connectors()).toEqual([
      { id: 'solana:Tracker', name: 'Tracker', namespaces: ['solana'], type: 'announced', installed: true },
    ])
  })

  it('registrations and unregistrations after discovery started are followed; stopping ends that', () => {
    const { events, stop } = discover()
    const unregister = register(solanaWallet('Later'))
    unregister()
    stop()
    register(solanaWallet('After stop'))
    expect(events).toEqual(['+solana:Later', '-solana:Later'])
  })

  it('the mobile check is asked again at every change', () => {
    let mobile = false
    const events: string[] = []
    cleanups.push(
      discoverSolanaWallets({
        wallets: getWallets(),
        isMobile: () => mobile,
        found: (entry) => events.push(`+${entry.connector.id}`),
        lost: (id) => events.push(`-${id}`),
      }),
    )
    mobile = true
    register(solanaWallet('Solflare'))
    expect(events).toEqual(['+solana:Solflare', '+solana:browse:phantom', '+solana:browse:coinbase'])
  })

  it('isSolanaWallet refuses what is not an object', () => {
    expect([null, undefined, 'Phantom', 1].map(isSolanaWallet)).toEqual([false, false, false, false])
  })
})
