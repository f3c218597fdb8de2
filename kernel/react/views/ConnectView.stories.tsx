import type { Meta, StoryObj } from '@storybook/react-vite'
import type { Kernel } from '../../core/createKernel.js'
import { expect, userEvent, waitFor } from 'storybook/test'
import { definePlugin } from '../../core/plugin.js'
import { addRecentWallet } from '../../services/storage.js'
import { StorageToken, WalletDirectoryToken } from '../../core/tokens.js'
import { directoryWallets, memoryDirectory } from '../../../test/memoryDirectory.js'
import { testChain, testConnector } from '../../../test/fixtures.js'
import { deepActiveElement, iconDataUrl, withinModal } from '../../../test/stories.js'
import { ConnectButton } from '../ConnectButton.js'
import { starterWallets as evmStarters } from '../../../chains/evm/starterWallets.js'
import { starterWallets as solanaStarters } from '../../../chains/solana/starterWallets.js'
import { socialStoryParameters } from '../../../test/socialStories.js'
import type { DirectoryWallet } from '../../services/directory.js'
import trustMark from '@web3icons/core/svgs/wallets/branded/trust.svg.js'

const amber = testConnector({ id: 'amber', name: 'Amber Wallet', imageUrl: iconDataUrl('#d97706', 'A') })
const basalt = testConnector({ id: 'basalt', name: 'Basalt', type: 'external', imageUrl: iconDataUrl('#334155', 'B') })
const cobalt = testConnector({ id: 'cobalt', name: 'Cobalt', imageUrl: 'javascript:alert(1)' })
const relay = testConnector({ id: 'relay', name: 'WalletConnect', type: 'walletConnect', imageUrl: iconDataUrl('#2563eb', 'W') })

const meta = {
  title: 'Views/Connect',
  component: ConnectButton,
  parameters: {
    foyer: { options: () => ({ plugins: [testChain({ connectors: [basalt, amber, cobalt, relay] })] }), view: 'Connect' },
  },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** Wallets from the chain plugins in rules §2's order: walletConnect, injected, external; installed ones tagged. */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    const names = [...list.querySelectorAll('button')].map((button) => button.querySelector('.f-list-item-label')?.textContent)
    await expect(names).toEqual(['WalletConnect', 'Amber Wallet', 'Cobalt', 'Basalt'])
    await expect(modal.getByRole('button', { name: 'Amber Wallet Installed' })).toBeVisible()
    // An icon URL that is not https or data:image is never loaded: the lettered tile stands in. An image shows only
    // once it has loaded, so Amber's must be there first for Cobalt's absence to mean anything.
    const amberRow = modal.getByRole('button', { name: /Amber Wallet/ })
    await waitFor(() => expect(amberRow.querySelector('img')).not.toBeNull())
    const cobaltRow = modal.getByRole('button', { name: /Cobalt/ })
    await expect(cobaltRow.querySelector('img')).toBeNull()
  },
}

export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/**
 * A wallet that brings no icon of its own shows the mark a package draws for its name (WalletConnect, the Solana apps a
 * phone is sent to); a letter tile only where no package draws one.
 */
export const PackageMarks: Story = {
  parameters: {
    foyer: {
      options: () => ({
        plugins: [
          testChain({
            connectors: [
              testConnector({ id: 'wc', name: 'WalletConnect', type: 'walletConnect' }),
              testConnector({ id: 'solana:browse:solflare', name: 'Solflare', type: 'external' }),
              testConnector({ id: 'quartz', name: 'Quartz', type: 'external' }),
            ],
          }),
        ],
      }),
      view: 'Connect',
    },
  },
  play: async () => {
    const modal = await withinModal()
    for (const name of ['WalletConnect', 'Solflare']) {
      const row = await modal.findByRole('button', { name: new RegExp(`^${name}`) })
      await waitFor(() => expect(row.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg/))
    }
    const quartz = modal.getByRole('button', { name: /^Quartz/ })
    await expect(quartz.querySelector('img')).toBeNull()
    await expect(quartz.querySelector('.f-wallet-fallback')?.textContent).toBe('Q')
  },
}

/** A recent wallet comes right after WalletConnect, tagged Recent. */
export const WithRecentWallet: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: [testChain({ connectors: [amber, basalt, relay] })] }),
      setup: (kernel: Kernel) => {
        addRecentWallet(kernel.container.resolve(StorageToken), { id: 'basalt', name: 'Basalt' })
      },
      view: 'Connect',
    },
  },
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    const names = [...list.querySelectorAll('.f-list-item-label')].map((label) => label.textContent)
    await expect(names).toEqual(['WalletConnect', 'Basalt', 'Amber Wallet'])
    await expect(modal.getByRole('button', { name: 'Basalt Recent' })).toBeVisible()
  },
}

export const WithRecentWalletDark: Story = { ...WithRecentWallet, globals: { theme: 'dark' } }

/** Connect methods from feature plugins come before the wallets (rules §2: email, social, wallet). */
/** Stand-ins for the email and social plugins' connect methods, as text. */
const textMethods = () =>
  definePlugin({
    name: 'story-methods',
    slots: {
      'connect-methods': [
        { id: 'social', method: 'social', label: 'connect.wallets', load: async () => ({ default: () => <p>Social buttons</p> }) },
        { id: 'email', method: 'email', label: 'connect.wallets', load: async () => ({ default: () => <p>Email field</p> }) },
      ],
    },
  })

export const WithConnectMethods: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: [testChain({ connectors: [amber] }), textMethods()] }),
      view: 'Connect',
    },
  },
  play: async () => {
    const modal = await withinModal()
    const email = await modal.findByText('Email field')
    const social = await modal.findByText('Social buttons')
    const wallet = modal.getByRole('button', { name: /Amber Wallet/ })
    await expect(email.compareDocumentPosition(social) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await expect(social.compareDocumentPosition(wallet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await expect(modal.getByText('or')).toBeVisible()
  },
}

/**
 * On a desktop (the stories run at 1280 px) the sign-in methods and the wallets stand side by side, methods first, and
 * every wallet is in view without scrolling the dialog; a phone keeps one column (the 360 px screenshots).
 */
export const DesktopPanes: Story = {
  parameters: {
    foyer: {
      options: () => ({
        plugins: [
          testChain({
            connectors: ['Amber', 'Birch', 'Cedar', 'Dune', 'Ember', 'Fjord'].map((name) =>
              testConnector({ id: name.toLowerCase(), name: `${name} Wallet`, imageUrl: iconDataUrl('#d97706', name[0]!) }),
            ),
          }),
          textMethods(),
        ],
      }),
      view: 'Connect',
    },
  },
  play: async () => {
    const modal = await withinModal()
    const methods = (await modal.findByText('Social buttons')).getBoundingClientRect()
    const dialog = await modal.findByRole('dialog')
    const wallets = modal.getAllByRole('button', { name: /Wallet/ })
    await expect(wallets).toHaveLength(6)
    for (const wallet of wallets) {
      const box = wallet.getBoundingClientRect()
      await expect(box.left).toBeGreaterThan(methods.right)
      await expect(box.bottom).toBeLessThanOrEqual(dialog.getBoundingClientRect().bottom)
    }
    await expect(dialog.scrollHeight).toBeLessThanOrEqual(dialog.clientHeight + 1)
  },
}

/** Connect methods that are real controls, so a story can see them disabled: an email field and a social button. */
const storyMethods = definePlugin({
  name: 'story-controls',
  slots: {
    'connect-methods': [
      {
        id: 'email',
        method: 'email',
        label: 'connect.wallets',
        load: async () => ({ default: () => <input className="f-input" type="email" aria-label="Email" /> }),
      },
      {
        id: 'social',
        method: 'social',
        label: 'connect.wallets',
        load: async () => ({
          default: () => (
            <button type="button" className="f-button f-button-secondary">
              Google
            </button>
          ),
        }),
      },
    ],
  },
})

const legalOptions = (links: { termsConditionsUrl?: string; privacyPolicyUrl?: string }) => () => ({
  plugins: [testChain({ connectors: [amber, relay] }), storyMethods],
  features: { legalCheckbox: true },
  ...links,
})
const BOTH_LINKS = { termsConditionsUrl: 'https://shop.example/terms', privacyPolicyUrl: 'https://shop.example/privacy' }

/** legalCheckbox, not yet ticked: the box links the terms and the policy; every way to connect is disabled. */
export const LegalCheckboxUnticked: Story = {
  parameters: { foyer: { options: legalOptions(BOTH_LINKS), view: 'Connect' } },
  play: async () => {
    const modal = await withinModal()
    const box = await modal.findByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy.' })
    await expect(box).not.toBeChecked()
    await expect(modal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', 'https://shop.example/terms')
    await expect(modal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://shop.example/privacy')
    await expect(modal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('target', '_blank')
    await expect(await modal.findByRole('textbox', { name: 'Email' })).toBeDisabled()
    await expect(await modal.findByRole('button', { name: 'Google' })).toBeDisabled()
    await expect(modal.getByRole('button', { name: /Amber Wallet/ })).toBeDisabled()
    await expect(modal.getByRole('button', { name: 'WalletConnect' })).toBeDisabled()
  },
}

export const LegalCheckboxUntickedDark: Story = { ...LegalCheckboxUnticked, globals: { theme: 'dark' } }

/** Ticked from the keyboard (Tab to the box, Space): every way to connect works, and a wallet connects. */
export const LegalCheckboxTicked: Story = {
  parameters: { foyer: { options: legalOptions(BOTH_LINKS) } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Connect' }))
    const modal = await withinModal()
    const box = await modal.findByRole('checkbox', { name: /I agree/ })
    box.focus()
    await expect(deepActiveElement()).toBe(box)
    await userEvent.keyboard(' ')
    await expect(box).toBeChecked()
    await expect(await modal.findByRole('textbox', { name: 'Email' })).toBeEnabled()
    // The social buttons are a slot entry of their own, loaded apart from the email field.
    await expect(await modal.findByRole('button', { name: 'Google' })).toBeEnabled()
    await userEvent.click(modal.getByRole('button', { name: /Amber Wallet/ }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('button', { name: /0x1111…1111$/ })).toBeVisible()
  },
}

/** With only a terms link the sentence names only the terms. */
export const LegalCheckboxTermsOnly: Story = {
  parameters: { foyer: { options: legalOptions({ termsConditionsUrl: 'https://shop.example/terms' }), view: 'Connect' } },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('checkbox', { name: 'I agree to the Terms of Service.' })).not.toBeChecked()
    await expect(modal.queryByRole('link', { name: 'Privacy Policy' })).toBeNull()
  },
}

/** collapseWallets with connect methods: the wallets fold behind one button, which unfolds them. */
export const CollapsedWallets: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: [testChain({ connectors: [amber, relay] }), storyMethods], features: { collapseWallets: true } }),
      view: 'Connect',
    },
  },
  play: async () => {
    const modal = await withinModal()
    const unfold = await modal.findByRole('button', { name: 'Continue with a wallet' })
    await expect(unfold).toHaveAttribute('aria-expanded', 'false')
    await expect(modal.queryByRole('list', { name: 'Wallets' })).toBeNull()
    await expect(await modal.findByRole('textbox', { name: 'Email' })).toBeEnabled()
    await userEvent.click(unfold)
    await expect(unfold).toHaveAttribute('aria-expanded', 'true')
    const list = await modal.findByRole('list', { name: 'Wallets' })
    await expect(unfold.getAttribute('aria-controls')).toBe(list.parentElement?.id)
    await expect(modal.getByRole('button', { name: /Amber Wallet/ })).toBeEnabled()
  },
}

export const CollapsedWalletsDark: Story = { ...CollapsedWallets, globals: { theme: 'dark' } }

/** collapseWallets without any connect method: there is nothing to fold under, so the wallets show. */
export const CollapseWalletsWithoutMethods: Story = {
  parameters: {
    foyer: { options: () => ({ plugins: [testChain({ connectors: [amber] })], features: { collapseWallets: true } }), view: 'Connect' },
  },
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('list', { name: 'Wallets' })
    await expect(modal.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
  },
}

/**
 * The README's own example on a browser without a wallet: an EVM chain, nothing installed, no WalletConnect, no
 * directory. Never a dead end: two lines on what a wallet is, and wallets to install from this platform's store (the
 * test browser is Chromium: the Chrome Web Store), with their marks.
 */
export const NoWalletYet: Story = {
  parameters: {
    foyer: {
      options: () => ({ plugins: [testChain({ connectors: [], starterWallets: [...evmStarters, ...solanaStarters] })] }),
      view: 'Connect',
    },
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('heading', { name: 'Get a wallet' })).toBeVisible()
    await expect(modal.getByText(/A wallet holds your crypto/)).toBeVisible()
    await expect(await modal.findByText('Install one of these, then come back and connect.')).toBeVisible()
    await expect(modal.queryByText('No wallets are available on this site yet.')).toBeNull()
    const list = await modal.findByRole('list', { name: 'Get a wallet' })
    const links = [...list.querySelectorAll('a')]
    const text = (link: HTMLAnchorElement) =>
      `${link.querySelector('.f-list-item-label')?.textContent} · ${link.querySelector('.f-tag')?.textContent}`
    await expect(links.map(text)).toEqual([
      'MetaMask · Chrome Web Store',
      'Coinbase Wallet · Chrome Web Store',
      'Phantom · Chrome Web Store',
    ])
    await expect(links[0]!.href).toBe('https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn')
    for (const link of links) await expect(link.rel).toBe('noopener noreferrer')
    // The marks arrive in their own chunk, then replace the letter tiles.
    await waitFor(() => expect(list.querySelectorAll('img[src^="data:image/svg+xml"]')).toHaveLength(3))
    await expect(list.querySelector('img')!.alt).toBe('')
  },
}

export const NoWalletYetDark: Story = { ...NoWalletYet, globals: { theme: 'dark' } }

const markOf = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg.trim())}`
const starter = (id: string) => [...evmStarters, ...solanaStarters].find((wallet) => wallet.id === id)!

/** The directory's four recommended wallets as services/directory serves them, with where each installs. */
const recommendedWallets: DirectoryWallet[] = [
  { ...starter('metamask'), id: 'metamask', links: { mobile: 'metamask://' } },
  {
    id: 'trust-wallet',
    name: 'Trust Wallet',
    imageUrl: markOf(trustMark),
    links: { mobile: 'trust://' },
    install: {
      chrome: 'https://chromewebstore.google.com/detail/egjidjbpglichdcondbcbdnbeeppgdph',
      ios: 'https://apps.apple.com/app/id1288339409',
      android: 'https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp',
      website: 'https://trustwallet.com/download',
    },
  },
  { ...starter('coinbase'), id: 'coinbase-wallet', links: { mobile: 'cbwallet://' } },
  { ...starter('phantom'), id: 'phantom', links: {} },
].map((wallet) => ({ chains: ['eip155:1'], ...wallet }))

const noWalletWithSignIns = socialStoryParameters({ view: 'Connect' }, { chain: { connectors: [], starterWallets: evmStarters } })

/**
 * A visitor without a wallet on a site with email, socials and the directory but no WalletConnect: the ways in that
 * need no wallet come first, then what a wallet is and the directory's recommended wallets, each linked to this
 * platform's store (Chromium here: the Chrome Web Store). The chains' own suggestions that the directory already
 * lists are not repeated.
 */
export const NoWalletWithSignIns: Story = {
  parameters: {
    foyer: {
      ...noWalletWithSignIns.foyer,
      setup: (kernel: Kernel) => {
        noWalletWithSignIns.foyer.setup?.(kernel)
        kernel.container.provide(WalletDirectoryToken, memoryDirectory(recommendedWallets))
      },
    },
  },
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Get a wallet' })
    // Each mark shows once loaded, in place of its letter tile.
    await waitFor(() => expect(list.querySelectorAll('a img')).toHaveLength(4))
    const links = [...list.querySelectorAll('a')]
    const text = (link: HTMLAnchorElement) =>
      `${link.querySelector('.f-list-item-label')?.textContent} · ${link.querySelector('.f-tag')?.textContent}`
    await expect(links.map(text)).toEqual([
      'MetaMask · Chrome Web Store',
      'Trust Wallet · Chrome Web Store',
      'Coinbase Wallet · Chrome Web Store',
      'Phantom · Chrome Web Store',
    ])
    await expect(links[1]!.href).toBe('https://chromewebstore.google.com/detail/egjidjbpglichdcondbcbdnbeeppgdph')
    // Email and socials come before the wallets: a visitor can sign in without installing anything.
    const email = await modal.findByRole('textbox', { name: /email/i })
    const google = await modal.findByRole('button', { name: 'Continue with Google' })
    const heading = modal.getByRole('heading', { name: 'Get a wallet' })
    for (const first of [email, google]) {
      await expect(first.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    }
  },
}

export const NoWalletWithSignInsDark: Story = { ...NoWalletWithSignIns, globals: { theme: 'dark' } }

/** With no chain that suggests a wallet there is none to list, but the view still says what a wallet is. */
export const Empty: Story = {
  parameters: { foyer: { options: () => ({ plugins: [] }), view: 'Connect' } },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('heading', { name: 'Get a wallet' })).toBeVisible()
    await expect(modal.queryByRole('list', { name: 'Get a wallet' })).toBeNull()
  },
}

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } }

/** Choosing a wallet connects it; the modal closes and the host's button shows the account. */
export const ConnectsAWallet: Story = {
  parameters: { foyer: { options: () => ({ plugins: [testChain({ connectors: [amber] })] }) } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Connect' }))
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: /Amber Wallet/ }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('button', { name: /0x1111…1111$/ })).toBeVisible()
  },
}

/** With wallets of two chain families, each row names its family, so one app's two entries tell apart. */
export const SeveralChainFamilies: Story = {
  parameters: {
    foyer: {
      options: () => ({
        plugins: [
          testChain({ connectors: [amber] }),
          testChain({
            namespace: 'solana',
            connectors: [testConnector({ id: 'solana:Amber Wallet', namespaces: ['solana'], name: 'Amber Wallet' })],
          }),
        ],
      }),
      view: 'Connect',
    },
  },
  play: async () => {
    const modal = await withinModal()
    await expect(await modal.findByRole('button', { name: 'Amber Wallet Ethereum · Installed' })).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Amber Wallet Solana · Installed' })).toBeVisible()
  },
}

export const SeveralChainFamiliesDark: Story = { ...SeveralChainFamilies, globals: { theme: 'dark' } }

/**
 * With a directory: after the connectors come the host's featured wallets, its custom wallets,
 * external connectors, then four recommended wallets (rules §2, §9); a directory wallet already
 * installed is not listed twice.
 */
export const WithDirectory: Story = {
  parameters: {
    foyer: {
      options: () => ({
        plugins: [
          testChain({ connectors: [amber, basalt, testConnector({ id: 'com.w5', name: 'Wallet 005', info: { rdns: 'com.w5' } })] }),
        ],
        services: { directory: 'https://directory.invalid' },
        featuredWalletIds: ['wallet-009', 'wallet-007'],
        customWallets: [{ id: 'house', name: 'House Wallet', webapp_link: 'https://house.example' }],
      }),
      setup: (kernel: Kernel) => {
        const wallets = directoryWallets(12).map((wallet, index) => (index === 4 ? { ...wallet, rdns: 'com.w5' } : wallet))
        kernel.container.provide(WalletDirectoryToken, memoryDirectory(wallets))
      },
      view: 'Connect',
    },
  },
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'))
    const names = [...list.querySelectorAll('.f-list-item-label')].map((label) => label.textContent)
    await expect(names).toEqual([
      'Amber Wallet',
      'Wallet 005',
      'Wallet 009',
      'Wallet 007',
      'House Wallet',
      'Basalt',
      'Wallet 001',
      'Wallet 002',
      'Wallet 003',
      'Wallet 004',
    ])
    await expect(modal.getByRole('button', { name: 'All wallets' })).toBeVisible()
  },
}

export const WithDirectoryDark: Story = { ...WithDirectory, globals: { theme: 'dark' } }

/**
 * Hostile wallets (EIP-6963 and the Wallet Standard let any script announce one): markup in a name is shown as text,
 * never parsed. That their unsafe icons are never even requested is checked where each source comes in, with the
 * browser's image requests recorded: `Chains/HostileWallets` and `Views/AllWallets › HostileDirectoryWallets`.
 */
export const HostileWalletNames: Story = {
  parameters: {
    foyer: {
      options: () => ({
        plugins: [
          testChain({
            connectors: [
              testConnector({
                id: 'markup',
                name: '<img src=x onerror="window.__foyerPwned=1">',
                imageUrl: 'data:text/html,<script>window.__foyerPwned=1</script>',
              }),
              testConnector({ id: 'script', name: '"><script>window.__foyerPwned=1</script>', imageUrl: 'http://evil.example/icon.png' }),
              testConnector({ id: 'svg', name: 'Svg', imageUrl: 'javascript:window.__foyerPwned=1' }),
            ],
          }),
        ],
      }),
    },
  },
  play: async () => {
    const modal = await withinModal()
    const list = await modal.findByRole('list', { name: 'Wallets' })
    const labels = [...list.querySelectorAll('.f-list-item-label')].map((label) => label.textContent)
    await expect(labels).toEqual(['<img src=x onerror="window.__foyerPwned=1">', '"><script>window.__foyerPwned=1</script>', 'Svg'])
    // No element came out of a name: parsed, the first would have made an <img>, the second a <script>. (The icons
    // here fail to load whatever happens, so an <img> from them would not show: see the stories named above.)
    await expect(list.querySelectorAll('img, script')).toHaveLength(0)
    await expect((window as { __foyerPwned?: unknown }).__foyerPwned).toBeUndefined()
  },
}
