// What an element draws in its shadow root: the themed account button of `ConnectButton`, with the DOM instead of
// React, so a page pays the button's cost and loads React only with the modal (docs/elements.md). The look and the
// words come from the same modules as ConnectButton's (connectButtonLook.ts, accountFaceLook.ts), and a story checks
// that both draw the same button (FoyerButton.stories.tsx).
import { getAccount, type AccountState } from '../core/account.js'
import { selectActiveConnection } from '../core/connection.js'
import type { Kernel } from '../core/createKernel.js'
import { openModal } from '../core/modal.js'
import { networkStateOf } from '../core/network.js'
import { resolveTheme, systemThemeName, watchSystemTheme, type ThemeTokens } from '../core/theme.js'
import type { ViewId } from '../core/views.js'
import { getIdentity } from '../actions/getIdentity.js'
import { getNativeBalance } from '../actions/getNativeBalance.js'
import { shortenAddress } from '../model/addresses.js'
import type { Network } from '../model/network.js'
import { buttonStyle, type InlineStyle } from '../react/connectButtonLook.js'
import { applyStyle } from './inlineStyle.js'
import { loadModal, serveModal } from './serveModal.js'

/**
 * The four elements: the account button (`<foyer-button>`: Connect, then the account), Connect alone, the account
 * alone, and the network.
 */
export type ElementKind = 'button' | 'connectButton' | 'accountButton' | 'networkButton'

/** The attributes every element reads (`balance` and the labels only where they apply). */
export const ELEMENT_ATTRIBUTES = ['size', 'label', 'loading-label', 'loadinglabel', 'balance', 'disabled'] as const

/** The events an element dispatches (bubbling, composed, so a listener on the page hears them). */
export interface FoyerElementEvents {
  /** Before the modal opens from a click; `preventDefault()` keeps it closed. */
  'foyer-open': CustomEvent<{ view?: ViewId }>
  /** The account connected (or another one took its place). */
  'foyer-connect': CustomEvent<{ address: string; caipAddress?: string; namespace?: string; networkId?: string }>
  /** The account disconnected. */
  'foyer-disconnect': CustomEvent<Record<string, never>>
}

export interface ButtonView {
  render(): void
  stop(): void
}

type FacesModule = typeof import('./faces.js')
// The faces' module once loaded, so that later renders draw them at once. One for the page, like any loaded module.
let faces: FacesModule | undefined

/** The faces with pictures, loaded after the first paint (ConnectButton's connected face loads so too). */
function withFaces(draw: (module: FacesModule) => void, meanwhile: () => void, again: () => void): void {
  if (faces) draw(faces)
  else {
    meanwhile()
    void import('./faces.js').then((module) => {
      faces = module
      again()
    })
  }
}

/** Draws the element `kind` of `kernel` into `host`'s shadow root and keeps it up to date until `stop()`. */
export function mountButtonView(host: HTMLElement, kind: ElementKind, kernel: Kernel): ButtonView {
  serveModal(kernel)
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  const button = document.createElement('button')
  button.type = 'button'
  button.setAttribute('part', 'button')
  button.setAttribute(kind === 'networkButton' ? 'data-foyer-network-button' : 'data-foyer-connect-button', '')
  root.replaceChildren(button)

  let connected = getAccount(kernel).isConnected
  let figuresFor: string | undefined

  const render = () => {
    const account = getAccount(kernel)
    const tokens = resolveTheme(themeNameOf(kernel), kernel.options.themeVariables)
    const shown = kind === 'accountButton' ? account.isConnected : kind === 'connectButton' ? !account.isConnected : true
    button.hidden = !shown
    button.disabled = host.hasAttribute('disabled')
    button.setAttribute('data-status', account.status)
    if (kind === 'networkButton') {
      applyStyle(button, { ...buttonStyle(tokens, true), ...sizeStyle(host, tokens) })
      const { network, networkId, isSupported } = networkShown(kernel)
      // A network the site does not list is named by its id, as the wallet reported it (rules §4).
      const name = isSupported && network ? network.name : (networkId ?? '')
      withFaces(
        (module) => module.drawNetworkFace(button, { network, label: name }),
        () => button.replaceChildren(name),
        render,
      )
      return
    }
    // Named by what it shows, as ConnectButton is (WCAG 2.5.3: a voice-control user says what they see).
    const label = buttonLabel(kernel, account)
    applyStyle(button, { ...buttonStyle(tokens, account.isConnected), ...sizeStyle(host, tokens) })
    if (!account.isConnected) return void button.replaceChildren(ownLabel(host, account) ?? label)
    readFigures()
    const network = networkStateOf(kernel, kernel.store.getState().connection).network
    const showBalance = host.getAttribute('balance') !== 'hide'
    withFaces(
      (module) => module.drawAccountFace(button, { account, label, network, tokens, showBalance }),
      () => button.replaceChildren(label),
      render,
    )
  }

  // The balance and the name are read through the kernel's queries (cached, rules §9); the account state shows them.
  const readFigures = () => {
    const active = selectActiveConnection(kernel.store.getState().connection)
    const key = active && `${active.networkId}:${active.address}`
    if (key === figuresFor) return
    figuresFor = key
    readNow()
  }
  const readNow = () => {
    const { namespace, address, networkId } = selectActiveConnection(kernel.store.getState().connection) ?? {}
    if (!namespace || !address || !networkId) return
    const quiet = (error: unknown) => kernel.logger.debug('The account button could not read a figure.', error)
    getNativeBalance(kernel, { namespace, address, networkId })?.catch(quiet)
    if (kernel.chains.get(namespace)?.capabilities?.identity) getIdentity(kernel, { address }).catch(quiet)
  }

  const announce = () => {
    const account = getAccount(kernel)
    if (account.isConnected === connected) return
    connected = account.isConnected
    const active = selectActiveConnection(kernel.store.getState().connection)
    const detail = active
      ? { address: active.address, caipAddress: account.caipAddress, namespace: active.namespace, networkId: active.networkId }
      : {}
    host.dispatchEvent(new CustomEvent(connected ? 'foyer-connect' : 'foyer-disconnect', { bubbles: true, composed: true, detail }))
  }

  const open = () => {
    const view: ViewId | undefined = kind === 'networkButton' ? 'Networks' : undefined
    const event = new CustomEvent('foyer-open', { bubbles: true, composed: true, cancelable: true, detail: view ? { view } : {} })
    if (!host.dispatchEvent(event)) return
    try {
      openModal(kernel, view ? { view } : {})
    } catch (error) {
      kernel.logger.error('The modal could not be opened.', error)
    }
  }
  // A pointer on its way or keyboard focus says a click is coming: load and warm the modal now.
  const warm = () => loadModal(kernel)
  button.addEventListener('click', open)
  button.addEventListener('pointerenter', warm)
  button.addEventListener('focus', warm)

  const stops = [
    kernel.store.select(
      (state) => state.connection,
      () => {
        announce()
        render()
      },
    ),
    kernel.store.select((state) => state.account, render),
    kernel.store.select((state) => state.theme, render),
    kernel.i18n.subscribe(render),
    watchSystemTheme(render),
    kernel.bus.on('balances:changed', readNow),
  ]
  render()
  return {
    render,
    stop() {
      for (const stop of stops) stop()
      button.removeEventListener('click', open)
      button.removeEventListener('pointerenter', warm)
      button.removeEventListener('focus', warm)
    },
  }
}

function themeNameOf(kernel: Kernel) {
  const { mode } = kernel.store.getState().theme
  return mode === 'system' ? systemThemeName() : mode
}

/**
 * What the button says: useConnectButton's label (kept the same by FoyerButton.stories.tsx; written twice so that a
 * React host's first paint carries no shared helper).
 */
function buttonLabel(kernel: Kernel, account: AccountState): string {
  const shortAddress = account.address && shortenAddress(account.address)
  if (shortAddress) return account.profileName ?? shortAddress
  return kernel.i18n.t(account.status === 'connecting' ? 'button.connecting' : 'button.connect')
}

/** The host's own words for the disconnected button: `label`, and `loading-label` while connecting. */
function ownLabel(host: HTMLElement, account: AccountState): string | undefined {
  const loading = host.getAttribute('loading-label') ?? host.getAttribute('loadinglabel')
  const text = account.status === 'connecting' ? loading : host.getAttribute('label')
  return text?.trim() || undefined
}

/** `size="sm"`: a smaller button for a dense header (still a 32 px target, above WCAG 2.5.8's 24). */
function sizeStyle(host: HTMLElement, tokens: ThemeTokens): InlineStyle {
  return host.getAttribute('size') === 'sm' ? { minHeight: '32px', padding: '0 12px', font: `600 13px/1.2 ${tokens.font}`, gap: '6px' } : {}
}

/** The network the network button shows: the connected one, else the one the site connects to first. */
function networkShown(kernel: Kernel): { network?: Network; networkId?: string; isSupported: boolean } {
  const state = networkStateOf(kernel, kernel.store.getState().connection)
  if (state.networkId) return state
  const preferred = kernel.options.defaultNetwork
  const network = (preferred && state.networks.find((candidate) => candidate.caipNetworkId === preferred)) || state.networks[0]
  return { network, networkId: network?.caipNetworkId, isSupported: true }
}
