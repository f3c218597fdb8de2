// The "foyer/elements" entry: Foyer's account button as custom elements, for any page and any framework (Vue, Svelte,
// Angular, plain HTML), and the kernel's state for pages without React. It loads no React: the modal's code, React
// with it, loads on the first hover, focus or open (docs/elements.md). With "foyer", it is the vanilla API: open and
// close with `openModal` and `closeModal`, the theme with `setThemeMode`, the account with `getAccount`.
export { defineFoyerElements, FOYER_ELEMENT_TAGS } from './defineFoyerElements.js'
export type { FoyerElement, FoyerElementTags } from './defineFoyerElements.js'
export type { ElementKind, FoyerElementEvents } from './buttonView.js'
export { getModal, getNetwork, watchAccount, watchModal, watchNetwork } from './watch.js'
export type { ModalInfo } from './watch.js'
export type { NetworkInfo } from '../core/network.js'
