'use client'
// The wallet is a client component: the kernel lives in the browser (it is created on the server too, for the
// prerendered HTML, where it reads no storage and connects nothing).
import { createKernel } from 'foyer'
import { ConnectButton, FoyerProvider, useAccount } from 'foyer/react'
import { evm } from 'foyer/chains/evm'
import { mainnet } from 'viem/chains'

const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks: [mainnet] })] })

function Address() {
  const { address } = useAccount()
  return address ? <p>Connected: {address}</p> : null
}

export function Wallet() {
  return (
    <FoyerProvider kernel={kernel}>
      <ConnectButton />
      <Address />
    </FoyerProvider>
  )
}
