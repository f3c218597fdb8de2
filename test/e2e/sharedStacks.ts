// The stack that end-to-end files share within one worker, by its options (one at a time, see useStack in
// harness.ts). The map lives on globalThis because two module graphs reach it: the test files' (through harness.ts)
// and the environment's (environment.ts, which empties it when the worker ends).
import type { Stack } from './harness.js'

const key = Symbol.for('foyer.e2e.sharedStacks')

/** A started (or starting) stack, by `stackKey` of its options. */
export function sharedStacks(): Map<string, Promise<Stack>> {
  const holder = globalThis as { [key]?: Map<string, Promise<Stack>> }
  holder[key] ??= new Map()
  return holder[key]
}

/** Stops every shared stack of this worker; one that failed to start has nothing to stop. */
export async function stopSharedStacks(): Promise<void> {
  const stacks = [...sharedStacks().values()]
  sharedStacks().clear()
  await Promise.all(
    stacks.map((started) =>
      started.then(
        (stack) => stack.stop(),
        () => undefined,
      ),
    ),
  )
}
