#!/usr/bin/env node
// `node scripts/checkLinks.mjs`: every relative link in the README, the changelog and docs/ must lead to a file or
// folder of the repository, and a link to a heading (`page.md#heading`) to a heading that page has, so a reader
// following the docs never lands nowhere. Prints each broken link and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** @typedef {{ file: string, target: string, reason: string }} BrokenLink */

/** The pages checked, relative to the repository's root: README.md, CHANGELOG.md and every Markdown file in docs/. */
export function docPages(root) {
  const pages = ['README.md', 'CHANGELOG.md'].filter((page) => existsSync(join(root, page)))
  const walk = (folder) => {
    if (!existsSync(join(root, folder))) return
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md')) pages.push(path)
    }
  }
  walk('docs')
  return pages
}

/** Markdown without its fenced code blocks, where a `# comment` is no heading and a `[x](y)` no link. */
function withoutFences(markdown) {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
}

/** The link targets of a page: inline links and images `[text](target "title")`. */
export function linkTargets(markdown) {
  return [
    ...withoutFences(markdown)
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
  ].map((match) => match[1])
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
export function headingAnchors(markdown) {
  const anchors = new Set()
  const counts = new Map()
  for (const [, text] of withoutFences(markdown)
    .replace(/`([^`\n]*)`/g, '$1')
    .matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const seen = counts.get(base) ?? 0
    counts.set(base, seen + 1)
    anchors.add(seen === 0 ? base : `${base}-${seen}`)
  }
  return anchors
}

const isExternal = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')

/**
 * Every broken relative link of the given pages.
 * @param {string} root the repository's root
 * @param {string[]} pages paths relative to it
 * @returns {BrokenLink[]}
 */
export function findBrokenLinks(root, pages) {
  /** @type {BrokenLink[]} */
  const broken = []
  for (const page of pages) {
    const source = join(root, page)
    for (const target of linkTargets(readFileSync(source, 'utf8'))) {
      if (isExternal(target)) continue
      const [path, anchor] = target.split('#', 2)
      const resolved = path === '' ? source : resolve(dirname(source), decodeURIComponent(path))
      if (!existsSync(resolved)) {
        broken.push({ file: page, target, reason: `no file ${relative(root, resolved)}` })
        continue
      }
      if (anchor === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) continue
      if (!headingAnchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) {
        broken.push({ file: page, target, reason: `no heading #${anchor} in ${relative(root, resolved)}` })
      }
    }
  }
  return broken
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  const broken = findBrokenLinks(root, docPages(root))
  for (const { file, target, reason } of broken) console.error(`${file}: (${target}) leads nowhere: ${reason}`)
  if (broken.length > 0) process.exit(1)
  console.log('every relative link in the README and docs/ resolves')
}
