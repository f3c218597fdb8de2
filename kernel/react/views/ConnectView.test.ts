import { describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../../test/fixtures.js'
import { preload } from './ConnectView.js'

describe('ConnectView preload', () => {
  it("warming the Connect view loads the connect methods' code, so the first open renders them, not placeholders", async () => {
    const kernel = testKernel()
    const email = vi.fn(async () => ({ default: 'EmailLogin' }))
    const entry = { id: 'email', label: 'connect.title', method: 'email', load: email } as const
    kernel.views.contribute('connect-methods', entry)
    kernel.views.contribute('connect-methods', { id: 'social', label: 'connect.title', method: 'social' })

    preload(kernel)

    expect(email).toHaveBeenCalledOnce()
    await vi.waitFor(() => expect(kernel.views.loadedEntry(entry)).toEqual({ default: 'EmailLogin' }))
  })

  it('a connect method whose code fails to load breaks nothing: the view loads it again when it shows', async () => {
    const kernel = testKernel()
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: 'EmailLogin' })
    const entry = { id: 'email', label: 'connect.title', method: 'email', load } as const
    kernel.views.contribute('connect-methods', entry)

    preload(kernel)
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce())
    await expect(kernel.views.loadEntry(entry)).resolves.toEqual({ default: 'EmailLogin' })
  })
})
