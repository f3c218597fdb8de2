// The custom elements' definitions. The custom element registry is the page's, one definition per tag, so the tags are
// defined once, by an explicit call that names the kernel: no instance is looked up anywhere, the tags already in the
// page (server-rendered markup, a framework's template) upgrade as they are defined, and a second kernel on the page is
// given to its elements as their `kernel` property (docs/elements.md).
import type { Kernel } from '../core/createKernel.js'
import { InvalidOptionsError } from '../core/errors/catalogue.js'
import { ELEMENT_ATTRIBUTES, mountButtonView, type ButtonView, type ElementKind } from './buttonView.js'
import { serveModal } from './serveModal.js'

/** The tag of each element. */
export type FoyerElementTags = Record<ElementKind, string>

/** Foyer's own tags. */
export const FOYER_ELEMENT_TAGS: FoyerElementTags = {
  button: 'foyer-button',
  connectButton: 'foyer-connect-button',
  accountButton: 'foyer-account-button',
  networkButton: 'foyer-network-button',
}

/** A Foyer element as the page sees it: an HTMLElement with its kernel. */
export interface FoyerElement extends HTMLElement {
  /** The kernel it shows: its own when set, else the one its tag was defined for. */
  kernel: Kernel
}

/**
 * Defines Foyer's custom elements for `kernel`: `<foyer-button>` (Connect, then the account), `<foyer-connect-button>`,
 * `<foyer-account-button>` and `<foyer-network-button>`. Tags already in the page come alive at once. The modal's
 * views are registered now, and its code (React with it) loads on the first hover, focus or open. On a server (no
 * `customElements`) it does nothing, and the tags stay inert until the page calls it.
 *
 * Attributes: `size="sm"`, `label` and `loading-label` (the disconnected button's words), `balance="hide"`, `disabled`.
 * Events (bubbling): `foyer-open` before a click opens the modal (cancelable), `foyer-connect`, `foyer-disconnect`.
 *
 * @param tags other names for the tags (the AppKit layer's `<appkit-button>` …), all four or some.
 * @throws {InvalidOptionsError} when a tag is already defined for another kernel, or by something else: give the
 *   elements of a second kernel their `kernel` property instead.
 * @example
 * const kernel = createKernel({ projectId: 'my-site', plugins: [evm({ networks: [mainnet] })] })
 * defineFoyerElements(kernel)
 * // <foyer-button></foyer-button> anywhere in the page
 */
export function defineFoyerElements(kernel: Kernel, tags: Partial<FoyerElementTags> = FOYER_ELEMENT_TAGS): void {
  if (typeof customElements === 'undefined') return
  serveModal(kernel)
  for (const [kind, tag] of Object.entries(tags) as Array<[ElementKind, string]>) {
    const defined = customElements.get(tag) as (CustomElementConstructor & { pageKernel?: Kernel }) | undefined
    if (!defined) customElements.define(tag, elementClass(kind, kernel))
    else if (defined.pageKernel !== kernel) {
      throw new InvalidOptionsError(
        defined.pageKernel
          ? `<${tag}> is already defined for another kernel: give the elements of a second kernel their \`kernel\` property instead.`
          : `<${tag}> is already defined by another script: pass other tag names to defineFoyerElements.`,
      )
    }
  }
}

function elementClass(kind: ElementKind, pageKernel: Kernel): CustomElementConstructor {
  return class extends HTMLElement implements FoyerElement {
    static readonly pageKernel = pageKernel
    static readonly observedAttributes = ELEMENT_ATTRIBUTES
    #kernel: Kernel | undefined
    #view: ButtonView | undefined

    get kernel(): Kernel {
      return this.#kernel ?? pageKernel
    }

    set kernel(kernel: Kernel) {
      if (!isKernel(kernel)) throw new InvalidOptionsError('`kernel` must be a kernel from createKernel.')
      this.#kernel = kernel
      if (this.#view) {
        this.#view.stop()
        this.#view = mountButtonView(this, kind, kernel)
      }
    }

    connectedCallback() {
      // A framework may set `kernel` before the tag was defined: that own property hides the accessor; pass it on.
      if (Object.hasOwn(this, 'kernel')) {
        const early = (this as { kernel?: unknown }).kernel
        delete (this as { kernel?: unknown }).kernel
        this.kernel = early as Kernel
      }
      this.#view ??= mountButtonView(this, kind, this.kernel)
    }

    disconnectedCallback() {
      this.#view?.stop()
      this.#view = undefined
    }

    attributeChangedCallback() {
      this.#view?.render()
    }
  }
}

function isKernel(value: unknown): value is Kernel {
  return typeof value === 'object' && value !== null && 'store' in value && 'router' in value && 'chains' in value
}
