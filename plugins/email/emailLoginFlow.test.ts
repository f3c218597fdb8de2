import { describe, expect, it } from 'vitest'
import { emailLoginFlow, initialEmailLogin, type EmailLoginEvent, type EmailLoginState } from './emailLoginFlow.js'

const run = (events: EmailLoginEvent[], from: EmailLoginState = initialEmailLogin) => events.reduce(emailLoginFlow, from)

describe('the EmailLogin flow', () => {
  it('a code, checked, then connecting', () => {
    const asked = run([{ type: 'sending' }, { type: 'at', step: 'code' }])
    expect(asked).toEqual({ step: 'code', codes: 1 })
    expect(
      run(
        [
          { type: 'at', step: 'verifying' },
          { type: 'at', step: 'connecting' },
        ],
        asked,
      ),
    ).toEqual({ step: 'connecting', codes: 1 })
  })

  it('a refused code shows its form again with the reason, kept while the next code is checked and cleared by editing', () => {
    const refused = run([
      { type: 'sending' },
      { type: 'at', step: 'code' },
      { type: 'at', step: 'verifying' },
      { type: 'codeRefused', error: 'Invalid code' },
    ])
    expect(refused).toEqual({ step: 'code', error: 'Invalid code', codes: 1 })
    expect(run([{ type: 'at', step: 'verifying' }], refused).error).toBe('Invalid code')
    expect(run([{ type: 'codeEdited' }], refused)).toEqual({ step: 'code', codes: 1 })
  })

  it('asking for a new code makes a new form without the old error', () => {
    const refused = run([{ type: 'sending' }, { type: 'at', step: 'code' }, { type: 'codeRefused', error: 'Invalid code' }])
    expect(run([{ type: 'sending' }, { type: 'at', step: 'code' }], refused)).toEqual({ step: 'code', codes: 2 })
  })

  it('a failed login says why; trying again starts afresh; the device link has no error', () => {
    const failed = run([{ type: 'sending' }, { type: 'failed', error: 'Could not load embedded wallet' }])
    expect(failed).toEqual({ step: 'failed', error: 'Could not load embedded wallet', codes: 1 })
    expect(run([{ type: 'sending' }, { type: 'at', step: 'device' }], failed)).toEqual({ step: 'device', codes: 2 })
  })
})
