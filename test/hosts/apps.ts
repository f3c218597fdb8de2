// The minimal hosts: one wallet component per set of chains, as a new user writes it from the README, and the
// packages that host installs. The same component is built by every bundler (test/hosts/bundlers.ts).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { transformSync } from 'esbuild'
import { repo } from './layout.js'

export interface HostApp {
  /** The wallet component's module: exports `Wallet`, a React component. */
  wallet: string
  /** Other modules beside it, by file name. */
  modules?: Record<string, string>
  /** What the host installs besides foyer, react and react-dom. */
  peers: string[]
}

const ACCOUNT = `
function Address() {
  const { address } = useAccount()
  return address ? <p>{address}</p> : null
}`

const evmOnly: HostApp = {
  peers: ['viem'],
  wallet: `
import { createKernel } from 'foyer'
import { ConnectButton, FoyerProvider, useAccount } from 'foyer/react'
import { evm } from 'foyer/chains/evm'
import { mainnet } from 'viem/chains'

const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks: [mainnet] })] })
${ACCOUNT}
export function Wallet() {
  return <FoyerProvider kernel={kernel}><ConnectButton /><Address /></FoyerProvider>
}
`,
}

const solanaOnly: HostApp = {
  peers: ['@solana/kit'],
  wallet: `
import { createKernel } from 'foyer'
import { ConnectButton, FoyerProvider, useAccount } from 'foyer/react'
import { solana, solanaMainnet } from 'foyer/chains/solana'

const kernel = createKernel({ projectId: 'my-site', plugins: [solana({ networks: [solanaMainnet] })] })
${ACCOUNT}
export function Wallet() {
  return <FoyerProvider kernel={kernel}><ConnectButton /><Address /></FoyerProvider>
}
`,
}

const evmAndSolana: HostApp = {
  peers: ['viem', '@solana/kit'],
  wallet: `
import { createKernel } from 'foyer'
import { ConnectButton, FoyerProvider, useAccount } from 'foyer/react'
import { evm } from 'foyer/chains/evm'
import { solana, solanaMainnet } from 'foyer/chains/solana'
import { mainnet } from 'viem/chains'

const kernel = createKernel({
  projectId: 'my-site',
  plugins: [evm({ networks: [mainnet] }), solana({ networks: [solanaMainnet] })],
})
${ACCOUNT}
export function Wallet() {
  return <FoyerProvider kernel={kernel}><ConnectButton /><Address /></FoyerProvider>
}
`,
}

/** examples/bitcoin-chain as a host copies it: its TypeScript as plain JavaScript. */
function bitcoinChain(): string {
  const source = readFileSync(path.join(repo, 'examples/bitcoin-chain/index.ts'), 'utf8')
  return transformSync(source, { loader: 'ts', format: 'esm' }).code
}

const bitcoinOnly: HostApp = {
  peers: [],
  modules: { 'bitcoin.js': bitcoinChain() },
  wallet: `
import { createKernel } from 'foyer'
import { ConnectButton, FoyerProvider, useAccount } from 'foyer/react'
import { bitcoin } from './bitcoin.js'

const kernel = createKernel({ projectId: 'my-site', plugins: [bitcoin()] })
${ACCOUNT}
export function Wallet() {
  return <FoyerProvider kernel={kernel}><ConnectButton /><Address /></FoyerProvider>
}
`,
}

// What wagmi's docs install (wagmi, viem, @tanstack/react-query): npm 11 nests @wagmi/core under wagmi, so the
// host's node_modules has no @wagmi/core of its own.
const wagmiApp: HostApp = {
  peers: ['wagmi', 'viem', '@tanstack/react-query'],
  wallet: `
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createConfig, http, useAccount, useSignMessage, WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { createKernel } from 'foyer'
import { ConnectButton, FoyerProvider } from 'foyer/react'
import { evm } from 'foyer/chains/evm'
import { foyerConnector } from 'foyer/wagmi'

const queryClient = new QueryClient()
const kernel = createKernel({ projectId: 'my-site', queryClient, plugins: [evm({ networks: [mainnet] })] })
const config = createConfig({
  chains: [mainnet],
  connectors: [foyerConnector({ kernel })],
  transports: { [mainnet.id]: http() },
  multiInjectedProviderDiscovery: false,
})

function Account() {
  const { address } = useAccount()
  const { signMessage } = useSignMessage()
  return address ? <button onClick={() => signMessage({ message: 'hello' })}>Sign</button> : null
}

export function Wallet() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <FoyerProvider kernel={kernel}><ConnectButton /><Account /></FoyerProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
`,
}

// A wagmi app without React's wagmi: @wagmi/core alone (as a Vue or vanilla app has it).
const wagmiCoreApp: HostApp = {
  peers: ['@wagmi/core', 'viem'],
  wallet: `
import { connect, createConfig, http } from '@wagmi/core'
import { mainnet } from 'viem/chains'
import { createKernel } from 'foyer'
import { ConnectButton, FoyerProvider } from 'foyer/react'
import { evm } from 'foyer/chains/evm'
import { foyerConnector } from 'foyer/wagmi'

const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks: [mainnet] })] })
const config = createConfig({ chains: [mainnet], connectors: [foyerConnector({ kernel })], transports: { [mainnet.id]: http() } })

export function Wallet() {
  return (
    <FoyerProvider kernel={kernel}>
      <ConnectButton />
      <button onClick={() => connect(config, { connector: config.connectors[0] })}>wagmi connect</button>
    </FoyerProvider>
  )
}
`,
}

export const HOST_APPS = { evmOnly, solanaOnly, evmAndSolana, bitcoinOnly, wagmiApp, wagmiCoreApp } satisfies Record<string, HostApp>
