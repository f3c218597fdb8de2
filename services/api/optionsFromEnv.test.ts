// The API CLI's data variables: what each gives startApi, and the refusals that name the variable.
import { describe, expect, it } from 'vitest'

import { chainsFromEnv, dataOptionsFromEnv } from './optionsFromEnv.mjs'

const ROUTER = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const USDC = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const chains = [
  { chainId: 1, rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 8453, rpcUrl: 'http://127.0.0.1:8546' },
]

describe('chainsFromEnv', () => {
  it('gives a named chain its explorer (with the key), pools and Multicall3; the others read ots_', () => {
    expect(
      chainsFromEnv(chains, {
        FOYER_API_EXPLORERS: '8453=https://base.blockscout.com/api',
        FOYER_API_EXPLORER_KEY: 'k',
        FOYER_API_POOLS: `1=${ROUTER}:${USDC}`,
        FOYER_API_MULTICALL3: `8453=${USDC}`,
      }),
    ).toEqual([
      { ...chains[0], pools: { router: ROUTER, usdc: USDC } },
      { ...chains[1], history: { source: 'explorer', url: 'https://base.blockscout.com/api', apiKey: 'k' }, multicall3: USDC },
    ])
    expect(chainsFromEnv(chains, {})).toEqual(chains)
  })

  it('refuses a malformed entry or a chain the API does not serve, naming the variable', () => {
    expect(() => chainsFromEnv(chains, { FOYER_API_EXPLORERS: 'base=https://x' })).toThrow(
      'FOYER_API_EXPLORERS: expected chainId=value, got "base=https://x"',
    )
    expect(() => chainsFromEnv(chains, { FOYER_API_EXPLORERS: '10=https://x' })).toThrow(
      "FOYER_API_EXPLORERS: chain 10 is not one of the API's chains",
    )
    expect(() => chainsFromEnv(chains, { FOYER_API_POOLS: `1=${ROUTER}` })).toThrow(/^FOYER_API_POOLS: expected chainId=router:usdc/)
  })
})

describe('dataOptionsFromEnv', () => {
  it("defaults to Uniswap's list, and to the dev prices only on npm start's chains", () => {
    expect(dataOptionsFromEnv({}, { localChains: true })).toEqual({ tokenLists: ['uniswap-default'], devPrices: true })
    expect(dataOptionsFromEnv({}, { localChains: false })).toEqual({ tokenLists: ['uniswap-default'], devPrices: false })
  })

  it('reads lists, prices and the dev prices switch', () => {
    expect(
      dataOptionsFromEnv(
        {
          FOYER_API_TOKEN_LISTS: 'uniswap-default, ./mine.json,https://tokens.example/list.json',
          FOYER_API_PRICES: '{"ETH":2500}',
          FOYER_API_DEV_PRICES: 'on',
        },
        { localChains: false },
      ),
    ).toEqual({
      tokenLists: ['uniswap-default', './mine.json', 'https://tokens.example/list.json'],
      prices: { ETH: 2500 },
      devPrices: true,
    })
    expect(dataOptionsFromEnv({ FOYER_API_TOKEN_LISTS: 'none' }, { localChains: true }).tokenLists).toEqual([])
    expect(() => dataOptionsFromEnv({ FOYER_API_PRICES: '[1]' }, { localChains: true })).toThrow(/^FOYER_API_PRICES must be a JSON object/)
    expect(() => dataOptionsFromEnv({ FOYER_API_DEV_PRICES: 'yes' }, { localChains: true })).toThrow(
      'FOYER_API_DEV_PRICES must be on or off, got "yes"',
    )
  })
})
