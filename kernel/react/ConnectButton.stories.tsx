import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { connect } from '../actions/connect.js'
import { THEMES } from '../core/theme.js'
import { testChain, testNetwork, testNetworkB } from '../../test/fixtures.js'
import { iconDataUrl, withinModal } from '../../test/stories.js'
import { axeProblems } from '../../test/uiQuality.js'
import { ConnectButton } from './ConnectButton.js'

const networkMark = iconDataUrl('#0f766e', 'T')
const connected = {
  options: () => ({ plugins: [testChain({ networks: [{ ...testNetwork, imageUrl: networkMark }, testNetworkB] })] }),
  setup: async (kernel: Parameters<typeof connect>[0]) => void (await connect(kernel, { connectorId: 'test-wallet-eip155' })),
}

/** The host page's account button, themed by default. */
const meta = {
  title: 'Components/ConnectButton',
  component: ConnectButton,
  parameters: { foyer: { options: () => ({ plugins: [testChain()] }) } },
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`

/** Disconnected: 'Connect' on the theme's accent colour, a 44 px target, and a click opens Connect. */
export const Disconnected: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Connect' })
    const style = getComputedStyle(button)
    await expect(style.backgroundColor).toBe(rgb(THEMES.light.accent))
    await expect(style.color).toBe(rgb(THEMES.light.accentForeground))
    await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44)
    await userEvent.click(button)
    await (await withinModal()).findByRole('dialog', { name: 'Connect a wallet' })
  },
}

export const DisconnectedDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByRole('button', { name: 'Connect' })).backgroundColor).toBe(rgb(THEMES.dark.accent))
  },
}

/** The host's theme variables reach the button too. */
export const HostAccent: Story = {
  parameters: { foyer: { options: () => ({ plugins: [testChain()], themeVariables: { accent: '#0a7d55' } }) } },
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByRole('button', { name: 'Connect' })).backgroundColor).toBe('rgb(10, 125, 85)')
  },
}

/**
 * Connected: the network's mark, the balance, the avatar and the short address. What it shows is its name (WCAG 2.5.3),
 * so a voice-control user can press it by saying so; axe agrees.
 */
export const Connected: Story = {
  parameters: { foyer: connected },
  play: async ({ canvas, canvasElement }) => {
    const button = await canvas.findByRole('button', { name: '1.5 TETH 0x1111…1111' })
    await expect(button.textContent).toBe('1.5 TETH0x1111…1111')
    await expect(await axeProblems(canvasElement)).toEqual([])
    await expect(button.querySelector(`img[src="${networkMark}"]`)?.getAttribute('alt')).toBe('')
    await expect(button.querySelector('span[aria-hidden="true"]')?.getAttribute('style')).toContain('linear-gradient')
    await expect(getComputedStyle(button).backgroundColor).toBe(rgb(THEMES.light.surface))
    await userEvent.click(button)
    await (await withinModal()).findByRole('dialog', { name: 'Account' })
  },
}

export const ConnectedDark: Story = {
  ...Connected,
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    const button = await canvas.findByRole('button', { name: '1.5 TETH 0x1111…1111' })
    await expect(getComputedStyle(button).backgroundColor).toBe(rgb(THEMES.dark.surface))
    await expect(await axeProblems(canvasElement)).toEqual([])
  },
}

/** `showBalance={false}` leaves the balance out. */
export const WithoutBalance: Story = {
  parameters: { foyer: connected },
  args: { showBalance: false },
  play: async ({ canvas }) => {
    const button = await canvas.findByRole('button', { name: '0x1111…1111' })
    await expect(button.textContent).toBe('0x1111…1111')
  },
}

/** `appearance="plain"`: the bare button as before, the label only, for the host's own CSS. */
export const Plain: Story = {
  parameters: { foyer: connected },
  args: { appearance: 'plain', className: 'host-button' },
  play: async ({ canvas }) => {
    const button = await canvas.findByRole('button', { name: '0x1111…1111' })
    await expect(button.textContent).toBe('0x1111…1111')
    await expect(button.getAttribute('style')).toBeNull()
    await expect(button.className).toBe('host-button')
  },
}

/** A function child draws the button: the host gets the state and the actions. */
export const DrawnByTheHost: Story = {
  parameters: { foyer: connected },
  render: () => (
    <ConnectButton>
      {(state) => (
        <button type="button" className="my-account" onClick={state.open} onPointerEnter={state.warm}>
          {state.isConnected ? `${state.network?.name}: ${state.shortAddress} (${state.balance?.formatted ?? '…'})` : 'Sign in'}
        </button>
      )}
    </ConnectButton>
  ),
  play: async ({ canvas }) => {
    const button = await canvas.findByRole('button', { name: 'Testnet One: 0x1111…1111 (1.5)' })
    await expect(button.className).toBe('my-account')
    await expect(button.hasAttribute('data-foyer-connect-button')).toBe(false)
    await userEvent.click(button)
    await (await withinModal()).findByRole('dialog', { name: 'Account' })
  },
}
