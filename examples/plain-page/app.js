// The page's one script: Foyer's kernel, its custom elements, and the account written into the page.
import { createKernel } from 'foyer'
import { evm, evmNetwork } from 'foyer/chains/evm'
import { defineFoyerElements, watchAccount } from 'foyer/elements'
import { rpcUrl } from './config.js'

const local = evmNetwork({
  id: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
  testnet: true,
})

const kernel = createKernel({
  projectId: 'foyer-plain-page',
  metadata: { name: 'Foyer on a plain page', url: location.origin },
  plugins: [evm({ networks: [local] })],
})
defineFoyerElements(kernel)

const status = /** @type {HTMLElement} */ (document.querySelector('[data-testid="status"]'))
const address = /** @type {HTMLElement} */ (document.querySelector('[data-testid="address"]'))
watchAccount(kernel, (account) => {
  status.textContent = account.status
  address.textContent = account.address ?? ''
})
