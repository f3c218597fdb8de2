// A @solana/wallet-adapter-react app moved to Foyer: ConnectionProvider, WalletProvider and every
// useWallet() / useConnection() call in App.tsx stay; Foyer's modal connects the wallet, and the Foyer
// wallet (registered below) is the one wallet-adapter uses.
import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react'
import { createRoot } from 'react-dom/client'
import { createKernel } from 'foyer'
import { FoyerProvider } from 'foyer/react'
import { solana, solanaLocalnet } from 'foyer/chains/solana'
import { registerFoyerWallet, useFoyerWalletAdapter } from 'foyer/solana-wallet-adapter'
import { localSolana } from '../localStack.js'
import { App } from './App.js'

const kernel = createKernel({
  projectId: 'foyer-wallet-adapter-example',
  metadata: { name: 'Foyer with wallet-adapter', url: location.origin },
  plugins: [solana({ networks: [solanaLocalnet(localSolana.rpcUrl, localSolana.genesisHash, 'Foyer Solana Local')] })],
})

// 'Foyer' joins the page's Wallet Standard wallets: wallet-adapter lists it; Foyer's own modal does not.
registerFoyerWallet(kernel)

// Like the demo, the example brings a wallet for visitors without one: the local node's dev key,
// registered through the Wallet Standard after the page as an extension would.
void import('../../demo/solanaDevWallet.js').then(({ registerSolanaDevWallet }) => registerSolanaDevWallet())

/** Keeps wallet-adapter on the wallet connected in Foyer. */
function FollowFoyer() {
  useFoyerWalletAdapter()
  return null
}

createRoot(document.getElementById('root')!).render(
  <ConnectionProvider endpoint={localSolana.rpcUrl}>
    <WalletProvider wallets={[]} autoConnect onError={(error) => console.warn(`wallet-adapter: ${error.name}: ${error.message}`)}>
      <FoyerProvider kernel={kernel}>
        <FollowFoyer />
        <App />
      </FoyerProvider>
    </WalletProvider>
  </ConnectionProvider>,
)
