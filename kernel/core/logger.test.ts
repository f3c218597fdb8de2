import { describe, expect, it, vi } from 'vitest'

import { createLogger } from './logger.js'

function sink() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() }
}

describe('createLogger', () => {
  it("behavior: the default level 'error' drops warn and below (§9)", () => {
    const out = sink()
    const logger = createLogger(undefined, out)
    logger.error('bad', 1)
    logger.warn('meh')
    logger.debug('noise')
    expect(out.error).toHaveBeenCalledExactlyOnceWith('[foyer] bad', 1)
    expect(out.warn).not.toHaveBeenCalled()
    expect(out.debug).not.toHaveBeenCalled()
  })

  it("behavior: 'silent' drops everything and 'debug' keeps everything", () => {
    const quiet = sink()
    createLogger('silent', quiet).error('bad')
    expect(quiet.error).not.toHaveBeenCalled()
    const loud = sink()
    createLogger('debug', loud).debug('noise')
    expect(loud.debug).toHaveBeenCalledWith('[foyer] noise')
  })
})
