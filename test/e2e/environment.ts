// The end-to-end files' environment: Node's, and at the end of the worker the shared stacks stopped. The e2e project
// runs its files in one worker's module graph (isolate: false), so this teardown runs once, after the worker's last
// file, and not after each file.
import { builtinEnvironments, type Environment } from 'vitest/runtime'
import { stopSharedStacks } from './sharedStacks.js'

const node = builtinEnvironments.node

export default {
  name: 'e2e',
  viteEnvironment: node.viteEnvironment,
  async setup(global, options) {
    const environment = await node.setup(global, options)
    return {
      async teardown(global) {
        await stopSharedStacks()
        await environment.teardown(global)
      },
    }
  },
} satisfies Environment
