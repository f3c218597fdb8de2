import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

import { docPages, findBrokenLinks, headingAnchors } from './checkLinks.mjs'

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..')

let folders: string[] = []
afterEach(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  folders = []
})

/** A repository of its own with these files, for the checker to read. */
function repositoryWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'foyer-links-'))
  folders.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('checkLinks', () => {
  it('finds every relative link in the README and docs/ leading to a file and heading of the repository', () => {
    const pages = docPages(repository)
    expect(pages).toContain('README.md')
    expect(pages).toContain(join('docs', 'rules.md'))
    expect(findBrokenLinks(repository, pages)).toEqual([])
  })

  it('reports a link to a file that does not exist', () => {
    const root = repositoryWith({ 'README.md': 'See [the guide](docs/guide.md).\n' })
    expect(findBrokenLinks(root, docPages(root))).toEqual([
      { file: 'README.md', target: 'docs/guide.md', reason: `no file ${join('docs', 'guide.md')}` },
    ])
  })

  it('reports a link to a heading the page does not have, and accepts one it has', () => {
    const root = repositoryWith({
      'README.md': '[rules](docs/rules.md#9-numbers) and [checks](docs/rules.md#5-what-foyer-checks)\n',
      'docs/rules.md': '# Rules\n\n## 5. What Foyer checks\n',
    })
    expect(findBrokenLinks(root, docPages(root))).toEqual([
      { file: 'README.md', target: 'docs/rules.md#9-numbers', reason: `no heading #9-numbers in ${join('docs', 'rules.md')}` },
    ])
  })

  it('leaves external links and links inside code alone', () => {
    const root = repositoryWith({
      'docs/page.md': '[Hono](https://hono.dev) `[not](a-link.md)`\n\n```md\n[nor](this.md)\n```\n',
    })
    expect(findBrokenLinks(root, docPages(root))).toEqual([])
  })

  it('names headings as GitHub does: code and punctuation dropped, each space a hyphen, repeats numbered', () => {
    const anchors = headingAnchors('## wagmi: `foyerConnector` (`foyer/wagmi`)\n## Where the click → first view goes\n## Tests\n## Tests\n')
    expect([...anchors]).toEqual(['wagmi-foyerconnector-foyerwagmi', 'where-the-click--first-view-goes', 'tests', 'tests-1'])
  })
})
