import { useState } from 'react'
import type { CaipNetworkId } from 'foyer/protocol'
import { closeModal } from '../../core/modal.js'
import { isSameNetwork, type Network } from '../../model/network.js'
import { showToast } from '../../core/toast.js'
import { ListItem } from '../../ui/ListItem.js'
import { Spinner } from '../../ui/Spinner.js'
import { NetworkImage } from '../../ui/NetworkImage.js'
import { directoryImageUrl } from '../../services/directory.js'
import { isUserRejection } from '../../core/errors/isUserRejection.js'
import { useFoyerState, useKernel, useTranslate } from '../hooks/context.js'
import { useNetwork } from '../hooks/hooks.js'

/**
 * Every network the chains declare. Choosing one asks the connected wallet to switch; a network of
 * a namespace that is not connected, or whose chain cannot switch, is shown but disabled.
 */
export default function NetworksView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { networks, networkId, switchNetwork } = useNetwork()
  const namespaces = useFoyerState((state) => state.connection.namespaces)
  const [pending, setPending] = useState<CaipNetworkId>()

  const canSwitchTo = (network: Network) =>
    namespaces[network.chainNamespace]?.status === 'connected' &&
    kernel.chains.get(network.chainNamespace)?.capabilities?.switchNetwork !== undefined

  const choose = async (network: Network) => {
    setPending(network.caipNetworkId)
    try {
      await switchNetwork(network.caipNetworkId)
      // Opened from the account, it goes back there; opened on its own (the host's network button), it is done.
      if (!kernel.router.back()) closeModal(kernel)
    } catch (error) {
      kernel.logger.warn('Switching network failed.', error)
      if (!isUserRejection(error)) showToast(kernel, { message: t('networks.failed'), variant: 'error' })
      setPending(undefined)
    }
  }

  if (networks.length === 0) return <p className="f-muted">{t('networks.empty')}</p>
  return (
    <>
      {pending && (
        <p className="f-muted f-row" role="status">
          <Spinner size={16} /> {t('networks.switching')}
        </p>
      )}
      <ul className="f-list" aria-label={t('networks.title')}>
        {networks.map((network) => {
          const current = networkId !== undefined && isSameNetwork(network, networkId)
          return (
            <li key={network.caipNetworkId}>
              <ListItem
                label={network.name}
                current={current}
                tag={current ? t('networks.current') : network.testnet ? t('networks.testnet') : undefined}
                image={<NetworkImage network={network} fallbackSrc={directoryImageUrl(kernel, 'asset', network.name)} />}
                disabled={pending !== undefined || current || !canSwitchTo(network)}
                onClick={() => choose(network)}
              />
            </li>
          )
        })}
      </ul>
    </>
  )
}
