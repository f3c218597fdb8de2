import { createRoot } from 'react-dom/client'
import { createKernel } from 'foyer'
import { ConnectButton, FoyerProvider, useAccount } from 'foyer/react'
import { evm } from 'foyer/chains/evm'
import { mainnet } from 'viem/chains'

const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks: [mainnet] })] })

function Address() {
  const { address } = useAccount()
  return address ? <p>Connected: {address}</p> : null
}

createRoot(document.getElementById('root')!).render(
  <FoyerProvider kernel={kernel}>
    <ConnectButton />
    <Address />
  </FoyerProvider>,
)
