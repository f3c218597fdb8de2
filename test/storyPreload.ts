// Before the stories of a file run: the code of every view and every component a view loads on demand, so that no
// story waits for it inside its own waits. A setup file of the stories project. The project runs its files in one
// page per worker (isolate: false), so the first file of a worker loads the code and every later file finds it
// loaded. In development Vite serves each module of a lazy chunk on its first use, and some are large: the socials'
// marks come from simple-icons, one 5.4 MB module here (a build keeps the eight it uses). Inside a story, that first
// use took over 5 s on a 2-core machine at load 15, and the story's first query gave up.
import { beforeAll } from 'vitest'

// Every component module of the kernel's views, the plugins and the chains: each is a view, a slot entry or a part of
// one, all loaded lazily by the product.
const components = import.meta.glob([
  '../kernel/react/**/*.tsx',
  '../kernel/ui/*.tsx',
  '../plugins/**/*.tsx',
  '../chains/**/*.tsx',
  '!**/*.stories.tsx',
])

// A budget of its own, far above the quiet machine's second or two: this hook loads what the stories of a
// whole worker would otherwise load one by one, and a busy machine is many times slower at it.
beforeAll(async () => {
  await Promise.all(Object.values(components).map((load) => load()))
}, 120_000)
