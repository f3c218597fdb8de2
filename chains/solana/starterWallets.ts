// The wallet Connect offers to install on a Solana site when the visitor has none (rules §2), with its mark from
// @web3icons/core (MIT). Its own chunk: only that Connect view loads it.
import type { StarterWallet } from 'foyer'
import phantom from '@web3icons/core/svgs/wallets/branded/phantom.svg.js'

export const starterWallets: readonly StarterWallet[] = [
  {
    id: 'phantom',
    name: 'Phantom',
    imageUrl: `data:image/svg+xml,${encodeURIComponent(phantom.trim())}`,
    install: {
      chrome: 'https://chromewebstore.google.com/detail/bfnaelmomeimhlpmgjnjophhpkkoljpa',
      ios: 'https://apps.apple.com/app/id1598432977',
      android: 'https://play.google.com/store/apps/details?id=app.phantom',
      website: 'https://phantom.com/download',
    },
  },
]
