// Before the stories of a file run: the code of every module of the kernel, the plugins and the chains, views and the
// parts the product loads on demand alike (a view's component, the query client, a chain's client, a locale), so
// that no story waits for one inside its own waits. A setup file of the stories and screenshots projects. The stories
// project runs its files in one page per worker (isolate: false), so the first file of a worker loads the code and
// every later file finds it loaded. In development Vite serves each module of a lazy chunk on its first use, and some
// are large: the socials' marks come from simple-icons, one 5.4 MB module here (a build keeps the eight it uses).
// Inside a story, that first use took over 5 s on a 2-core machine at load 15, and the story's first query gave up.
import { beforeAll } from 'vitest'

// Browser code only: the tests and stories are not loaded here (a test file's `test` calls would join this file's).
const modules = import.meta.glob([
  '../kernel/**/*.{ts,tsx}',
  '../plugins/**/*.{ts,tsx}',
  '../chains/**/*.{ts,tsx}',
  '!**/*.test.{ts,tsx}',
  '!**/*.stories.tsx',
  '!**/*.d.ts',
])

// A budget of its own, far above the quiet machine's second or two: this hook loads what the stories of a
// whole worker would otherwise load one by one, and a busy machine is many times slower at it.
beforeAll(async () => {
  await Promise.all(Object.values(modules).map((load) => load()))
}, 120_000)
