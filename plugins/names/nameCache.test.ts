// rules §3's name cache kept across reloads: a name looked up once is there after a reload, for its 5 minutes
// (rules §9); a kept profile is checked again when read back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryBackend } from 'foyer'
import { persistedKey } from '../../kernel/services/queryCache.js'
import { memoryNamesService } from '../../test/memoryNamesService.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { names } from './index.js'
import { NamesServiceToken } from './namesService.js'
import { NAME_CACHE_MS, nameProfileQuery, resolveName } from './registerAccountName.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** One page load over `storage`, its names service counting the lookups. */
function page(storage: ReturnType<typeof createMemoryBackend>) {
  const kernel = testKernel({ plugins: [testChain(), names()], services: { api: 'http://127.0.0.1:9' }, storage })
  const service = memoryNamesService({ taken: ['alice.foyer.id'] })
  const lookups: string[] = []
  const getProfile = service.getProfile.bind(service)
  service.getProfile = (name) => {
    lookups.push(name)
    return getProfile(name)
  }
  kernel.container.provide(NamesServiceToken, service)
  return { kernel, lookups }
}

describe('the name cache (rules §3, §9)', () => {
  it('a name looked up is known after a reload without asking, until its 5 minutes are over', async () => {
    const storage = createMemoryBackend()
    const first = page(storage)
    await expect(resolveName(first.kernel, { name: 'alice' })).resolves.toMatchObject({ name: 'alice.foyer.id' })
    vi.advanceTimersByTime(NAME_CACHE_MS - 1)
    const reloaded = page(storage)
    await expect(resolveName(reloaded.kernel, { name: 'alice' })).resolves.toMatchObject({ name: 'alice.foyer.id' })
    expect(reloaded.lookups).toEqual([])
    vi.advanceTimersByTime(1)
    const later = page(storage)
    await resolveName(later.kernel, { name: 'alice' })
    expect(later.lookups).toEqual(['alice.foyer.id'])
  })

  it('a kept profile whose avatar is no safe image URL is read back without it', async () => {
    const storage = createMemoryBackend()
    const { kernel, lookups } = page(storage)
    const key = nameProfileQuery(kernel, { name: 'mallory' }).key
    const profile = { name: 'mallory.foyer.id', registeredAt: '', addresses: {}, attributes: { avatar: 'javascript:alert(1)', url: 'x' } }
    storage.setItem(`foyer:${kernel.options.projectId}:${persistedKey(key)}`, JSON.stringify({ at: Date.now(), data: profile }))
    await expect(resolveName(kernel, { name: 'mallory' })).resolves.toEqual({ ...profile, attributes: { url: 'x' } })
    expect(lookups).toEqual([])
  })
})
