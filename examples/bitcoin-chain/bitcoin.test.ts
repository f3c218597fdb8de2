// The third-party Bitcoin chain in a real kernel, through 'foyer' only, as a host would use it.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  connect,
  createKernel,
  createMemoryBackend,
  disconnect,
  getNativeBalance,
  isFoyerError,
  signMessage,
  switchNetwork,
  type FoyerOptions,
} from 'foyer'
import { importsOf, isSourceFile } from '../../test/boundaries.js'
import { bitcoin, bitcoinMainnet, bitcoinTestnet, type BitcoinWallet } from './index.js'

const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

/** An in-memory wallet: 1.23456789 BTC on mainnet, nothing elsewhere. */
function testWallet(overrides: Partial<BitcoinWallet> = {}) {
  const calls: string[] = []
  const wallet: BitcoinWallet = {
    name: 'Test BTC Wallet',
    icon: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
    async requestAccounts() {
      calls.push('requestAccounts')
      return [address, 'not an address']
    },
    async getBalance({ networkId }) {
      calls.push(`getBalance ${networkId}`)
      return networkId === bitcoinMainnet.caipNetworkId ? 123_456_789n : 0n
    },
    ...overrides,
  }
  return { wallet, calls }
}

function kernelWith(options: FoyerOptions) {
  return createKernel({ projectId: 'example', storage: createMemoryBackend(), isMobile: () => false, logLevel: 'silent', ...options })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('examples/bitcoin-chain: a chain from outside Foyer', () => {
  it('offers its wallet as a bip122 connector and connects a payment account', async () => {
    const { wallet } = testWallet()
    const kernel = kernelWith({ plugins: [bitcoin({ wallet, networks: [bitcoinMainnet, bitcoinTestnet] })] })
    expect(kernel.store.getState().connection.connectors).toEqual([
      {
        id: 'bip122:Test BTC Wallet',
        name: 'Test BTC Wallet',
        namespaces: ['bip122'],
        type: 'injected',
        installed: true,
        imageUrl: wallet.icon,
      },
    ])
    const connection = await connect(kernel, { connectorId: 'bip122:Test BTC Wallet' })
    expect(connection).toMatchObject({ namespace: 'bip122', status: 'connected', address, networkId: bitcoinMainnet.caipNetworkId })
    expect(connection.accounts).toEqual([{ namespace: 'bip122', address, type: 'payment' }])
    expect(kernel.chains.get('bip122')?.defaultAccountType).toBe('payment')
  })

  it('reads the balance through getNativeBalance, formatted by the kernel (rules §5) and cached (rules §9)', async () => {
    const { wallet, calls } = testWallet()
    const kernel = kernelWith({ plugins: [bitcoin({ wallet })] })
    const { networkId } = await connect(kernel, { connectorId: 'bip122:Test BTC Wallet' })
    const read = () => getNativeBalance(kernel, { namespace: 'bip122', address, networkId: networkId! })
    await expect(read()).resolves.toEqual({ formatted: '1.234', symbol: 'BTC' })
    await expect(read()).resolves.toEqual({ formatted: '1.234', symbol: 'BTC' })
    expect(calls).toEqual(['requestAccounts', `getBalance ${bitcoinMainnet.caipNetworkId}`])
  })

  it("what it does not offer is refused by the kernel with 'Unsupported chain'", async () => {
    const { wallet } = testWallet()
    const kernel = kernelWith({ plugins: [bitcoin({ wallet, networks: [bitcoinMainnet, bitcoinTestnet] })] })
    await connect(kernel, { connectorId: 'bip122:Test BTC Wallet' })
    expect(Object.keys(kernel.chains.get('bip122')?.capabilities ?? {})).toEqual(['balance'])
    expect(kernel.chains.withCapability('signMessage')).toEqual([])
    expect(kernel.chains.withCapability('switchNetwork')).toEqual([])
    // rules §6: no history capability, so no Activity tab on Bitcoin.
    expect(kernel.chains.withCapability('history')).toEqual([])

    const signing = await signMessage(kernel, { message: 'hello' }).catch((error: unknown) => error)
    expect(isFoyerError(signing, 'UnsupportedChainError')).toBe(true)
    expect((signing as Error).message).toContain('Unsupported chain')
    const switching = await switchNetwork(kernel, { networkId: bitcoinTestnet.caipNetworkId }).catch((error: unknown) => error)
    expect(isFoyerError(switching, 'UnsupportedChainError')).toBe(true)
    expect(kernel.store.getState().connection.namespaces['bip122']?.networkId).toBe(bitcoinMainnet.caipNetworkId)

    await disconnect(kernel)
    expect(kernel.store.getState().connection.namespaces['bip122']?.status).toBe('disconnected')
  })

  it('without a wallet option it offers the page’s window.btcTestWallet, or nothing', () => {
    expect(kernelWith({ plugins: [bitcoin()] }).store.getState().connection.connectors).toEqual([])
    vi.stubGlobal('window', { btcTestWallet: testWallet({ name: 'Injected BTC' }).wallet })
    expect(
      kernelWith({ plugins: [bitcoin()] })
        .store.getState()
        .connection.connectors.map((connector) => connector.id),
    ).toEqual(['bip122:Injected BTC'])
  })

  it('a wallet that shows no valid address does not connect', async () => {
    const { wallet } = testWallet({ requestAccounts: async () => ['0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'] })
    const kernel = kernelWith({ plugins: [bitcoin({ wallet })] })
    await expect(connect(kernel, { connectorId: 'bip122:Test BTC Wallet' })).rejects.toThrow('Failed to connect')
  })

  it('its networks are checked as the built-in chains check theirs, at bitcoin()', () => {
    expect(() => bitcoin({ networks: [{ ...bitcoinMainnet, chainNamespace: 'eip155' }] })).toThrow(
      'bitcoin(): `networks.0.chainNamespace`: must be "bip122".',
    )
    expect(() => bitcoin({ networks: [{ ...bitcoinMainnet, rpcUrls: { default: { http: ['ftp://node'] } } }] })).toThrow(
      "bitcoin(): `networks.0.rpcUrls.default.http.0`: must be an http(s) URL, not 'ftp://node'.",
    )
  })

  it('imports nothing but foyer (the boundary of a third-party plugin)', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url))
    const sources = readdirSync(dir).filter((file) => isSourceFile(file))
    expect(sources).toContain('index.ts')
    for (const file of sources) {
      const imports = importsOf(readFileSync(`${dir}/${file}`, 'utf8'))
      expect(
        imports.filter((specifier) => !['foyer', 'foyer/react'].includes(specifier) && !specifier.startsWith('./')),
        file,
      ).toEqual([])
    }
    expect(importsOf(readFileSync(`${dir}/index.ts`, 'utf8'))).toEqual(['foyer'])
  })
})
