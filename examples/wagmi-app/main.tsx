// A wagmi app that used RainbowKit, moved to Foyer: the wagmi config, the providers and every wagmi hook
// in App.tsx stay; RainbowKit's connectors and modal give way to foyerConnector and Foyer's modal.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { defineChain } from 'viem'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { createKernel } from 'foyer'
import { FoyerProvider } from 'foyer/react'
import { evm, evmNetwork } from 'foyer/chains/evm'
import { foyerConnector } from 'foyer/wagmi'
import { localChains } from '../localStack.js'
import { App } from './App.js'

// The two local anvils, as the app's chains.
const local = (id: number, name: string) =>
  defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [localChains[id]!.rpcUrl] } },
    testnet: true,
  })
const chainA = local(31337, 'Foyer Local')
const chainB = local(31338, 'Foyer Local B')

// One query cache for wagmi and Foyer.
const queryClient = new QueryClient()

const kernel = createKernel({
  projectId: 'foyer-wagmi-example',
  metadata: { name: 'Foyer with wagmi', url: location.origin },
  queryClient,
  plugins: [evm({ networks: [evmNetwork(chainA), evmNetwork(chainB)] })],
})

const config = createConfig({
  chains: [chainA, chainB],
  connectors: [foyerConnector({ kernel })],
  transports: { [chainA.id]: http(), [chainB.id]: http() },
  // Foyer finds the page's wallets (EIP-6963) and offers them in its modal.
  multiInjectedProviderDiscovery: false,
})

// Like the demo, the example brings a wallet for visitors without one: anvil's first test key, on the
// local chains only, announced through EIP-6963 after the page as an extension would.
void import('../../demo/devWallet.js').then(({ announceWallet, createDevWallet, DEV_WALLET_ICON }) =>
  announceWallet(
    createDevWallet({
      name: 'Foyer Dev Wallet',
      rdns: 'dev.foyer.wallet',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
      chains: Object.entries(localChains).map(([id, chain]) => ({ id: Number(id), rpcUrl: chain.rpcUrl })),
    }),
    { name: 'Foyer Dev Wallet', rdns: 'dev.foyer.wallet', icon: DEV_WALLET_ICON },
  ),
)

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <FoyerProvider kernel={kernel}>
        <App />
      </FoyerProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
