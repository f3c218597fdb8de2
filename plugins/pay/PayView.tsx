import { useState } from 'react'
import { pluginApi, isUserRejection, type CaipNetworkId, shortenAddress, switchNetwork, visibleMessage, type Kernel } from 'foyer'
import { useAccount, useKernel, useKernelQuery, useNetwork, useTranslate } from 'foyer/react'
import type { ViewProps } from 'foyer/react'
import { Button, SimulationSummary, Skeleton, simulationTexts, useSimulation } from 'foyer/ui'
import { exchangeApiOf, payFromExchange } from './exchangeApi.js'
import { parsePayParameters, type ParsedAsset, type PayParameters } from './payParameters.js'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** The asset as Send takes it: its symbol and decimals, and its contract unless it is the network's coin. */
type PayToken = { symbol: string; decimals: number; address?: string }

const erc20Metadata = [
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'string' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint8' }] },
] as const

/** The asset's symbol and decimals: given, the network's coin, or read from the token's contract. */
function assetMetadataQuery(kernel: Kernel, params: PayParameters, asset: ParsedAsset) {
  return {
    key: ['pay', 'asset', params.asset],
    staleTime: Infinity,
    load: async (): Promise<{ symbol: string; decimals: number }> => {
      if (params.metadata) return params.metadata
      const chain = kernel.chains.get(asset.namespace)
      const network = chain?.networks.find((candidate) => candidate.caipNetworkId === asset.networkId)
      if (asset.kind === 'native') {
        if (!network) throw new Error(`No chain plugin declares ${asset.networkId}`)
        return { symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals }
      }
      const read = chain?.capabilities?.readContract
      if (!read || !asset.address) throw new Error('No metadata')
      const [symbol, decimals] = await Promise.all(
        (['symbol', 'decimals'] as const).map((functionName) =>
          read.readContract(kernel, { networkId: asset.networkId as never, address: asset.address!, abi: erc20Metadata, functionName }),
        ),
      )
      if (typeof symbol !== 'string' || typeof decimals !== 'number') throw new Error('No metadata')
      return { symbol, decimals }
    },
  }
}

/**
 * The Pay view: what the host asks (amount, asset, recipient, network) and the way to pay it, from the connected
 * wallet through Send's transfer (the wallet is moved to the asset's network first). Its answer settles `pay`.
 */
export default function PayView({ params }: ViewProps<PayParameters>) {
  const kernel = useKernel()
  const t = useTranslate()
  const asset = parsePayParameters(params)
  const { address, namespace } = useAccount()
  const { networkId } = useNetwork()
  const metadata = useKernelQuery(assetMetadataQuery(kernel, params, asset))
  const [busy, setBusy] = useState<false | 'wallet' | 'exchange'>(false)
  const [error, setError] = useState<string>()
  const network = kernel.chains.get(asset.namespace)?.networks.find((candidate) => candidate.caipNetworkId === asset.networkId)
  const connected = Boolean(address) && namespace === asset.namespace
  const token: PayToken | undefined =
    metadata?.status === 'ready' ? { ...metadata.data, ...(asset.address ? { address: asset.address } : {}) } : undefined
  const simulation = usePaySimulation(kernel, params, asset, token, connected ? address : undefined)
  const reverts = typeof simulation === 'object' && simulation.status === 'reverts'

  if (!metadata || metadata.status === 'loading') return <Skeleton height={120} />
  if (metadata.status === 'error') {
    return (
      <p className="f-error-text" role="alert">
        {t('pay.error.token')}
      </p>
    )
  }
  const { symbol } = metadata.data

  const payFromWallet = async () => {
    setBusy('wallet')
    setError(undefined)
    try {
      if (networkId !== asset.networkId) await switchNetwork(kernel, { networkId: asset.networkId as never })
      const { hash } = await pluginApi(kernel, 'send').sendToken(kernel, { token: token!, amount: params.amount, to: params.recipient })
      kernel.router.finish({ status: 'success', hash, via: 'wallet' })
    } catch (reason) {
      kernel.logger.warn('The payment failed.', reason)
      setError(
        isUserRejection(reason)
          ? t('pay.error.rejected')
          : visibleMessage(reason, reason instanceof Error ? reason.message.split('\n')[0]! : t('pay.error.failed')),
      )
    } finally {
      setBusy(false)
    }
  }

  const exchange = async (exchangeWindow: Window | null) => {
    setBusy('exchange')
    setError(undefined)
    try {
      const texts = { closed: t('pay.error.exchangeClosed'), cancelled: t('pay.error.exchangeCancelled'), failed: t('pay.error.failed') }
      const hash = await payFromExchange(kernel, {
        asset: params.asset,
        amount: params.amount,
        recipient: params.recipient,
        exchangeWindow,
        texts,
      })
      kernel.router.finish({ status: 'success', hash, via: 'exchange' })
    } catch (reason) {
      kernel.logger.warn('The exchange did not pay.', reason)
      setError(visibleMessage(reason, reason instanceof Error ? reason.message.split('\n')[0]! : t('pay.error.failed')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="f-center">
      <p className="f-section-title" data-testid="pay-summary">
        {t('pay.summary', { amount: params.amount, symbol })}
      </p>
      <dl className="f-list">
        <dt className="f-muted">{t('pay.recipient')}</dt>
        <dd className="f-address-text" data-testid="pay-recipient" title={params.recipient}>
          {shortenAddress(params.recipient)}
        </dd>
        <dt className="f-muted">{t('pay.network')}</dt>
        <dd>{network?.name ?? asset.networkId}</dd>
      </dl>
      <SimulationSummary simulation={simulation} texts={simulationTexts(t, 'pay')} />
      {busy && (
        <p className="f-muted" role="status">
          {busy === 'wallet' ? t('pay.paying') : t('pay.exchangeOpen')}
        </p>
      )}
      {error && (
        <p className="f-error-text" role="alert">
          {error}
        </p>
      )}
      {connected ? (
        <Button loading={busy === 'wallet'} disabled={busy === 'exchange' || reverts} onClick={() => void payFromWallet()}>
          {t('pay.fromWallet')}
        </Button>
      ) : (
        <>
          <p className="f-muted">{address ? t('pay.wrongNamespace', { network: network?.name ?? asset.networkId }) : t('pay.connect')}</p>
          <Button variant="secondary" onClick={() => kernel.router.push('Connect')}>
            {t('pay.connect')}
          </Button>
        </>
      )}
      {exchangeApiOf(kernel) && (
        <Button
          variant="secondary"
          loading={busy === 'exchange'}
          disabled={busy === 'wallet'}
          // Opened in the click itself: a window opened after an await is blocked as a pop-up.
          onClick={() => void exchange(window.open('about:blank', 'foyer-exchange', 'popup,width=600,height=800'))}
        >
          {t('pay.fromExchange')}
        </Button>
      )}
    </div>
  )
}

/**
 * What the payment will do, as the network's node simulates Send's transfer (docs/previews.md); undefined until the
 * token is read and a wallet of the asset's chain is connected, and where that chain cannot simulate.
 */
function usePaySimulation(
  kernel: Kernel,
  params: PayParameters,
  asset: ParsedAsset,
  token: PayToken | undefined,
  from: string | undefined,
) {
  const canSimulate = token && from && kernel.chains.get(asset.namespace)?.capabilities?.simulate
  const simulate = () =>
    pluginApi(kernel, 'send').simulateTransfer(kernel, {
      token: token!,
      amount: params.amount,
      to: params.recipient,
      networkId: asset.networkId as CaipNetworkId,
    })
  return useSimulation(canSimulate ? simulate : undefined, [params.asset, params.amount, params.recipient, from].join(':'))
}
