import type { Meta, StoryObj } from '@storybook/react-vite'
import type { WalletIcon } from '@wallet-standard/core'
import { expect, waitFor } from 'storybook/test'
import type { Kernel } from 'foyer'
import { ConnectButton } from 'foyer/react'
import { createSolanaWallet, registerSolanaWallet } from '../test/solanaWallet.js'
import { iconDataUrl, recordImageRequests, withinModal } from '../test/stories.js'
import { evm, evmNetwork } from './evm/index.js'
import { solana, solanaDevnet } from './solana/index.js'

// Browser wallets name and draw themselves: an extension's EIP-6963 announcement or a Wallet Standard registration
// carries a name and an icon the page never chose. Through the real discovery of each chain plugin, into the Connect
// view: names are text, icons are <img> only when https or data:image (loopback http in development), and nothing
// that arrives runs. The honest wallet's icon shows, so an empty list of images proves nothing by accident.

const PWNED = 'window.__foyerPwned=1'
const HOSTILE = [
  { name: `<img src=x onerror="${PWNED}">`, icon: `data:text/html,<script>${PWNED}</script>` },
  { name: `"><script>${PWNED}</script>`, icon: `javascript:${PWNED}` },
  { name: 'Tracker <b>bold</b>', icon: 'http://tracker.example/pixel.png' },
  { name: 'Vb', icon: `vbscript:${PWNED}` },
] as const
const HONEST = { name: 'Honest Wallet', icon: iconDataUrl('#0f766e', 'H') }

const network = evmNetwork({
  id: 31337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

/** A provider that is enough to be listed; the story never connects. */
const provider = () => ({
  request: async () => {
    throw Object.assign(new Error('The story wallet does nothing.'), { code: 4200 })
  },
  on() {},
  removeListener() {},
})

const announce = () => {
  for (const [index, wallet] of [...HOSTILE, HONEST].entries()) {
    const info = { uuid: crypto.randomUUID(), name: wallet.name, icon: wallet.icon, rdns: `story.hostile${index}` }
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: provider() } }))
  }
}

/** The list item of each wallet name, and what it holds. */
async function listed(names: readonly string[]) {
  const modal = await withinModal()
  const list = await modal.findByRole('list', { name: 'Wallets' })
  const items = () =>
    new Map(
      [...list.querySelectorAll('.f-list-item-label')].map((label) => [label.textContent, label.closest('li') ?? label.parentElement]),
    )
  await waitFor(() => expect([...items().keys()]).toEqual(expect.arrayContaining([...names])))
  return { list, items: items() }
}

/** Every image URL asked for while a story runs (see recordImageRequests). */
let images: ReturnType<typeof recordImageRequests> | undefined

async function expectSafe(names: readonly string[]) {
  const { list, items } = await listed(names)
  // Each name is the text as announced, not parsed: no element came out of one.
  for (const { name } of HOSTILE) {
    const item = items.get(name)
    await expect(item?.querySelectorAll('img, script, b')).toHaveLength(0)
  }
  // The honest icon is preloaded, then shown: the gate lets a safe image through.
  await waitFor(() =>
    expect([...(items.get(HONEST.name)?.querySelectorAll('img') ?? [])].map((image) => image.getAttribute('src'))).toEqual([HONEST.icon]),
  )
  for (const image of list.querySelectorAll('img')) await expect(image.getAttribute('src')).toMatch(/^(https:|data:image\/)/)
  await expect(list.querySelectorAll('script, iframe, object, embed')).toHaveLength(0)
  // No unsafe icon was even tried: a tracker is never asked, whether or not it would have loaded.
  await expect(images?.urls).toContain(HONEST.icon)
  for (const { icon } of HOSTILE) await expect(images?.urls).not.toContain(icon)
  await expect((window as { __foyerPwned?: unknown }).__foyerPwned).toBeUndefined()
}

const meta = {
  title: 'Chains/HostileWallets',
  component: ConnectButton,
  beforeEach: () => {
    images = recordImageRequests()
    return () => images?.stop()
  },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** EIP-6963 announcements with markup in their names and script, page and tracker URLs as icons. */
export const Eip6963Announcements: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: [evm({ networks: [network] })] }),
      setup: (_kernel: Kernel) => announce(),
      view: 'Connect',
    },
  },
  play: () => expectSafe([...HOSTILE, HONEST].map((wallet) => wallet.name)),
}

/** Wallet Standard wallets registering with the same names and icons. */
export const WalletStandardWallets: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: [solana({ networks: [solanaDevnet] })] }),
      view: 'Connect',
    },
  },
  beforeEach: () => {
    // 64 bytes of a story key: the wallets are listed, never asked to sign.
    const keypair = Array.from({ length: 64 }, (_, index) => (index * 7 + 1) % 256)
    const unregister = [...HOSTILE, HONEST].map(({ name, icon }) => {
      const { wallet } = createSolanaWallet({ name, keypair, icon: icon as WalletIcon })
      return registerSolanaWallet(wallet, window)
    })
    return () => {
      for (const undo of unregister) undo()
    }
  },
  play: () => expectSafe([...HOSTILE, HONEST].map((wallet) => wallet.name)),
}
