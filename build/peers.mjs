import { entries, everyEntrysPeers, packageName, packageOf } from './entries.mjs'

/**
 * Fails the build when an entry's import graph, static or dynamic, reaches a peer its `peers` in build/entries.mjs
 * do not name: every host's bundler resolves every import it finds, even one in code the host never runs, so such a
 * peer would break the build of a host that did not install it (docs/packaging.md). A Rollup plugin.
 */
export function onlyTheirPeers() {
  return {
    name: 'foyer-only-their-peers',
    generateBundle(_options, bundle) {
      const problems = strayPeers(bundle)
      if (problems.length) this.error(`An entry reaches a peer a host of it may not have installed:\n${problems.join('\n')}`)
    },
  }
}

/** Each entry's reach beyond its peers, one line each: `./react reaches viem: react.js → chunks/a.js → viem`. */
export function strayPeers(bundle) {
  const problems = []
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue
    const entry = entries.find((e) => e.file === chunk.name)
    const allowed = new Set([...everyEntrysPeers, ...(entry.peers ?? []), packageName])
    for (const [peer, path] of peersReached(bundle, chunk.fileName)) {
      if (!allowed.has(peer)) problems.push(`${entry.export} reaches ${peer}: ${path.join(' → ')}`)
    }
  }
  return problems
}

/** Each package a chunk's import graph imports, with the first chain of chunks that leads to it. */
function peersReached(bundle, fileName) {
  const reached = new Map()
  const seen = new Set()
  const visit = (file, path) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const id of [...bundle[file].imports, ...bundle[file].dynamicImports]) {
      if (id in bundle) visit(id, [...path, id])
      else if (!reached.has(packageOf(id))) reached.set(packageOf(id), [...path, id])
    }
  }
  visit(fileName, [fileName])
  return reached
}
