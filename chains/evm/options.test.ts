import { mainnet, sepolia } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { isFoyerError } from 'foyer'
import type { Network } from 'foyer'
import { failure, testKernel } from '../../test/fixtures.js'
import { evm, evmNetwork, type EvmOptions } from './index.js'
import { parseEvmOptions } from './options.js'

const local = {
  id: 31337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

describe('evmNetwork', () => {
  it('turns a viem chain into a Foyer network', () => {
    expect(evmNetwork(mainnet)).toEqual<Network>({
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [...mainnet.rpcUrls.default.http] } },
      blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:1',
    })
    expect(evmNetwork(sepolia)).toMatchObject({ caipNetworkId: 'eip155:11155111', testnet: true })
  })

  it('an RPC URL that is not http(s) is rejected, naming the URL (rules §5)', () => {
    const error = failure(() => evmNetwork({ ...local, rpcUrls: { default: { http: ['wss://rpc.example.com'] } } }))
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect(error.message).toContain('evmNetwork(): `chain.rpcUrls.default.http.0`: must be an http(s) URL')
    expect(error.message).toContain("must be an http(s) URL, not 'wss://rpc.example.com'.")
  })

  it('a chain id that is not a positive integer is rejected', () => {
    expect(() => evmNetwork({ ...local, id: 0 })).toThrow('`chain.id`: Invalid value: Expected >=1 but received 0')
    expect(() => evmNetwork({ ...local, id: '1' as unknown as number })).toThrow(
      '`chain.id`: Invalid type: Expected number but received "1"',
    )
  })
})

describe('evm options', () => {
  it('takes viem chains and Foyer networks alike', () => {
    const plugin = evm({ networks: [mainnet, evmNetwork(local)] })
    expect(plugin.name).toBe('chain:eip155')
    expect(plugin.chain.namespace).toBe('eip155')
    expect(plugin.chain.networks.map((network) => network.caipNetworkId)).toEqual(['eip155:1', 'eip155:31337'])
    expect(Object.keys(plugin.chain.capabilities ?? {}).sort()).toEqual([
      'address',
      'balance',
      'history',
      'identity',
      'readContract',
      'sendTransaction',
      'signIn',
      'signMessage',
      'signTypedData',
      'simulate',
      'starterWallets',
      'switchNetwork',
      'transfer',
    ])
  })

  it.each<[string, unknown, string]>([
    ['no options', undefined, 'evm(): `options`: must be an object such as { networks: [mainnet] }.'],
    ['no networks', {}, 'evm(): `networks` is required.'],
    ['options that are not an object', 5, 'evm(): `options`: must be an object such as { networks: [mainnet] }.'],
    ['empty networks', { networks: [] }, 'evm(): `networks`: needs at least one network, such as [mainnet] from viem/chains.'],
    [
      'an unknown option',
      { networks: [local], chains: [local] },
      'evm(): unknown option `chains`; evm() takes `networks`, `rpcUrls` and `walletConnect`.',
    ],
    [
      'a network without RPC URLs',
      { networks: [{ ...local, rpcUrls: { default: { http: [] } } }] },
      '`networks.0.rpcUrls.default.http`: Invalid length: Expected >=1 but received 0',
    ],
    [
      'a websocket RPC URL',
      { networks: [mainnet, { ...local, rpcUrls: { default: { http: ['ws://127.0.0.1:8546'] } } }] },
      "evm(): `networks.1.rpcUrls.default.http.0`: must be an http(s) URL, not 'ws://127.0.0.1:8546'.",
    ],
    [
      'a javascript: RPC URL',
      { networks: [local], rpcUrls: { 31337: 'javascript:alert(1)' } },
      "`rpcUrls.31337`: must be an http(s) URL, not 'javascript:alert(1)'.",
    ],
    [
      'an RPC URL for a chain not listed',
      { networks: [local], rpcUrls: { 1: 'https://rpc.example.com' } },
      'evm(): `rpcUrls.1` is for chain 1, which `networks` does not list.',
    ],
    ['a chain twice', { networks: [local, { ...local, name: 'Again' }] }, '`networks` lists chain 31337 twice'],
    [
      'a network of another namespace',
      { networks: [{ ...local, chainNamespace: 'solana', caipNetworkId: 'solana:x' }] },
      '`networks.0.chainNamespace`: Invalid type: Expected "eip155" but received "solana"',
    ],
    [
      'walletConnect that is not an object',
      { networks: [local], walletConnect: 'p' },
      'evm(): `walletConnect`: must be an object such as { projectId }.',
    ],
    ['walletConnect without a project id', { networks: [local], walletConnect: {} }, 'evm(): `walletConnect.projectId` is required.'],
    [
      'walletConnect with an empty project id',
      { networks: [local], walletConnect: { projectId: ' ' } },
      '`walletConnect.projectId`: must not be empty.',
    ],
    [
      'an http relay URL',
      { networks: [local], walletConnect: { projectId: 'p', relayUrl: 'http://127.0.0.1:8787' } },
      '`walletConnect.relayUrl`: must be a ws:// or wss:// URL.',
    ],
    [
      'an unknown walletConnect option',
      { networks: [local], walletConnect: { projectId: 'p', qr: true } },
      'unknown option `walletConnect.qr`; walletConnect takes `projectId`, `relayUrl` and `metadata`.',
    ],
    [
      'metadata with a javascript: url',
      { networks: [local], walletConnect: { projectId: 'p', metadata: { name: 'Shop', url: 'javascript:alert(1)' } } },
      '`walletConnect.metadata.url`: must be an http(s) URL.',
    ],
    [
      'a CAIP id that does not match the id',
      { networks: [{ ...local, caipNetworkId: 'eip155:1' }] },
      "evm(): `networks.0.caipNetworkId` is 'eip155:1'; chain 31337 is 'eip155:31337'.",
    ],
  ])('%s fails at evm() with a message naming the option', (_, options, message) => {
    const error = failure(() => evm(options as EvmOptions))
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect(error.message).toContain(message)
  })

  it('walletConnect is optional; its relay and metadata pass through; Verify is no longer an option', () => {
    const config = (walletConnect?: EvmOptions['walletConnect']) => parseEvmOptions({ networks: [local], walletConnect }).walletConnect
    expect(config()).toBeUndefined()
    expect(config({ projectId: 'p' })).toEqual({ projectId: 'p' })
    expect(config({ projectId: 'p', relayUrl: 'ws://127.0.0.1:8787' })).toEqual({ projectId: 'p', relayUrl: 'ws://127.0.0.1:8787' })
    expect(() => config({ projectId: 'p', verify: true } as never)).toThrow('unknown option `walletConnect.verify`')
    expect(
      config({ projectId: 'p', metadata: { name: 'Shop', url: 'https://shop.example.com', icons: ['https://shop.example.com/i.png'] } })
        ?.metadata,
    ).toEqual({
      name: 'Shop',
      url: 'https://shop.example.com',
      icons: ['https://shop.example.com/i.png'],
    })
  })

  it('rpcUrls replaces the URL balances are read from, not the one offered to wallets', () => {
    const plugin = evm({ networks: [local], rpcUrls: { 31337: 'https://rpc.example.com/key' } })
    expect(plugin.chain.networks[0]?.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
  })

  it("the chain registers the UnsupportedChain view and its English texts, the view's own with the view", async () => {
    const kernel = testKernel({ plugins: [evm({ networks: [local] })] })
    expect(kernel.views.get('UnsupportedChain')?.title).toBe('unsupported.title')
    expect(kernel.i18n.t('evm.browserWallet')).toBe('Browser Wallet')
    await kernel.views.load('UnsupportedChain')
    expect(kernel.i18n.t('evm.unsupported.current', { chainId: 56 })).toBe('Your wallet is on chain 56.')
  })
})

describe('evm options, shapes', () => {
  it.each<[string, unknown, string]>([
    [
      'networks that are not an array',
      { networks: mainnet },
      '`networks`: must be an array of networks, such as [mainnet] from viem/chains.',
    ],
    [
      'a network without a name',
      { networks: [{ id: 1, nativeCurrency: local.nativeCurrency, rpcUrls: local.rpcUrls }] },
      '`networks.0.name` is required.',
    ],
    [
      'a network whose name is not text',
      { networks: [{ ...local, name: 7 }] },
      '`networks.0.name`: Invalid type: Expected string but received 7.',
    ],
    [
      'a currency without decimals',
      { networks: [{ ...local, nativeCurrency: { name: 'Ether', symbol: 'ETH' } }] },
      '`networks.0.nativeCurrency.decimals` is required.',
    ],
    [
      'an rpcUrls key that is no chain id',
      { networks: [local], rpcUrls: { abc: 'http://127.0.0.1:8545' } },
      '`rpcUrls.abc`: Invalid format',
    ],
  ])('%s is named', (_, options, message) => {
    expect(() => evm(options as EvmOptions)).toThrow(message)
  })
})
