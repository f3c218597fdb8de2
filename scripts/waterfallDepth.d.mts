/** Each JS file's URL path ('/app.js') → the files it imports statically. */
export type ImportGraph = Map<string, string[]>

/** How many round trips the JS before the first paint takes (the fewest import steps from the page's entry, plus one). */
export function waterfallDepth(graph: ImportGraph, files: string[]): number
