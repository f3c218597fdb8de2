import { afterEach, describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import { copyWithToast } from './copy.js'

const messages = { copied: 'Address copied', failed: 'Copy failed' }

/** A clipboard that keeps what it is given, or refuses as a browser does without focus or permission. */
function stubClipboard(refuse: boolean) {
  const written: string[] = []
  const writeText = async (text: string) => {
    if (refuse) throw new DOMException('Document is not focused.', 'NotAllowedError')
    written.push(text)
  }
  vi.stubGlobal('navigator', { clipboard: { writeText } })
  return written
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('copyWithToast', () => {
  it('puts the text on the clipboard and says it was copied', async () => {
    const kernel = testKernel()
    const written = stubClipboard(false)
    await copyWithToast(kernel, '0xabc', messages)
    expect(written).toEqual(['0xabc'])
    expect(kernel.store.getState().toast).toMatchObject({ message: 'Address copied', variant: 'success', open: true })
  })

  it('says the copy failed when the browser refuses it, and throws nothing', async () => {
    const kernel = testKernel()
    const written = stubClipboard(true)
    await expect(copyWithToast(kernel, '0xabc', messages)).resolves.toBeUndefined()
    expect(written).toEqual([])
    expect(kernel.store.getState().toast).toMatchObject({ message: 'Copy failed', variant: 'error', open: true })
  })
})
