// Types for originMatches.mjs (plain JavaScript, so the services run it on Node as it is).

/**
 * Whether `origin` (`https://shop.example.com`) matches `pattern`: exact, `*.` for one or more leading host labels,
 * `:*` for any port (the default one included), as in CSP sources and the directory's allowed origins (§5).
 */
export declare function originMatches(pattern: string, origin: string): boolean
