// Types for peers.mjs, so TypeScript tests can import it.

/** A chunk of a Rollup bundle, as far as the check reads it. */
export interface BundleChunk {
  type: 'chunk'
  fileName: string
  name: string
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
}

export declare function onlyTheirPeers(): { name: string; generateBundle(options: unknown, bundle: Record<string, BundleChunk>): void }
export declare function strayPeers(bundle: Record<string, BundleChunk>): string[]
