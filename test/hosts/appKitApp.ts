// An AppKit app as AppKit's documentation has one written, with its AppKit imports; `switchImports` moves it to Foyer
// by changing its import paths and nothing else. One app, one build, a page per way AppKit's docs set it up: React
// with ethers over the wallet's EIP-1193 provider (index.html), React with the wagmi adapter and wagmi's hooks
// (wagmi.html), React with the Solana adapter signing a message (solana.html), Vue with AppKit's composables and
// <appkit-button> (vue.html, in render functions; the build has Vue's Vite plugin beside React's, which sets Vue's
// build flags as a Vue app's build does).

/** AppKit's import paths and Foyer's for each: the whole of the move (docs/migrating/appkit.md). */
export const APPKIT_IMPORTS: Readonly<Record<string, string>> = {
  '@reown/appkit/react': 'foyer/appkit/react',
  '@reown/appkit/vue': 'foyer/appkit/vue',
  '@reown/appkit/networks': 'foyer/appkit/networks',
  '@reown/appkit-adapter-ethers': 'foyer/appkit/adapter-ethers',
  '@reown/appkit-adapter-wagmi': 'foyer/appkit/adapter-wagmi',
  '@reown/appkit-adapter-solana/react': 'foyer/appkit/adapter-solana',
}

/** The app's pages, for the build's inputs. */
export const APPKIT_PAGES = ['index.html', 'wagmi.html', 'solana.html', 'vue.html']

/** Where the local nodes are, written into the app's config.js. */
export interface AppKitAppConfig {
  rpcUrl: string
  solana: { rpcUrl: string; genesisHash: string }
}

function page(title: string, script: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><div id="root"></div><script type="module" src="./${script}"></script></body></html>`
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

/** The app's files; `config.js` holds the local nodes' URLs. */
export function appKitApp(config: AppKitAppConfig): Record<string, string> {
  return {
    'index.html': page('AppKit app', 'main.jsx'),
    'wagmi.html': page('AppKit app with wagmi', 'wagmi.jsx'),
    'solana.html': page('AppKit app on Solana', 'solana.jsx'),
    'vue.html': page('AppKit app in Vue', 'vue.js'),
    'config.js': `export const config = ${JSON.stringify(config)}\n`,
    'networks.js': `import { defineChain } from '@reown/appkit/networks'
import { config } from './config.js'

export const local = defineChain({
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [config.rpcUrl] } },
})

export const localSolana = defineChain({
  id: config.solana.genesisHash.slice(0, 32),
  caipNetworkId: 'solana:' + config.solana.genesisHash.slice(0, 32),
  chainNamespace: 'solana',
  name: 'Local Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [config.solana.rpcUrl] } },
})

export const metadata = { name: 'AppKit app', description: 'An AppKit app', url: location.origin, icons: [] }
`,
    'main.jsx': `import { createRoot } from 'react-dom/client'
import { useState } from 'react'
import { createAppKit, useAppKitAccount, useAppKitNetwork, useAppKitProvider, useDisconnect } from '@reown/appkit/react'
import { EthersAdapter } from '@reown/appkit-adapter-ethers'
import { BrowserProvider, parseEther } from 'ethers'
import { local, metadata } from './networks.js'

createAppKit({
  adapters: [new EthersAdapter()],
  networks: [local],
  projectId: 'appkit-project-id',
  metadata,
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
    'wagmi.jsx': `import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { WagmiProvider, useAccount, useDisconnect, useSendTransaction, useSignMessage } from 'wagmi'
import { parseEther } from 'viem'
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { local, metadata } from './networks.js'

const projectId = 'appkit-project-id'
const networks = [local]
const wagmiAdapter = new WagmiAdapter({ networks, projectId })
createAppKit({ adapters: [wagmiAdapter], networks, projectId, metadata, features: { analytics: false } })
const queryClient = new QueryClient()

function App() {
  const { address, status, chainId } = useAccount()
  const { signMessage, data: signature } = useSignMessage()
  const { sendTransaction, data: hash } = useSendTransaction()
  const { disconnect } = useDisconnect()
  return (
    <main>
      <appkit-button />
      <p>Status: <span data-testid="status">{status}</span></p>
      <p>Address: <code data-testid="address">{address ?? ''}</code></p>
      <p>Chain: <span data-testid="chain">{chainId ?? ''}</span></p>
      {status === 'connected' && (
        <p>
          <button onClick={() => signMessage({ message: 'Hello from an AppKit app with wagmi' })}>Sign a message</button>
          <button onClick={() => sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: parseEther('0.01') })}>Send 0.01 ETH</button>
          <button onClick={() => disconnect()}>Disconnect</button>
        </p>
      )}
      <p>Signature: <code data-testid="signature">{signature ?? ''}</code></p>
      <p>Transaction: <code data-testid="hash">{hash ?? ''}</code></p>
    </main>
  )
}

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </WagmiProvider>,
)
`,
    'solana.jsx': `import { createRoot } from 'react-dom/client'
import { useState } from 'react'
import { createAppKit, useAppKitAccount, useAppKitProvider, useDisconnect } from '@reown/appkit/react'
import { SolanaAdapter } from '@reown/appkit-adapter-solana/react'
import { localSolana, metadata } from './networks.js'

createAppKit({
  adapters: [new SolanaAdapter()],
  networks: [localSolana],
  projectId: 'appkit-project-id',
  metadata,
  features: { analytics: false },
})

function App() {
  const { address, isConnected, status } = useAppKitAccount()
  const { walletProvider } = useAppKitProvider('solana')
  const { disconnect } = useDisconnect()
  const [signature, setSignature] = useState('')

  async function sign() {
    const signed = await walletProvider.signMessage(new TextEncoder().encode('Hello from an AppKit app on Solana'))
    setSignature(Array.from(signed, (byte) => byte.toString(16).padStart(2, '0')).join(''))
  }

  return (
    <main>
      <appkit-button />
      <p>Status: <span data-testid="status">{status}</span></p>
      <p>Address: <code data-testid="address">{address ?? ''}</code></p>
      {isConnected && (
        <p>
          <button onClick={sign}>Sign a message</button>
          <button onClick={() => disconnect()}>Disconnect</button>
        </p>
      )}
      <p>Signature: <code data-testid="signature">{signature}</code></p>
    </main>
  )
}

createRoot(document.getElementById('root')).render(<App />)
`,
    'vue.js': `import { createApp, defineComponent, h } from 'vue'
import { createAppKit, useAppKitAccount, useAppKitNetwork, useDisconnect } from '@reown/appkit/vue'
import { EthersAdapter } from '@reown/appkit-adapter-ethers'
import { local, metadata } from './networks.js'

createAppKit({
  adapters: [new EthersAdapter()],
  networks: [local],
  projectId: 'appkit-project-id',
  metadata,
  features: { analytics: false },
})

const App = defineComponent({
  setup() {
    const account = useAppKitAccount()
    const network = useAppKitNetwork()
    const { disconnect } = useDisconnect()
    return () =>
      h('main', [
        h('appkit-button'),
        h('p', ['Status: ', h('span', { 'data-testid': 'status' }, account.value.status)]),
        h('p', ['Address: ', h('code', { 'data-testid': 'address' }, account.value.address ?? '')]),
        h('p', ['Chain: ', h('span', { 'data-testid': 'chain' }, String(network.value.chainId ?? ''))]),
        account.value.isConnected ? h('button', { onClick: () => disconnect() }, 'Disconnect') : null,
      ])
  },
})

createApp(App).mount('#root')
`,
  }
}
