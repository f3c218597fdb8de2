/** A relative link that leads nowhere, and why. */
export interface BrokenLink {
  file: string
  target: string
  reason: string
}

/** The pages checked, relative to the repository's root: README.md, CHANGELOG.md and every Markdown file in docs/. */
export function docPages(root: string): string[]

/** The link targets of a page (inline links and images), code left out. */
export function linkTargets(markdown: string): string[]

/** The anchors GitHub gives a page's headings. */
export function headingAnchors(markdown: string): Set<string>

/** Every broken relative link of the given pages (paths relative to `root`). */
export function findBrokenLinks(root: string, pages: string[]): BrokenLink[]
