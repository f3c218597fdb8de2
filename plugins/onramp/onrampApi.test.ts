import { describe, expect, it } from 'vitest'
import { createOnrampApi, OnrampRequestError } from './onrampApi.js'

/** A client over a fetch that answers `body` with `status` and records the requests. */
function clientAnswering(status: number, body: unknown) {
  const requests: Array<{ url: string; body?: unknown }> = []
  const api = createOnrampApi({
    baseUrl: 'http://127.0.0.1:9',
    projectId: 'p1',
    fetch: async (url, init) => {
      requests.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined })
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    },
  })
  return { api, requests }
}

describe('createOnrampApi', () => {
  it('options: networks by CAIP-2, rules §9 fallback limits for a currency that carries none', async () => {
    const { api, requests } = clientAnswering(200, {
      purchaseCurrencies: [
        {
          id: 'USDC',
          name: 'USD Coin',
          symbol: 'USDC',
          networks: [{ name: 'polygon', display_name: 'Polygon', chain_id: '137', contract_address: '0x3c' }],
        },
      ],
      paymentCurrencies: [{ id: 'USD' }, { id: 'EUR', payment_method_limits: [{ id: 'card', min: '20.00', max: '500.00' }] }],
    })
    const options = await api.getOptions()
    expect(requests[0]!.url).toMatch(/\/v1\/onramp\/options\?st=foyer&sv=[^&]+&projectId=p1$/)
    expect(options.purchaseCurrencies[0]!.networks).toEqual([
      { name: 'polygon', displayName: 'Polygon', networkId: 'eip155:137', contractAddress: '0x3c' },
    ])
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
      { id: 'EUR', limits: [{ id: 'card', min: '20.00', max: '500.00' }] },
    ])
  })

  it("a refusal rejects with the service's words (rules §8 quote errors are stored as the message)", async () => {
    const { api } = clientAnswering(400, { error: 'Unsupported purchase currency: DOGE' })
    const failure = api.getQuote({
      provider: 'meld',
      purchaseCurrency: 'DOGE',
      paymentCurrency: 'USD',
      amount: '50.00',
      network: 'ethereum',
      paymentMethod: 'card',
    })
    await expect(failure).rejects.toThrow(OnrampRequestError)
    await expect(failure).rejects.toThrow('Unsupported purchase currency: DOGE')
  })

  it('attack: a checkout URL that is not http(s) is refused, so nothing else opens in the window', async () => {
    const { api } = clientAnswering(200, { url: 'javascript:alert(1)', orderId: 'o1' })
    const params = {
      provider: 'coinbase' as const,
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50.00',
      network: 'ethereum',
      paymentMethod: 'card',
      address: '0x1',
    }
    await expect(api.createCheckout(params)).rejects.toThrow()
  })

  it('the checkout asks for the destination wallet, network, asset and amount as onrampurl takes them', async () => {
    const { api, requests } = clientAnswering(200, { url: 'http://127.0.0.1:9/onramp/checkout/abc', orderId: 'abc' })
    await api.createCheckout({
      provider: 'coinbase',
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50.00',
      network: 'local-31337',
      paymentMethod: 'card',
      address: '0xabc',
    })
    expect(requests[0]!.body).toEqual({
      projectId: 'p1',
      provider: 'coinbase',
      destinationWallets: [{ address: '0xabc', blockchains: ['local-31337'], assets: ['USDC'] }],
      defaultNetwork: 'local-31337',
      defaultExperience: 'buy',
      presetFiatAmount: '50.00',
      fiatCurrency: 'USD',
      paymentMethod: 'card',
    })
  })

  it("the checkout sends the chosen quote's purchase amount as presetCryptoAmount", async () => {
    const { api, requests } = clientAnswering(200, { url: 'http://127.0.0.1:9/onramp/checkout/abc', orderId: 'abc' })
    await api.createCheckout({
      provider: 'meld',
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50.00',
      network: 'local-31337',
      paymentMethod: 'card',
      address: '0xabc',
      cryptoAmount: '49.5',
    })
    expect(requests[0]!.body).toMatchObject({ presetFiatAmount: '50.00', presetCryptoAmount: '49.5' })
  })
})
