// Single-file components, for TypeScript outside Vue's own tooling.
declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent
  export default component
}
