// The depth of a page's import waterfall before its first paint (#21), for scripts/bench.mjs.

/** @typedef {Map<string, string[]>} ImportGraph each JS file's URL path ('/app.js') → the files it imports statically */

/**
 * How many round trips the JS before the first paint takes: a browser learns of a file's imports only once it has the
 * file, so a file imported by the page's entry comes a trip after it, one imported only by that file a trip later, and
 * so on (the fewest steps from the entry, since a file is fetched as soon as any importer asks for it). React alone is 1.
 *
 * @param {ImportGraph} graph
 * @param {string[]} files the URL paths before the paint; those that none of the others import are the page's own
 */
export function waterfallDepth(graph, files) {
  const loaded = new Set(files)
  const importsOf = (/** @type {string} */ file) => (graph.get(file) ?? []).filter((imported) => loaded.has(imported))
  const imported = new Set(files.flatMap(importsOf))
  let wave = files.filter((file) => !imported.has(file))
  const seen = new Set(wave)
  let depth = 0
  while (wave.length > 0) {
    depth++
    const next = []
    for (const file of wave.flatMap(importsOf)) {
      if (!seen.has(file)) next.push(file)
      seen.add(file)
    }
    wave = next
  }
  return depth
}
