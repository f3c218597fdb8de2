import { describe, expect, it, vi } from 'vitest'

import { testKernel } from '../../test/fixtures.js'
import { alertMessages, ALERTS, dismissAlert, raiseAlert } from './alerts.js'

describe('alerts (rules §4, §8)', () => {
  it('raising an alert shows it and logs its short and long text', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const kernel = testKernel({ logLevel: 'error' })
    raiseAlert(kernel, 'SERVER_ERROR')
    expect(kernel.store.getState().alerts).toEqual({ current: 'SERVER_ERROR', raised: ['SERVER_ERROR'] })
    expect(error).toHaveBeenCalledWith(`[foyer] Server Error: ${kernel.i18n.t('alert.serverError.long')}`)
    error.mockRestore()
  })

  it('each kind shows once, even after it was dismissed', () => {
    const kernel = testKernel()
    raiseAlert(kernel, 'RATE_LIMITED')
    dismissAlert(kernel)
    raiseAlert(kernel, 'RATE_LIMITED')
    expect(kernel.store.getState().alerts).toEqual({ current: undefined, raised: ['RATE_LIMITED'] })
  })

  it('another kind replaces the one on screen', () => {
    const kernel = testKernel()
    raiseAlert(kernel, 'RATE_LIMITED')
    raiseAlert(kernel, 'SERVER_ERROR')
    expect(kernel.store.getState().alerts).toEqual({ current: 'SERVER_ERROR', raised: ['RATE_LIMITED', 'SERVER_ERROR'] })
  })

  it('dismissing with nothing on screen does not notify', () => {
    const kernel = testKernel()
    const listener = vi.fn()
    kernel.store.subscribe(listener)
    dismissAlert(kernel)
    expect(listener).not.toHaveBeenCalled()
  })

  it('every alert has an English short and long text', () => {
    const kernel = testKernel()
    for (const code of Object.keys(ALERTS) as Array<keyof typeof ALERTS>) {
      const { short, long } = alertMessages(code)
      expect(kernel.i18n.t(short), short).not.toBe(short)
      expect(kernel.i18n.t(long), long).not.toBe(long)
    }
    expect(kernel.i18n.t(alertMessages('PROJECT_ID_NOT_CONFIGURED').short)).toBe('Project ID Not Configured')
  })
})
