// Types for entries.mjs, so TypeScript tests can import it.

/** One package export. */
export interface Entry {
  /** The subpath in package.json "exports": `'.'`, `'./react'`, `'./plugins/swaps'`. */
  export: string
  /** Its source file, relative to the package root. */
  input: string
  /** Output name: the entry is `dist/<file>.js`. */
  file: string
  /** Its own budget, shorthand for a `Budget` named after the export. */
  budget?: Omit<Budget, 'name' | 'entries'>
  /** Node only (a host's backend): no page loads it, so none of it belongs in a page's first paint. */
  server?: true
  /** The optional peers beyond React its import graph (static and dynamic) may reach. */
  peers?: string[]
}

/** A size budget over the static-import closure of some entries. */
export interface Budget {
  name: string
  /** Exports whose first load is counted together. */
  entries: string[]
  /** Gzip bytes allowed (each distinct file gzipped on its own, then summed). */
  gzip: number
  /** Exports whose closure is assumed loaded already, so not counted (a plugin on top of the kernel). */
  beyond?: string[]
}

export declare const entries: Entry[]
export declare const budgets: Budget[]
export declare const peers: string[]
export declare const everyEntrysPeers: string[]
export declare function packageOf(specifier: string): string
export declare const packageName: string
export declare function isExternal(id: string): boolean
export declare function selfImports(): Record<string, string>
export declare function packageExports(): Record<string, { types: string; default: string } | string>
