import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// Every call of a valibot function is counted, so the test sees whether importing the module builds a schema.
const calls = vi.hoisted(() => ({ count: 0 }))
vi.mock('valibot', async (importOriginal) => {
  const valibot = await importOriginal<Record<string, unknown>>()
  return Object.fromEntries(
    Object.entries(valibot).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? (...args: unknown[]) => {
            calls.count++
            return (value as (...a: unknown[]) => unknown)(...args)
          }
        : value,
    ]),
  )
})

// The unit files of a worker share one module graph (vitest.config.ts, isolate: false): the modules are loaded afresh
// here, under the counting valibot, and afresh again after.
beforeAll(() => {
  vi.resetModules()
})

afterAll(() => {
  vi.doUnmock('valibot')
  vi.resetModules()
})

describe("the Solana chain's options module", () => {
  // It sits in the kernel's first-paint chunk (build/kernelChunk.mjs): what it builds at import, every host builds
  // before its Connect button, one without Solana too (docs/budgets.md, the phone).
  it('builds no schema when it is imported, only when a Solana network or option is first checked', async () => {
    await import('foyer')
    const before = calls.count
    const { solanaNetwork } = await import('./options.js')
    expect(calls.count).toBe(before)
    solanaNetwork({
      genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
      name: 'Solana Devnet',
      rpcUrl: 'https://api.devnet.solana.com',
    })
    expect(calls.count).toBeGreaterThan(before)
  })
})
