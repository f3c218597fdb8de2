import { describe, expect, it } from 'vitest'
import { isFoyerError, isSameNetwork, type Network } from 'foyer'
import { LOCAL_GENESIS_HASH, LOCAL_SOLANA_CHAIN_ID } from '../../services/dev/solana/index.mjs'
import { failure, testKernel } from '../../test/fixtures.js'
import { solana, solanaDevnet, solanaLocalnet, solanaMainnet, solanaNetwork, type SolanaOptions } from './index.js'

const local = solanaLocalnet('http://127.0.0.1:8899', LOCAL_GENESIS_HASH)

describe('Solana networks (rules §3)', () => {
  it('mainnet is solana:<first 32 characters of its genesis hash>, with its deprecated id', () => {
    expect(solanaMainnet).toEqual<Network>({
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
      blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com' } },
      chainNamespace: 'solana',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      deprecatedCaipNetworkId: 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ',
    })
  })

  it('devnet likewise, marked as a testnet', () => {
    expect(solanaDevnet).toMatchObject({
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      deprecatedCaipNetworkId: 'solana:8E9rvCKLFQia2Y35HvivXYS8Ro66Fu6j',
      testnet: true,
      nativeCurrency: { symbol: 'SOL', decimals: 9 },
    })
  })

  it('either id of a network finds it', () => {
    expect(isSameNetwork(solanaMainnet, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true)
    expect(isSameNetwork(solanaMainnet, 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ')).toBe(true)
    expect(isSameNetwork(solanaMainnet, solanaDevnet.caipNetworkId)).toBe(false)
  })

  it("a local cluster's id comes from its genesis hash, as the local node's does", () => {
    expect(local).toMatchObject({
      id: LOCAL_GENESIS_HASH.slice(0, 32),
      name: 'Solana Localnet',
      caipNetworkId: LOCAL_SOLANA_CHAIN_ID,
      rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
      testnet: true,
    })
    expect(local).not.toHaveProperty('deprecatedCaipNetworkId')
    expect(solanaLocalnet('http://127.0.0.1:8899', LOCAL_GENESIS_HASH, 'Mine').name).toBe('Mine')
  })

  it.each<[string, () => unknown, string]>([
    [
      'a websocket RPC URL',
      () => solanaLocalnet('ws://127.0.0.1:8900', LOCAL_GENESIS_HASH),
      "solanaNetwork(): `rpcUrl`: must be an http(s) URL, not 'ws://127.0.0.1:8900'.",
    ],
    [
      'no URL at all',
      () => solanaLocalnet('localhost:8899', LOCAL_GENESIS_HASH),
      "`rpcUrl`: must be an http(s) URL, not 'localhost:8899'.",
    ],
    [
      'a genesis hash that is not base58',
      () => solanaLocalnet('http://127.0.0.1:8899', `0x${'ab'.repeat(20)}`),
      '`genesisHash`: must be a base58 genesis hash.',
    ],
    [
      'an unknown field',
      () => solanaNetwork({ genesisHash: LOCAL_GENESIS_HASH, name: 'x', rpcUrl: 'http://127.0.0.1', chainId: 1 } as never),
      'unknown field `chainId`',
    ],
    [
      'a malformed deprecated id',
      () => solanaNetwork({ genesisHash: LOCAL_GENESIS_HASH, name: 'x', rpcUrl: 'http://127.0.0.1', deprecatedCaipNetworkId: 'eip155:1' }),
      '`deprecatedCaipNetworkId`: must be a CAIP-2 id',
    ],
  ])('%s is refused, naming the field (rules §5)', (_, run, message) => {
    const error = failure(run)
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect(error.message).toContain(message)
  })
})

describe('solana options', () => {
  it('a chain plugin for the solana namespace with balance, switchNetwork and signMessage, eoa by default (rules §6)', () => {
    const plugin = solana({ networks: [solanaMainnet, solanaDevnet, local] })
    expect(plugin.name).toBe('chain:solana')
    expect(plugin.chain.namespace).toBe('solana')
    expect(plugin.chain.defaultAccountType).toBe('eoa')
    expect(plugin.chain.networks.map((network) => network.caipNetworkId)).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      LOCAL_SOLANA_CHAIN_ID,
    ])
    expect(Object.keys(plugin.chain.capabilities ?? {}).sort()).toEqual([
      'address',
      'balance',
      'history',
      'signIn',
      'signMessage',
      'starterWallets',
      'switchNetwork',
      'transfer',
    ])
  })

  it.each<[string, unknown, string]>([
    ['no options', undefined, 'solana(): `options`: must be an object such as { networks: [solanaMainnet] }.'],
    ['no networks', {}, 'solana(): `networks` is required.'],
    [
      'empty networks',
      { networks: [] },
      'solana(): `networks`: needs at least one network, such as [solanaMainnet] from foyer/chains/solana.',
    ],
    ['networks that are not an array', { networks: solanaMainnet }, '`networks`: must be an array of networks'],
    [
      'an unknown option',
      { networks: [local], chains: [local] },
      'solana(): unknown option `chains`; solana() takes `networks` and `rpcUrls`.',
    ],
    [
      'an EVM network',
      { networks: [{ ...local, chainNamespace: 'eip155' }] },
      '`networks.0.chainNamespace`: must be "solana": build Solana networks with solanaNetwork().',
    ],
    [
      'a websocket RPC URL',
      { networks: [solanaMainnet, { ...local, rpcUrls: { default: { http: ['wss://api.example.com'] } } }] },
      "solana(): `networks.1.rpcUrls.default.http.0`: must be an http(s) URL, not 'wss://api.example.com'.",
    ],
    [
      'a javascript: RPC URL in rpcUrls',
      { networks: [local], rpcUrls: { [local.caipNetworkId]: 'javascript:alert(1)' } },
      "must be an http(s) URL, not 'javascript:alert(1)'.",
    ],
    [
      'an RPC URL for a network not listed',
      { networks: [local], rpcUrls: { [solanaMainnet.caipNetworkId]: 'https://rpc.example.com' } },
      'solana(): `rpcUrls` has a URL for solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp, which `networks` does not list.',
    ],
    [
      'a network twice',
      { networks: [local, { ...local, name: 'Again' }] },
      `\`networks\` lists Again (${LOCAL_SOLANA_CHAIN_ID}) twice. Keep one.`,
    ],
    [
      'a CAIP id that does not match the id',
      { networks: [{ ...local, caipNetworkId: solanaMainnet.caipNetworkId }] },
      "solana(): `networks.0.caipNetworkId` is 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'",
    ],
  ])('%s fails at solana() with a message naming the option', (_, options, message) => {
    const error = failure(() => solana(options as SolanaOptions))
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect(error.message).toContain(message)
  })

  it('rpcUrls (by either id) replaces the URL balances are read from, not the network offered', () => {
    const plugin = solana({
      networks: [solanaMainnet],
      rpcUrls: { 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ': 'https://rpc.example.com/key' },
    })
    expect(plugin.chain.networks[0]?.rpcUrls.default.http).toEqual(['https://api.mainnet-beta.solana.com'])
  })

  it('fields beyond rules §3 on a host-built network are left out', () => {
    const plugin = solana({ networks: [{ ...local, secret: 'x' } as Network] })
    expect(plugin.chain.networks[0]).toEqual(local)
  })

  it('the chain registers its English texts', () => {
    const kernel = testKernel({ plugins: [solana({ networks: [local] })] })
    expect(kernel.i18n.t('solana.browse.opening', { wallet: 'Phantom' })).toBe('Opening this page in Phantom…')
  })
})
