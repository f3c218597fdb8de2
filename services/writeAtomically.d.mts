// Types for writeAtomically.mjs.

/** Writes through a temporary file beside `file`, then renames it into place: a reader never sees half of it. */
export declare function writeAtomically(file: string, contents: string | Uint8Array): Promise<void>;
