import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { isFoyerError } from '../core/errors/BaseError.js'
import {
  addRecentWallet,
  createMemoryBackend,
  createStorage,
  readRecentWallets,
  RECENT_WALLETS_LIMIT,
  type RecentWallet,
  type StorageBackend,
} from './storage.js'

const Settings = v.object({ theme: v.picklist(['light', 'dark']), volume: v.number() })

function setup(backend: StorageBackend = createMemoryBackend()) {
  const onDrop = vi.fn()
  const storage = createStorage({ namespace: 'test', backend, onDrop })
  return { backend, storage, onDrop }
}

// What Safari's private mode and a full disk look like: every write throws.
function failingWrites(): StorageBackend {
  return {
    ...createMemoryBackend(),
    setItem: () => {
      throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' })
    },
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createMemoryBackend', () => {
  it('stores, lists and removes strings', () => {
    const backend = createMemoryBackend()
    expect(backend.getItem('a')).toBeNull()
    backend.setItem('a', '1')
    backend.setItem('b', '2')
    expect(backend.getItem('a')).toBe('1')
    expect(backend.length).toBe(2)
    expect([backend.key(0), backend.key(1), backend.key(2)]).toEqual(['a', 'b', null])
    backend.removeItem('a')
    expect(backend.getItem('a')).toBeNull()
    expect(backend.length).toBe(1)
  })

  it('two backends share nothing', () => {
    const first = createMemoryBackend()
    first.setItem('a', '1')
    expect(createMemoryBackend().getItem('a')).toBeNull()
  })
})

describe('createStorage', () => {
  it('writes JSON under foyer:<namespace>:<key>', () => {
    const { backend, storage } = setup()
    expect(storage.write('settings', { theme: 'dark', volume: 3 })).toBe(true)
    expect(backend.getItem('foyer:test:settings')).toBe('{"theme":"dark","volume":3}')
  })

  it('reads back a value that matches the schema', () => {
    const { storage, onDrop } = setup()
    storage.write('settings', { theme: 'light', volume: 1 })
    expect(storage.read('settings', Settings)).toEqual({ theme: 'light', volume: 1 })
    expect(onDrop).not.toHaveBeenCalled()
  })

  it('returns the schema output, transforms included', () => {
    const { storage } = setup()
    storage.write('count', '41')
    expect(storage.read('count', v.pipe(v.string(), v.transform(Number), v.number()))).toBe(41)
  })

  it('a missing key is undefined and not reported', () => {
    const { storage, onDrop } = setup()
    expect(storage.read('nothing', Settings)).toBeUndefined()
    expect(onDrop).not.toHaveBeenCalled()
  })

  it('corrupt JSON is removed, reported and read as undefined', () => {
    const { backend, storage, onDrop } = setup()
    backend.setItem('foyer:test:settings', '{"theme":')
    expect(storage.read('settings', Settings)).toBeUndefined()
    expect(backend.getItem('foyer:test:settings')).toBeNull()
    expect(onDrop).toHaveBeenCalledWith('settings', 'corrupt', expect.any(SyntaxError))
  })

  it('foreign-shaped data is removed, reported with the issues and read as undefined', () => {
    const { backend, storage, onDrop } = setup()
    backend.setItem('foyer:test:settings', '{"theme":"neon","volume":3}')
    expect(storage.read('settings', Settings)).toBeUndefined()
    expect(backend.getItem('foyer:test:settings')).toBeNull()
    expect(onDrop).toHaveBeenCalledWith('settings', 'invalid', [expect.objectContaining({ kind: 'schema' })])
  })

  it('a backend that throws on read gives undefined, never an exception', () => {
    const backend: StorageBackend = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {},
      removeItem: () => {},
    }
    const { storage, onDrop } = setup(backend)
    expect(storage.read('settings', Settings)).toBeUndefined()
    expect(onDrop).toHaveBeenCalledWith('settings', 'unavailable', expect.any(Error))
  })

  it('a quota error on write is swallowed and reported', () => {
    const { storage, onDrop } = setup(failingWrites())
    expect(storage.write('big', 'x'.repeat(10))).toBe(false)
    expect(onDrop).toHaveBeenCalledWith('big', 'write-failed', expect.objectContaining({ name: 'QuotaExceededError' }))
  })

  it('a value JSON cannot hold is reported, not thrown', () => {
    const { backend, storage, onDrop } = setup()
    expect(storage.write('amount', { value: 1n })).toBe(false)
    expect(backend.getItem('foyer:test:amount')).toBeNull()
    expect(onDrop).toHaveBeenCalledWith('amount', 'write-failed', expect.any(TypeError))
  })

  it('writing undefined removes the key instead of storing "undefined"', () => {
    const { backend, storage, onDrop } = setup()
    storage.write('settings', { theme: 'dark', volume: 1 })
    expect(storage.write('settings', undefined)).toBe(true)
    expect(backend.getItem('foyer:test:settings')).toBeNull()
    expect(onDrop).not.toHaveBeenCalled()
  })

  it('a throwing onDrop cannot turn a drop into a crash', () => {
    const backend = createMemoryBackend()
    const storage = createStorage({
      namespace: 'test',
      backend,
      onDrop: () => {
        throw new Error('logger broke')
      },
    })
    backend.setItem('foyer:test:settings', 'not json')
    expect(storage.read('settings', Settings)).toBeUndefined()
  })

  it('remove deletes one key of this namespace', () => {
    const { backend, storage } = setup()
    storage.write('a', 1)
    storage.write('b', 2)
    storage.remove('a')
    expect(backend.getItem('foyer:test:a')).toBeNull()
    expect(backend.getItem('foyer:test:b')).toBe('2')
  })

  it('two namespaces on one backend do not collide', () => {
    const backend = createMemoryBackend()
    const shop = createStorage({ namespace: 'shop', backend })
    const blog = createStorage({ namespace: 'blog', backend })
    shop.write('theme', 'dark')
    blog.write('theme', 'light')
    expect(shop.read('theme', v.string())).toBe('dark')
    expect(blog.read('theme', v.string())).toBe('light')
  })

  it('clear removes only the keys of its namespace', () => {
    const backend = createMemoryBackend()
    backend.setItem('host-key', 'keep')
    backend.setItem('foyer:other:a', 'keep')
    backend.setItem('foyer:testing:a', 'keep')
    backend.setItem('foyer:test:old-session', '"from a previous page load"')
    const storage = createStorage({ namespace: 'test', backend })
    storage.write('a', 1)
    storage.write('b', 2)
    storage.clear()
    const remaining = Array.from({ length: backend.length }, (_, index) => backend.key(index))
    expect(remaining.sort()).toEqual(['foyer:other:a', 'foyer:testing:a', 'host-key'])
  })

  it('clear on a backend that cannot list keys removes the keys it touched', () => {
    const memory = createMemoryBackend()
    const backend: StorageBackend = {
      getItem: (key) => memory.getItem(key),
      setItem: (key, value) => memory.setItem(key, value),
      removeItem: (key) => memory.removeItem(key),
    }
    memory.setItem('foyer:other:a', 'keep')
    const storage = createStorage({ namespace: 'test', backend })
    storage.write('a', 1)
    storage.clear()
    expect(memory.getItem('foyer:test:a')).toBeNull()
    expect(memory.getItem('foyer:other:a')).toBe('keep')
  })

  it.each(['', 'a:b', ':'])('rejects the namespace %j with an options error', (namespace) => {
    let error: unknown
    try {
      createStorage({ namespace, backend: createMemoryBackend() })
    } catch (caught) {
      error = caught
    }
    expect(isFoyerError(error, 'InvalidOptionsError')).toBe(true)
    expect((error as Error).message).toContain('storage namespace')
  })
})

describe('createStorage default backend', () => {
  it('uses localStorage when it exists and accepts writes', () => {
    const local = createMemoryBackend()
    vi.stubGlobal('localStorage', local)
    createStorage({ namespace: 'test' }).write('a', 1)
    expect(local.getItem('foyer:test:a')).toBe('1')
    expect(local.length).toBe(1)
  })

  it('falls back to memory when localStorage throws on write (Safari private mode)', () => {
    vi.stubGlobal('localStorage', failingWrites())
    const storage = createStorage({ namespace: 'test' })
    expect(storage.write('a', 1)).toBe(true)
    expect(storage.read('a', v.number())).toBe(1)
  })

  it('falls back to memory when reading localStorage itself throws (disabled storage)', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError')
      },
    })
    try {
      const storage = createStorage({ namespace: 'test' })
      storage.write('a', 'kept')
      expect(storage.read('a', v.string())).toBe('kept')
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage')
    }
  })

  it('falls back to memory when there is no localStorage (Node, workers)', () => {
    vi.stubGlobal('localStorage', undefined)
    const storage = createStorage({ namespace: 'test' })
    storage.write('a', [1, 2])
    expect(storage.read('a', v.array(v.number()))).toEqual([1, 2])
  })

  it('each storage without a backend gets its own memory', () => {
    vi.stubGlobal('localStorage', undefined)
    createStorage({ namespace: 'test' }).write('a', 1)
    expect(createStorage({ namespace: 'test' }).read('a', v.number())).toBeUndefined()
  })
})

describe('recent wallets', () => {
  const metamask: RecentWallet = { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }
  const phantom: RecentWallet = { id: 'phantom', name: 'Phantom', imageUrl: 'https://cdn.example/phantom.png' }
  const rabby: RecentWallet = { id: 'rabby', name: 'Rabby', imageUrl: 'data:image/png;base64,iVBORw0KGgo=' }

  it('keeps 2 wallets (rules §9)', () => {
    expect(RECENT_WALLETS_LIMIT).toBe(2)
  })

  it('empty at first', () => {
    expect(readRecentWallets(setup().storage)).toEqual([])
  })

  it('most recent first, the oldest falls off past the limit', () => {
    const { storage } = setup()
    expect(addRecentWallet(storage, metamask)).toEqual([metamask])
    expect(addRecentWallet(storage, phantom)).toEqual([phantom, metamask])
    expect(addRecentWallet(storage, rabby)).toEqual([rabby, phantom])
    expect(readRecentWallets(storage)).toEqual([rabby, phantom])
  })

  it('reconnecting a listed wallet moves it to the front without a duplicate', () => {
    const { storage } = setup()
    addRecentWallet(storage, metamask)
    addRecentWallet(storage, phantom)
    expect(addRecentWallet(storage, { ...metamask, name: 'MetaMask Flask' })).toEqual([{ ...metamask, name: 'MetaMask Flask' }, phantom])
  })

  it('survives a new storage instance on the same backend', () => {
    const { backend, storage } = setup()
    addRecentWallet(storage, metamask)
    expect(readRecentWallets(createStorage({ namespace: 'test', backend }))).toEqual([metamask])
  })

  it.each([
    'http://cdn.example/icon.png',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//cdn.example/icon.png',
    'not a url',
  ])('drops the unsafe image URL %s but keeps the wallet', (imageUrl) => {
    const { storage } = setup()
    expect(addRecentWallet(storage, { ...metamask, imageUrl })).toEqual([metamask])
  })

  it('keeps https and data:image URLs', () => {
    const { storage } = setup()
    addRecentWallet(storage, phantom)
    addRecentWallet(storage, rabby)
    expect(readRecentWallets(storage).map((wallet) => wallet.imageUrl)).toEqual([rabby.imageUrl, phantom.imageUrl])
  })

  it('ignores a wallet without an id', () => {
    const { storage } = setup()
    addRecentWallet(storage, metamask)
    expect(addRecentWallet(storage, { id: '', name: 'Nobody' })).toEqual([metamask])
  })

  it('stores only the known fields', () => {
    const { backend, storage } = setup()
    addRecentWallet(storage, { ...metamask, secret: 'x' } as RecentWallet)
    expect(JSON.parse(backend.getItem('foyer:test:recent-wallets') ?? '')).toEqual([metamask])
  })

  it('corrupt stored data reads as an empty list and is removed', () => {
    const { backend, storage, onDrop } = setup()
    backend.setItem('foyer:test:recent-wallets', '[{"id":')
    expect(readRecentWallets(storage)).toEqual([])
    expect(backend.getItem('foyer:test:recent-wallets')).toBeNull()
    expect(onDrop).toHaveBeenCalledWith('recent-wallets', 'corrupt', expect.anything())
  })

  it('a stored non-list reads as an empty list', () => {
    const { backend, storage } = setup()
    backend.setItem('foyer:test:recent-wallets', '{"id":"metamask"}')
    expect(readRecentWallets(storage)).toEqual([])
  })

  it('malformed entries are skipped, duplicates and extras trimmed, unsafe images dropped', () => {
    const { backend, storage } = setup()
    const stored = [
      42,
      { name: 'no id' },
      { id: 'x', name: 7 },
      { ...metamask, imageUrl: 'http://insecure.example/mm.png' },
      { ...metamask, name: 'older duplicate' },
      phantom,
      rabby,
    ]
    backend.setItem('foyer:test:recent-wallets', JSON.stringify(stored))
    expect(readRecentWallets(storage)).toEqual([metamask, phantom])
  })
})
