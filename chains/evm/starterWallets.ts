// The wallets Connect offers to install on an EVM site when the visitor has none (rules §2), with their marks from
// @web3icons/core (MIT). Its own chunk: only that Connect view loads it.
import type { StarterWallet } from 'foyer'
import coinbase from '@web3icons/core/svgs/wallets/branded/coinbase.svg.js'
import metamask from '@web3icons/core/svgs/wallets/branded/metamask.svg.js'

const dataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg.trim())}`

export const starterWallets: readonly StarterWallet[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    imageUrl: dataUrl(metamask),
    install: {
      chrome: 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
      firefox: 'https://addons.mozilla.org/firefox/addon/ether-metamask/',
      ios: 'https://apps.apple.com/app/id1438144202',
      android: 'https://play.google.com/store/apps/details?id=io.metamask',
      website: 'https://metamask.io/download/',
    },
  },
  {
    id: 'coinbase',
    name: 'Coinbase Wallet',
    imageUrl: dataUrl(coinbase),
    install: {
      chrome: 'https://chromewebstore.google.com/detail/hnfanknocfeofbddgcijnmhnfnkdnaad',
      ios: 'https://apps.apple.com/app/id1278383455',
      android: 'https://play.google.com/store/apps/details?id=org.toshi',
      website: 'https://www.coinbase.com/wallet/downloads',
    },
  },
]
