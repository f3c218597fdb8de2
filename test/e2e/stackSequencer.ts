// The order of the test files: vitest's own, except that the slowest files start first and the end-to-end files that
// ask for the same stack come in a row, so that a worker's shared stack (useStack in harness.ts) serves them one after
// another instead of being stopped and started again between them.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that take a minute or more in `npm test` on two cores, slowest first. Vitest starts the files it has timed
 * slowest first, but a fresh clone (CI) has no timings, and vitest then starts the largest files first, which are not
 * the slowest: the hosts test, begun halfway through its tier, ran on alone for minutes after every other file had
 * ended. A file missing here only starts later; one that got faster only starts earlier.
 */
const SLOWEST = [
  'test/hosts/hosts.integration.test.ts',
  'test/screenshots/views.screenshot.test.tsx',
  // The end-to-end files by their time in a quiet `npm test` of 2026-12-07 (`returningVisitor` and `frameAttacks`, the
  // second and fifth slowest, were missing and started among the last).
  'test/e2e/returningVisitor.test.ts',
  'test/e2e/reload.test.ts',
  'test/e2e/passkeys.test.ts',
  'test/e2e/frameAttacks.test.ts',
  'test/e2e/socials.test.ts',
  'test/e2e/permissions.test.ts',
  'test/e2e/email.test.ts',
  'test/e2e/smartAccount.test.ts',
  'test/e2e/evm.test.ts',
  'test/e2e/faults.test.ts',
  'test/e2e/faults2.test.ts',
  'test/e2e/walletconnect.test.ts',
  'services/storage/storage.integration.test.ts',
  'services/wallet/grants.integration.test.ts',
  'services/wallet/smartAccounts.integration.test.ts',
]

export class StackSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = slowestFirst(await super.sort(files), this.ctx.config.root)
    const byStack = new Map<string, TestSpecification[]>()
    for (const file of sorted.filter(isEndToEnd)) {
      const stack = stackAskedFor(file.moduleId)
      byStack.set(stack, [...(byStack.get(stack) ?? []), file])
    }
    // A stack's files in a row, the stacks in the order of their first file.
    return [...sorted.filter((file) => !isEndToEnd(file)), ...[...byStack.values()].flat()]
  }
}

/** The files of SLOWEST first, in its order, within their group (`sequence.groupOrder`); the others as they were. */
function slowestFirst(files: TestSpecification[], root: string): TestSpecification[] {
  const rank = (file: TestSpecification) => {
    const at = SLOWEST.indexOf(path.relative(root, file.moduleId))
    return at === -1 ? SLOWEST.length : at
  }
  const group = (file: TestSpecification) => file.project.config.sequence.groupOrder
  // Array.prototype.sort is stable: files of equal rank keep vitest's order.
  return [...files].sort((a, b) => group(a) - group(b) || rank(a) - rank(b))
}

const isEndToEnd = (file: TestSpecification) => file.project.name === 'e2e'

/** The options of the file's first `useStack(…)`, as written; a file with a stack of its own, or none, stands alone. */
function stackAskedFor(file: string): string {
  const options = /useStack\(([^)]*)\)/.exec(readFileSync(file, 'utf8'))?.[1]?.replace(/\s+/g, '')
  return options === undefined || options.includes('shared:false') ? file : options
}
