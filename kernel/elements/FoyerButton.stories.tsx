import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { connect } from '../actions/connect.js'
import { disconnect } from '../actions/disconnect.js'
import type { Kernel } from '../core/createKernel.js'
import { closeModal } from '../core/modal.js'
import { setThemeMode, THEMES } from '../core/theme.js'
import { ConnectButton } from '../react/ConnectButton.js'
import { useKernel } from '../react/hooks/context.js'
import { testChain, testKernel, testNetwork, testNetworkB } from '../../test/fixtures.js'
import { iconDataUrl, withinModal } from '../../test/stories.js'
import { defineFoyerElements, type FoyerElement } from './defineFoyerElements.js'
import type { FoyerOptions } from '../core/options.js'

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'foyer-button': ElementProps
      'foyer-connect-button': ElementProps
      'foyer-account-button': ElementProps
      'foyer-network-button': ElementProps
    }
  }
}
type ElementProps = { kernel?: Kernel; size?: string; label?: string; balance?: string; disabled?: boolean; 'data-testid'?: string }

// The page's tags are defined once, for a kernel of their own; each story gives its element its own kernel, as a
// page with a second kernel does (the `kernel` property).
let pageKernel: Kernel | undefined
function definePage() {
  pageKernel ??= testKernel({ plugins: [testChain()] })
  defineFoyerElements(pageKernel)
}

const networkMark = iconDataUrl('#0f766e', 'T')
const markedNetworks = () => ({ plugins: [testChain({ networks: [{ ...testNetwork, imageUrl: networkMark }, testNetworkB] })] })
const connectWallet = (kernel: Kernel) => connect(kernel, { connectorId: 'test-wallet-eip155' })

type Tag = 'foyer-button' | 'foyer-connect-button' | 'foyer-account-button' | 'foyer-network-button'

/** One element on a page without React's provider, with a kernel of its own (destroyed with the story). */
function ElementOnPage({
  tag = 'foyer-button',
  options,
  attributes = {},
}: {
  tag?: Tag
  options?: () => FoyerOptions
  attributes?: ElementProps
}) {
  const [kernel] = useState(() => {
    definePage()
    return testKernel(options?.() ?? { plugins: [testChain()] })
  })
  useEffect(() => () => void kernel.destroy(), [kernel])
  const Element = tag
  return <Element kernel={kernel} data-testid="element" {...attributes} />
}

/** ConnectButton and `<foyer-button>` side by side, on the story's kernel. */
function Twins() {
  definePage()
  const kernel = useKernel()
  return (
    <div>
      <ConnectButton data-testid="react" /> <foyer-button kernel={kernel} data-testid="element" />
    </div>
  )
}

const meta = { title: 'Elements/foyer-button', component: ElementOnPage } satisfies Meta<typeof ElementOnPage>
export default meta
type Story = StoryObj<typeof meta>

function elementOf(canvasElement: HTMLElement): FoyerElement {
  return canvasElement.querySelector('[data-testid="element"]') as FoyerElement
}

/** The element's own button, inside its shadow root. */
function buttonOf(element: HTMLElement): HTMLButtonElement {
  return element.shadowRoot?.querySelector('button') as HTMLButtonElement
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`

/** What a button looks like: its words and name, its box, and each part of its face. */
function look(button: HTMLElement) {
  const style = getComputedStyle(button)
  const box = ['display', 'alignItems', 'gap', 'minHeight', 'paddingLeft', 'paddingRight', 'borderTopLeftRadius', 'borderTopColor']
  const colours = ['backgroundColor', 'color', 'font', 'cursor', 'whiteSpace']
  // A text's width may differ by a fraction of a pixel between two renderings; pictures and the avatar may not.
  const part = (child: Element) =>
    child.tagName === 'SPAN' && !child.hasAttribute('aria-hidden')
      ? ['color']
      : ['width', 'height', 'borderTopLeftRadius', 'backgroundImage', 'display']
  return {
    text: button.textContent,
    name: button.getAttribute('aria-label'),
    status: button.getAttribute('data-status'),
    style: [...box, ...colours].map((key) => `${key}: ${style.getPropertyValue(key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))}`),
    parts: [...button.children].map((child) => ({
      tag: child.tagName,
      src: child.getAttribute('src'),
      alt: child.getAttribute('alt'),
      hidden: child.getAttribute('aria-hidden'),
      style: part(child).map((key) => getComputedStyle(child).getPropertyValue(key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))),
    })),
  }
}

/** Disconnected, it is ConnectButton's button: 'Connect' on the accent colour, the same box and font. */
export const SameAsConnectButton: Story = {
  parameters: { foyer: { options: () => ({ plugins: [testChain()] }) } },
  render: () => <Twins />,
  play: async ({ canvasElement }) => {
    const react = canvasElement.querySelector('[data-testid="react"]') as HTMLElement
    const button = buttonOf(elementOf(canvasElement))
    await expect(button.textContent).toBe('Connect')
    await expect(look(button)).toEqual(look(react))
    await expect(getComputedStyle(button).backgroundColor).toBe(rgb(THEMES.light.accent))
  },
}

/** Connected, both show the network's mark, the balance, the avatar and the short address, drawn alike. */
export const SameAsConnectButtonConnected: Story = {
  parameters: { foyer: { options: markedNetworks, setup: connectWallet } },
  render: () => <Twins />,
  play: async ({ canvasElement }) => {
    const react = canvasElement.querySelector('[data-testid="react"]') as HTMLElement
    const button = buttonOf(elementOf(canvasElement))
    await waitFor(() => expect(react.textContent).toBe('1.5 TETH0x1111…1111'))
    await waitFor(() => expect(button.textContent).toBe('1.5 TETH0x1111…1111'))
    await expect(look(button)).toEqual(look(react))
    await expect(button.querySelector(`img[src="${networkMark}"]`)).not.toBeNull()
    await expect(button.querySelector('span[aria-hidden="true"]')?.getAttribute('style')).toContain('linear-gradient')
  },
}

/** The dark theme, and a change of theme while the page runs, reach the element as they reach ConnectButton. */
export const SameAsConnectButtonDark: Story = {
  parameters: { foyer: { options: markedNetworks, setup: connectWallet } },
  globals: { theme: 'dark' },
  render: () => <Twins />,
  play: async ({ canvasElement }) => {
    const react = canvasElement.querySelector('[data-testid="react"]') as HTMLElement
    const element = elementOf(canvasElement)
    const button = buttonOf(element)
    await waitFor(() => expect(button.textContent).toBe('1.5 TETH0x1111…1111'))
    await waitFor(() => expect(react.textContent).toBe('1.5 TETH0x1111…1111'))
    await expect(getComputedStyle(button).backgroundColor).toBe(rgb(THEMES.dark.surface))
    await expect(look(button)).toEqual(look(react))
    setThemeMode(element.kernel, 'light')
    await waitFor(() => expect(getComputedStyle(button).backgroundColor).toBe(rgb(THEMES.light.surface)))
    await waitFor(() => expect(look(button)).toEqual(look(react)))
  },
}

/**
 * A click opens the modal at Connect: the modal's code loads then (or on the hover before it), with no provider in
 * the page. `foyer-open` goes first, and `foyer-connect` follows the connection.
 */
export const OpensTheModal: Story = {
  play: async ({ canvasElement }) => {
    const element = elementOf(canvasElement)
    const heard: string[] = []
    for (const type of ['foyer-open', 'foyer-connect', 'foyer-disconnect']) {
      canvasElement.addEventListener(type, (event) => heard.push(`${type} ${JSON.stringify((event as CustomEvent).detail)}`))
    }
    await userEvent.click(buttonOf(element))
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: /^Test Wallet/ }))
    await waitFor(() => expect(buttonOf(element).getAttribute('data-status')).toBe('connected'))
    await disconnect(element.kernel)
    await waitFor(() =>
      expect(heard).toEqual([
        'foyer-open {}',
        'foyer-connect {"address":"0x1111111111111111111111111111111111111111","caipAddress":"eip155:1:0x1111111111111111111111111111111111111111","namespace":"eip155","networkId":"eip155:1"}',
        'foyer-disconnect {}',
      ]),
    )
  },
}

/** `foyer-open` cancelled: the host decides, and the modal stays closed (its code does not even load). */
export const OpenPrevented: Story = {
  play: async ({ canvasElement }) => {
    const element = elementOf(canvasElement)
    canvasElement.addEventListener('foyer-open', (event) => event.preventDefault(), { once: true })
    buttonOf(element).click()
    await expect(element.kernel.store.getState().modal.open).toBe(false)
  },
}

/** The attributes: the host's words, a small size, no balance, disabled. */
export const Attributes: Story = {
  args: { options: markedNetworks, attributes: { label: 'Sign in', size: 'sm', balance: 'hide' } },
  play: async ({ canvasElement }) => {
    const element = elementOf(canvasElement)
    const button = buttonOf(element)
    await expect(button.textContent).toBe('Sign in')
    const height = button.getBoundingClientRect().height
    await expect(height).toBeGreaterThanOrEqual(32)
    await expect(height).toBeLessThan(44)
    await connectWallet(element.kernel)
    // `balance="hide"`: the face without the balance.
    await waitFor(() => expect(button.textContent).toBe('0x1111…1111'))
    element.setAttribute('balance', 'show')
    await waitFor(() => expect(button.textContent).toBe('1.5 TETH0x1111…1111'))
    element.setAttribute('disabled', '')
    await expect(button.disabled).toBe(true)
    button.click()
    await expect(element.kernel.store.getState().modal.open).toBe(false)
  },
}

/** `<foyer-account-button>` shows only once connected; `<foyer-connect-button>` only until then. */
export const AccountAndConnectButtons: Story = {
  render: () => (
    <>
      <ElementOnPage tag="foyer-connect-button" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const connectOnly = elementOf(canvasElement)
    const account = document.createElement('foyer-account-button') as FoyerElement
    account.kernel = connectOnly.kernel
    canvasElement.append(account)
    try {
      await expect(buttonOf(connectOnly).hidden).toBe(false)
      await expect(buttonOf(account).hidden).toBe(true)
      await connectWallet(connectOnly.kernel)
      await waitFor(() => expect(buttonOf(account).hidden).toBe(false))
      await expect(buttonOf(connectOnly).hidden).toBe(true)
      await waitFor(() => expect(buttonOf(account).textContent).toBe('1.5 TETH0x1111…1111'))
    } finally {
      account.remove()
    }
  },
}

/** `<foyer-network-button>`: the network the site connects to first, then the wallet's; a click opens Networks. */
export const NetworkButton: Story = {
  args: { tag: 'foyer-network-button', options: markedNetworks },
  play: async ({ canvasElement }) => {
    const element = elementOf(canvasElement)
    const button = buttonOf(element)
    await waitFor(() => expect(button.textContent).toBe('Testnet One'))
    await waitFor(() => expect(button.querySelector(`img[src="${networkMark}"]`)).not.toBeNull())
    await connectWallet(element.kernel)
    await userEvent.click(button)
    const modal = await withinModal()
    const dialog = await modal.findByRole('dialog', { name: 'Choose network' })
    await userEvent.click(await within(dialog).findByRole('button', { name: /Testnet Ten/ }))
    await waitFor(() => expect(button.textContent).toBe('Testnet Ten'))
    closeModal(element.kernel)
  },
}

/** Tags already in the page (server-rendered markup) stay inert until defined, then come alive. */
export const UpgradesTagsAlreadyThere: Story = {
  play: async ({ canvasElement }) => {
    const kernel = testKernel({ plugins: [testChain()] })
    const tag = `late-button-${Math.random().toString(36).slice(2)}`
    canvasElement.insertAdjacentHTML('beforeend', `<${tag} label="Log in"></${tag}>`)
    const late = canvasElement.querySelector(tag) as FoyerElement
    // A framework sets the property before the tag is defined: the element takes it when it upgrades.
    const own = testKernel({ plugins: [testChain()] })
    ;(late as { kernel?: Kernel }).kernel = own
    try {
      await expect(late.shadowRoot).toBeNull()
      defineFoyerElements(kernel, { button: tag })
      await expect(buttonOf(late).textContent).toBe('Log in')
      await expect(late.kernel).toBe(own)
      await expect(() => defineFoyerElements(own, { button: tag })).toThrow(/already defined for another kernel/)
      await expect(() => ((late as { kernel: unknown }).kernel = { not: 'a kernel' })).toThrow('`kernel` must be a kernel')
    } finally {
      late.remove()
      await kernel.destroy()
      await own.destroy()
    }
  },
}
