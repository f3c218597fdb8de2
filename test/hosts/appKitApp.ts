// An AppKit app as AppKit's documentation has one written (React, ethers over the wallet's EIP-1193 provider), with its
// AppKit imports; `switchImports` moves it to Foyer by changing its import paths and nothing else.

/** AppKit's import paths and Foyer's for each: the whole of the move (docs/migrating/appkit.md). */
export const APPKIT_IMPORTS: Readonly<Record<string, string>> = {
  '@reown/appkit/react': 'foyer/appkit/react',
  '@reown/appkit/networks': 'foyer/appkit/networks',
  '@reown/appkit-adapter-ethers': 'foyer/appkit/adapter-ethers',
}

/** `files` with every AppKit import path replaced by Foyer's. */
export function switchImports(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files).map(([file, text]) => [
      file,
      text.replace(/from '(@reown\/[^']+)'/g, (_line, path: string) => {
        const foyer = APPKIT_IMPORTS[path]
        if (!foyer) throw new Error(`No Foyer path for ${path}`)
        return `from '${foyer}'`
      }),
    ]),
  )
}

/** The app's files; `config.js` holds the local node's URL. */
export function appKitEthersApp(rpcUrl: string): Record<string, string> {
  return {
    'index.html':
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AppKit app</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
    'config.js': `export const rpcUrl = ${JSON.stringify(rpcUrl)}\n`,
    'main.jsx': `import { createRoot } from 'react-dom/client'
import { useState } from 'react'
import { createAppKit, useAppKitAccount, useAppKitNetwork, useAppKitProvider, useDisconnect } from '@reown/appkit/react'
import { EthersAdapter } from '@reown/appkit-adapter-ethers'
import { defineChain } from '@reown/appkit/networks'
import { BrowserProvider, parseEther } from 'ethers'
import { rpcUrl } from './config.js'

const local = defineChain({
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

createAppKit({
  adapters: [new EthersAdapter()],
  networks: [local],
  projectId: 'appkit-project-id',
  metadata: { name: 'AppKit app', description: 'An AppKit app', url: location.origin, icons: [] },
  features: { analytics: false },
})

function App() {
  const { address, isConnected, status } = useAppKitAccount()
  const { chainId } = useAppKitNetwork()
  const { walletProvider } = useAppKitProvider('eip155')
  const { disconnect } = useDisconnect()
  const [signature, setSignature] = useState('')
  const [hash, setHash] = useState('')

  async function sign() {
    const signer = await new BrowserProvider(walletProvider).getSigner()
    setSignature(await signer.signMessage('Hello from an AppKit app'))
  }

  async function send() {
    const signer = await new BrowserProvider(walletProvider).getSigner()
    const transaction = await signer.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: parseEther('0.01') })
    await transaction.wait()
    setHash(transaction.hash)
  }

  return (
    <main>
      <appkit-button />
      <p>Status: <span data-testid="status">{status}</span></p>
      <p>Address: <code data-testid="address">{address ?? ''}</code></p>
      <p>Chain: <span data-testid="chain">{chainId ?? ''}</span></p>
      {isConnected && (
        <p>
          <button onClick={sign}>Sign a message</button>
          <button onClick={send}>Send 0.01 ETH</button>
          <button onClick={() => disconnect()}>Disconnect</button>
        </p>
      )}
      <p>Signature: <code data-testid="signature">{signature}</code></p>
      <p>Transaction: <code data-testid="hash">{hash}</code></p>
    </main>
  )
}

createRoot(document.getElementById('root')).render(<App />)
`,
  }
}
