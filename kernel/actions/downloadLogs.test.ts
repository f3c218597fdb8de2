import { resolveObjectURL } from 'node:buffer'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import { downloadLogs } from './downloadLogs.js'

// Node has Blob and object URLs but no DOM: the page's document is reduced to the one element the action
// makes, and its click reads the file the browser would save.

afterEach(() => vi.unstubAllGlobals())

function fakeDocument() {
  const saved: { name: string; type: string; text: Promise<string> }[] = []
  vi.stubGlobal('document', {
    createElement: (tag: string) => {
      expect(tag).toBe('a')
      const link = {
        href: '',
        download: '',
        click() {
          const blob = resolveObjectURL(link.href)!
          saved.push({ name: link.download, type: blob.type, text: blob.text() })
        },
      }
      return link
    },
  })
  return saved
}

describe('downloadLogs (rules §9)', () => {
  it('saves the log buffer, every level, as a text file', async () => {
    const saved = fakeDocument()
    const kernel = testKernel({ logLevel: 'silent' })
    kernel.logger.debug('asked the directory')
    kernel.logger.error('it failed')
    downloadLogs(kernel)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ name: 'foyer-logs.txt', type: 'text/plain' })
    const text = await saved[0]!.text
    expect(text).toBe(kernel.logger.read())
    expect(text).toMatch(/ debug asked the directory\n.* error it failed$/)
    await kernel.destroy()
  })

  it('the file name may be chosen', () => {
    const saved = fakeDocument()
    const kernel = testKernel()
    downloadLogs(kernel, { fileName: 'support-1234.txt' })
    expect(saved[0]!.name).toBe('support-1234.txt')
    void kernel.destroy()
  })
})
