// Story helpers: every story that sets `parameters.foyer` gets a fresh kernel, wrapped in the real
// provider, with the modal opened at the story's view. Play functions reach into the modal's shadow
// root through `withinModal`.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { userEvent, within } from 'storybook/test'
import { connect } from '../kernel/actions/connect.js'
import type { Kernel } from '../kernel/core/createKernel.js'
import { openModal } from '../kernel/core/modal.js'
import type { FoyerOptions } from '../kernel/core/options.js'
import { setThemeMode, type ThemeName } from '../kernel/core/theme.js'
import type { ViewId } from '../kernel/core/views.js'
import { FoyerProvider } from '../kernel/react/FoyerProvider.js'
import { testChain, testKernel } from './fixtures.js'

export interface FoyerStoryParameters {
  /** Options for this story's kernel (memory storage, a project id and desktop width are preset). */
  options?: () => FoyerOptions
  /** Runs before the modal opens: connect a wallet, raise an alert … */
  setup?: (kernel: Kernel) => void | Promise<void>
  /** Opens the modal at this view after setup; leave out to keep it closed. */
  view?: ViewId
  params?: unknown
}

// Settles once the newest story's setup has run and its modal, if it asks for one, has been opened (see `modalRoot`).
let storyReady: Promise<void> = Promise.resolve()

export function FoyerStory({ parameters, theme, children }: { parameters: FoyerStoryParameters; theme: ThemeName; children: ReactNode }) {
  const [kernel] = useState(() => testKernel({ themeMode: theme, ...parameters.options?.() }))
  // Made while rendering, so a play function (which starts after the render) never sees the previous story's.
  const [ready] = useState(() => {
    let settle = () => {}
    storyReady = new Promise<void>((resolve) => (settle = resolve))
    return { settle }
  })
  useEffect(() => setThemeMode(kernel, theme), [kernel, theme])
  // Storybook may hand a re-render new parameter objects: set the story up once per kernel.
  const setup = useRef(parameters)
  useEffect(() => {
    let live = true
    const { setup: prepare, view, params } = setup.current
    void Promise.resolve(prepare?.(kernel))
      .then(() => {
        if (live && view) openModal(kernel, { view, params: params as never })
      })
      .finally(ready.settle)
    return () => {
      live = false
      void kernel.destroy()
    }
  }, [kernel, ready])
  return <FoyerProvider kernel={kernel}>{children}</FoyerProvider>
}

export interface ConnectedStoryOptions {
  /**
   * Options for this story's kernel, made afresh for each story so one story's wallet answers do
   * not reach the next. @default one test chain: `() => ({ plugins: [testChain()] })`
   */
  options?: () => FoyerOptions
  /** Runs before the wallets connect: provide a service, tell a wallet how to answer … */
  setup?: (kernel: Kernel) => void | Promise<void>
  /** The connectors to connect, in this order. @default ['test-wallet-eip155'] */
  connectorIds?: readonly string[]
  /** @default 'Account' */
  view?: ViewId
}

/**
 * `parameters.foyer` for a story that starts connected: the kernel's plugins, the wallets connected
 * in setup, the modal open at a view. Every field is set, so a story's own `connectedStory` replaces
 * all of its meta's (Storybook merges parameters deeply).
 *
 * @example
 * parameters: { foyer: connectedStory({ options: () => ({ plugins: [testChain(), receive()] }) }) }
 */
export function connectedStory(story: ConnectedStoryOptions = {}): Required<Omit<FoyerStoryParameters, 'params'>> {
  const { options = () => ({ plugins: [testChain()] }), setup, connectorIds = ['test-wallet-eip155'], view = 'Account' } = story
  return {
    options,
    setup: async (kernel) => {
      await setup?.(kernel)
      for (const connectorId of connectorIds) await connect(kernel, { connectorId })
    },
    view,
  }
}

/** The modal's shadow root, for Testing Library queries (it does not pierce shadow DOM by itself). */
export async function modalRoot(): Promise<HTMLElement> {
  // Up to 15 s: a story whose wallet connects first may load viem's chunk before the modal opens, which
  // took over 5 s on a 2-core CI machine running the end-to-end suite at the same time. The story's setup is waited
  // for first: once an earlier story has loaded the modal's code, a closed modal's root is there at once, and the
  // queries that follow would get only their own 5 s for the setup and the opening.
  const deadline = Date.now() + 15_000
  await Promise.race([storyReady, new Promise((resolve) => setTimeout(resolve, 15_000))])
  while (Date.now() < deadline) {
    // The newest modal: a story's host element may outlive it until the next story has rendered.
    const host = [...document.querySelectorAll('[data-foyer]')].at(-1)
    const root = host?.shadowRoot?.querySelector<HTMLElement>('.f-root')
    if (root) return root
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('The Foyer modal root did not appear.')
}

/** Testing Library queries scoped to the modal. */
export async function withinModal() {
  return within(await modalRoot())
}

/** The element that has focus, looking through the modal's shadow root. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** A small square icon as a data URL, so stories load no image from the network. */
export function iconDataUrl(colour: string, letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" rx="10" fill="${colour}"/><text x="20" y="26" font-size="18" font-family="sans-serif" text-anchor="middle" fill="white">${letter}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/**
 * Types into an input inside the modal's shadow root. Testing Library's `userEvent.type` follows
 * `document.activeElement`, which is the shadow host, so it cannot reach the input; this sets the
 * value as the browser does and fires the `input` event React listens to.
 */
/**
 * Opens the picker (foyer/ui's combobox) named `name` and chooses the option whose name is `label` or starts with
 * `label` and a comma (a token's name goes on with its network and balance).
 */
export async function pick(scope: ReturnType<typeof within>, name: string | RegExp, label: string): Promise<void> {
  await userEvent.click(scope.getByRole('combobox', { name }))
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  await userEvent.click(await scope.findByRole('option', { name: new RegExp(`^${escaped}(,|$)`) }))
}

export function typeInto(input: HTMLElement, text: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setValue?.call(input, text)
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

/**
 * Records every URL an image is asked to load, through the `src` property (how Foyer preloads icons) and the
 * `src` attribute (how React renders them), until the returned `stop()`. A URL that fails to load leaves no
 * <img> behind, so only this tells a URL that was refused from one that was tried.
 */
export function recordImageRequests(): { readonly urls: string[]; stop(): void } {
  const urls: string[] = []
  const property = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src') as PropertyDescriptor
  const setAttribute = Element.prototype.setAttribute
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    ...property,
    set(this: HTMLImageElement, value: string) {
      urls.push(String(value))
      property.set?.call(this, value)
    },
  })
  Element.prototype.setAttribute = function record(this: Element, name: string, value: string) {
    if (this instanceof HTMLImageElement && name.toLowerCase() === 'src') urls.push(String(value))
    return setAttribute.call(this, name, value)
  }
  return {
    urls,
    stop() {
      Object.defineProperty(HTMLImageElement.prototype, 'src', property)
      Element.prototype.setAttribute = setAttribute
    },
  }
}
