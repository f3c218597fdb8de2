import { describe, expect, it, vi } from 'vitest'

import { createLogger, LOG_BUFFER_CHARS } from './logger.js'

function sink() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() }
}

describe('createLogger', () => {
  it("the default level 'error' drops warn and below (rules §9)", () => {
    const out = sink()
    const logger = createLogger(undefined, out)
    logger.error('bad', 1)
    logger.warn('meh')
    logger.debug('noise')
    expect(out.error).toHaveBeenCalledExactlyOnceWith('[foyer] bad', 1)
    expect(out.warn).not.toHaveBeenCalled()
    expect(out.debug).not.toHaveBeenCalled()
  })

  it("'silent' drops everything and 'debug' keeps everything", () => {
    const quiet = sink()
    createLogger('silent', quiet).error('bad')
    expect(quiet.error).not.toHaveBeenCalled()
    const loud = sink()
    createLogger('debug', loud).debug('noise')
    expect(loud.debug).toHaveBeenCalledWith('[foyer] noise')
  })
})

describe('the log buffer (rules §9)', () => {
  const at = new Date('2026-11-24T06:00:00.000Z')

  it('keeps every line at any level, the console level aside, with time, level and details', () => {
    const out = sink()
    const logger = createLogger('error', out, () => at)
    logger.debug('asked', { chainId: 1, value: 10n })
    logger.warn('slow')
    logger.error('failed', new TypeError('fetch failed'))
    expect(out.debug).not.toHaveBeenCalled()
    expect(logger.read()).toBe(
      [
        '2026-11-24T06:00:00.000Z debug asked {"chainId":1,"value":"10"}',
        '2026-11-24T06:00:00.000Z warn slow',
        '2026-11-24T06:00:00.000Z error failed TypeError: fetch failed',
      ].join('\n'),
    )
  })

  it('stays within about 1 MB, dropping the oldest lines first', () => {
    const logger = createLogger('silent', sink(), () => at)
    const line = 'x'.repeat(999)
    for (let i = 0; i < 2_000; i += 1) logger.info(`${i} ${line}`)
    const kept = logger.read()
    expect(kept.length).toBeLessThanOrEqual(LOG_BUFFER_CHARS)
    expect(kept.length).toBeGreaterThan(LOG_BUFFER_CHARS - 1_100)
    expect(kept.endsWith(`1999 ${line}`)).toBe(true)
    expect(kept).not.toContain(' info 0 ')
    const huge = createLogger('silent', sink(), () => at)
    huge.info('y'.repeat(LOG_BUFFER_CHARS * 2))
    expect(huge.read().length).toBe(LOG_BUFFER_CHARS - 1)
  })

  it('a detail that cannot be serialized is still logged', () => {
    const logger = createLogger('silent', sink(), () => at)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    logger.warn('odd', cyclic, undefined)
    expect(logger.read()).toBe('2026-11-24T06:00:00.000Z warn odd [object Object] undefined')
  })
})
