// The order of the test files: vitest's own (slowest first), except that the end-to-end files that ask for the same
// stack come in a row, so that a worker's shared stack (useStack in harness.ts) serves them one after another instead
// of being stopped and started again between them.
import { readFileSync } from 'node:fs'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

export class StackSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const byStack = new Map<string, TestSpecification[]>()
    for (const file of sorted.filter(isEndToEnd)) {
      const stack = stackAskedFor(file.moduleId)
      byStack.set(stack, [...(byStack.get(stack) ?? []), file])
    }
    return [...sorted.filter((file) => !isEndToEnd(file)), ...[...byStack.values()].flat()]
  }
}

const isEndToEnd = (file: TestSpecification) => file.project.name === 'e2e'

/** The options of the file's first `useStack(…)`, as written; a file with a stack of its own, or none, stands alone. */
function stackAskedFor(path: string): string {
  const options = /useStack\(([^)]*)\)/.exec(readFileSync(path, 'utf8'))?.[1]?.replace(/\s+/g, '')
  return options === undefined || options.includes('shared:false') ? path : options
}
