import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { connect } from 'foyer'
import type { Kernel } from 'foyer'
import { ConnectButton } from 'foyer/react'
import { iconDataUrl, withinModal } from '../../../test/stories.js'
import { evm, evmNetwork } from '../index.js'

// The RPC URLs are never called: this view switches through the wallet and reads no balance.
const network = (id: number, name: string, testnet?: boolean) =>
  evmNetwork({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    testnet,
  })
const networks = [network(1, 'Ethereum'), network(10, 'Optimism'), network(11155111, 'Sepolia', true)]
const options = () => ({ plugins: [evm({ networks })] })

/** No wallet: the kernel is told directly that an EVM wallet is connected on BNB Smart Chain (56). */
const onChain56 = (kernel: Kernel) =>
  kernel.dispatchConnection({
    type: 'connected',
    namespace: 'eip155',
    connectorId: 'story',
    accounts: [{ namespace: 'eip155', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' }],
    networkId: 'eip155:56',
  })

/**
 * A browser extension cannot run in a story, so this stands in for one (the unit tests and the
 * end-to-end suite use real signing wallets against anvil). It sits on chain 56 and answers a
 * switch as the story says.
 */
function storyWallet(switchAnswer: 'approve' | 'fail' | 'pending') {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let chainId = '0x38'
  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266']
        case 'eth_chainId':
          return chainId
        case 'wallet_switchEthereumChain':
          if (switchAnswer === 'pending') return new Promise(() => {})
          if (switchAnswer === 'fail') throw Object.assign(new Error('The story wallet cannot switch.'), { code: -32603 })
          chainId = (params as [{ chainId: string }])[0].chainId
          for (const listener of listeners.get('chainChanged') ?? []) listener(chainId)
          return null
        default:
          throw Object.assign(new Error(`The story wallet does not do ${method}.`), { code: 4200 })
      }
    },
    on(event: string, listener: (payload: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    },
    removeListener(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
  }
}

/**
 * Announces a story wallet once (EIP-6963), to the kernel that is listening, and connects it. The
 * chain's afterConnect hook opens the modal at UnsupportedChain; the connect settles once the view
 * has answered, so the story does not wait for it.
 */
const connectStoryWallet = (switchAnswer: 'approve' | 'fail' | 'pending') => (kernel: Kernel) => {
  const info = { uuid: crypto.randomUUID(), name: 'Story Wallet', rdns: 'story.wallet', icon: iconDataUrl('#7c3aed', 'S') }
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: storyWallet(switchAnswer) } }))
  connect(kernel, { connectorId: 'story.wallet' }).catch((error: unknown) => kernel.logger.warn('The story wallet did not connect.', error))
}

const meta = {
  title: 'Chains/EVM/UnsupportedChain',
  component: ConnectButton,
  // No `view`: the chain's afterConnect hook opens the modal at UnsupportedChain once the wallet connects on chain 56.
  parameters: { foyer: { options, setup: onChain56 } },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The wallet is on a network the site does not list: the configured networks, each a button that switches. */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('dialog', { name: 'Switch network' })
    await expect(await modal.findByText('Your wallet is on chain 56.')).toBeVisible()
    const list = modal.getByRole('list', { name: 'Switch network' })
    const names = [...list.querySelectorAll('.f-list-item-label')].map((label) => label.textContent)
    await expect(names).toEqual(['Ethereum', 'Optimism', 'Sepolia'])
    await expect(modal.getByRole('button', { name: 'Sepolia Testnet' })).toBeEnabled()
    await expect(modal.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  },
}

export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** Choosing a network switches the wallet; once it is on a supported network the modal closes. */
export const Switches: Story = {
  parameters: { foyer: { options, setup: connectStoryWallet('approve') } },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Optimism' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
  },
}

/** While the wallet asks the visitor, the list waits and says so. */
export const Switching: Story = {
  parameters: { foyer: { options, setup: connectStoryWallet('pending') } },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Optimism' }))
    await expect(await modal.findByText('Approve the switch in your wallet…')).toHaveAttribute('role', 'status')
    await expect(modal.getByRole('button', { name: 'Ethereum' })).toBeDisabled()
  },
}

export const SwitchingDark: Story = { ...Switching, globals: { theme: 'dark' } }

/** A wallet that fails to switch leaves the list usable and says so. */
export const SwitchFails: Story = {
  parameters: { foyer: { options, setup: connectStoryWallet('fail') } },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Optimism' }))
    await expect(await modal.findByRole('alert')).toHaveTextContent('The network could not be switched.')
    await waitFor(() => expect(modal.getByRole('button', { name: 'Optimism' })).toBeEnabled())
    await expect(modal.getByRole('dialog', { name: 'Switch network' })).toBeVisible()
  },
}

export const SwitchFailsDark: Story = { ...SwitchFails, globals: { theme: 'dark' } }

/** Disconnect is the way out for a visitor who wants to stay on their network. */
export const Disconnects: Story = {
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
  },
}
