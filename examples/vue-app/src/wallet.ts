// Foyer's kernel and its custom elements: <foyer-button> and <foyer-network-button> anywhere in the templates.
import { createKernel } from 'foyer'
import { evm, evmNetwork } from 'foyer/chains/evm'
import { defineFoyerElements } from 'foyer/elements'
import { rpcUrl } from './config.js'

const local = evmNetwork({
  id: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
  testnet: true,
})

export const kernel = createKernel({
  projectId: 'foyer-vue-app',
  metadata: { name: 'Foyer on Vue', url: location.origin },
  plugins: [evm({ networks: [local] })],
})
defineFoyerElements(kernel)
