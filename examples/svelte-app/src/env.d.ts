// Components, for TypeScript outside Svelte's own tooling.
declare module '*.svelte' {
  import type { Component } from 'svelte'
  const component: Component
  export default component
}
