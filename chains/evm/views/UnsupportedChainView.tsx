import { useState } from 'react'
import { switchNetwork, isUserRejection, showToast } from 'foyer'
import type { CaipNetworkId, Network } from 'foyer'
import { useFoyerState, useKernel, useTranslate, useDisconnect } from 'foyer/react'
import { Button, ListItem, NetworkImage, Spinner } from 'foyer/ui'

export { viewTexts as texts } from '../texts.js'

/**
 * Shown when the EVM wallet is on a network the site does not list (rules §4): the configured networks,
 * each a button that asks the wallet to switch (adding the network first when the wallet lacks it).
 * The chain closes the modal once the wallet is on a supported network.
 */
export default function UnsupportedChainView() {
  const kernel = useKernel()
  const t = useTranslate()
  const disconnect = useDisconnect()
  const networkId = useFoyerState((state) => state.connection.namespaces['eip155']?.networkId)
  const networks = kernel.chains.get('eip155')?.networks ?? []
  const [pending, setPending] = useState<CaipNetworkId>()

  const choose = async (network: Network) => {
    setPending(network.caipNetworkId)
    try {
      await switchNetwork(kernel, { networkId: network.caipNetworkId })
    } catch (error) {
      kernel.logger.warn('Switching away from an unsupported network failed.', error)
      // A refusal needs no message: the visitor just said no in the wallet.
      if (!isUserRejection(error)) showToast(kernel, { message: t('networks.failed'), variant: 'error' })
    } finally {
      setPending(undefined)
    }
  }

  const leave = () => {
    disconnect({ namespace: 'eip155' }).catch((error: unknown) => kernel.logger.warn('Disconnecting failed.', error))
  }

  return (
    <>
      <p className="f-muted">{t('unsupported.body')}</p>
      {networkId && <p className="f-muted">{t('evm.unsupported.current', { chainId: networkId.slice('eip155:'.length) })}</p>}
      {pending && (
        <p className="f-muted f-row" role="status">
          <Spinner size={16} /> {t('networks.switching')}
        </p>
      )}
      <ul className="f-list" aria-label={t('unsupported.title')}>
        {networks.map((network) => (
          <li key={network.caipNetworkId}>
            <ListItem
              label={network.name}
              tag={network.testnet ? t('networks.testnet') : undefined}
              image={<NetworkImage network={network} />}
              disabled={pending !== undefined}
              onClick={() => void choose(network)}
            />
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={leave}>
        {t('account.disconnect')}
      </Button>
    </>
  )
}
